// out (M,N) [+]= A (M,K) @ B (K,N), i.e. out[i,j] = sum_k A[i,k] B[k,j].
// Blocking (see gemm.h): for each K block of KC and each block of MC rows, A
// is packed as groups of MR rows interleaved by k (ap[k * MR + r]); then for
// each panel of NR columns, B is packed contiguously (bp[k * NR + c],
// zero-padded) and every MR-row group runs the register-tile kernel over it.
// SIMD: MR x 2 f32x4 accumulators; per k one load-and-splat of A per row and
// two loads of B feed 8 multiply-adds. Scalar build: the same loops on a
// float tile. Sums run over k in order, as a plain triple loop does.
#include "gemm.h"
#include <algorithm>
#include "attnscope/simd.h"

namespace attnscope::detail {

namespace {

constexpr int MR = kGemmMR, NR = kGemmNR, KC = kGemmKC;
constexpr int MC = 64;  // rows of A packed at a time: MC x KC floats = 64 KB

// bp[k * NR + c] = B[k0 + k, j0 + c], zero for c >= nc.
void pack_b(float* bp, View b, int k0, int kc, int j0, int nc) {
    if (b.cs == 1 && nc == NR) {
        for (int k = 0; k < kc; ++k) {
            const float* src = b.p + (k0 + k) * b.rs + j0;
            std::copy(src, src + NR, bp + k * NR);
        }
        return;
    }
    if (nc < NR) std::fill(bp, bp + kc * NR, 0.f);
    for (int c = 0; c < nc; ++c) {
        const float* src = b.p + (j0 + c) * b.cs + k0 * b.rs;
        for (int k = 0; k < kc; ++k) bp[k * NR + c] = src[k * b.rs];
    }
}

// ap[g * kc * MR + k * MR + r] = A[i0 + g * MR + r, k0 + k], zero past row mc.
void pack_a(float* ap, View a, int i0, int mc, int k0, int kc) {
    for (int g = 0; g * MR < mc; ++g) {
        float* dst = ap + g * kc * MR;
        const int rows = std::min(MR, mc - g * MR);
        if (rows < MR) std::fill(dst, dst + kc * MR, 0.f);
        for (int r = 0; r < rows; ++r) {
            const float* src = a.p + (i0 + g * MR + r) * a.rs + k0 * a.cs;
            for (int k = 0; k < kc; ++k) dst[k * MR + r] = src[k * a.cs];
        }
    }
}

// Writes rows x nc of the tile t (NR floats a row) to out, adding when load_c.
inline void store_tile(float* out, long ldo, const float* t, int rows, int nc, bool load_c) {
    for (int r = 0; r < rows; ++r) {
        float* o = out + r * ldo;
        const float* tr = t + r * NR;
        for (int c = 0; c < nc; ++c) o[c] = load_c ? o[c] + tr[c] : tr[c];
    }
}

#if ATTNSCOPE_SIMD
// The tile is written for 128-bit vectors (wasm SIMD's f32x4); a native
// -march=native build with AVX still runs it as SSE4.1 batches.
using fb = xsimd::batch<float, xsimd::sse4_1>;
static_assert(NR == 2 * fb::size && MR == 4, "the register tile is 4 rows by two f32x4");

void tile_kernel(float* out, long ldo, const float* ap, const float* bp, int kc, int rows, int nc,
                 bool load_c) {
    fb c00(0.f), c01(0.f), c10(0.f), c11(0.f), c20(0.f), c21(0.f), c30(0.f), c31(0.f);
    for (int k = 0; k < kc; ++k, ap += MR, bp += NR) {
        const fb b0 = fb::load_aligned(bp), b1 = fb::load_aligned(bp + 4);
        const fb a0(ap[0]), a1(ap[1]), a2(ap[2]), a3(ap[3]);
        c00 = xsimd::fma(a0, b0, c00), c01 = xsimd::fma(a0, b1, c01);
        c10 = xsimd::fma(a1, b0, c10), c11 = xsimd::fma(a1, b1, c11);
        c20 = xsimd::fma(a2, b0, c20), c21 = xsimd::fma(a2, b1, c21);
        c30 = xsimd::fma(a3, b0, c30), c31 = xsimd::fma(a3, b1, c31);
    }
    if (rows == MR && nc == NR) {
        const fb* c[MR][2] = {{&c00, &c01}, {&c10, &c11}, {&c20, &c21}, {&c30, &c31}};
        for (int r = 0; r < MR; ++r) {
            float* o = out + r * ldo;
            fb lo = *c[r][0], hi = *c[r][1];
            if (load_c) lo += fb::load_unaligned(o), hi += fb::load_unaligned(o + 4);
            lo.store_unaligned(o);
            hi.store_unaligned(o + 4);
        }
        return;
    }
    alignas(16) float t[MR * NR];
    c00.store_aligned(t), c01.store_aligned(t + 4), c10.store_aligned(t + 8), c11.store_aligned(t + 12);
    c20.store_aligned(t + 16), c21.store_aligned(t + 20), c30.store_aligned(t + 24), c31.store_aligned(t + 28);
    store_tile(out, ldo, t, rows, nc, load_c);
}
#else
void tile_kernel(float* out, long ldo, const float* ap, const float* bp, int kc, int rows, int nc,
                 bool load_c) {
    float t[MR * NR] = {};
    for (int k = 0; k < kc; ++k, ap += MR, bp += NR)
        for (int r = 0; r < MR; ++r)
            for (int c = 0; c < NR; ++c) t[r * NR + c] += ap[r] * bp[c];
    store_tile(out, ldo, t, rows, nc, load_c);
}
#endif

}  // namespace

void gemm(float* out, long ldo, View a, View b, int M, int K, int N, bool accumulate) {
    if (M <= 0 || N <= 0) return;
    if (K <= 0) {
        if (!accumulate)
            for (int i = 0; i < M; ++i) std::fill(out + i * ldo, out + i * ldo + N, 0.f);
        return;
    }
    alignas(16) float bp[KC * NR];
    alignas(16) static thread_local float ap[MC * KC];
    for (int k0 = 0; k0 < K; k0 += KC) {
        const int kc = std::min(KC, K - k0);
        const bool load_c = accumulate || k0 > 0;
        for (int i0 = 0; i0 < M; i0 += MC) {
            const int mc = std::min(MC, M - i0);
            pack_a(ap, a, i0, mc, k0, kc);
            for (int j0 = 0; j0 < N; j0 += NR) {
                const int nc = std::min(NR, N - j0);
                pack_b(bp, b, k0, kc, j0, nc);
                for (int g = 0; g * MR < mc; ++g)
                    tile_kernel(out + (i0 + g * MR) * ldo + j0, ldo, ap + g * kc * MR, bp, kc,
                                std::min(MR, mc - g * MR), nc, load_c);
            }
        }
    }
}

}  // namespace attnscope::detail
