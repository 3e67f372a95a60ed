// The forward for one token of any variant a trained model or an AGPT v2
// file may have (ModelConfig's positions, norm, prenorm, activation, bias):
//   x = emb[token] (+ wpe[pos] | sinusoid[pos])
//   pre-LN:  x += attn(norm1(x));  x += ffn(norm2(x))
//   post-LN: x = norm1(x + attn(x));  x = norm2(x + ffn(x))
//   attn: q, k, v (RoPE when positions == Rope), causal softmax(q.k/sqrt(D) - ALiBi), wo (+ bo)
//   ffn: w2(act(w1 x + b1)) + b2, or w2(silu(w1 x + b1) * (w3 x + b3)) + b2
//   logits = classifier normf(x)
// The same kernels as forward_llama.cpp, so it gives the same bits in every build.
#include "attnscope/model/transformer.h"
#include "forward_common.h"

namespace attnscope::model {
void Transformer::forward_variant(int token, int pos, float* attention) {
    using namespace detail;
    const ModelConfig& c = cfg_;
    const Weights& w = w_;
    RunState& s = s_;
    const int C = c.dim, F = c.hidden_dim, D = c.head_size, L = c.n_layers;
    const int HD = c.n_heads * D, KV = c.n_kv_heads * D;
    const std::size_t layer_cache = static_cast<std::size_t>(c.seq_len) * KV;
    const std::size_t lc = static_cast<std::size_t>(C);
    const float* cos = s.rope_cos + static_cast<std::size_t>(pos) * (D / 2);
    const float* sin = s.rope_sin + static_cast<std::size_t>(pos) * (D / 2);
    auto at = [](const float* p, std::size_t off) { return p ? p + off : nullptr; };

    embed(s.x, w.token_embedding, token, C, c.group_size);
    if (c.embedding_scale != 1.f) for (int i = 0; i < C; ++i) s.x[i] *= c.embedding_scale;
    if (c.positions == Positions::Learned) add(s.x, w.wpe + pos * lc, C);
    if (c.positions == Positions::Sinusoidal) add(s.x, s.sinusoid + pos * lc, C);
    for (int l = 0; l < L; ++l) {
        const std::size_t lC = l * lc, lF = static_cast<std::size_t>(l) * F;
        float* k_cache = s.key_cache + l * layer_cache;
        float* v_cache = s.value_cache + l * layer_cache;
        float* k = k_cache + static_cast<std::size_t>(pos) * KV;
        float* v = v_cache + static_cast<std::size_t>(pos) * KV;

        // Attention branch.
        const float* ain = s.x;
        if (c.prenorm) {
            norm(s.xb, s.x, w.ln1_w + lC, at(w.ln1_b, lC), c);
            ain = s.xb;
        }
        prepare(s, c, ain, C);
        if (w.wqkv.f || w.wqkv.q) {  // one (H + 2 Hkv) D x C matrix: rows q, k, v
            const int QKV = HD + 2 * KV;
            linear(s.q, ain, w.wqkv, l, C, QKV, s, c);
            add(s.q, at(w.bqkv, static_cast<std::size_t>(l) * QKV), QKV);
            std::memcpy(k, s.q + HD, sizeof(float) * KV);
            std::memcpy(v, s.q + HD + KV, sizeof(float) * KV);
        } else {
            linear(s.q, ain, w.wq, l, C, HD, s, c);
            linear(k, ain, w.wk, l, C, KV, s, c);
            linear(v, ain, w.wv, l, C, KV, s, c);
            add(s.q, at(w.bq, static_cast<std::size_t>(l) * HD), HD);
            add(k, at(w.bk, static_cast<std::size_t>(l) * KV), KV);
            add(v, at(w.bv, static_cast<std::size_t>(l) * KV), KV);
        }
        if (c.positions == Positions::Rope) {
            rope(s.q, HD, D, cos, sin);
            rope(k, KV, D, cos, sin);
        }
        float* trace = attention ? attention + static_cast<std::size_t>(l) * c.n_heads * (pos + 1) : nullptr;
        attend(s.xb, s.q, k_cache, v_cache, s.att, trace, c, pos,
               c.positions == Positions::Alibi ? s.slopes : nullptr);
        prepare(s, c, s.xb, HD);
        linear(s.xb2, s.xb, w.wo, l, HD, C, s, c);
        add(s.xb2, at(w.bo, lC), C);
        add(s.x, s.xb2, C);
        if (!c.prenorm) norm(s.x, s.x, w.ln1_w + lC, at(w.ln1_b, lC), c);

        // Feed-forward branch (none in an attention-only model, hidden_dim 0).
        if (F == 0) continue;
        const float* fin = s.x;
        if (c.prenorm) {
            norm(s.xb, s.x, w.ln2_w + lC, at(w.ln2_b, lC), c);
            fin = s.xb;
        }
        prepare(s, c, fin, C);
        linear(s.hb, fin, w.w1, l, C, F, s, c);
        add(s.hb, at(w.b1, lF), F);
        if (c.activation == Activation::SwiGlu) {
            linear(s.hb2, fin, w.w3, l, C, F, s, c);
            add(s.hb2, at(w.b3, lF), F);
            for (int i = 0; i < F; ++i) s.hb[i] = silu_f32(s.hb[i]) * s.hb2[i];
        } else {
            activate_row(s.hb, F, c.activation);
        }
        prepare(s, c, s.hb, F);
        linear(s.xb2, s.hb, w.w2, l, F, C, s, c);
        add(s.xb2, at(w.b2, lC), C);
        add(s.x, s.xb2, C);
        if (!c.prenorm) norm(s.x, s.x, w.ln2_w + lC, at(w.ln2_b, lC), c);
    }
    norm(s.x, s.x, w.lnf_w, w.lnf_b, c);
    prepare(s, c, s.x, C);
    linear(s.logits, s.x, w.classifier, 0, C, c.vocab_size, s, c);
}

}  // namespace attnscope::model
