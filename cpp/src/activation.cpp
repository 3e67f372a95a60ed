// Elementwise activations: a SIMD loop over f32x4 (xsimd's erf, tanh and exp,
// each within a few ulp of float64) plus a scalar tail with the <cmath>
// functions; the scalar build runs only the tail loop. gelu's two paths
// first try a cheaper erf that holds for |z| <= 1.75 (erf_near_zero).
#include "attnscope/activation.h"
#include <cmath>
#include "attnscope/simd.h"

namespace attnscope {

namespace {

constexpr float kInvSqrt2 = 0.70710678118654752f;
constexpr float kSqrt2OverPi = 0.79788456080286536f;

// erf(z) ~ z * P(z^2) / Q(z^2) on |z| <= kErfFastZ: a degree-3/3 rational
// fitted by scripts/fit_erf_rational.py (max error 1.8e-8 in float64; in
// float32 gelu stays inside its fixture tolerance, atol 4e-7 + 16 ulp,
// which the script checks on a dense grid). About a third of xsimd::erf's
// work (no exp, no second polynomial of degree 10). T is float or a batch:
// the same operations in the same order, so both paths agree bit for bit.
constexpr float kErfFastZ = 1.75f;
template <class T>
inline T erf_near_zero(T z) {
    const T t = z * z;
    const T p = ((T(0.000392813381f) * t + 0.0376608744f) * t + 0.139377549f) * t + 1.12837934f;
    const T q = ((T(0.00704971049f) * t + 0.085648343f) * t + 0.456856221f) * t + 1.f;
    return z * p / q;
}

// 0.5 x (1 + erf(x / sqrt 2)); |z| > kErfFastZ (rare for activations of
// unit scale), NaN and infinity take the library erf.
inline float gelu_s(float v) {
    const float z = v * kInvSqrt2;
    return 0.5f * v * (1.f + (std::fabs(z) <= kErfFastZ ? erf_near_zero(z) : std::erf(z)));
}
#if ATTNSCOPE_SIMD
using fb = xsimd::batch<float>;
inline fb gelu_v(fb v) {
    const fb z = v * kInvSqrt2;
    const auto near = xsimd::abs(z) <= fb(kErfFastZ);
    fb e = erf_near_zero(z);
    if (!xsimd::all(near)) e = xsimd::select(near, e, xsimd::erf(z));
    return 0.5f * v * (1.f + e);
}
#endif

// The batch form of an activation; the scalar build has no xsimd to name.
#if ATTNSCOPE_SIMD
#define VECTOR_FORM(expr) [](auto v) { return expr; }
#else
#define VECTOR_FORM(expr) nullptr
#endif

// out[i] = f(x[i]) with the batch form `fv` on whole f32x4 and `fs` on the tail.
template <class FV, class FS>
void elementwise(float* out, const float* x, long n, FV fv, FS fs) {
    long i = 0;
#if ATTNSCOPE_SIMD
    using fb = xsimd::batch<float>;
    constexpr long W = static_cast<long>(fb::size);
    for (; i + W <= n; i += W) fv(fb::load_unaligned(x + i)).store_unaligned(out + i);
#else
    (void)fv;
#endif
    for (; i < n; ++i) out[i] = fs(x[i]);
}

// out[r, c] = f(x[r, c] + bias[c]): the bias add fused into the activation's pass.
template <class FV, class FS>
void elementwise_biased(float* out, const float* x, const float* bias, long rows, int cols, FV fv, FS fs) {
    if (!bias) return elementwise(out, x, rows * cols, fv, fs);
#if !ATTNSCOPE_SIMD
    (void)fv;
#endif
    for (long r = 0; r < rows; ++r) {
        float* o = out + r * cols;
        const float* xr = x + r * cols;
        int c = 0;
#if ATTNSCOPE_SIMD
        using fb = xsimd::batch<float>;
        constexpr int W = static_cast<int>(fb::size);
        for (; c + W <= cols; c += W)
            fv(fb::load_unaligned(xr + c) + fb::load_unaligned(bias + c)).store_unaligned(o + c);
#endif
        for (; c < cols; ++c) o[c] = fs(xr[c] + bias[c]);
    }
}

}  // namespace

// Each activation's two forms: f(v) on whole f32x4 and on one float.
#define GELU_V gelu_v(v)
#define GELU_S gelu_s
#define GELU_TANH_V 0.5f * v * (1.f + xsimd::tanh(kSqrt2OverPi * (v + 0.044715f * v * v * v)))
#define GELU_TANH_S \
    [](float v) { return 0.5f * v * (1.f + std::tanh(kSqrt2OverPi * (v + 0.044715f * v * v * v))); }
// x < 0 ? 0 : x keeps NaN (the comparison is false for NaN).
#define RELU_V xsimd::select(v < 0.f, decltype(v)(0.f), v)
#define RELU_S [](float v) { return v < 0.f ? 0.f : v; }

void gelu(float* out, const float* x, long n) { elementwise(out, x, n, VECTOR_FORM(GELU_V), GELU_S); }

void gelu_tanh(float* out, const float* x, long n) {
    elementwise(out, x, n, VECTOR_FORM(GELU_TANH_V), GELU_TANH_S);
}

void relu(float* out, const float* x, long n) { elementwise(out, x, n, VECTOR_FORM(RELU_V), RELU_S); }

void silu(float* out, const float* x, long n) {
    elementwise(out, x, n, VECTOR_FORM(v / (1.f + xsimd::exp(-v))),
                [](float v) { return v / (1.f + std::exp(-v)); });
}

void gelu_biased(float* out, const float* x, const float* bias, long rows, int cols) {
    elementwise_biased(out, x, bias, rows, cols, VECTOR_FORM(GELU_V), GELU_S);
}

void gelu_tanh_biased(float* out, const float* x, const float* bias, long rows, int cols) {
    elementwise_biased(out, x, bias, rows, cols, VECTOR_FORM(GELU_TANH_V), GELU_TANH_S);
}

void relu_biased(float* out, const float* x, const float* bias, long rows, int cols) {
    elementwise_biased(out, x, bias, rows, cols, VECTOR_FORM(RELU_V), RELU_S);
}

}  // namespace attnscope
