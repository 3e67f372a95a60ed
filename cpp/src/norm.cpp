#include "attnscope/norm.h"
#include <algorithm>
#include <cmath>
#include "attnscope/matmul.h"

namespace attnscope {

void layer_norm(float* out, const float* x, const float* w, const float* b,
                int rows, int C, float eps) {
    for (int r = 0; r < rows; ++r) {
        const float* xr = x + static_cast<long>(r) * C;
        float* o = out + static_cast<long>(r) * C;
        // Two passes (mean, then centred variance) for accuracy on offset data.
        double mean = 0.0;
        for (int c = 0; c < C; ++c) mean += xr[c];
        mean /= C;
        double var = 0.0;
        for (int c = 0; c < C; ++c) var += (xr[c] - mean) * (xr[c] - mean);
        var /= C;
        const float inv = static_cast<float>(1.0 / std::sqrt(var + eps));
        const float mu = static_cast<float>(mean);
        for (int c = 0; c < C; ++c) {
            float y = (xr[c] - mu) * inv;
            if (w) y *= w[c];
            if (b) y += b[c];
            o[c] = y;
        }
    }
}

void rms_norm(float* out, const float* x, const float* w, int rows, int C, float eps) {
    for (int r = 0; r < rows; ++r) {
        const float* xr = x + static_cast<long>(r) * C;
        float* o = out + static_cast<long>(r) * C;
        const float ms = dot(xr, xr, C) / static_cast<float>(C);
        const float inv = 1.f / std::sqrt(ms + eps);
        for (int c = 0; c < C; ++c) o[c] = xr[c] * inv * (w ? w[c] : 1.f);
    }
}

void l2_normalize(float* out, const float* x, int rows, int C, float eps) {
    for (int r = 0; r < rows; ++r) {
        const float* xr = x + static_cast<long>(r) * C;
        float* o = out + static_cast<long>(r) * C;
        const float n = std::sqrt(dot(xr, xr, C));
        const float inv = 1.f / std::max(n, eps);
        for (int c = 0; c < C; ++c) o[c] = xr[c] * inv;
    }
}

}  // namespace attnscope
