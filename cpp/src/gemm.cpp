// out (M,N) [+]= A (M,K) @ B (K,N), i.e. out[i,j] = sum_k A[i,k] B[k,j].
// Blocking (see gemm.h): for each K slice of KC and each chunk of NP panels
// (NP * NR columns), B is packed once (gemm_pack.cpp); then every group of
// MR rows of A runs the register-tile kernel against each panel of the chunk,
// reading A in place: MR row pointers for a row-major A, one pointer and a
// stride for a column-major A (matmul_tn), a small copy otherwise.
// SIMD: MR x 2 batch accumulators (f32x4 in wasm: 8 of V8's 16 xmm
// registers, the rest for B, the splat of A and the product); per k one
// load-and-splat of A per row and two loads of B feed 8 multiply-adds.
// Wider tiles (6x8, 4x12) spilled or ran no faster here. Scalar build: the
// same loops on a float tile. Sums run over k in order within a K slice.
#include "gemm.h"
#include <algorithm>

namespace attnscope::detail {

namespace {

#if ATTNSCOPE_SIMD
using fb = xsimd::batch<float>;
constexpr int W = static_cast<int>(fb::size);
#endif
constexpr int MR = 4, NR = kGemmNR, KC = kGemmKC;
constexpr int NP = 8;  // panels per packed chunk: a row of B gives NP * NR floats (whole cache lines)

// Row r of a row-major A block: rows past the last valid one repeat it (their
// results are never stored), so the kernel never reads outside A.
struct RowMajorA {
    const float* r[MR];
    float at(int row, int k) const { return r[row][k]; }
};
// A^T stored row-major (A[i, k] = p[k * ld + i]): MR rows are contiguous.
struct ColMajorA {
    const float* p;
    long ld;
    float at(int row, int k) const { return p[k * ld + row]; }
};

// Writes rows x nc of the tile t (NR floats a row) to out, adding when load_c.
inline void store_tile(float* out, long ldo, const float* t, int rows, int nc, bool load_c) {
    for (int r = 0; r < rows; ++r) {
        float* o = out + r * ldo;
        const float* tr = t + r * NR;
        for (int c = 0; c < nc; ++c) o[c] = load_c ? o[c] + tr[c] : tr[c];
    }
}

#if ATTNSCOPE_SIMD
template <class A>
void tile_kernel(float* out, long ldo, const A& a, const float* bp, int kc, int rows, int nc, bool load_c) {
    fb c00(0.f), c01(0.f), c10(0.f), c11(0.f), c20(0.f), c21(0.f), c30(0.f), c31(0.f);
    for (int k = 0; k < kc; ++k, bp += NR) {
        const fb b0 = fb::load_unaligned(bp), b1 = fb::load_unaligned(bp + W);
        fb x(a.at(0, k));
        c00 = xsimd::fma(x, b0, c00), c01 = xsimd::fma(x, b1, c01);
        x = fb(a.at(1, k));
        c10 = xsimd::fma(x, b0, c10), c11 = xsimd::fma(x, b1, c11);
        x = fb(a.at(2, k));
        c20 = xsimd::fma(x, b0, c20), c21 = xsimd::fma(x, b1, c21);
        x = fb(a.at(3, k));
        c30 = xsimd::fma(x, b0, c30), c31 = xsimd::fma(x, b1, c31);
    }
    // By value, not through pointers: an accumulator whose address is taken
    // lives in memory and is stored on every k.
    if (nc == NR) {
        auto put = [&](int r, fb lo, fb hi) {
            if (r >= rows) return;
            float* o = out + r * ldo;
            if (load_c) lo += fb::load_unaligned(o), hi += fb::load_unaligned(o + W);
            lo.store_unaligned(o);
            hi.store_unaligned(o + W);
        };
        put(0, c00, c01), put(1, c10, c11), put(2, c20, c21), put(3, c30, c31);
        return;
    }
    alignas(64) float t[MR * NR];
    c00.store_aligned(t), c01.store_aligned(t + W), c10.store_aligned(t + NR), c11.store_aligned(t + NR + W);
    c20.store_aligned(t + 2 * NR), c21.store_aligned(t + 2 * NR + W);
    c30.store_aligned(t + 3 * NR), c31.store_aligned(t + 3 * NR + W);
    store_tile(out, ldo, t, rows, nc, load_c);
}
#else
template <class A>
void tile_kernel(float* out, long ldo, const A& a, const float* bp, int kc, int rows, int nc, bool load_c) {
    float t[MR * NR] = {};
    for (int k = 0; k < kc; ++k, bp += NR)
        for (int r = 0; r < MR; ++r)
            for (int c = 0; c < NR; ++c) t[r * NR + c] += a.at(r, k) * bp[c];
    store_tile(out, ldo, t, rows, nc, load_c);
}
#endif

// Rows [0, M) of out x the nc columns of one chunk, over A's K slice [k0, k0 + kc).
template <class A>
void row_group(float* out, long ldo, const A& a, const float* bp, long pstride, int kc, int rows, int nc,
               bool load_c) {
    for (int p = 0; p * NR < nc; ++p)
        tile_kernel(out + p * NR, ldo, a, bp + p * pstride, kc, rows, std::min(NR, nc - p * NR), load_c);
}

void run_chunk(float* out, long ldo, View a, int k0, const float* bp, long pstride, int M, int kc, int nc,
               bool load_c) {
    for (int i = 0; i < M; i += MR) {
        const int rows = std::min(MR, M - i);
        float* o = out + i * ldo;
        if (a.cs == 1) {
            RowMajorA ra;
            for (int r = 0; r < MR; ++r) ra.r[r] = a.p + (i + std::min(r, rows - 1)) * a.rs + k0;
            row_group(o, ldo, ra, bp, pstride, kc, rows, nc, load_c);
        } else if (a.rs == 1 && rows == MR) {
            row_group(o, ldo, ColMajorA{a.p + i + k0 * a.cs, a.cs}, bp, pstride, kc, rows, nc, load_c);
        } else {  // other strides, or the last rows of a column-major A: a row-major copy
            float copy[MR * KC];
            RowMajorA ra;
            for (int r = 0; r < MR; ++r) {
                const float* src = a.p + (i + std::min(r, rows - 1)) * a.rs + k0 * a.cs;
                for (int k = 0; k < kc; ++k) copy[r * KC + k] = src[k * a.cs];
                ra.r[r] = copy + r * KC;
            }
            row_group(o, ldo, ra, bp, pstride, kc, rows, nc, load_c);
        }
    }
}

bool trivial(float* out, long ldo, int M, int K, int N, bool accumulate) {
    if (M <= 0 || N <= 0) return true;
    if (K > 0) return false;
    if (!accumulate)
        for (int i = 0; i < M; ++i) std::fill(out + i * ldo, out + i * ldo + N, 0.f);
    return true;
}

}  // namespace

void gemm(float* out, long ldo, View a, View b, int M, int K, int N, bool accumulate) {
    if (trivial(out, ldo, M, K, N, accumulate)) return;
    alignas(64) static thread_local float bp[KC * NP * NR];  // one packed chunk: 128 KB in wasm
    for (int k0 = 0; k0 < K; k0 += KC) {
        const int kc = std::min(KC, K - k0);
        for (int j0 = 0; j0 < N; j0 += NP * NR) {
            const int nc = std::min(NP * NR, N - j0);
            gemm_pack_b_slice(bp, b, k0, kc, j0, nc);
            run_chunk(out + j0, ldo, a, k0, bp, static_cast<long>(kc) * NR, M, kc, nc, accumulate || k0 > 0);
        }
    }
}

void gemm(float* out, long ldo, View a, PackedB b, int M, int K, int N, bool accumulate) {
    if (trivial(out, ldo, M, K, N, accumulate)) return;
    for (int k0 = 0; k0 < K; k0 += KC) {
        const int kc = std::min(KC, K - k0);
        for (int j0 = 0; j0 < N; j0 += NP * NR)
            run_chunk(out + j0, ldo, a, k0, b.p + (j0 / NR) * b.pstride + k0 * NR, b.pstride, M, kc,
                      std::min(NP * NR, N - j0), accumulate || k0 > 0);
    }
}

}  // namespace attnscope::detail
