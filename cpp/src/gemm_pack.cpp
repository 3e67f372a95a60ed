// Packing B for the gemm engine (gemm.h): columns [j0, j0 + nc) of rows
// [k0, k0 + kc) into panels of NR columns, panel p at bp + p * kc * NR and
// its row k at + k * NR, zero past column nc. A row-major B is copied row by
// row across all the panels at once (each cache line of B is read once); a
// transposed B (b.rs == 1: matmul_nt, attention's K) is moved by 4 x 4 blocks
// transposed in registers. A is packed into MR-row micro-panels
// (gemm_kernel.h): a row-major A by 4 x 4 blocks transposed in registers,
// a transposed one by 4 contiguous floats a k, any other element by element.
#include <algorithm>
#include "gemm_kernel.h"
#if ATTNSCOPE_SIMD
#include <xmmintrin.h>
#endif

namespace attnscope::detail {

namespace {

constexpr int NR = kGemmNR;

// One row of a panel: NR floats (explicit vectors: std::copy of 8 floats is a memmove call in wasm).
inline void copy_row(float* dst, const float* src) {
#if ATTNSCOPE_SIMD
    for (int c = 0; c < NR; c += 4) _mm_storeu_ps(dst + c, _mm_loadu_ps(src + c));
#else
    for (int c = 0; c < NR; ++c) dst[c] = src[c];
#endif
}

// One panel of a transposed B: bp[k * NR + c] = B[k0 + k, j0 + c] = b.p[(j0 + c) * cs + k0 + k].
void pack_transposed_panel(float* bp, View b, int k0, int kc, int j0, int nc) {
    int k = 0;
#if ATTNSCOPE_SIMD
    if (NR == 8 && nc == NR && b.rs == 1)
        for (; k + 4 <= kc; k += 4)
            for (int half = 0; half < 2; ++half) {
                const float* src = b.p + (j0 + 4 * half) * b.cs + k0 + k;
                __m128 r0 = _mm_loadu_ps(src), r1 = _mm_loadu_ps(src + b.cs);
                __m128 r2 = _mm_loadu_ps(src + 2 * b.cs), r3 = _mm_loadu_ps(src + 3 * b.cs);
                _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
                float* d = bp + k * NR + 4 * half;
                _mm_storeu_ps(d, r0);
                _mm_storeu_ps(d + NR, r1);
                _mm_storeu_ps(d + 2 * NR, r2);
                _mm_storeu_ps(d + 3 * NR, r3);
            }
#endif
    for (int c = 0; c < nc; ++c) {
        const float* src = b.p + (j0 + c) * b.cs + k0 * b.rs;
        for (int kk = k; kk < kc; ++kk) bp[kk * NR + c] = src[kk * b.rs];
    }
}

}  // namespace

void gemm_pack_b_slice(float* bp, View b, int k0, int kc, int j0, int nc) {
    const int panels = (nc + NR - 1) / NR, full = nc / NR, rest = nc - full * NR;
    const long pstride = static_cast<long>(kc) * NR;
    if (rest) std::fill(bp + full * pstride, bp + panels * pstride, 0.f);
    if (b.cs == 1) {
        for (int k = 0; k < kc; ++k) {
            const float* src = b.p + (k0 + k) * b.rs + j0;
            float* dst = bp + k * NR;
            for (int p = 0; p < full; ++p) copy_row(dst + p * pstride, src + p * NR);
            if (rest) std::copy(src + full * NR, src + nc, dst + full * pstride);
        }
        return;
    }
    for (int p = 0; p < panels; ++p)
        pack_transposed_panel(bp + p * pstride, b, k0, kc, j0 + p * NR, std::min(NR, nc - p * NR));
}

void gemm_pack_a(float* pa, View a, int i0, int m, int k0, int kc) {
    constexpr int MR = kGemmMR;
    for (int i = 0; i < m; i += MR, pa += static_cast<long>(kc) * MR) {
        const float* row[MR];
        for (int r = 0; r < MR; ++r) row[r] = a.p + (i0 + i + std::min(r, m - i - 1)) * a.rs + k0 * a.cs;
        int k = 0;
#if ATTNSCOPE_SIMD
        if (MR == 4 && a.rs == 1 && m - i >= MR)  // A^T row-major (matmul_tn): MR rows are contiguous
            for (; k < kc; ++k) _mm_storeu_ps(pa + k * MR, _mm_loadu_ps(row[0] + k * a.cs));
        if (MR == 4 && a.cs == 1)
            for (; k + 4 <= kc; k += 4) {
                __m128 r0 = _mm_loadu_ps(row[0] + k), r1 = _mm_loadu_ps(row[1] + k);
                __m128 r2 = _mm_loadu_ps(row[2] + k), r3 = _mm_loadu_ps(row[3] + k);
                _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
                float* d = pa + k * MR;
                _mm_storeu_ps(d, r0);
                _mm_storeu_ps(d + 4, r1);
                _mm_storeu_ps(d + 8, r2);
                _mm_storeu_ps(d + 12, r3);
            }
#endif
        for (; k < kc; ++k)
            for (int r = 0; r < MR; ++r) pa[k * MR + r] = row[r][k * a.cs];
    }
}

void gemm_pack_b(float* bp, View b, int K, int N) {
    if (K > 0 && N > 0) gemm_pack_b_slice(bp, b, 0, K, 0, N);
}

}  // namespace attnscope::detail
