// The parameter table: PyTorch names (llama2.c's model.py for llama,
// nanoGPT's model.py for gpt2) over role-stacked arena storage.
#include "layout.h"
#include <string>
#include "attnscope/model/outcome.h"

namespace attnscope::train {
namespace {

using U = std::uint64_t;

// llama2.c's configure_optimizers decays every tensor of two or more dims:
// the matrices and the tables, not the norms and the biases.
bool decays(ParamRole r) {
    return r != ParamRole::NormWeight && r != ParamRole::NormBias && r != ParamRole::LinearBias;
}

struct Builder {
    const TrainConfig& c;
    Layout* lay;
    std::vector<ParamInfo>* table;
    U used = 0;

    // A stack of L tensors of `per` floats each.
    Slot stack(U per, int layers) {
        Slot s{used, per};
        used += per * static_cast<U>(layers);
        return s;
    }
    void name(const std::string& n, ParamRole role, const Slot& s, int l, int rows, int cols) {
        ParamInfo p;
        p.name = n;
        p.role = role;
        p.rank = rows > 0 ? 2 : 1;
        p.shape[0] = rows > 0 ? rows : cols;
        p.shape[1] = rows > 0 ? cols : 0;
        p.offset = s.off + static_cast<U>(l) * s.stride;
        p.numel = rows > 0 ? static_cast<U>(rows) * cols : static_cast<U>(cols);
        p.decay = decays(role);
        table->push_back(p);
    }
};

}  // namespace

void build_layout(const TrainConfig& c, Layout* lay, std::vector<ParamInfo>* table, U* total) {
    Builder b{c, lay, table};
    const int C = c.dim, F = c.hidden_dim, L = c.n_layers, V = c.vocab_size, T = c.seq_len;
    const int HD = C, KV = C / c.n_heads * c.n_kv_heads, QKV = HD + 2 * KV;
    const bool ln = c.norm == Norm::LayerNorm, lb = c.bias;
    const bool ffn = F > 0, gate = ffn && c.activation == Activation::SwiGlu;
    const bool gpt2 = c.arch == model::Arch::Gpt2;
    *lay = Layout{};
    table->clear();

    // Arena order: role stacks (the inference view and the AGPT v2 file follow it).
    lay->emb = b.stack(static_cast<U>(V) * C, 1);
    if (c.positions == Positions::Learned) lay->pos = b.stack(static_cast<U>(T) * C, 1);
    lay->ln1_w = b.stack(C, L);
    if (ln) lay->ln1_b = b.stack(C, L);
    if (gpt2) {
        lay->wqkv = b.stack(static_cast<U>(QKV) * C, L);
        lay->wq = {lay->wqkv.off, lay->wqkv.stride};
        lay->wk = {lay->wqkv.off + static_cast<U>(HD) * C, lay->wqkv.stride};
        lay->wv = {lay->wqkv.off + static_cast<U>(HD + KV) * C, lay->wqkv.stride};
        if (lb) {
            lay->bqkv = b.stack(QKV, L);
            lay->bq = {lay->bqkv.off, lay->bqkv.stride};
            lay->bk = {lay->bqkv.off + HD, lay->bqkv.stride};
            lay->bv = {lay->bqkv.off + HD + KV, lay->bqkv.stride};
        }
    } else {
        lay->wq = b.stack(static_cast<U>(HD) * C, L);
        lay->wk = b.stack(static_cast<U>(KV) * C, L);
        lay->wv = b.stack(static_cast<U>(KV) * C, L);
        if (lb) {
            lay->bq = b.stack(HD, L);
            lay->bk = b.stack(KV, L);
            lay->bv = b.stack(KV, L);
        }
    }
    lay->wo = b.stack(static_cast<U>(C) * HD, L);
    if (lb) lay->bo = b.stack(C, L);
    if (ffn) {
        lay->ln2_w = b.stack(C, L);
        if (ln) lay->ln2_b = b.stack(C, L);
        lay->w1 = b.stack(static_cast<U>(F) * C, L);
        if (lb) lay->b1 = b.stack(F, L);
        if (gate) {
            lay->w3 = b.stack(static_cast<U>(F) * C, L);
            if (lb) lay->b3 = b.stack(F, L);
        }
        lay->w2 = b.stack(static_cast<U>(C) * F, L);
        if (lb) lay->b2 = b.stack(C, L);
    }
    lay->lnf_w = b.stack(C, 1);
    if (ln) lay->lnf_b = b.stack(C, 1);
    lay->cls = c.shared_classifier ? lay->emb : b.stack(static_cast<U>(V) * C, 1);
    *total = b.used;

    // Names, in the state_dict order of the PyTorch model.
    auto norm = [&](const std::string& n, const Slot& w, const Slot& bias, int l) {
        b.name(n + ".weight", ParamRole::NormWeight, w, l, 0, C);
        if (bias.present()) b.name(n + ".bias", ParamRole::NormBias, bias, l, 0, C);
    };
    auto linear = [&](const std::string& n, ParamRole role, const Slot& w, const Slot& bias, int l, int out,
                      int in) {
        b.name(n + ".weight", role, w, l, out, in);
        if (bias.present()) b.name(n + ".bias", ParamRole::LinearBias, bias, l, 0, out);
    };
    if (!gpt2) {
        b.name("tok_embeddings.weight", ParamRole::TokenEmbedding, lay->emb, 0, V, C);
        if (lay->pos.present()) b.name("pos_embeddings.weight", ParamRole::PositionTable, lay->pos, 0, T, C);
        for (int l = 0; l < L; ++l) {
            const std::string p = "layers." + std::to_string(l) + ".";
            linear(p + "attention.wq", ParamRole::AttnInput, lay->wq, lay->bq, l, HD, C);
            linear(p + "attention.wk", ParamRole::AttnInput, lay->wk, lay->bk, l, KV, C);
            linear(p + "attention.wv", ParamRole::AttnInput, lay->wv, lay->bv, l, KV, C);
            linear(p + "attention.wo", ParamRole::AttnOutput, lay->wo, lay->bo, l, C, HD);
            if (ffn) {
                linear(p + "feed_forward.w1", ParamRole::FfnInput, lay->w1, lay->b1, l, F, C);
                linear(p + "feed_forward.w2", ParamRole::FfnOutput, lay->w2, lay->b2, l, C, F);
                if (gate) linear(p + "feed_forward.w3", ParamRole::FfnGate, lay->w3, lay->b3, l, F, C);
            }
            norm(p + "attention_norm", lay->ln1_w, lay->ln1_b, l);
            if (ffn) norm(p + "ffn_norm", lay->ln2_w, lay->ln2_b, l);
        }
        norm("norm", lay->lnf_w, lay->lnf_b, 0);
        if (!c.shared_classifier) b.name("output.weight", ParamRole::Classifier, lay->cls, 0, V, C);
    } else {
        b.name("transformer.wte.weight", ParamRole::TokenEmbedding, lay->emb, 0, V, C);
        if (lay->pos.present()) b.name("transformer.wpe.weight", ParamRole::PositionTable, lay->pos, 0, T, C);
        for (int l = 0; l < L; ++l) {
            const std::string p = "transformer.h." + std::to_string(l) + ".";
            norm(p + "ln_1", lay->ln1_w, lay->ln1_b, l);
            linear(p + "attn.c_attn", ParamRole::AttnInput, lay->wqkv, lay->bqkv, l, QKV, C);
            linear(p + "attn.c_proj", ParamRole::AttnOutput, lay->wo, lay->bo, l, C, HD);
            if (!ffn) continue;
            norm(p + "ln_2", lay->ln2_w, lay->ln2_b, l);
            linear(p + "mlp.c_fc", ParamRole::FfnInput, lay->w1, lay->b1, l, F, C);
            if (gate) linear(p + "mlp.c_gate", ParamRole::FfnGate, lay->w3, lay->b3, l, F, C);
            linear(p + "mlp.c_proj", ParamRole::FfnOutput, lay->w2, lay->b2, l, C, F);
        }
        norm("transformer.ln_f", lay->lnf_w, lay->lnf_b, 0);
        if (!c.shared_classifier) b.name("lm_head.weight", ParamRole::Classifier, lay->cls, 0, V, C);
    }
}

}  // namespace attnscope::train
