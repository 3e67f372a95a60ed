// A dense layer with weights stored [in, out] and applied as x @ W (the
// lecture's Q = X·W_Q; torch.nn.Linear stores the transpose, W^T).
// Legend: R rows (tokens, batch flattened), K inputs, N outputs.
#pragma once

namespace attnscope {

// out (R,N) = x (R,K) @ W (K,N) + b (N). b may be null (no bias);
// out must not alias x or W.
void linear(float* out, const float* x, const float* W, const float* b, int R, int K, int N);

// out[i] = a[i] * b[i] over n floats (the SwiGLU gate); out may alias a or b.
void multiply(float* out, const float* a, const float* b, long n);

// out[r, c] = a[r, c] + (b[r, c] + bias[c]) over rows x cols: a residual and
// a layer's bias in one pass. b or bias may be null (left out); out may alias
// a or b.
void add_biased(float* out, const float* a, const float* b, const float* bias, long rows, int cols);

}  // namespace attnscope
