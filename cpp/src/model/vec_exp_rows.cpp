// Row kernels built on exp: GELU (tanh) and softmax, in place, SIMD where the
// build has it and bit-identical to the scalar *_f32 functions of kernels.cpp
// lane by lane (the same float operations in the same order; the exp is
// train/vec.h's lane-wise copy of exp_f32), so every build gives the same bits.
#include "attnscope/model/kernels.h"
#include "../train/vec.h"

namespace attnscope::model {

void vec_gelu_tanh(float* x, int n) {
    int i = 0;
#if ATTNSCOPE_SIMD
    using train::vec::fb;
    for (; i + train::vec::W <= n; i += train::vec::W) {
        const fb v = fb::load_unaligned(x + i);
        const fb u = fb(0.7978845608028654f) * (v + fb(0.044715f) * v * v * v);
        const fb t = fb(1.f) - fb(2.f) / (train::vec::exp_f32(fb(2.f) * u) + fb(1.f));
        (fb(0.5f) * v * (fb(1.f) + t)).store_unaligned(x + i);
    }
#endif
    for (; i < n; ++i) x[i] = gelu_tanh_f32(x[i]);
}

// exp(x - max) lane by lane, then the sum in order and the divisions.
void vec_softmax(float* x, int n) {
    float m = x[0];
    for (int i = 1; i < n; ++i)
        if (x[i] > m) m = x[i];
    const float sum = train::vec::exp_shift_sum(x, x, n, m);
    for (int i = 0; i < n; ++i) x[i] /= sum;
}

}  // namespace attnscope::model
