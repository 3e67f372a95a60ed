// The exponential of a row, vectorised: the inner step of softmax and of the
// attention paths (online or not). SIMD: xsimd's exp on f32x4 (Cephes-style
// range reduction e^x = 2^n e^r, |r| <= ln2/2, and a degree-5 polynomial):
// within 2 ulp of the float64 exp over [-87, 88] (tests/cpp/softmax_norm_test.cpp
// checks 4 ulp on a sweep), exactly 0 for -inf, 1 for 0, NaN for NaN. The
// scalar build and the tails use std::exp.
#pragma once
#include <cmath>
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

}  // namespace attnscope::detail
