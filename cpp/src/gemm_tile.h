// The gemm register tile: out (MR x NR) [+]= sum_k pa[k, :]^T bp[k, :], i.e.
// out[r, c] = sum_k A[r, k] B[k, c], over one K slice of packed A and B
// (gemm_kernel.h). A header, always inlined into gemm.cpp's block loop: as a
// function of its own (Binaryen inlines it only in a small module) V8 kept a
// stack check in its k loop and did not unroll it: 10-12% slower (AMD EPYC,
// Node 20; docs/BENCHMARKS.md). SIMD: MR x 2 batch accumulators (f32x4 in
// wasm: 8 of V8's 16 xmm registers, the rest for B, the splat of A and the
// product);
// per k one load-and-splat of A per row (v128.load32_splat) and two loads of
// B feed 2 * MR multiply-adds; every load is a fixed offset from one of two
// pointers, and the pointers are the only integer work per k. Scalar build:
// the same loop on half a tile at a time.
// Sums run over k in order.
#pragma once
#include "gemm_kernel.h"

namespace attnscope::detail {

namespace tile {

constexpr int MR = kGemmMR, NR = kGemmNR;

// Writes rows x nc of the tile t (NR floats a row) to out, adding when load_c.
inline void store_tile(float* out, long ldo, const float* t, int rows, int nc, bool load_c) {
    for (int r = 0; r < rows; ++r) {
        float* o = out + r * ldo;
        const float* tr = t + r * NR;
        for (int c = 0; c < nc; ++c) o[c] = load_c ? o[c] + tr[c] : tr[c];
    }
}

#if ATTNSCOPE_SIMD
using fb = xsimd::batch<float>;
constexpr int W = static_cast<int>(fb::size);
static_assert(NR == 2 * W, "the tile is two batches wide");
#endif

}  // namespace tile

// out (rows x nc, rows <= MR, nc <= NR; rows ldo apart) [+]= pa (MR x kc) @ bp (kc x NR).
#if ATTNSCOPE_SIMD
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
inline void gemm_tile(float* out, long ldo, const float* pa, const float* bp, int kc, int rows, int nc, bool load_c) {
    using namespace tile;
    fb c0[MR], c1[MR];
    for (int r = 0; r < MR; ++r) c0[r] = fb(0.f), c1[r] = fb(0.f);
    // One k step at a fixed offset s from pa and bp.
    auto step = [&](int s) {
        const fb b0 = fb::load_unaligned(bp + s * NR), b1 = fb::load_unaligned(bp + s * NR + W);
        for (int r = 0; r < MR; ++r) {
            const fb x(pa[s * MR + r]);
            c0[r] = xsimd::fma(x, b0, c0[r]);
            c1[r] = xsimd::fma(x, b1, c1[r]);
        }
    };
    // Not unrolled here: clang then hoists the B loads of every step, and
    // V8 spills (8 accumulators + 8 B + 4 splats > 15 xmm). V8 unrolls by 2.
#if defined(__clang__)  // the wasm build; GCC (native tests) would warn on the pragma
#pragma clang loop unroll(disable)
#endif
    for (const float* end = pa + kc * MR; pa != end; pa += MR, bp += NR) step(0);
    if (nc == NR) {
        for (int r = 0; r < rows; ++r) {
            float* o = out + r * ldo;
            fb lo = c0[r], hi = c1[r];
            if (load_c) lo += fb::load_unaligned(o), hi += fb::load_unaligned(o + W);
            lo.store_unaligned(o);
            hi.store_unaligned(o + W);
        }
        return;
    }
    alignas(64) float t[MR * NR];
    for (int r = 0; r < MR; ++r) c0[r].store_aligned(t + r * NR), c1[r].store_aligned(t + r * NR + W);
    store_tile(out, ldo, t, rows, nc, load_c);
}
#else
static_assert(tile::NR % 4 == 0, "half tiles are 4 columns wide");

#if defined(__GNUC__)
__attribute__((always_inline))
#endif
inline void gemm_tile(float* out, long ldo, const float* pa, const float* bp, int kc, int rows, int nc, bool load_c) {
    using namespace tile;
    float t[MR * NR];
    // Half a tile (MR x 4) at a time: 16 accumulators fit the registers, 32 spill.
    for (int c0 = 0; c0 < NR; c0 += 4) {
        float acc[MR][4] = {};
        const float *a = pa, *b = bp + c0;
        for (int k = 0; k < kc; ++k, a += MR, b += NR)
            for (int r = 0; r < MR; ++r)
                for (int c = 0; c < 4; ++c) acc[r][c] += a[r] * b[c];
        for (int r = 0; r < MR; ++r)
            for (int c = 0; c < 4; ++c) t[r * NR + c0 + c] = acc[r][c];
    }
    store_tile(out, ldo, t, rows, nc, load_c);
}
#endif

}  // namespace attnscope::detail
