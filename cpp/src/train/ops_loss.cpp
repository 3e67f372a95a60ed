// Softmax cross-entropy with ignore index -1, mean over the counted rows (ops.h).
#include <cmath>
#include "attnscope/model/kernels.h"
#include "attnscope/train/ops.h"

namespace attnscope::train {

float crossentropy_forward(float* losses, float* logits, const std::int32_t* targets, int N, int V,
                           int* count) {
    double total = 0.0;
    int counted = 0;
    for (int n = 0; n < N; ++n) {
        float* z = logits + static_cast<std::size_t>(n) * V;
        float m = z[0];
        for (int v = 1; v < V; ++v) m = z[v] > m ? z[v] : m;
        const float zt = targets[n] >= 0 ? z[targets[n]] : 0.f;
        float sum = 0.f;
        for (int v = 0; v < V; ++v) {
            z[v] = model::exp_f32(z[v] - m);
            sum += z[v];
        }
        const float inv = 1.f / sum;
        for (int v = 0; v < V; ++v) z[v] *= inv;
        // -log p_t = log(sum) - (z_t - m), without the rounding of log(p_t) for a tiny p_t.
        losses[n] = targets[n] >= 0 ? static_cast<float>(std::log(static_cast<double>(sum)) - (zt - m)) : 0.f;
        if (targets[n] >= 0) {
            total += losses[n];
            ++counted;
        }
    }
    *count = counted;
    return static_cast<float>(total / (counted > 0 ? counted : 1));
}

void crossentropy_backward(float* dlogits, const std::int32_t* targets, int N, int V, int count) {
    const float w = 1.f / static_cast<float>(count);
    for (int n = 0; n < N; ++n) {
        float* d = dlogits + static_cast<std::size_t>(n) * V;
        if (targets[n] < 0) {
            for (int v = 0; v < V; ++v) d[v] = 0.f;
            continue;
        }
        for (int v = 0; v < V; ++v) d[v] *= w;
        d[targets[n]] -= w;
    }
}

}  // namespace attnscope::train
