// Elementwise activations over n floats. out may alias x.
#pragma once

namespace attnscope {

// x * 0.5 * (1 + erf(x / sqrt 2))           (torch gelu, approximate='none')
void gelu(float* out, const float* x, long n);
// 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))  (approximate='tanh')
void gelu_tanh(float* out, const float* x, long n);
// max(x, 0); NaN stays NaN
void relu(float* out, const float* x, long n);
// x * sigmoid(x)
void silu(float* out, const float* x, long n);

// The same with a layer's bias added first, in one pass over rows x cols:
// out[r, c] = f(x[r, c] + bias[c]); bias may be null.
void gelu_biased(float* out, const float* x, const float* bias, long rows, int cols);
void gelu_tanh_biased(float* out, const float* x, const float* bias, long rows, int cols);
void relu_biased(float* out, const float* x, const float* bias, long rows, int cols);

}  // namespace attnscope
