// The exponential of a row, vectorised: the inner step of softmax and of the
// attention paths (online or not). SIMD: xsimd's exp on f32x4 (Cephes-style
// range reduction e^x = 2^n e^r, |r| <= ln2/2, and a degree-5 polynomial):
// within 2 ulp of the float64 exp over [-87, 88] (tests/cpp/softmax_norm_test.cpp
// checks 4 ulp on a sweep), exactly 0 for -inf, 1 for 0, NaN for NaN. The
// scalar build and the tails use std::exp.
#pragma once
#include <cmath>
#include <limits>
#include "attnscope/matmul.h"
#include "attnscope/simd.h"

namespace attnscope::detail {

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
        const fb e = xsimd::exp(xsimd::fms(fb::load_unaligned(x + i), va, vs));
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
    alignas(16) float lanes[W];
    vm.store_aligned(lanes);
    for (float v : lanes) m = v > m ? v : m;
#endif
    for (; i < n; ++i) {
        const float s = a * x[i];
        if (s > m) m = s;
        if (std::isnan(s)) nan = true;
    }
    return nan ? std::numeric_limits<float>::quiet_NaN() : m;
}

// One softmax row of a * x: NaN anywhere gives a NaN row, all -inf a zero row.
inline void softmax_row(float* out, const float* x, int n, float a) {
    const float m = max_scaled(x, n, a);
    if (std::isnan(m) || m == -std::numeric_limits<float>::infinity()) {
        const float fill = std::isnan(m) ? std::numeric_limits<float>::quiet_NaN() : 0.f;
        for (int i = 0; i < n; ++i) out[i] = fill;
        return;
    }
    scale(out, 1.f / exp_affine_sum(out, x, n, a, m), n);
}

}  // namespace attnscope::detail
