// Packing B for the gemm engine (gemm.h): columns [j0, j0 + nc) of rows
// [k0, k0 + kc) into panels of NR columns, panel p at bp + p * kc * NR and
// its row k at + k * NR, zero past column nc. A row-major B is copied row by
// row across all the panels at once (each cache line of B is read once); a
// transposed B (b.rs == 1: matmul_nt, attention's K) is moved by 4 x 4 blocks
// transposed in registers.
#include <algorithm>
#include "gemm.h"
#if ATTNSCOPE_SIMD
#include <xmmintrin.h>
#endif

namespace attnscope::detail {

namespace {

constexpr int NR = kGemmNR;

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
            for (int p = 0; p < full; ++p) std::copy(src + p * NR, src + (p + 1) * NR, dst + p * pstride);
            if (rest) std::copy(src + full * NR, src + nc, dst + full * pstride);
        }
        return;
    }
    for (int p = 0; p < panels; ++p)
        pack_transposed_panel(bp + p * pstride, b, k0, kc, j0 + p * NR, std::min(NR, nc - p * NR));
}

void gemm_pack_b(float* bp, View b, int K, int N) {
    if (K > 0 && N > 0) gemm_pack_b_slice(bp, b, 0, K, 0, N);
}

}  // namespace attnscope::detail
