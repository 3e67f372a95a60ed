// The training backward, forward.cpp read from the bottom up. Every kernel
// adds into the gradients it writes (ops.h), so each gradient buffer is
// zeroed once before its first writer, and a tensor read twice (the
// residual stream x feeds a branch and passes on; a shared classifier is
// also the embedding) collects both gradients without an explicit add.
// dres carries the gradient of the residual stream.
#include <cstring>
#include "attnscope/train/trainable_model.h"
#include "passes.h"
#include "vec.h"

namespace attnscope::train {
namespace {

using namespace detail;

void zero(float* x, long n) { std::memset(x, 0, sizeof(float) * static_cast<std::size_t>(n)); }

// d(branch output before its dropout) given dout = d(after): dout itself
// without dropout, else a.dbranch_out = dout * mask.
const float* undropped(const Pass& s, const float* dout, const Dropout& d) {
    if (!d.on()) return dout;
    const long NC = long(s.N) * s.c.dim;
    zero(s.a.dbranch_out, NC);
    dropout_backward(s.a.dbranch_out, dout, NC, d);
    return s.a.dbranch_out;
}

// d(the embedding sum before its dropout) given dx0: dx0 itself without
// dropout, else a.dembed = dx0 * mask.
const float* undropped_embedding(const Pass& s, const float* dx0) {
    const Dropout d = s.dropout(Pass::Embedding, 0, s.stream_row());
    if (!d.on()) return dx0;
    const long NC = long(s.N) * s.c.dim;
    zero(s.a.dembed, NC);
    dropout_backward(s.a.dembed, dx0, NC, d);
    return s.a.dembed;
}

// FFN branch: dfin += d(branch)/d(fin) given dout = d(branch output); weight gradients into g.
void ffn_branch_backward(const Pass& s, int l, float* dfin, const float* dout, const float* fin,
                         const LayerActs& la, const LayerWeights& w, const LayerWeights& g) {
    const TrainConfig& c = s.c;
    Activations& a = s.a;
    const int N = s.N, C = c.dim, F = c.hidden_dim;
    dout = undropped(s, dout, s.dropout(Pass::FfnOutput, l, s.stream_row()));
    zero(a.dhact, long(N) * F);
    zero(a.dh1, long(N) * F);
    linear_backward(a.dhact, g.w2, g.b2, dout, la.hact, w.w2, N, F, C);
    if (c.activation == Activation::SwiGlu) {
        zero(a.dh3, long(N) * F);
        swiglu_backward(a.dh1, a.dh3, a.dhact, la.h1, la.h3, la.h1exp, N * F);
        linear_backward(dfin, g.w1, g.b1, a.dh1, fin, w.w1, N, C, F);
        linear_backward(dfin, g.w3, g.b3, a.dh3, fin, w.w3, N, C, F);
    } else {
        activation_backward(a.dh1, a.dhact, la.h1, N * F, c.activation);
        linear_backward(dfin, g.w1, g.b1, a.dh1, fin, w.w1, N, C, F);
    }
}

// Attention branch: dain += d(branch)/d(ain) given dout; weight gradients into g.
void attention_branch_backward(const Pass& s, int l, float* dain, const float* dout, const float* ain,
                               const LayerActs& la, const LayerWeights& w, const LayerWeights& g) {
    const TrainConfig& c = s.c;
    Activations& a = s.a;
    const int B = s.B, T = s.T, N = s.N, C = c.dim, H = c.n_heads, Hkv = c.n_kv_heads;
    const int D = C / H, HD = C, KV = Hkv * D;
    const bool rope = c.positions == Positions::Rope;
    dout = undropped(s, dout, s.dropout(Pass::AttnOutput, l, s.stream_row()));
    zero(a.datty, long(N) * HD);
    linear_backward(a.datty, g.wo, g.bo, dout, la.atty, w.wo, N, HD, C);
    split_heads(a.datty_heads, a.datty, B, T, H, D);
    // attention_backward adds into dq, dk, dv: the rotated ones first with RoPE.
    float* dq = rope ? a.dq_rot : a.dq_heads;
    float* dk = rope ? a.dk_rot : a.dk_heads;
    zero(dq, long(N) * HD);
    zero(dk, long(N) * KV);
    zero(a.dv_heads, long(N) * KV);
    attention_backward(dq, dk, a.dv_heads, a.att_scratch, a.datty_heads, la.att, la.q, la.k, la.v, B, T, H,
                       Hkv, D, attention_options(s, l));
    if (rope) {
        zero(a.dq_heads, long(N) * HD);
        zero(a.dk_heads, long(N) * KV);
        rope_backward(a.dq_heads, a.dq_rot, a.rope_cos, a.rope_sin, B * H, T, D, RopeLayout::Interleaved);
        rope_backward(a.dk_heads, a.dk_rot, a.rope_cos, a.rope_sin, B * Hkv, T, D, RopeLayout::Interleaved);
    }
    merge_heads(a.dq_tok, a.dq_heads, B, T, H, D);
    merge_heads(a.dk_tok, a.dk_heads, B, T, Hkv, D);
    merge_heads(a.dv_tok, a.dv_heads, B, T, Hkv, D);
    linear_backward(dain, g.wq, g.bq, a.dq_tok, ain, w.wq, N, C, HD);
    linear_backward(dain, g.wk, g.bk, a.dk_tok, ain, w.wk, N, C, KV);
    linear_backward(dain, g.wv, g.bv, a.dv_tok, ain, w.wv, N, C, KV);
}

}  // namespace

void TrainableModel::backward(const std::int32_t* inputs, const std::int32_t* targets, int B, int T, int count,
                              const Mode& m) {
    const TrainConfig& c = cfg_;
    const Layout& y = *layout_;
    Activations& a = *acts_;
    float* p = params_;
    float* g = grads_;
    const int N = B * T, C = c.dim, V = c.vocab_size;
    const Pass s{c, a, B, T, N, m.train, m.stream, m.first_row};
    const long NC = long(N) * C;

    zero(a.dlogits, long(N) * V);
    crossentropy_backward(a.dlogits, a.probs, targets, N, V, count);
    zero(a.dlnf, NC);
    linear_backward(a.dlnf, y.cls.at(g), nullptr, a.dlogits, a.lnf, y.cls.at(p), N, C, V);
    zero(a.dres, NC);
    norm_backward(c, a.dres, y.lnf_w.at(g), y.lnf_b.at(g), a.dlnf, layer_input(c, a, c.n_layers),
                  y.lnf_w.at(p), a.lnf_mean, a.lnf_rstd, N);

    for (int l = c.n_layers - 1; l >= 0; --l) {
        const LayerActs& la = a.layer[static_cast<std::size_t>(l)];
        const LayerWeights w = layer_weights(y, p, l), gw = layer_weights(y, g, l);
        const float* x = layer_input(c, a, l);
        const bool ffn = c.hidden_dim > 0;
        if (c.prenorm) {
            // x_out = sum1 + ffn(n2), n2 = norm2(sum1); sum1 = x + attn(n1), n1 = norm1(x).
            // dres = d x_out; the residual passes it on as d sum1, then as d x.
            if (ffn) {
                zero(a.dbranch_in, NC);
                ffn_branch_backward(s, l, a.dbranch_in, a.dres, la.n2, la, w, gw);
                norm_backward(c, a.dres, gw.ln2_w, gw.ln2_b, a.dbranch_in, la.sum1, w.ln2_w, la.n2_mean,
                              la.n2_rstd, N);
            }
            zero(a.dbranch_in, NC);
            attention_branch_backward(s, l, a.dbranch_in, a.dres, la.n1, la, w, gw);
            norm_backward(c, a.dres, gw.ln1_w, gw.ln1_b, a.dbranch_in, x, w.ln1_w, la.n1_mean, la.n1_rstd, N);
        } else {
            // x_out = norm2(sum2), sum2 = n1 + ffn(n1); n1 = norm1(sum1), sum1 = x + attn(x).
            // Attention-only: x_out = n1.
            if (ffn) {
                zero(a.dnorm_in, NC);  // d sum2
                norm_backward(c, a.dnorm_in, gw.ln2_w, gw.ln2_b, a.dres, la.sum2, w.ln2_w, la.n2_mean,
                              la.n2_rstd, N);
                zero(a.dbranch_in, NC);  // d n1: through the FFN, then the residual's
                ffn_branch_backward(s, l, a.dbranch_in, a.dnorm_in, la.n1, la, w, gw);
                vec::add_to(a.dbranch_in, a.dnorm_in, NC);
            } else {
                std::memcpy(a.dbranch_in, a.dres, sizeof(float) * static_cast<std::size_t>(NC));  // d n1
            }
            zero(a.dres, NC);  // d sum1, then d x
            norm_backward(c, a.dres, gw.ln1_w, gw.ln1_b, a.dbranch_in, la.sum1, w.ln1_w, la.n1_mean, la.n1_rstd, N);
            zero(a.dbranch_in, NC);  // d x through the attention branch
            attention_branch_backward(s, l, a.dbranch_in, a.dres, x, la, w, gw);
            vec::add_to(a.dres, a.dbranch_in, NC);
        }
    }
    // x0 = drop(scale emb[inputs] + positions)
    const float* dsum = undropped_embedding(s, a.dres);
    if (c.positions == Positions::Learned) positions_backward(y.pos.at(g), dsum, B, T, C);
    embedding_backward(y.emb.at(g), dsum, inputs, N, C, c.embedding_scale);
}

}  // namespace attnscope::train
