// The training forward over a [B, T] batch, top to bottom (pre-LN):
//   x = emb[inputs] (+ positions)
//   per layer: x = x + wo(attention(rope(wq n1), rope(wk n1), wv n1)),  n1 = norm1(x)
//              x = x + w2(act(w1 n2) [* w3 n2]),                          n2 = norm2(x)
//   (post-LN: n1 = norm1(x + attention(x)); x = norm2(n1 + ffn(n1)))
//   (hidden_dim 0, attention-only: no FFN branch and no norm2)
//   loss = mean cross-entropy(cls normf(x), targets)
#include "attnscope/train/trainable_model.h"
#include "passes.h"

namespace attnscope::train {
namespace {

using namespace detail;

// Attention branch: a.branch = drop(wo(attention(q, k, v of ain)) + bo); la's q, k, v, att, atty saved.
void attention_branch_forward(const Pass& s, int l, const float* ain, LayerActs& la, const LayerWeights& w) {
    const TrainConfig& c = s.c;
    Activations& a = s.a;
    const int B = s.B, T = s.T, N = s.N, C = c.dim, H = c.n_heads, Hkv = c.n_kv_heads;
    const int D = C / H, HD = C, KV = Hkv * D;
    linear_forward(a.q_tok, ain, w.wq, w.bq, N, C, HD);
    linear_forward(a.k_tok, ain, w.wk, w.bk, N, C, KV);
    linear_forward(a.v_tok, ain, w.wv, w.bv, N, C, KV);
    split_heads(la.v, a.v_tok, B, T, Hkv, D);
    if (c.positions == Positions::Rope) {
        split_heads(a.q_heads, a.q_tok, B, T, H, D);
        split_heads(a.k_heads, a.k_tok, B, T, Hkv, D);
        rope_forward(la.q, a.q_heads, a.rope_cos, a.rope_sin, B * H, T, D, RopeLayout::Interleaved);
        rope_forward(la.k, a.k_heads, a.rope_cos, a.rope_sin, B * Hkv, T, D, RopeLayout::Interleaved);
    } else {
        split_heads(la.q, a.q_tok, B, T, H, D);
        split_heads(la.k, a.k_tok, B, T, Hkv, D);
    }
    attention_forward(a.atto_heads, la.att, a.att_scratch, la.q, la.k, la.v, B, T, H, Hkv, D, attention_options(s, l));
    merge_heads(la.atty, a.atto_heads, B, T, H, D);
    linear_forward(a.branch, la.atty, w.wo, w.bo, N, HD, C);
    dropout_forward(a.branch, long(N) * C, s.dropout(Pass::AttnOutput, l, s.stream_row()));
}

// FFN branch: a.branch = drop(w2(act(w1 fin + b1) [* (w3 fin + b3)]) + b2); la's h1, h3, hact saved.
void ffn_branch_forward(const Pass& s, int l, const float* fin, LayerActs& la, const LayerWeights& w) {
    const TrainConfig& c = s.c;
    Activations& a = s.a;
    const int N = s.N, C = c.dim, F = c.hidden_dim;
    linear_forward(la.h1, fin, w.w1, w.b1, N, C, F);
    if (c.activation == Activation::SwiGlu) {
        linear_forward(la.h3, fin, w.w3, w.b3, N, C, F);
        swiglu_forward(la.hact, la.h1exp, la.h1, la.h3, N * F);
    } else {
        activation_forward(la.hact, la.h1, N * F, c.activation);
    }
    linear_forward(a.branch, la.hact, w.w2, w.b2, N, F, C);
    dropout_forward(a.branch, long(N) * C, s.dropout(Pass::FfnOutput, l, s.stream_row()));
}

}  // namespace

void TrainableModel::forward_logits(const std::int32_t* inputs, int B, int T, const Mode& m) {
    const TrainConfig& c = cfg_;
    const Layout& y = *layout_;
    Activations& a = *acts_;
    float* p = params_;
    const int N = B * T, C = c.dim;
    const Pass s{c, a, B, T, N, m.train, m.stream, m.first_row};

    embedding_forward(a.x0, inputs, y.emb.at(p), N, C, c.embedding_scale);
    if (c.positions == Positions::Learned) positions_forward(a.x0, y.pos.at(p), B, T, C);
    if (c.positions == Positions::Sinusoidal) positions_forward(a.x0, a.sinusoid, B, T, C);
    dropout_forward(a.x0, long(N) * C, s.dropout(Pass::Embedding, 0, s.stream_row()));

    for (int l = 0; l < c.n_layers; ++l) {
        LayerActs& la = a.layer[static_cast<std::size_t>(l)];
        const LayerWeights w = layer_weights(y, p, l);
        const float* x = layer_input(c, a, l);
        const bool ffn = c.hidden_dim > 0;
        if (c.prenorm) {
            norm_forward(c, la.n1, la.n1_mean, la.n1_rstd, x, w.ln1_w, w.ln1_b, N);
            attention_branch_forward(s, l, la.n1, la, w);
            residual_forward(la.sum1, x, a.branch, N * C);
            if (!ffn) continue;
            norm_forward(c, la.n2, la.n2_mean, la.n2_rstd, la.sum1, w.ln2_w, w.ln2_b, N);
            ffn_branch_forward(s, l, la.n2, la, w);
            residual_forward(la.sum2, la.sum1, a.branch, N * C);
        } else {
            attention_branch_forward(s, l, x, la, w);
            residual_forward(la.sum1, x, a.branch, N * C);
            norm_forward(c, la.n1, la.n1_mean, la.n1_rstd, la.sum1, w.ln1_w, w.ln1_b, N);
            if (!ffn) continue;
            ffn_branch_forward(s, l, la.n1, la, w);
            residual_forward(la.sum2, la.n1, a.branch, N * C);
            norm_forward(c, la.n2, la.n2_mean, la.n2_rstd, la.sum2, w.ln2_w, w.ln2_b, N);
        }
    }

    norm_forward(c, a.lnf, a.lnf_mean, a.lnf_rstd, layer_input(c, a, c.n_layers), y.lnf_w.at(p),
                 y.lnf_b.at(p), N);
    linear_forward(a.logits, a.lnf, y.cls.at(p), nullptr, N, C, c.vocab_size);
}

double TrainableModel::forward(const std::int32_t* inputs, const std::int32_t* targets, int B, int T,
                               const Mode& m) {
    forward_logits(inputs, B, T, m);
    int count = 0;
    return crossentropy_forward(acts_->losses, acts_->probs, acts_->logits, targets, B * T, cfg_.vocab_size,
                                &count);
}

}  // namespace attnscope::train
