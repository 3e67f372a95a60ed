// Row helpers of the training kernels, in the house kernel shape: a SIMD loop
// (xsimd; f32x4 in wasm) and a scalar tail, the whole row scalar in the
// scalar build. Every helper gives the SAME BITS in both builds (the
// training results, and the experiments built on them, are identical in
// wasm-simd and wasm-scalar): the exp is model::exp_f32's algorithm lane by
// lane, elementwise steps do the same float operations in the same order,
// and sums run in order, one element after another (a lane-wise sum would
// round differently), so only the elementwise work is vectorised.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include "attnscope/model/kernels.h"
#include "attnscope/simd.h"

namespace attnscope::train::vec {

#if ATTNSCOPE_SIMD
using fb = xsimd::batch<float>;
constexpr int W = static_cast<int>(fb::size);
#endif

// max_i x[i] (-inf for n = 0); a max is exact in any order.
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

#if ATTNSCOPE_SIMD
// model::exp_f32 on every lane, bit for bit: the same range reduction
// (fx = floor(x log2e + 1/2), r = x - fx ln2 in two parts), polynomial and
// scaling by 2^(fx/2) 2^(fx - fx/2), with its NaN, overflow and underflow
// cases. nonpositive: every lane is <= 0 or NaN (a softmax's x - max), so
// the overflow clamp and case, which such a lane never reaches, are left out.
template <bool nonpositive = false>
inline fb exp_f32(fb x) {
    using ib = xsimd::batch<std::int32_t>;
    fb xc = xsimd::max(x, fb(-104.f));  // keeps 2^k in range
    if (!nonpositive) xc = xsimd::min(xc, fb(89.f));
    const fb fx = xsimd::floor(xc * fb(1.44269504088896341f) + fb(0.5f));
    fb r = xc - fx * fb(0.693359375f);
    r = r - fx * fb(-2.12194440e-4f);
    fb y(1.9875691500e-4f);
    y = y * r + fb(1.3981999507e-3f);
    y = y * r + fb(8.3334519073e-3f);
    y = y * r + fb(4.1665795894e-2f);
    y = y * r + fb(1.6666665459e-1f);
    y = y * r + fb(5.0000001201e-1f);
    y = y * (r * r) + r + fb(1.f);
    const fb e1 = xsimd::trunc(fx * fb(0.5f));  // C++'s e / 2 rounds toward zero
    // 2^k for an integral k in [-126, 127]: k + 2^23 + 127 holds k + 127 in its
    // low mantissa bits, shifted into the exponent field (no float-to-int
    // conversion: wasm's emulation of cvttps is per lane and slow).
    auto pow2 = [](fb k) {
        return xsimd::bitwise_cast<fb>(xsimd::bitwise_cast<ib>(k + fb(8388608.f + 127.f)) << 23);
    };
    fb out = y * pow2(e1) * pow2(fx - e1);
    if (!nonpositive) out = xsimd::select(x > fb(88.72283935546875f), fb(std::numeric_limits<float>::infinity()), out);
    out = xsimd::select(x < fb(-103.97208404541015625f), fb(0.f), out);
    return xsimd::select(x != x, x, out);
}
#endif

// y[i] = exp(x[i] - shift) (y may be x); returns the sum of the y[i], in order.
inline float exp_shift_sum(float* y, const float* x, int n, float shift) {
    int i = 0;
#if ATTNSCOPE_SIMD
    const fb vs(shift);
    for (; i + W <= n; i += W) exp_f32(fb::load_unaligned(x + i) - vs).store_unaligned(y + i);
#endif
    for (; i < n; ++i) y[i] = model::exp_f32(x[i] - shift);
    float sum = 0.f;
    for (int j = 0; j < n; ++j) sum += y[j];
    return sum;
}

// y[i] = exp(scale x[i] - shift) for scale > 0 and shift = scale max_i x[i]
// (a softmax row: every exponent <= 0); returns the sum of the y[i], in
// order. The same bits as scaled() then exp_shift_sum(), in one pass: the sum
// is taken as each batch is made, so its chain of adds overlaps the exps.
inline float exp_scaled_shift_sum(float* y, const float* x, int n, float scale, float shift) {
    int i = 0;
    float sum = 0.f;
#if ATTNSCOPE_SIMD
    const fb vscale(scale), vshift(shift);
    for (; i + W <= n; i += W) {
        const fb e = exp_f32<true>(fb::load_unaligned(x + i) * vscale - vshift);
        e.store_unaligned(y + i);
        for (int j = 0; j < W; ++j) sum += y[i + j];
    }
    if (i < n) {  // the tail as one padded batch (the lanes are exact, so its bits are the scalar loop's)
        alignas(16) float t[W] = {};
        for (int j = i; j < n; ++j) t[j - i] = x[j];
        exp_f32<true>(fb::load_aligned(t) * vscale - vshift).store_aligned(t);
        for (int j = i; j < n; ++j) sum += (y[j] = t[j - i]);
        return sum;
    }
#endif
    for (; i < n; ++i) {
        y[i] = model::exp_f32(scale * x[i] - shift);
        sum += y[i];
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

// y[i] += a * x[i] (the product rounded, then the sum).
inline void add_scaled(float* y, const float* x, float a, int n) {
    int i = 0;
#if ATTNSCOPE_SIMD
    const fb va(a);
    for (; i + W <= n; i += W) (fb::load_unaligned(y + i) + fb::load_unaligned(x + i) * va).store_unaligned(y + i);
#endif
    for (; i < n; ++i) y[i] += a * x[i];
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

// sum_i a[i] b[i], in order.
inline float dot(const float* a, const float* b, int n) {
    float s = 0.f;
    for (int i = 0; i < n; ++i) s += a[i] * b[i];
    return s;
}

// sum_i a[i] b[i] c[i], in order.
inline float dot3(const float* a, const float* b, const float* c, int n) {
    float s = 0.f;
    for (int i = 0; i < n; ++i) s += a[i] * b[i] * c[i];
    return s;
}

}  // namespace attnscope::train::vec
