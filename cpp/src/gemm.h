// The one dense-product engine behind matmul, matmul_nt, matmul_tn and the
// attention paths: out (M,N) [+]= A (M,K) @ B (K,N) on strided views.
// B is packed (gemm_pack.cpp) into panels of kGemmNR columns, K-row slices
// of kGemmKC; A into micro-panels of 4 rows (gemm_kernel.h); a register tile
// of 4 rows x kGemmNR columns accumulates over a slice. Callers that reuse one B for many products
// (attention's K and V across query blocks) pack it once with gemm_pack_b.
// No allocation; out must not alias A or B. Every entry works on any row
// range of out (rows are independent), so callers can split M freely.
#pragma once
#include "attnscope/simd.h"
#include "gemm_block.h"

namespace attnscope::detail {

// Element (r, c) of a matrix at p[r * rs + c * cs].
struct View {
    const float* p;
    long rs, cs;
};

#if ATTNSCOPE_SIMD
constexpr int kGemmNR = 2 * static_cast<int>(xsimd::batch<float>::size);  // 8 in wasm
#else
constexpr int kGemmNR = 8;
#endif
constexpr int kGemmKC = 512;  // K slice: a panel's slice (16 KB) stays in L1

// B packed into panels: panel p (columns p*NR ...) at p + p * pstride, its
// row k at + k * NR, zero past the last column.
struct PackedB {
    const float* p;
    long pstride;
};

// Floats gemm_pack_b writes for a K x N matrix.
inline long gemm_packed_size(int K, int N) {
    return static_cast<long>((N + kGemmNR - 1) / kGemmNR) * kGemmNR * K;
}

// Packs B (K,N) whole: panel stride K * kGemmNR.
void gemm_pack_b(float* bp, View b, int K, int N);
// Packs columns [j0, j0 + nc) of rows [k0, k0 + kc): panel stride kc * kGemmNR.
void gemm_pack_b_slice(float* bp, View b, int k0, int kc, int j0, int nc);

// Runs every block of the engine on `kernel` (gemm_block.h) instead of the
// built-in tile; null goes back to the tile. Refused (false) in the threaded
// build, and where the packing's tile width is not the kernel's.
bool set_gemm_block_kernel(GemmBlockKernel kernel);

// out rows are ldo apart. accumulate: add to out instead of overwriting it.
void gemm(float* out, long ldo, View a, View b, int M, int K, int N, bool accumulate);
// The same with B packed already (its column 0 is out's column 0).
void gemm(float* out, long ldo, View a, PackedB b, int M, int K, int N, bool accumulate);

}  // namespace attnscope::detail
