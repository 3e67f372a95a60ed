// RoPE over head-major rows, both pair layouts (ops.h).
#include <cstddef>
#include "attnscope/train/ops.h"

namespace attnscope::train {
namespace {

// Every pair of x (R,T,D) turned by angle * sign, written (add: added) to out;
// out may be x when not adding. The backward is the same turn backwards.
void turn(float* out, const float* x, const float* cos, const float* sin, int R, int T, int D,
          RopeLayout layout, float sign, bool add) {
    const int half = D / 2;
    for (int r = 0; r < R; ++r)
        for (int t = 0; t < T; ++t) {
            const std::size_t row = (static_cast<std::size_t>(r) * T + t) * D;
            const float* v = x + row;
            float* o = out + row;
            const float* c = cos + static_cast<std::size_t>(t) * half;
            const float* s = sin + static_cast<std::size_t>(t) * half;
            for (int i = 0; i < half; ++i) {
                const int a = layout == RopeLayout::Interleaved ? 2 * i : i;
                const int b = layout == RopeLayout::Interleaved ? 2 * i + 1 : i + half;
                const float v0 = v[a], v1 = v[b], si = sign * s[i];
                const float ta = v0 * c[i] - v1 * si, tb = v0 * si + v1 * c[i];
                o[a] = add ? o[a] + ta : ta;
                o[b] = add ? o[b] + tb : tb;
            }
        }
}

}  // namespace

void rope_forward(float* out, const float* x, const float* cos, const float* sin, int R, int T, int D,
                  RopeLayout layout) {
    turn(out, x, cos, sin, R, T, D, layout, 1.f, false);
}

void rope_backward(float* dx, const float* dout, const float* cos, const float* sin, int R, int T, int D,
                   RopeLayout layout) {
    turn(dx, dout, cos, sin, R, T, D, layout, -1.f, true);
}

}  // namespace attnscope::train
