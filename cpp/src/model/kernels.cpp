// Float kernels of the model forward, in kernels.h's canonical order (V8:
// lanes8.h). matvec_rows, a weight matrix on a block of inputs, is in
// matvec_rows.cpp.
#include "attnscope/model/kernels.h"
#include <cmath>
#include <cstring>
#include <limits>
#include "lanes8.h"

namespace attnscope::model {
namespace {

using namespace lanes;

inline float pow2i(int k) {  // 2^k for k in [-126, 127], exactly
    const std::uint32_t bits = static_cast<std::uint32_t>(k + 127) << 23;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

}  // namespace

// Four 8-lane accumulators over 32-element blocks (one stream, four
// independent add chains), then 8-element blocks into the first, then the tail.
// Two 32-blocks a loop: the generation's weight rows stream ~10% faster in
// wasm (less loop work per byte), each accumulator's sums in the same order.
float vec_dot(const float* a, const float* b, int n) {
    V8 a0 = zero8(), a1 = zero8(), a2 = zero8(), a3 = zero8();
    int j = 0;
    for (; j + 64 <= n; j += 64) {
        a0 = a0 + load8(a + j) * load8(b + j);
        a1 = a1 + load8(a + j + 8) * load8(b + j + 8);
        a2 = a2 + load8(a + j + 16) * load8(b + j + 16);
        a3 = a3 + load8(a + j + 24) * load8(b + j + 24);
        a0 = a0 + load8(a + j + 32) * load8(b + j + 32);
        a1 = a1 + load8(a + j + 40) * load8(b + j + 40);
        a2 = a2 + load8(a + j + 48) * load8(b + j + 48);
        a3 = a3 + load8(a + j + 56) * load8(b + j + 56);
    }
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

// A row at a time, alternating between the matrix's two halves: two
// streams, each reading its rows in order, kept memory ~12% busier than one
// in wasm (interleaving within rows, or four streams, measured slower).
void matvec(float* out, const float* x, const float* w, int n, int d) {
    const int h = (d + 1) / 2;
    for (int i = 0; i < h; ++i) {
        out[i] = vec_dot(w + static_cast<std::size_t>(i) * n, x, n);
        if (i + h < d) out[i + h] = vec_dot(w + static_cast<std::size_t>(i + h) * n, x, n);
    }
}

// Elementwise, so any vector width gives these bits; 32 outputs at a time
// stay in registers over every t (one load per product instead of three
// memory operations), each output's sum in the order of t.
void vec_weighted_sum(float* out, const float* a, const float* v, std::size_t stride, int count, int n) {
    int i = 0;
#if ATTNSCOPE_SIMD && !XSIMD_WITH_AVX
    for (; i + 32 <= n; i += 32) {
        V4 acc[8];
        for (auto& s : acc) s = V4(0.f);
        for (int t = 0; t < count; ++t) {
            const V4 at(a[t]);
            const float* vt = v + t * stride + i;
            for (int j = 0; j < 8; ++j) acc[j] = acc[j] + at * V4::load_unaligned(vt + 4 * j);
        }
        for (int j = 0; j < 8; ++j) acc[j].store_unaligned(out + i + 4 * j);
    }
#endif
    for (; i < n; ++i) {
        float s = 0.f;
        for (int t = 0; t < count; ++t) s += a[t] * v[t * stride + i];
        out[i] = s;
    }
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
