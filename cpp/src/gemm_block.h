// The block loop of the gemm engine (gemm.cpp) as a function type, so that a
// kernel compiled outside the core can take its place: the fused
// multiply-add module (cpp/src/relaxed/gemm_block_fma.cpp, built by clang-16
// with -mrelaxed-simd, instantiated by JS on the core's memory). Both
// compilers read this file: no includes.
#pragma once

namespace attnscope::detail {

constexpr int kGemmMR = 4;      // rows of the register tile (5 spilled in V8: it loads every splat first)
constexpr int kGemmWasmNR = 8;  // its columns in wasm: two f32x4 (gemm.h's kGemmNR there)

// out rows [0, m) x columns [0, nc) (rows ldo apart) [+]= packed A @ packed B
// over one K slice of kc: A in micro-panels of kGemmMR rows, one every
// kc * kGemmMR floats (gemm_kernel.h); B in panels of kGemmWasmNR columns,
// one every pstride floats, zero past column nc (gemm.h). load_c != 0 adds
// to out. Every sum runs over k in order.
using GemmBlockKernel = void (*)(float* out, long ldo, const float* pa, int m, const float* bp, long pstride,
                                 int kc, int nc, int load_c);

}  // namespace attnscope::detail
