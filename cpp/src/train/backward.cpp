// The training backward, forward.cpp read from the bottom up. dres carries
// the gradient of the residual stream; each branch's input gradient is added
// to it (the residual add's backward is the identity into both summands).
#include <cstring>
#include "attnscope/train/trainable_model.h"
#include "passes.h"
#include "vec.h"

namespace attnscope::train {
namespace {

using namespace detail;

struct Pass {
    const TrainConfig& c;
    Activations& a;
    int B, T, N;
};

void add(float* y, const float* x, int n) { vec::add_to(y, x, n); }

// FFN branch: dx = d(branch)/d(fin) given dout = d(branch output).
void ffn_backward(const Pass& s, float* dx, const float* dout, const float* fin, const LayerActs& la,
                  const LayerWeights& w, const LayerWeights& g) {
    const TrainConfig& c = s.c;
    Activations& a = s.a;
    const int N = s.N, C = c.dim, F = c.hidden_dim;
    linear_backward(a.dhact, g.w2, g.b2, dout, la.hact, w.w2, N, F, C);
    if (c.activation == Activation::SwiGlu) {
        swiglu_backward(a.dh1, a.dh3, a.dhact, la.h1, la.h3, N * F);
        linear_backward(dx, g.w1, g.b1, a.dh1, fin, w.w1, N, C, F);
        linear_backward(a.dc, g.w3, g.b3, a.dh3, fin, w.w3, N, C, F);
        add(dx, a.dc, N * C);
    } else {
        activation_backward(a.dh1, a.dhact, la.h1, N * F, c.activation);
        linear_backward(dx, g.w1, g.b1, a.dh1, fin, w.w1, N, C, F);
    }
}

// Attention branch: dx = d(branch)/d(ain) given dout.
void attention_branch_backward(const Pass& s, float* dx, const float* dout, const float* ain,
                               const LayerActs& la, const LayerWeights& w, const LayerWeights& g) {
    const TrainConfig& c = s.c;
    Activations& a = s.a;
    const int B = s.B, T = s.T, N = s.N, C = c.dim, H = c.n_heads, Hkv = c.n_kv_heads;
    const int D = C / H, HD = C, KV = Hkv * D;
    linear_backward(a.tq, g.wo, g.bo, dout, la.atty, w.wo, N, HD, C);  // d atty, token-major
    split_heads(a.douth, a.tq, B, T, H, D);
    attention_backward(a.dqh, a.dkh, a.dvh, a.att_scratch, a.douth, la.att, la.q, la.k, la.v, B, T, H, Hkv, D);
    if (c.positions == Positions::Rope) {
        rope_backward(a.dqh, a.rope_cos, a.rope_sin, B * H, T, D, RopeLayout::Interleaved);
        rope_backward(a.dkh, a.rope_cos, a.rope_sin, B * Hkv, T, D, RopeLayout::Interleaved);
    }
    merge_heads(a.tq, a.dqh, B, T, H, D);
    merge_heads(a.tk, a.dkh, B, T, Hkv, D);
    merge_heads(a.tv, a.dvh, B, T, Hkv, D);
    linear_backward(dx, g.wq, g.bq, a.tq, ain, w.wq, N, C, HD);
    linear_backward(a.dc, g.wk, g.bk, a.tk, ain, w.wk, N, C, KV);
    add(dx, a.dc, N * C);
    linear_backward(a.dc, g.wv, g.bv, a.tv, ain, w.wv, N, C, KV);
    add(dx, a.dc, N * C);
}

}  // namespace

void TrainableModel::backward(const std::int32_t* inputs, const std::int32_t* targets, int B, int T) {
    const TrainConfig& c = cfg_;
    const Layout& y = *layout_;
    Activations& a = *acts_;
    float* p = params_;
    float* g = grads_;
    const int N = B * T, C = c.dim, V = c.vocab_size;
    const Pass s{c, a, B, T, N};
    std::memset(g, 0, sizeof(float) * num_params_);

    int count = 0;
    for (int n = 0; n < N; ++n) count += targets[n] != -1;
    crossentropy_backward(a.logits, targets, N, V, count);  // logits now hold dlogits
    linear_backward(a.da, y.cls.at(g), nullptr, a.logits, a.lnf, y.cls.at(p), N, C, V);
    norm_backward(c, a.dres, y.lnf_w.at(g), y.lnf_b.at(g), a.da, layer_input(c, a, c.n_layers),
                  y.lnf_w.at(p), a.lnf_mean, a.lnf_rstd, N);

    for (int l = c.n_layers - 1; l >= 0; --l) {
        const LayerActs& la = a.layer[static_cast<std::size_t>(l)];
        const LayerWeights w = layer_weights(y, p, l), gw = layer_weights(y, g, l);
        const float* x = layer_input(c, a, l);
        if (c.prenorm) {
            // x_out = sum1 + ffn(n2), n2 = norm2(sum1); sum1 = x + attn(n1), n1 = norm1(x).
            ffn_backward(s, a.da, a.dres, la.n2, la, w, gw);
            norm_backward(c, a.db, gw.ln2_w, gw.ln2_b, a.da, la.sum1, w.ln2_w, la.n2_mean, la.n2_rstd, N);
            add(a.dres, a.db, N * C);  // d sum1
            attention_branch_backward(s, a.da, a.dres, la.n1, la, w, gw);
            norm_backward(c, a.db, gw.ln1_w, gw.ln1_b, a.da, x, w.ln1_w, la.n1_mean, la.n1_rstd, N);
            add(a.dres, a.db, N * C);  // d x
        } else {
            // x_out = norm2(sum2), sum2 = n1 + ffn(n1); n1 = norm1(sum1), sum1 = x + attn(x).
            norm_backward(c, a.db, gw.ln2_w, gw.ln2_b, a.dres, la.sum2, w.ln2_w, la.n2_mean, la.n2_rstd, N);
            ffn_backward(s, a.da, a.db, la.n1, la, w, gw);
            add(a.da, a.db, N * C);  // d n1
            norm_backward(c, a.dres, gw.ln1_w, gw.ln1_b, a.da, la.sum1, w.ln1_w, la.n1_mean, la.n1_rstd, N);
            attention_branch_backward(s, a.da, a.dres, x, la, w, gw);
            add(a.dres, a.da, N * C);  // d x
        }
    }
    if (c.positions == Positions::Learned) positions_backward(y.pos.at(g), a.dres, B, T, C);
    embedding_backward(y.emb.at(g), a.dres, inputs, N, C);
}

}  // namespace attnscope::train
