// Sizing and carving the activation arena; the position tables of a (B, T).
#include "activations.h"
#include <cinttypes>
#include <algorithm>
#include <cmath>
#include "attnscope/model/outcome.h"
#include "attnscope/position.h"
#include "attnscope/train/ops.h"

namespace attnscope::train {

std::uint64_t carve_activations(Activations* a, float* base, const TrainConfig& c, int B, int T) {
    using U = std::uint64_t;
    U used = 0;
    double approx = 0;  // the same sum in double: a hostile (B, T, H, L) cannot wrap it
    auto take = [&](U n) {
        float* p = base ? base + used : nullptr;
        used += (n + 3) / 4 * 4;  // 16-byte aligned pieces
        approx += double(n) + 3;
        return p;
    };
    const U N = U(B) * T, C = c.dim, F = c.hidden_dim, D = C / c.n_heads, HD = C, KV = D * c.n_kv_heads;
    const bool ln = c.norm == Norm::LayerNorm, ffn = F > 0, gate = ffn && c.activation == Activation::SwiGlu;
    if (base) a->layer.resize(static_cast<std::size_t>(c.n_layers));  // counting allocates nothing
    LayerActs scratch;
    for (int l = 0; l < c.n_layers; ++l) {
        LayerActs& s = base ? a->layer[static_cast<std::size_t>(l)] : scratch;
        s.n1 = take(N * C);
        s.n1_mean = take(ln ? N : 0);
        s.n1_rstd = take(N);
        s.q = take(N * HD);
        s.k = take(N * KV);
        s.v = take(N * KV);
        s.att = take(U(B) * c.n_heads * T * T);
        s.atty = take(N * HD);
        s.sum1 = take(N * C);
        s.n2 = take(ffn ? N * C : 0);
        s.n2_mean = take(ffn && ln ? N : 0);
        s.n2_rstd = take(ffn ? N : 0);
        s.h1 = take(N * F);
        s.h3 = take(gate ? N * F : 0);
        s.h1exp = take(gate ? N * F : 0);
        s.hact = take(N * F);
        s.sum2 = take(ffn ? N * C : 0);
    }
    const bool rope = c.positions == Positions::Rope;
    const U V = c.vocab_size;
    a->x0 = take(N * C);
    a->lnf = take(N * C);
    a->lnf_mean = take(ln ? N : 0);
    a->lnf_rstd = take(N);
    a->logits = take(N * V);
    a->probs = take(N * V);
    a->losses = take(N);
    a->q_tok = take(N * HD);
    a->k_tok = take(N * KV);
    a->v_tok = take(N * KV);
    a->q_heads = take(rope ? N * HD : 0);
    a->k_heads = take(rope ? N * KV : 0);
    a->atto_heads = take(N * HD);
    a->branch = take(N * C);
    a->dlogits = take(N * V);
    a->dlnf = take(N * C);
    a->dres = take(N * C);
    a->dbranch_in = take(N * C);
    a->dnorm_in = take(c.prenorm || !ffn ? 0 : N * C);
    const bool drop = c.dropout > 0.f;
    a->dbranch_out = take(drop ? N * C : 0);
    a->dembed = take(drop ? N * C : 0);
    a->dhact = take(N * F);
    a->dh1 = take(N * F);
    a->dh3 = take(gate ? N * F : 0);
    a->datty = take(N * HD);
    a->datty_heads = take(N * HD);
    a->dq_rot = take(rope ? N * HD : 0);
    a->dk_rot = take(rope ? N * KV : 0);
    a->dq_heads = take(N * HD);
    a->dk_heads = take(N * KV);
    a->dv_heads = take(N * KV);
    a->dq_tok = take(N * HD);
    a->dk_tok = take(N * KV);
    a->dv_tok = take(N * KV);
    AttentionOptions o;  // the largest scratch of this config's attention
    o.dropout.threshold = drop ? 1 : 0;
    a->att_scratch = take(U(std::max(attention_forward_scratch(T, o), attention_backward_scratch(T, o))));
    a->rope_cos = take(rope ? U(T) * (D / 2) : 0);
    a->rope_sin = take(rope ? U(T) * (D / 2) : 0);
    a->sinusoid = take(c.positions == Positions::Sinusoidal ? U(T) * C : 0);
    a->slopes = take(c.positions == Positions::Alibi ? U(c.n_heads) : 0);
    return approx > 0x1p62 ? ~0ull : used;
}

model::Outcome size_activations(Activations* a, const TrainConfig& c, int B, int T) {
    if (a->B == B && a->T == T) return {};
    Activations count;  // check_batch refused a need over kMaxActivationFloats
    const std::uint64_t need = carve_activations(&count, nullptr, c, B, T);
    if (need > a->capacity) {
        float* block = static_cast<float*>(std::malloc(static_cast<std::size_t>(need) * sizeof(float)));
        if (!block)
            return model::failure(Status::OutOfMemory, "cannot allocate %" PRIu64 " bytes of activations",
                                  need * 4);
        std::free(a->block);
        a->block = block;
        a->capacity = need;
    }
    carve_activations(a, a->block, c, B, T);
    a->B = B;
    a->T = T;
    const int D = c.dim / c.n_heads;
    if (c.positions == Positions::Rope)  // in double, as the inference path's table
        for (int i = 0; i < D / 2; ++i) {
            const double freq = std::pow(static_cast<double>(c.rope_base), -2.0 * i / D);
            for (int t = 0; t < T; ++t) {
                a->rope_cos[static_cast<std::size_t>(t) * (D / 2) + i] = static_cast<float>(std::cos(t * freq));
                a->rope_sin[static_cast<std::size_t>(t) * (D / 2) + i] = static_cast<float>(std::sin(t * freq));
            }
        }
    if (c.positions == Positions::Sinusoidal) sinusoidal_encoding(a->sinusoid, T, c.dim, 10000.f);
    if (c.positions == Positions::Alibi) alibi_slopes(a->slopes, c.n_heads);
    return {};
}

}  // namespace attnscope::train
