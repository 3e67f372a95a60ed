// Softmax cross-entropy with ignore index -1, summed over the counted rows (ops.h);
// the rows' max, exp and scaling as SIMD loops plus tails (vec.h).
#include <cmath>
#include "attnscope/train/ops.h"
#include "vec.h"

namespace attnscope::train {

double crossentropy_forward(float* losses, float* probs, const float* logits, const std::int32_t* targets,
                            int N, int V, int* count) {
    double total = 0.0;
    int counted = 0;
    for (int n = 0; n < N; ++n) {
        const float* z = logits + static_cast<std::size_t>(n) * V;
        float* p = probs + static_cast<std::size_t>(n) * V;
        const float m = vec::row_max(z, V);
        const float zt = targets[n] >= 0 ? z[targets[n]] : 0.f;
        const float sum = vec::exp_shift_sum(p, z, V, m);
        vec::scaled(p, p, 1.f / sum, V);
        // -log p_t = log(sum) - (z_t - m), without the rounding of log(p_t) for a tiny p_t.
        losses[n] = targets[n] >= 0 ? static_cast<float>(std::log(static_cast<double>(sum)) - (zt - m)) : 0.f;
        if (targets[n] >= 0) {
            total += losses[n];
            ++counted;
        }
    }
    *count = counted;
    return total;
}

void crossentropy_backward(float* dlogits, const float* probs, const std::int32_t* targets, int N, int V,
                           int count) {
    const float w = 1.f / static_cast<float>(count);
    for (int n = 0; n < N; ++n) {
        if (targets[n] < 0) continue;
        float* d = dlogits + static_cast<std::size_t>(n) * V;
        vec::add_scaled(d, probs + static_cast<std::size_t>(n) * V, w, V);
        d[targets[n]] -= w;
    }
}

}  // namespace attnscope::train
