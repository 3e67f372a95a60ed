// The packed operands of the gemm engine's register tile (gemm_tile.h,
// inlined into gemm.cpp). A is packed (gemm_pack.cpp) into micro-panels of
// kGemmMR rows stored k-major: pa[k * MR + r] = A[i + r, k0 + k], rows past M repeat the
// last valid row. B is packed into panels of kGemmNR columns: bp[k * NR + c].
// Both packings make the kernel's inner loop one A pointer and one B pointer
// with constant offsets (wasm memarg offsets: no address arithmetic per k).
#pragma once
#include "gemm.h"
#include "gemm_block.h"

namespace attnscope::detail {

// Packs rows [i0, i0 + m) x columns [k0, k0 + kc) of A into ceil(m / MR)
// micro-panels, one every kc * MR floats.
void gemm_pack_a(float* pa, View a, int i0, int m, int k0, int kc);

}  // namespace attnscope::detail
