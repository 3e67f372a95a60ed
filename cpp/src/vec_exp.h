// The exponential of a row, vectorised: the inner step of softmax and of the
// attention paths (online or not). SIMD: e^x = 2^n e^r with n = round(x/ln2)
// and r = x - n ln2 (ln2 in two parts, so r is exact to a few ulp), e^r =
// 1 + r + r^2 P(r) with the degree-5 Cephes-style minimax P on |r| <= ln2/2,
// and 2^n built in the exponent bits. n comes from the 1.5*2^23 rounding
// trick, not a float->int conversion: Emscripten's SSE layer runs
// _mm_cvtps_epi32 one lane at a time (xsimd::exp did, at ~35 cycles an
// element). Within 2 ulp of the float64 exp over [-87.3, 88.3]
// (tests/cpp/softmax_norm_test.cpp checks 4e-7 relative on a sweep); exactly
// 0 below -87.34 (the true value is under 2^-126) and for -inf, 1 for 0,
// NaN for NaN; x above 88.3 is not handled (2^n would overflow its exponent
// bits): the callers' exponents are at most 0, as a softmax shifts by its
// max. The scalar build and the tails use std::exp.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include "attnscope/matmul.h"
#include "attnscope/simd.h"

namespace attnscope::detail {

#if ATTNSCOPE_SIMD
constexpr float kExpBatchMax = 88.3762626f;  // above it 2^n would overflow the exponent

// The constants of exp_batch_bounded, held in registers (or stack slots)
// across a loop: a v128.const inside a loop costs V8 on x64 three
// instructions on the shuffle port each time (mov, movq, punpcklqdq), which
// made the exp ~3x slower. The table is a mutable variable so that the
// compiler keeps one load of each before the loop instead of folding them
// back into constants at every use.
inline float exp_constant_table[] = {1.44269504088896341f, 12582912.f, 0.693359375f, -2.12194440e-4f,
                                     1.9875691500e-4f, 1.3981999507e-3f, 8.3334519073e-3f, 4.1665795894e-2f,
                                     1.6666665459e-1f, 5.0000001201e-1f, 1.f, -87.3365447f};
struct ExpConstants {
    xsimd::batch<float> log2e, magic, ln2_hi, ln2_lo, p0, p1, p2, p3, p4, p5, one, lowest;
    xsimd::batch<std::int32_t> bias;
    ExpConstants() {
        const float* t = exp_constant_table;
        log2e = t[0], magic = t[1], ln2_hi = t[2], ln2_lo = t[3], p0 = t[4], p1 = t[5], p2 = t[6], p3 = t[7];
        p4 = t[8], p5 = t[9], one = t[10], lowest = t[11];
        bias = xsimd::batch<std::int32_t>(127 - 0x4B400000);
    }
};

// e^x lane by lane for x <= kExpBatchMax (see the top of this file).
inline xsimd::batch<float> exp_batch_bounded(xsimd::batch<float> x, const ExpConstants& c) {
    using fb = xsimd::batch<float>;
    using ib = xsimd::batch<std::int32_t>;
    const fb t = xsimd::fma(x, c.log2e, c.magic);  // adding 1.5 * 2^23 rounds: n sits in t's low mantissa bits
    const fb n = t - c.magic;
    const fb r = (x - n * c.ln2_hi) - n * c.ln2_lo;  // ln2 in two parts
    fb p = xsimd::fma(c.p0, r, c.p1);
    p = xsimd::fma(p, r, c.p2);
    p = xsimd::fma(p, r, c.p3);
    p = xsimd::fma(p, r, c.p4);
    p = xsimd::fma(p, r, c.p5);
    const fb er = xsimd::fma(p, r * r, r + c.one);
    // 2^n = bits (n + 127) << 23; t's bits are 0x4B400000 + n.
    const ib two_n = (xsimd::bitwise_cast<ib>(t) + c.bias) << 23;
    const fb e = er * xsimd::bitwise_cast<fb>(two_n);
    return xsimd::select(x < c.lowest, fb(0.f), e);  // also -inf (whose r is NaN)
}

#endif

// out[i] = exp(a * x[i] - shift) for i < n; returns the sum of the out[i].
// out may alias x. Needs a * x[i] - shift <= kExpBatchMax (or NaN): a
// softmax's shift is its max, so its exponents are <= 0. Two batches a step:
// their exps overlap (no FMA in wasm: each is a chain of ~20 dependent ops).
inline float exp_affine_sum(float* out, const float* x, int n, float a, float shift) {
    int i = 0;
    float sum = 0.f;
#if ATTNSCOPE_SIMD
    using fb = xsimd::batch<float>;
    constexpr int W = static_cast<int>(fb::size);
    const fb va(a), vs(shift);
    const ExpConstants c;
    fb acc0(0.f), acc1(0.f);
    for (; i + 2 * W <= n; i += 2 * W) {
        const fb e0 = exp_batch_bounded(xsimd::fms(fb::load_unaligned(x + i), va, vs), c);
        const fb e1 = exp_batch_bounded(xsimd::fms(fb::load_unaligned(x + i + W), va, vs), c);
        e0.store_unaligned(out + i);
        e1.store_unaligned(out + i + W);
        acc0 += e0;
        acc1 += e1;
    }
    if (i + W <= n) {
        const fb e = exp_batch_bounded(xsimd::fms(fb::load_unaligned(x + i), va, vs), c);
        e.store_unaligned(out + i);
        acc0 += e;
        i += W;
    }
    sum = xsimd::hadd(acc0 + acc1);
#endif
    for (; i < n; ++i) {
        out[i] = std::exp(a * x[i] - shift);
        sum += out[i];
    }
    return sum;
}

// max_i a * x[i] (-inf for n = 0), or NaN when some a * x[i] is NaN.
inline float max_scaled(const float* x, int n, float a) {
    int i = 0;
    float m = -std::numeric_limits<float>::infinity();
    bool nan = false;
#if ATTNSCOPE_SIMD
    using fb = xsimd::batch<float>;
    constexpr int W = static_cast<int>(fb::size);
    fb vm(m);
    auto vnan = fb(0.f) != fb(0.f);
    const fb va(a);
    for (; i + W <= n; i += W) {
        const fb s = fb::load_unaligned(x + i) * va;
        vm = xsimd::max(vm, s);
        vnan = vnan || xsimd::isnan(s);
    }
    nan = xsimd::any(vnan);
    float lanes[W];
    vm.store_unaligned(lanes);
    for (float v : lanes) m = v > m ? v : m;
#endif
    for (; i < n; ++i) {
        const float s = a * x[i];
        if (s > m) m = s;
        if (std::isnan(s)) nan = true;
    }
    return nan ? std::numeric_limits<float>::quiet_NaN() : m;
}

// exp(a * x - max) over a row, not yet divided by its sum: returns the factor
// (1 / sum) that normalises it. NaN anywhere gives a NaN row, all -inf a zero
// row; both return 1.
inline float softmax_row_unscaled(float* out, const float* x, int n, float a) {
    const float m = max_scaled(x, n, a);
    if (std::isnan(m) || m == -std::numeric_limits<float>::infinity()) {
        const float fill = std::isnan(m) ? std::numeric_limits<float>::quiet_NaN() : 0.f;
        for (int i = 0; i < n; ++i) out[i] = fill;
        return 1.f;
    }
    return 1.f / exp_affine_sum(out, x, n, a, m);
}

// One softmax row of a * x: NaN anywhere gives a NaN row, all -inf a zero row.
inline void softmax_row(float* out, const float* x, int n, float a) {
    scale(out, softmax_row_unscaled(out, x, n, a), n);
}

}  // namespace attnscope::detail
