// The training forward over a [B, T] batch, top to bottom (pre-LN):
//   x = emb[inputs] (+ positions)
//   per layer: x = x + wo(attention(rope(wq n1), rope(wk n1), wv n1)),  n1 = norm1(x)
//              x = x + w2(act(w1 n2) [* w3 n2]),                          n2 = norm2(x)
//   (post-LN: n1 = norm1(x + attention(x)); x = norm2(n1 + ffn(n1)))
//   loss = mean cross-entropy(cls normf(x), targets)
#include "attnscope/train/trainable_model.h"
#include "passes.h"

namespace attnscope::train {

using namespace detail;

void TrainableModel::forward_logits(const std::int32_t* inputs, int B, int T) {
    const TrainConfig& c = cfg_;
    const Layout& y = *layout_;
    Activations& a = *acts_;
    float* p = params_;
    const int N = B * T, C = c.dim, F = c.hidden_dim, H = c.n_heads, Hkv = c.n_kv_heads;
    const int D = C / H, HD = C, KV = Hkv * D;

    embedding_forward(a.x0, inputs, y.emb.at(p), N, C);
    if (c.positions == Positions::Learned) positions_forward(a.x0, y.pos.at(p), B, T, C);
    if (c.positions == Positions::Sinusoidal) positions_forward(a.x0, a.sinusoid, B, T, C);

    for (int l = 0; l < c.n_layers; ++l) {
        LayerActs& s = a.layer[static_cast<std::size_t>(l)];
        const LayerWeights w = layer_weights(y, p, l);
        const float* x = layer_input(c, a, l);

        // Attention branch: sum1 = x + wo(attention(...)) + bo.
        const float* ain = x;
        if (c.prenorm) {
            norm_forward(c, s.n1, s.n1_mean, s.n1_rstd, x, w.ln1_w, w.ln1_b, N);
            ain = s.n1;
        }
        linear_forward(a.tq, ain, w.wq, w.bq, N, C, HD);
        linear_forward(a.tk, ain, w.wk, w.bk, N, C, KV);
        linear_forward(a.tv, ain, w.wv, w.bv, N, C, KV);
        split_heads(s.q, a.tq, B, T, H, D);
        split_heads(s.k, a.tk, B, T, Hkv, D);
        split_heads(s.v, a.tv, B, T, Hkv, D);
        if (c.positions == Positions::Rope) {
            rope_forward(s.q, a.rope_cos, a.rope_sin, B * H, T, D, RopeLayout::Interleaved);
            rope_forward(s.k, a.rope_cos, a.rope_sin, B * Hkv, T, D, RopeLayout::Interleaved);
        }
        const float* slopes = c.positions == Positions::Alibi ? a.slopes : nullptr;
        attention_forward(a.tq, s.att, s.q, s.k, s.v, slopes, B, T, H, Hkv, D);  // head-major out
        merge_heads(s.atty, a.tq, B, T, H, D);
        linear_forward(a.tmp, s.atty, w.wo, w.bo, N, HD, C);
        residual_forward(s.sum1, x, a.tmp, N * C);

        // FFN branch: sum2 = base + w2(act(...)) + b2.
        const float* fin;
        if (c.prenorm) {
            norm_forward(c, s.n2, s.n2_mean, s.n2_rstd, s.sum1, w.ln2_w, w.ln2_b, N);
            fin = s.n2;
        } else {
            norm_forward(c, s.n1, s.n1_mean, s.n1_rstd, s.sum1, w.ln1_w, w.ln1_b, N);
            fin = s.n1;
        }
        linear_forward(s.h1, fin, w.w1, w.b1, N, C, F);
        if (c.activation == Activation::SwiGlu) {
            linear_forward(s.h3, fin, w.w3, w.b3, N, C, F);
            swiglu_forward(s.hact, s.h1, s.h3, N * F);
        } else {
            activation_forward(s.hact, s.h1, N * F, c.activation);
        }
        linear_forward(a.tmp, s.hact, w.w2, w.b2, N, F, C);
        residual_forward(s.sum2, c.prenorm ? s.sum1 : s.n1, a.tmp, N * C);
        if (!c.prenorm) norm_forward(c, s.n2, s.n2_mean, s.n2_rstd, s.sum2, w.ln2_w, w.ln2_b, N);
    }

    norm_forward(c, a.lnf, a.lnf_mean, a.lnf_rstd, layer_input(c, a, c.n_layers), y.lnf_w.at(p),
                 y.lnf_b.at(p), N);
    linear_forward(a.logits, a.lnf, y.cls.at(p), nullptr, N, C, c.vocab_size);
}

float TrainableModel::forward(const std::int32_t* inputs, const std::int32_t* targets, int B, int T) {
    forward_logits(inputs, B, T);
    int count = 0;
    return crossentropy_forward(acts_->losses, acts_->logits, targets, B * T, cfg_.vocab_size, &count);
}

}  // namespace attnscope::train
