// The gemm block kernel choice: web/lib attaches attnscope-fma.wasm
// (fma_post.js puts its function in the table) and hands the table index in.
#include <emscripten/bind.h>
#include <cstdint>
#include "attnscope/gemm_kernel_choice.h"

namespace {

bool use_gemm_block_kernel_b(int table_index) {
    return attnscope::use_gemm_block_kernel(static_cast<std::uintptr_t>(table_index));
}

}  // namespace

EMSCRIPTEN_BINDINGS(attnscope_kernel_choice) {
    emscripten::function("useGemmBlockKernel", &use_gemm_block_kernel_b);
}
