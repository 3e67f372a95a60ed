// RoPE over head-major rows, both pair layouts (ops.h).
#include <cstddef>
#include "attnscope/train/ops.h"

namespace attnscope::train {
namespace {

// Turns every pair of x (R,T,D) by angle * sign: the backward is the same turn backwards.
void turn(float* x, const float* cos, const float* sin, int R, int T, int D, RopeLayout layout, float sign) {
    const int half = D / 2;
    for (int r = 0; r < R; ++r)
        for (int t = 0; t < T; ++t) {
            float* v = x + (static_cast<std::size_t>(r) * T + t) * D;
            const float* c = cos + static_cast<std::size_t>(t) * half;
            const float* s = sin + static_cast<std::size_t>(t) * half;
            for (int i = 0; i < half; ++i) {
                const int a = layout == RopeLayout::Interleaved ? 2 * i : i;
                const int b = layout == RopeLayout::Interleaved ? 2 * i + 1 : i + half;
                const float v0 = v[a], v1 = v[b], si = sign * s[i];
                v[a] = v0 * c[i] - v1 * si;
                v[b] = v0 * si + v1 * c[i];
            }
        }
}

}  // namespace

void rope_forward(float* x, const float* cos, const float* sin, int R, int T, int D, RopeLayout layout) {
    turn(x, cos, sin, R, T, D, layout, 1.f);
}

void rope_backward(float* dx, const float* cos, const float* sin, int R, int T, int D, RopeLayout layout) {
    turn(dx, cos, sin, R, T, D, layout, -1.f);
}

}  // namespace attnscope::train
