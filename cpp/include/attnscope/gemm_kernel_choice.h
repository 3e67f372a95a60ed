// Which block kernel the dense products run on: the packed gemm engine behind
// matmul, both attention paths, the blocks and training. By default the
// core's own mul-then-add register tile. A host holding a fused multiply-add
// kernel of the same shape (the wasm build's attnscope-fma.wasm, attached by
// web/lib where the engine validates relaxed SIMD) installs it here.
#pragma once
#include <cstdint>

namespace attnscope {

// kernel: the address of a function of type detail::GemmBlockKernel
// (cpp/src/gemm_block.h; in wasm its index in the function table), or 0 for
// the built-in tile. False, and nothing changes, in the threaded build (each
// pthread has its own function table) or where the engine's tile is not the
// kernel's (a native build with wider registers).
bool use_gemm_block_kernel(std::uintptr_t kernel);

}  // namespace attnscope
