// out[r, c] = exp(x[r, c] / T - m_r) / sum_c exp(x[r, c] / T - m_r), m_r the
// row max (so no exp overflows). NaN anywhere in a row gives a NaN row; a row
// of only -inf gives zeros. The max, the exponentials and the scaling are SIMD
// loops plus scalar tails (vec_exp.h); the scalar build runs the tails only.
#include "attnscope/softmax.h"
#include "vec_exp.h"

namespace attnscope {

void softmax(float* out, const float* x, int rows, int cols, float temperature) {
    const float inv_t = 1.f / temperature;
    for (int r = 0; r < rows; ++r)
        detail::softmax_row(out + static_cast<long>(r) * cols, x + static_cast<long>(r) * cols, cols, inv_t);
}

}  // namespace attnscope
