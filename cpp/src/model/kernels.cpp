// Float kernels of the model forward. V8 is "8 float lanes": one AVX batch,
// two sse4.1/wasm batches, or eight scalars; all three give the same bits
// (see kernels.h for the canonical order).
#include "attnscope/model/kernels.h"
#include <cmath>
#include <cstring>
#include <limits>
#include "attnscope/simd.h"

namespace attnscope::model {
namespace {

#if ATTNSCOPE_SIMD && XSIMD_WITH_AVX
using V8 = xsimd::batch<float, xsimd::avx>;
inline V8 zero8() { return V8(0.f); }
inline V8 load8(const float* p) { return V8::load_unaligned(p); }
inline float sum8(const V8& v) {
    const __m256 r = v;
    const __m128 t = _mm_add_ps(_mm256_castps256_ps128(r), _mm256_extractf128_ps(r, 1));
    alignas(16) float a[4];
    _mm_store_ps(a, t);
    return (a[0] + a[1]) + (a[2] + a[3]);
}
#elif ATTNSCOPE_SIMD
using V4 = xsimd::batch<float, xsimd::sse4_1>;
struct V8 {
    V4 lo, hi;
};
inline V8 zero8() { return {V4(0.f), V4(0.f)}; }
inline V8 load8(const float* p) { return {V4::load_unaligned(p), V4::load_unaligned(p + 4)}; }
inline V8 operator+(const V8& a, const V8& b) { return {a.lo + b.lo, a.hi + b.hi}; }
inline V8 operator*(const V8& a, const V8& b) { return {a.lo * b.lo, a.hi * b.hi}; }
inline float sum8(const V8& v) {
    alignas(16) float a[4];
    (v.lo + v.hi).store_aligned(a);
    return (a[0] + a[1]) + (a[2] + a[3]);
}
#else
struct V8 {
    float v[8];
};
inline V8 zero8() { return V8{}; }
inline V8 load8(const float* p) {
    V8 r;
    for (int k = 0; k < 8; ++k) r.v[k] = p[k];
    return r;
}
inline V8 operator+(const V8& a, const V8& b) {
    V8 r;
    for (int k = 0; k < 8; ++k) r.v[k] = a.v[k] + b.v[k];
    return r;
}
inline V8 operator*(const V8& a, const V8& b) {
    V8 r;
    for (int k = 0; k < 8; ++k) r.v[k] = a.v[k] * b.v[k];
    return r;
}
inline float sum8(const V8& v) {
    float a[4];
    for (int k = 0; k < 4; ++k) a[k] = v.v[k] + v.v[k + 4];
    return (a[0] + a[1]) + (a[2] + a[3]);
}
#endif

inline float pow2i(int k) {  // 2^k for k in [-126, 127], exactly
    const std::uint32_t bits = static_cast<std::uint32_t>(k + 127) << 23;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

}  // namespace

// Four 8-lane accumulators over 32-element blocks (one stream, four
// independent add chains), then 8-element blocks into the first, then the tail.
float vec_dot(const float* a, const float* b, int n) {
    V8 a0 = zero8(), a1 = zero8(), a2 = zero8(), a3 = zero8();
    int j = 0;
    for (; j + 32 <= n; j += 32) {
        a0 = a0 + load8(a + j) * load8(b + j);
        a1 = a1 + load8(a + j + 8) * load8(b + j + 8);
        a2 = a2 + load8(a + j + 16) * load8(b + j + 16);
        a3 = a3 + load8(a + j + 24) * load8(b + j + 24);
    }
    for (; j + 8 <= n; j += 8) a0 = a0 + load8(a + j) * load8(b + j);
    float s = sum8((a0 + a1) + (a2 + a3));
    for (; j < n; ++j) s += a[j] * b[j];
    return s;
}

// A row at a time: weights stream through memory in order, which measured
// faster than interleaving rows once the matrix no longer fits in cache.
void matvec(float* out, const float* x, const float* w, int n, int d) {
    for (int i = 0; i < d; ++i) out[i] = vec_dot(w + static_cast<std::size_t>(i) * n, x, n);
}

namespace {

// vec_dot(w, x_t) for NT inputs x_t = x + t * ldx, sharing each load of w:
// per input the same four accumulators, blocks and tail as vec_dot.
template <int NT>
void dots(float* out, long ldo, const float* w, const float* x, long ldx, int n) {
    V8 acc[NT][4];
    for (int t = 0; t < NT; ++t) acc[t][0] = acc[t][1] = acc[t][2] = acc[t][3] = zero8();
    int j = 0;
    for (; j + 32 <= n; j += 32) {
        const V8 w0 = load8(w + j), w1 = load8(w + j + 8), w2 = load8(w + j + 16), w3 = load8(w + j + 24);
        for (int t = 0; t < NT; ++t) {
            const float* xt = x + t * ldx + j;
            acc[t][0] = acc[t][0] + w0 * load8(xt);
            acc[t][1] = acc[t][1] + w1 * load8(xt + 8);
            acc[t][2] = acc[t][2] + w2 * load8(xt + 16);
            acc[t][3] = acc[t][3] + w3 * load8(xt + 24);
        }
    }
    for (; j + 8 <= n; j += 8) {
        const V8 w0 = load8(w + j);
        for (int t = 0; t < NT; ++t) acc[t][0] = acc[t][0] + w0 * load8(x + t * ldx + j);
    }
    for (int t = 0; t < NT; ++t) {
        const float* xt = x + t * ldx;
        float s = sum8((acc[t][0] + acc[t][1]) + (acc[t][2] + acc[t][3]));
        for (int k = j; k < n; ++k) s += w[k] * xt[k];
        out[t * ldo] = s;
    }
}

}  // namespace

// Inputs sharing one load of a weight block. The canonical order keeps 32
// floats of sums per output: 4 AVX registers, but 8 of the 16 xmm registers
// under sse4.1 / wasm SIMD, where a second input would spill every sum (it
// measured 0.8x of one input at a time in Node); there the weight row is
// shared through L1 instead.
#if ATTNSCOPE_SIMD && XSIMD_WITH_AVX
constexpr int kInputsPerLoad = 4;
#else
constexpr int kInputsPerLoad = 1;
#endif

// A weight row at a time (read from memory once, then from L1 for every input).
void matvec_rows(float* out, long ldo, const float* x, long ldx, const float* w, int n, int d, int count) {
    for (int i = 0; i < d; ++i) {
        const float* wi = w + static_cast<std::size_t>(i) * n;
        int t = 0;
        for (; t + kInputsPerLoad <= count; t += kInputsPerLoad)
            dots<kInputsPerLoad>(out + t * ldo + i, ldo, wi, x + t * ldx, ldx, n);
        for (; t < count; ++t) dots<1>(out + t * ldo + i, ldo, wi, x + t * ldx, ldx, n);
    }
}

void vec_axpy(float* y, float a, const float* x, int n) {
    for (int i = 0; i < n; ++i) y[i] += a * x[i];  // elementwise: any vector width gives these bits
}

float exp_f32(float x) {
    if (x != x) return x;
    if (x > 88.72283935546875f) return std::numeric_limits<float>::infinity();
    if (x < -103.97208404541015625f) return 0.f;
    const float fx = std::floor(x * 1.44269504088896341f + 0.5f);
    float r = x - fx * 0.693359375f;
    r = r - fx * -2.12194440e-4f;
    float y = 1.9875691500e-4f;
    y = y * r + 1.3981999507e-3f;
    y = y * r + 8.3334519073e-3f;
    y = y * r + 4.1665795894e-2f;
    y = y * r + 1.6666665459e-1f;
    y = y * r + 5.0000001201e-1f;
    y = y * (r * r) + r + 1.f;
    const int e = static_cast<int>(fx);  // in [-150, 128]
    const int e1 = e / 2;
    return y * pow2i(e1) * pow2i(e - e1);
}

float silu_f32(float x) { return x / (1.f + exp_f32(-x)); }

float gelu_tanh_f32(float x) {
    const float u = 0.7978845608028654f * (x + 0.044715f * x * x * x);
    const float t = 1.f - 2.f / (exp_f32(2.f * u) + 1.f);
    return 0.5f * x * (1.f + t);
}

float erf_f32(float x) {
    const float a = x < 0.f ? -x : x;
    const float t = 1.f / (1.f + 0.3275911f * a);
    float p = 1.061405429f;
    p = p * t + -1.453152027f;
    p = p * t + 1.421413741f;
    p = p * t + -0.284496736f;
    p = p * t + 0.254829592f;
    const float y = 1.f - p * t * exp_f32(-a * a);
    return x < 0.f ? -y : y;
}

float gelu_f32(float x) { return 0.5f * x * (1.f + erf_f32(x * 0.70710678118654752f)); }

void vec_rms_norm(float* out, const float* x, const float* w, int n, float eps) {
    const float ms = vec_dot(x, x, n) / static_cast<float>(n) + eps;
    const float inv = 1.f / std::sqrt(ms);
    for (int i = 0; i < n; ++i) out[i] = w[i] * (inv * x[i]);
}

void vec_layer_norm(float* out, const float* x, const float* w, const float* b, int n, float eps) {
    float sum = 0.f;
    for (int i = 0; i < n; ++i) sum += x[i];
    const float mean = sum / static_cast<float>(n);
    float var = 0.f;
    for (int i = 0; i < n; ++i) var += (x[i] - mean) * (x[i] - mean);
    const float inv = 1.f / std::sqrt(var / static_cast<float>(n) + eps);
    for (int i = 0; i < n; ++i) out[i] = (x[i] - mean) * inv * w[i] + b[i];
}

void vec_softmax(float* x, int n) {
    float m = x[0];
    for (int i = 1; i < n; ++i)
        if (x[i] > m) m = x[i];
    float sum = 0.f;
    for (int i = 0; i < n; ++i) {
        x[i] = exp_f32(x[i] - m);
        sum += x[i];
    }
    for (int i = 0; i < n; ++i) x[i] /= sum;
}

int argmax(const float* x, int n) {
    int best = 0;
    float m = -std::numeric_limits<float>::infinity();
    for (int i = 0; i < n; ++i)
        if (x[i] > m) {
            m = x[i];
            best = i;
        }
    return best;
}

}  // namespace attnscope::model
