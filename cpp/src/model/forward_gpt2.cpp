// GPT-2 forward for one token (llm.c's gpt2_forward, one position at a time):
//   x = wte[token] + wpe[pos]
//   per layer: x += proj( attention( qkv(ln1(x)) ) ) + b
//              x += fc_proj( gelu_tanh( fc(ln2(x)) + b ) ) + b
//   logits = wte lnf(x)   (tied embeddings)
#include "attnscope/model/transformer.h"
#include "forward_common.h"

namespace attnscope::model {

void Transformer::forward_gpt2(int token, int pos, float* attention) {
    using namespace detail;
    const ModelConfig& c = cfg_;
    const Weights& w = w_;
    RunState& s = s_;
    const int C = c.dim, F = c.hidden_dim, L = c.n_layers;
    const std::size_t layer_cache = static_cast<std::size_t>(c.seq_len) * C;

    embed(s.x, w.token_embedding, token, C, c.group_size);
    add(s.x, w.wpe + static_cast<std::size_t>(pos) * C, C);
    for (int l = 0; l < L; ++l) {
        const std::size_t lc = static_cast<std::size_t>(l) * C;
        vec_layer_norm(s.xb, s.x, w.ln1_w + lc, w.ln1_b + lc, C, c.norm_eps);
        prepare(s, c, s.xb, C);
        linear(s.q, s.xb, w.wqkv, l, C, 3 * C, s, c);  // q, k, v one after another
        add(s.q, w.bqkv + 3 * lc, 3 * C);
        float* k_cache = s.key_cache + l * layer_cache;
        float* v_cache = s.value_cache + l * layer_cache;
        std::memcpy(k_cache + static_cast<std::size_t>(pos) * C, s.q + C, sizeof(float) * C);
        std::memcpy(v_cache + static_cast<std::size_t>(pos) * C, s.q + 2 * C, sizeof(float) * C);
        float* trace = attention ? attention + static_cast<std::size_t>(l) * c.n_heads * (pos + 1) : nullptr;
        attend(s.xb, s.q, k_cache, v_cache, s.att, trace, c, pos);
        prepare(s, c, s.xb, C);
        linear(s.xb2, s.xb, w.wo, l, C, C, s, c);
        add(s.xb2, w.bo + lc, C);
        add(s.x, s.xb2, C);

        vec_layer_norm(s.xb, s.x, w.ln2_w + lc, w.ln2_b + lc, C, c.norm_eps);
        prepare(s, c, s.xb, C);
        linear(s.hb, s.xb, w.w1, l, C, F, s, c);
        add(s.hb, w.b1 + static_cast<std::size_t>(l) * F, F);
        vec_gelu_tanh(s.hb, F);
        prepare(s, c, s.hb, F);
        linear(s.xb, s.hb, w.w2, l, F, C, s, c);
        add(s.xb, w.b2 + lc, C);
        add(s.x, s.xb, C);
    }
    vec_layer_norm(s.x, s.x, w.lnf_w, w.lnf_b, C, c.norm_eps);
    prepare(s, c, s.x, C);
    linear(s.logits, s.x, w.classifier, 0, C, c.vocab_size, s, c);
}

}  // namespace attnscope::model
