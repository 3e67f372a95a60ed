// The weights of any model in the Hugging Face layout (hf_reader.h:
// hf_expressible, read_hf_tensor): what Model.parameters() of a folder and
// Model.toHuggingFace() read, undoing the reader's conversions.
#include <cinttypes>
#include <cstring>
#include <vector>
#include "attnscope/model/hf_reader.h"
#include "attnscope/model/kernels.h"
#include "hf_layout.h"
#include "hf_roles.h"
#include "loader.h"

namespace attnscope::model {
namespace {

using hf::RoleInfo;
using hf::Transform;
using hf::U;
constexpr Status kBad = Status::InvalidArgument;

}  // namespace

Outcome hf_expressible(const ModelConfig& c) {
    const char* positions[] = {"rope", "learned", "sinusoidal", "alibi", "none"};
    const char* activations[] = {"swiglu", "gelu", "gelu_tanh", "relu"};
    const int p = static_cast<int>(c.positions), a = static_cast<int>(c.activation);
    if (c.arch == Arch::Llama) {
        if (c.positions != Positions::Rope)
            return failure(kBad, "positions '%s' cannot be written as LlamaForCausalLM, which uses RoPE", positions[p]);
        if (c.norm != Norm::RmsNorm)
            return failure(kBad, "norm 'layernorm' cannot be written as LlamaForCausalLM, which uses RMSNorm");
        if (c.activation != Activation::SwiGlu)
            return failure(kBad, "activation '%s' cannot be written as LlamaForCausalLM, whose MLP is SwiGLU", activations[a]);
    } else {
        if (c.positions != Positions::Learned)
            return failure(kBad, "positions '%s' cannot be written as GPT2LMHeadModel, which learns its positions", positions[p]);
        if (c.norm != Norm::LayerNorm)
            return failure(kBad, "norm 'rmsnorm' cannot be written as GPT2LMHeadModel, which uses LayerNorm");
        if (c.activation == Activation::SwiGlu)
            return failure(kBad, "activation 'swiglu' cannot be written as GPT2LMHeadModel (gelu, gelu_tanh or relu)");
        if (!c.bias) return failure(kBad, "bias false cannot be written as GPT2LMHeadModel, whose layers all have biases");
        if (c.n_kv_heads != c.n_heads)
            return failure(kBad, "nKvHeads %d < nHeads %d (grouped-query attention) cannot be written as GPT2LMHeadModel",
                           c.n_kv_heads, c.n_heads);
    }
    if (!c.prenorm) return failure(kBad, "prenorm false (post-LN) cannot be written as a Hugging Face Llama or GPT-2");
    if (!c.causal) return failure(kBad, "causal false (an encoder) cannot be written as a Hugging Face Llama or GPT-2, which are causal");
    if (c.hidden_dim == 0)
        return failure(kBad, "hiddenDim 0 (attention only) cannot be written as a Hugging Face Llama or GPT-2, whose layers all have an MLP");
    if (c.embedding_scale != 1.f)
        return failure(kBad, "embeddingScale %g cannot be written as a Hugging Face Llama or GPT-2, which add the embedding unscaled",
                       static_cast<double>(c.embedding_scale));
    return {};
}

Outcome read_hf_tensor(const Transformer& m, HfRole role, int layer, float* out) {
    const ModelConfig& c = m.config();
    Outcome o = hf_expressible(c);
    if (!o.ok()) return o;
    if (static_cast<unsigned>(role) >= static_cast<unsigned>(kHfRoleCount))
        return failure(kBad, "role %d is not a tensor role", static_cast<int>(role));
    Weights w = Loader::weights(m);
    if (!w.ln1_w) w.ln1_w = w.rms_att, w.ln2_w = w.rms_ffn, w.lnf_w = w.rms_final;  // a llama2.c file's names
    const RoleInfo r = hf::role_info(c, role, &w);
    const char* name = hf::kRoleNames[static_cast<int>(role)];
    if (!r.present) return failure(kBad, "this model has no %s tensor", name);
    if (layer < 0 || static_cast<U>(layer) >= r.layers)
        return failure(kBad, "%s: layer %d is outside 0..%" PRIu64, name, layer, r.layers - 1);
    std::vector<float> row(static_cast<std::size_t>(r.K));
    const U D = static_cast<U>(c.head_size);
    for (U er = 0; er < r.R; ++er) {
        const U at = (static_cast<U>(layer) * r.R + er) * r.K;
        if (r.vec) std::memcpy(row.data(), *r.vec + at, r.K * 4);
        else if (r.mat->f) std::memcpy(row.data(), r.mat->f + at, r.K * 4);
        else dequantize_q8(row.data(), r.mat->q + at, r.mat->s + at / c.group_size, static_cast<int>(r.K), c.group_size);
        if (r.transform == Transform::Transpose) {
            for (U j = 0; j < r.K; ++j) out[j * r.R + er] = row[j];
        } else if (r.transform == Transform::Interleave && r.R == 1) {
            for (U j = 0; j < r.K; ++j) out[hf::rotate_half_row(j, D)] = row[j];
        } else {
            const U fr = r.transform == Transform::Interleave ? hf::rotate_half_row(er, D) : er;
            std::memcpy(out + fr * r.K, row.data(), r.K * 4);
        }
    }
    return {};
}

}  // namespace attnscope::model
