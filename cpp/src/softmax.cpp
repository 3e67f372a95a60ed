#include "attnscope/softmax.h"
#include <cmath>
#include <limits>

namespace attnscope {

void softmax(float* out, const float* x, int rows, int cols, float temperature) {
    const float inv_t = 1.f / temperature;
    for (int r = 0; r < rows; ++r) {
        const float* xr = x + static_cast<long>(r) * cols;
        float* orow = out + static_cast<long>(r) * cols;
        float m = -std::numeric_limits<float>::infinity();
        bool has_nan = false;
        for (int c = 0; c < cols; ++c) {
            const float s = xr[c] * inv_t;
            if (s > m) m = s;
            if (std::isnan(s)) has_nan = true;
        }
        if (has_nan || m == -std::numeric_limits<float>::infinity()) {
            // NaN propagates to the whole row; an all -inf row has no mass.
            const float fill = has_nan ? std::numeric_limits<float>::quiet_NaN() : 0.f;
            for (int c = 0; c < cols; ++c) orow[c] = fill;
            continue;
        }
        float sum = 0.f;
        for (int c = 0; c < cols; ++c) {
            const float e = std::exp(xr[c] * inv_t - m);
            orow[c] = e;
            sum += e;
        }
        const float inv = 1.f / sum;
        for (int c = 0; c < cols; ++c) orow[c] *= inv;
    }
}

}  // namespace attnscope
