#include "attnscope/activation.h"
#include <cmath>

namespace attnscope {

void gelu(float* out, const float* x, long n) {
    constexpr float kInvSqrt2 = 0.70710678118654752f;
    for (long i = 0; i < n; ++i) out[i] = 0.5f * x[i] * (1.f + std::erf(x[i] * kInvSqrt2));
}

void gelu_tanh(float* out, const float* x, long n) {
    constexpr float kSqrt2OverPi = 0.79788456080286536f;
    for (long i = 0; i < n; ++i) {
        const float v = x[i];
        out[i] = 0.5f * v * (1.f + std::tanh(kSqrt2OverPi * (v + 0.044715f * v * v * v)));
    }
}

void relu(float* out, const float* x, long n) {
    for (long i = 0; i < n; ++i) out[i] = x[i] < 0.f ? 0.f : x[i];
}

void silu(float* out, const float* x, long n) {
    for (long i = 0; i < n; ++i) out[i] = x[i] / (1.f + std::exp(-x[i]));
}

}  // namespace attnscope
