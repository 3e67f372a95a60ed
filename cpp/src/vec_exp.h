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
// NaN for NaN; lanes above 88.3 (never in a softmax) are squared halves. The
// scalar build and the tails use std::exp.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include "attnscope/matmul.h"
#include "attnscope/simd.h"

namespace attnscope::detail {

#if ATTNSCOPE_SIMD
constexpr float kExpBatchMax = 88.3762626f;  // above it 2^n would overflow the exponent

// e^x lane by lane for x <= kExpBatchMax (see the top of this file).
inline xsimd::batch<float> exp_batch_bounded(xsimd::batch<float> x) {
    using fb = xsimd::batch<float>;
    using ib = xsimd::batch<std::int32_t>;
    const fb magic(12582912.f);                             // 1.5 * 2^23: adding it rounds to an integer
    const fb t = xsimd::fma(x, fb(1.44269504088896341f), magic);  // n sits in t's low mantissa bits
    const fb n = t - magic;
    const fb r = (x - n * fb(0.693359375f)) - n * fb(-2.12194440e-4f);  // ln2 in two parts
    fb p(1.9875691500e-4f);
    p = xsimd::fma(p, r, fb(1.3981999507e-3f));
    p = xsimd::fma(p, r, fb(8.3334519073e-3f));
    p = xsimd::fma(p, r, fb(4.1665795894e-2f));
    p = xsimd::fma(p, r, fb(1.6666665459e-1f));
    p = xsimd::fma(p, r, fb(5.0000001201e-1f));
    const fb er = xsimd::fma(p, r * r, r + fb(1.f));
    // 2^n = bits (n + 127) << 23; t's bits are 0x4B400000 + n.
    const ib two_n = (xsimd::bitwise_cast<ib>(t) + ib(127 - 0x4B400000)) << 23;
    fb e = er * xsimd::bitwise_cast<fb>(two_n);
    return xsimd::select(x < fb(-87.3365447f), fb(0.f), e);  // also -inf (whose r is NaN)
}

// e^x lane by lane, any x: lanes above kExpBatchMax (never in a softmax,
// where x <= 0) as (e^(x/2))^2, which also overflows to inf past 88.72.
inline xsimd::batch<float> exp_batch(xsimd::batch<float> x) {
    using fb = xsimd::batch<float>;
    const fb e = exp_batch_bounded(x);
    const auto big = x > fb(kExpBatchMax);
    if (!xsimd::any(big)) return e;
    const fb h = exp_batch_bounded(xsimd::min(x * fb(0.5f), fb(89.f)));  // 89: inf, not garbage, for +inf
    return xsimd::select(big, h * h, e);
}
#endif

// out[i] = exp(a * x[i] - shift) for i < n; returns the sum of the out[i].
// out may alias x.
inline float exp_affine_sum(float* out, const float* x, int n, float a, float shift) {
    int i = 0;
    float sum = 0.f;
#if ATTNSCOPE_SIMD
    using fb = xsimd::batch<float>;
    constexpr int W = static_cast<int>(fb::size);
    const fb va(a), vs(shift);
    fb acc(0.f);
    for (; i + W <= n; i += W) {
        const fb e = exp_batch(xsimd::fms(fb::load_unaligned(x + i), va, vs));
        e.store_unaligned(out + i);
        acc += e;
    }
    sum = xsimd::hadd(acc);
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
