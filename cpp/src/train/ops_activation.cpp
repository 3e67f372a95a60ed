// SwiGLU, GELU (exact and tanh), ReLU forward and backward (ops.h), on the
// model kernels' exp_f32/erf_f32 (SwiGLU's SIMD loop on its lane-wise copy, vec.h).
#include <cmath>
#include "attnscope/model/kernels.h"
#include "attnscope/train/ops.h"
#include "vec.h"

namespace attnscope::train {
namespace {

float sigmoid(float x) { return 1.f / (1.f + model::exp_f32(-x)); }

// d/dx of 0.5 x (1 + tanh(u)), u = k (x + 0.044715 x^3).
float gelu_tanh_grad(float x) {
    const float k = 0.7978845608028654f;
    const float u = k * (x + 0.044715f * x * x * x);
    const float t = 1.f - 2.f / (model::exp_f32(2.f * u) + 1.f);
    return 0.5f * (1.f + t) + 0.5f * x * (1.f - t * t) * k * (1.f + 3.f * 0.044715f * x * x);
}

// d/dx of x Phi(x) = Phi(x) + x phi(x).
float gelu_grad(float x) {
    const float cdf = 0.5f * (1.f + model::erf_f32(x * 0.70710678118654752f));
    const float pdf = 0.3989422804014327f * model::exp_f32(-0.5f * x * x);
    return cdf + x * pdf;
}

}  // namespace

void swiglu_forward(float* out, float* e, const float* a, const float* g, int n) {
    int i = 0;
#if ATTNSCOPE_SIMD
    using vec::fb;
    for (; i + vec::W <= n; i += vec::W) {
        const fb x = fb::load_unaligned(a + i), ex = vec::exp_f32(-x);
        if (e) ex.store_unaligned(e + i);
        (x / (fb(1.f) + ex) * fb::load_unaligned(g + i)).store_unaligned(out + i);
    }
#endif
    for (; i < n; ++i) {
        const float ex = model::exp_f32(-a[i]);  // silu_f32(a) = a / (1 + exp_f32(-a))
        if (e) e[i] = ex;
        out[i] = a[i] / (1.f + ex) * g[i];
    }
}

void swiglu_backward(float* da, float* dg, const float* dout, const float* a, const float* g, const float* e,
                     int n) {
    int i = 0;
#if ATTNSCOPE_SIMD
    using vec::fb;
    const fb one(1.f);
    for (; i + vec::W <= n; i += vec::W) {
        const fb x = fb::load_unaligned(a + i), d = fb::load_unaligned(dout + i);
        const fb s = one / (one + (e ? fb::load_unaligned(e + i) : vec::exp_f32(-x)));
        (fb::load_unaligned(da + i) + d * fb::load_unaligned(g + i) * s * (one + x * (one - s))).store_unaligned(da + i);
        (fb::load_unaligned(dg + i) + d * x * s).store_unaligned(dg + i);
    }
#endif
    for (; i < n; ++i) {
        const float s = e ? 1.f / (1.f + e[i]) : sigmoid(a[i]);
        da[i] += dout[i] * g[i] * s * (1.f + a[i] * (1.f - s));  // silu' = s (1 + a (1 - s))
        dg[i] += dout[i] * a[i] * s;
    }
}

void activation_forward(float* out, const float* x, int n, model::Activation act) {
    using A = model::Activation;
    for (int i = 0; i < n; ++i)
        out[i] = act == A::Gelu ? model::gelu_f32(x[i])
                 : act == A::GeluTanh ? model::gelu_tanh_f32(x[i])
                                      : (x[i] > 0.f ? x[i] : 0.f);
}

void activation_backward(float* dx, const float* dout, const float* x, int n, model::Activation act) {
    using A = model::Activation;
    for (int i = 0; i < n; ++i)
        dx[i] += dout[i] * (act == A::Gelu ? gelu_grad(x[i])
                           : act == A::GeluTanh ? gelu_tanh_grad(x[i])
                                                : (x[i] > 0.f ? 1.f : 0.f));
}

}  // namespace attnscope::train
