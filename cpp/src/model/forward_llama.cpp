// Llama forward for one token, as llama2.c's run.c (and runq.c for Q8_0):
//   x = emb[token]
//   per layer: x += wo( attention( rope(wq xn), rope(wk xn), wv xn ) ),  xn = rmsnorm(x)
//              x += w2( silu(w1 xn) * w3 xn ),                          xn = rmsnorm(x)
//   logits = wcls rmsnorm(x)
#include "attnscope/model/transformer.h"
#include "forward_common.h"

namespace attnscope::model {

void Transformer::forward_llama(int token, int pos, float* attention) {
    using namespace detail;
    const ModelConfig& c = cfg_;
    const Weights& w = w_;
    RunState& s = s_;
    const int C = c.dim, F = c.hidden_dim, D = c.head_size, L = c.n_layers;
    const int kv_dim = c.n_kv_heads * D;
    const std::size_t layer_cache = static_cast<std::size_t>(c.seq_len) * kv_dim;
    const float* cos = s.rope_cos + static_cast<std::size_t>(pos) * (D / 2);
    const float* sin = s.rope_sin + static_cast<std::size_t>(pos) * (D / 2);

    embed(s.x, w.token_embedding, token, C, c.group_size);
    for (int l = 0; l < L; ++l) {
        // Attention: q, k, v of this position; k and v go straight into the cache.
        vec_rms_norm(s.xb, s.x, w.rms_att + static_cast<std::size_t>(l) * C, C, c.norm_eps);
        float* k_cache = s.key_cache + l * layer_cache;
        float* v_cache = s.value_cache + l * layer_cache;
        float* k = k_cache + static_cast<std::size_t>(pos) * kv_dim;
        float* v = v_cache + static_cast<std::size_t>(pos) * kv_dim;
        prepare(s, c, s.xb, C);
        linear(s.q, s.xb, w.wq, l, C, C, s, c);
        linear(k, s.xb, w.wk, l, C, kv_dim, s, c);
        linear(v, s.xb, w.wv, l, C, kv_dim, s, c);
        rope(s.q, C, D, cos, sin);
        rope(k, kv_dim, D, cos, sin);
        float* trace = attention ? attention + static_cast<std::size_t>(l) * c.n_heads * (pos + 1) : nullptr;
        attend(s.xb, s.q, k_cache, v_cache, s.att, trace, c, pos);
        prepare(s, c, s.xb, C);
        linear(s.xb2, s.xb, w.wo, l, C, C, s, c);
        for (int i = 0; i < C; ++i) s.x[i] += s.xb2[i];

        // SwiGLU feed-forward.
        vec_rms_norm(s.xb, s.x, w.rms_ffn + static_cast<std::size_t>(l) * C, C, c.norm_eps);
        prepare(s, c, s.xb, C);
        linear(s.hb, s.xb, w.w1, l, C, F, s, c);
        linear(s.hb2, s.xb, w.w3, l, C, F, s, c);
        for (int i = 0; i < F; ++i) s.hb[i] = silu_f32(s.hb[i]) * s.hb2[i];
        prepare(s, c, s.hb, F);
        linear(s.xb, s.hb, w.w2, l, F, C, s, c);
        for (int i = 0; i < C; ++i) s.x[i] += s.xb[i];
    }
    vec_rms_norm(s.x, s.x, w.rms_final, C, c.norm_eps);
    prepare(s, c, s.x, C);
    linear(s.logits, s.x, w.classifier, 0, C, c.vocab_size, s, c);
}

}  // namespace attnscope::model
