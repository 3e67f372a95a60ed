// Row helpers of the training kernels, in the house kernel shape: a SIMD loop
// (xsimd; f32x4 in wasm) and a scalar tail, the whole row scalar in the
// scalar build. exp: xsimd's exp in the loop (Cephes-style, within 2 ulp of
// the float64 exp over [-87, 88]), std::exp in the tail and the scalar build.
#pragma once
#include <cmath>
#include <limits>
#include "attnscope/simd.h"

namespace attnscope::train::vec {

#if ATTNSCOPE_SIMD
using fb = xsimd::batch<float>;
constexpr int W = static_cast<int>(fb::size);
#endif

// max_i x[i] (-inf for n = 0).
inline float row_max(const float* x, int n) {
    int i = 0;
    float m = -std::numeric_limits<float>::infinity();
#if ATTNSCOPE_SIMD
    if (n >= W) {
        fb vm = fb::load_unaligned(x);
        for (i = W; i + W <= n; i += W) vm = xsimd::max(vm, fb::load_unaligned(x + i));
        float lanes[W];
        vm.store_unaligned(lanes);
        for (float v : lanes) m = v > m ? v : m;
    }
#endif
    for (; i < n; ++i) m = x[i] > m ? x[i] : m;
    return m;
}

// x[i] = exp(x[i] - shift); returns the sum of the new x[i].
inline float exp_shift_sum(float* x, int n, float shift) {
    int i = 0;
    float sum = 0.f;
#if ATTNSCOPE_SIMD
    const fb vs(shift);
    fb acc(0.f);
    for (; i + W <= n; i += W) {
        const fb e = xsimd::exp(fb::load_unaligned(x + i) - vs);
        e.store_unaligned(x + i);
        acc += e;
    }
    sum = xsimd::hadd(acc);
#endif
    for (; i < n; ++i) {
        x[i] = std::exp(x[i] - shift);
        sum += x[i];
    }
    return sum;
}

// y[i] = a * x[i] (y may alias x).
inline void scaled(float* y, const float* x, float a, int n) {
    int i = 0;
#if ATTNSCOPE_SIMD
    const fb va(a);
    for (; i + W <= n; i += W) (fb::load_unaligned(x + i) * va).store_unaligned(y + i);
#endif
    for (; i < n; ++i) y[i] = a * x[i];
}

// y[i] += x[i]
inline void add_to(float* y, const float* x, long n) {
    long i = 0;
#if ATTNSCOPE_SIMD
    for (; i + W <= n; i += W) (fb::load_unaligned(y + i) + fb::load_unaligned(x + i)).store_unaligned(y + i);
#endif
    for (; i < n; ++i) y[i] += x[i];
}

// y[i] = a[i] + b[i]
inline void sum_of(float* y, const float* a, const float* b, long n) {
    long i = 0;
#if ATTNSCOPE_SIMD
    for (; i + W <= n; i += W) (fb::load_unaligned(a + i) + fb::load_unaligned(b + i)).store_unaligned(y + i);
#endif
    for (; i < n; ++i) y[i] = a[i] + b[i];
}

// sum_i a[i] b[i]
inline float dot(const float* a, const float* b, int n) {
    int i = 0;
    float s = 0.f;
#if ATTNSCOPE_SIMD
    fb acc(0.f);
    for (; i + W <= n; i += W) acc = xsimd::fma(fb::load_unaligned(a + i), fb::load_unaligned(b + i), acc);
    s = xsimd::hadd(acc);
#endif
    for (; i < n; ++i) s += a[i] * b[i];
    return s;
}

// sum_i a[i] b[i] c[i]
inline float dot3(const float* a, const float* b, const float* c, int n) {
    int i = 0;
    float s = 0.f;
#if ATTNSCOPE_SIMD
    fb acc(0.f);
    for (; i + W <= n; i += W)
        acc = xsimd::fma(fb::load_unaligned(a + i) * fb::load_unaligned(b + i), fb::load_unaligned(c + i), acc);
    s = xsimd::hadd(acc);
#endif
    for (; i < n; ++i) s += a[i] * b[i] * c[i];
    return s;
}

}  // namespace attnscope::train::vec
