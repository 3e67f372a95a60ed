// What the forward (forward.cpp) and backward (backward.cpp) passes share:
// the pass's sizes, the norm of the config (RMSNorm or LayerNorm) and one
// layer's weights.
#pragma once
#include "activations.h"
#include "attnscope/train/ops.h"
#include "layout.h"

namespace attnscope::train::detail {

// One pass over a [B, T] batch (N = B*T rows) of a model's activations.
struct Pass {
    const TrainConfig& c;
    Activations& a;
    int B, T, N;
};

// out = norm(x) with this config's kind; mean is unused (may be null) for RMSNorm.
inline void norm_forward(const TrainConfig& c, float* out, float* mean, float* rstd, const float* x,
                         const float* w, const float* b, int N) {
    if (c.norm == Norm::LayerNorm) layernorm_forward(out, mean, rstd, x, w, b, N, c.dim, c.norm_eps);
    else rmsnorm_forward(out, rstd, x, w, N, c.dim, c.norm_eps);
}

inline void norm_backward(const TrainConfig& c, float* dx, float* dw, float* db, const float* dout,
                          const float* x, const float* w, const float* mean, const float* rstd, int N) {
    if (c.norm == Norm::LayerNorm) layernorm_backward(dx, dw, db, dout, x, w, mean, rstd, N, c.dim);
    else rmsnorm_backward(dx, dw, dout, x, w, rstd, N, c.dim);
}

// Pointers of layer l's tensors in an arena (parameters or gradients).
struct LayerWeights {
    float *ln1_w, *ln1_b, *wq, *wk, *wv, *bq, *bk, *bv, *wo, *bo;
    float *ln2_w, *ln2_b, *w1, *b1, *w3, *b3, *w2, *b2;
};

inline LayerWeights layer_weights(const Layout& y, float* p, int l) {
    return {y.ln1_w.at(p, l), y.ln1_b.at(p, l), y.wq.at(p, l), y.wk.at(p, l), y.wv.at(p, l),
            y.bq.at(p, l),    y.bk.at(p, l),    y.bv.at(p, l), y.wo.at(p, l), y.bo.at(p, l),
            y.ln2_w.at(p, l), y.ln2_b.at(p, l), y.w1.at(p, l), y.b1.at(p, l), y.w3.at(p, l),
            y.b3.at(p, l),    y.w2.at(p, l),    y.b2.at(p, l)};
}

// The layer's input: the embedding for layer 0, else the previous layer's
// output (pre-LN: its sum2; post-LN: its n2; attention-only: sum1 or n1).
inline const float* layer_input(const TrainConfig& c, const Activations& a, int l) {
    if (l == 0) return a.x0;
    const LayerActs& prev = a.layer[static_cast<std::size_t>(l - 1)];
    if (c.hidden_dim == 0) return c.prenorm ? prev.sum1 : prev.n1;
    return c.prenorm ? prev.sum2 : prev.n2;
}

}  // namespace attnscope::train::detail
