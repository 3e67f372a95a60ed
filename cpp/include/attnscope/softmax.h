// softmax over the last dim: out[r, c] = exp(x[r,c]/T - m) / sum_c exp(x[r,c]/T - m)
// with m the row max (torch.softmax(x / T, -1)). -inf entries give 0; a row
// of only -inf gives all zeros (not NaN). NaN anywhere in a row gives NaN.
#pragma once

namespace attnscope {

// x, out: (rows, cols); may alias.
void softmax(float* out, const float* x, int rows, int cols, float temperature);

}  // namespace attnscope
