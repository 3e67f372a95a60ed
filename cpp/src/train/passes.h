// What the forward (forward.cpp) and backward (backward.cpp) passes share:
// the pass's sizes, the norm of the config (RMSNorm or LayerNorm) and one
// layer's weights.
#pragma once
#include "activations.h"
#include "attnscope/train/ops.h"
#include "layout.h"
#include "random.h"

namespace attnscope::train::detail {

// One pass over a [B, T] batch (N = B*T rows) of a model's activations:
// rows first_row.. of the whole batch when it is a micro-batch. A training
// pass (dropout on) draws its masks from `stream` (train/random.h).
struct Pass {
    const TrainConfig& c;
    Activations& a;
    int B, T, N;
    bool train = false;
    std::uint64_t stream = 0;
    std::uint64_t first_row = 0;

    // The tensors dropout acts on, each a site of its own.
    enum Site : std::uint64_t { Embedding = 0, Weights = 1, AttnOutput = 2, FfnOutput = 3 };
    // The dropout of site `site` (layer l's for the three layer sites) of a
    // tensor of `per_row` elements per batch row; off outside training.
    Dropout dropout(Site site, int l, std::uint64_t per_row) const {
        Dropout d;
        if (!train || !(c.dropout > 0.f)) return d;
        d.threshold = dropout_threshold(c.dropout);
        d.scale = 1.f / (1.f - c.dropout);
        d.key = dropout_key(stream, site == Embedding ? 0 : 1 + 3 * std::uint64_t(l) + (site - 1));
        d.first = first_row * per_row;
        return d;
    }
    // Per batch row: a residual-stream tensor's T C elements, the weights' H T T.
    std::uint64_t stream_row() const { return std::uint64_t(T) * c.dim; }
    std::uint64_t weights_row() const { return std::uint64_t(c.n_heads) * T * T; }
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

// Layer l's attention: causal or not, ALiBi's slopes, the weights' dropout.
inline AttentionOptions attention_options(const Pass& s, int l) {
    AttentionOptions o;
    o.causal = s.c.causal;
    o.slopes = s.c.positions == Positions::Alibi ? s.a.slopes : nullptr;
    o.dropout = s.dropout(Pass::Weights, l, s.weights_row());
    return o;
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
