// The forward of a block of consecutive positions (a prompt, Model.forward):
// forward_variant.cpp's steps, each applied to every row of the block before
// the next, so that a weight matrix is read once per block (matvec_rows)
// instead of once per position. Every row goes through the same kernels in
// the same order as forward() of that position alone, so the bits match;
// tests/cpp/model_sequence_test.cpp checks it for every variant.
#include <algorithm>
#include <cstring>
#include "attnscope/model/transformer.h"
#include "forward_common.h"

namespace attnscope::model {

void Transformer::forward_block(const int* tokens, int p0, int B, int out_from, float* logits, float* attention,
                                int rows_out, int width) {
    using namespace detail;
    const ModelConfig& c = cfg_;
    const Weights& w = w_;
    RunState& s = s_;
    const int C = c.dim, F = c.hidden_dim, D = c.head_size, L = c.n_layers, H = c.n_heads;
    const int HD = H * D, KV = c.n_kv_heads * D, QKV = HD + 2 * KV, XB = std::max(C, HD);
    const std::size_t layer_cache = static_cast<std::size_t>(c.seq_len) * KV, lc = static_cast<std::size_t>(C);
    auto at = [](const float* p, std::size_t off) { return p ? p + off : nullptr; };
    // A llama2.c file names its norms rms_*; the variants' loaders ln*_w.
    const float* norm1 = w.ln1_w ? w.ln1_w : w.rms_att;
    const float* norm2 = w.ln2_w ? w.ln2_w : w.rms_ffn;
    const float* normf = w.lnf_w ? w.lnf_w : w.rms_final;
    float *x = s.rows_x, *xb = s.rows_xb, *xb2 = s.rows_xb2, *hb = s.rows_hb, *hb2 = s.rows_hb2, *qkv = s.rows_qkv;

    for (int t = 0; t < B; ++t) {
        const std::size_t pos = static_cast<std::size_t>(p0 + t);
        embed(x + t * lc, w.token_embedding, tokens[t], C, c.group_size);
        if (c.embedding_scale != 1.f) for (int i = 0; i < C; ++i) x[t * lc + i] *= c.embedding_scale;
        if (c.positions == Positions::Learned) add(x + t * lc, w.wpe + pos * lc, C);
        if (c.positions == Positions::Sinusoidal) add(x + t * lc, s.sinusoid + pos * lc, C);
    }
    for (int l = 0; l < L; ++l) {
        const std::size_t lC = l * lc, lF = static_cast<std::size_t>(l) * F;
        float* k_cache = s.key_cache + l * layer_cache;
        float* v_cache = s.value_cache + l * layer_cache;

        // Attention branch: q, k, v of every row, RoPE, then k and v into the cache.
        const float* ain = x;
        long lda = C;
        if (c.prenorm) {
            for (int t = 0; t < B; ++t) norm(xb + t * XB, x + t * lc, norm1 + lC, at(w.ln1_b, lC), c);
            ain = xb, lda = XB;
        }
        if (w.wqkv.f || w.wqkv.q) {
            linear_rows(qkv, QKV, ain, lda, w.wqkv, l, C, QKV, B, s, c);
            for (int t = 0; t < B; ++t) add(qkv + t * QKV, at(w.bqkv, static_cast<std::size_t>(l) * QKV), QKV);
        } else {
            linear_rows(qkv, QKV, ain, lda, w.wq, l, C, HD, B, s, c);
            linear_rows(qkv + HD, QKV, ain, lda, w.wk, l, C, KV, B, s, c);
            linear_rows(qkv + HD + KV, QKV, ain, lda, w.wv, l, C, KV, B, s, c);
            for (int t = 0; t < B; ++t) {
                float* q = qkv + t * QKV;
                add(q, at(w.bq, static_cast<std::size_t>(l) * HD), HD);
                add(q + HD, at(w.bk, static_cast<std::size_t>(l) * KV), KV);
                add(q + HD + KV, at(w.bv, static_cast<std::size_t>(l) * KV), KV);
            }
        }
        for (int t = 0; t < B; ++t) {
            const std::size_t pos = static_cast<std::size_t>(p0 + t);
            float* q = qkv + t * QKV;
            if (c.positions == Positions::Rope) {
                const float* cos = s.rope_cos + pos * (D / 2);
                const float* sin = s.rope_sin + pos * (D / 2);
                rope(q, HD, D, cos, sin);
                rope(q + HD, KV, D, cos, sin);
            }
            std::memcpy(k_cache + pos * KV, q + HD, sizeof(float) * KV);
            std::memcpy(v_cache + pos * KV, q + HD + KV, sizeof(float) * KV);
        }
        for (int t = 0; t < B; ++t) {
            const int pos = p0 + t;
            // Attention weights go out as (L, H, rows_out, width): head h of
            // this row is rows_out * width floats after head h - 1.
            float* trace = nullptr;
            const std::size_t stride = static_cast<std::size_t>(rows_out) * width;
            if (attention && pos >= out_from)
                trace = attention + static_cast<std::size_t>(l) * H * stride +
                        static_cast<std::size_t>(pos - out_from) * width;
            attend(xb + t * XB, qkv + t * QKV, k_cache, v_cache, s.att, trace, c, pos,
                   c.positions == Positions::Alibi ? s.slopes : nullptr, stride);
            for (int h = 0; trace && h < H; ++h)
                std::fill(trace + h * stride + pos + 1, trace + h * stride + width, 0.f);
        }
        linear_rows(xb2, C, xb, XB, w.wo, l, HD, C, B, s, c);
        for (int t = 0; t < B; ++t) {
            add(xb2 + t * lc, at(w.bo, lC), C);
            add(x + t * lc, xb2 + t * lc, C);
            if (!c.prenorm) norm(x + t * lc, x + t * lc, norm1 + lC, at(w.ln1_b, lC), c);
        }

        // Feed-forward branch (none in an attention-only model, hidden_dim 0).
        if (F == 0) continue;
        const float* fin = x;
        long ldf = C;
        if (c.prenorm) {
            for (int t = 0; t < B; ++t) norm(xb + t * XB, x + t * lc, norm2 + lC, at(w.ln2_b, lC), c);
            fin = xb, ldf = XB;
        }
        linear_rows(hb, F, fin, ldf, w.w1, l, C, F, B, s, c);
        if (c.activation == Activation::SwiGlu) linear_rows(hb2, F, fin, ldf, w.w3, l, C, F, B, s, c);
        for (int t = 0; t < B; ++t) {
            float* h1 = hb + static_cast<std::size_t>(t) * F;
            add(h1, at(w.b1, lF), F);
            if (c.activation == Activation::SwiGlu) {
                float* h3 = hb2 + static_cast<std::size_t>(t) * F;
                add(h3, at(w.b3, lF), F);
                for (int i = 0; i < F; ++i) h1[i] = silu_f32(h1[i]) * h3[i];
            } else {
                activate_row(h1, F, c.activation);
            }
        }
        linear_rows(xb2, C, hb, F, w.w2, l, F, C, B, s, c);
        for (int t = 0; t < B; ++t) {
            add(xb2 + t * lc, at(w.b2, lC), C);
            add(x + t * lc, xb2 + t * lc, C);
            if (!c.prenorm) norm(x + t * lc, x + t * lc, norm2 + lC, at(w.ln2_b, lC), c);
        }
    }

    // Logits of the rows that go out (none for a prompt's prefix).
    const int first = std::max(0, out_from - p0);
    if (!logits || first >= B) return;
    for (int t = first; t < B; ++t) norm(xb + t * XB, x + t * lc, normf, w.lnf_b, c);
    float* out = logits + static_cast<std::size_t>(p0 + first - out_from) * c.vocab_size;
    linear_rows(out, c.vocab_size, xb + first * XB, XB, w.classifier, 0, C, c.vocab_size, B - first, s, c);
}

}  // namespace attnscope::model
