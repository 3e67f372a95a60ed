// The architecture variants the training tests sweep: both families' defaults
// and each option changed on its own.
#pragma once
#include <cmath>
#include <string>
#include <vector>
#include "attnscope/train/trainable_model.h"
#include "train_fd.h"

namespace train_variants {

using namespace attnscope;
using namespace attnscope::train;

struct Variant {
    std::string label;
    TrainConfig config;
};

inline TrainConfig base(model::Arch arch) {
    TrainConfig c;
    c.arch = arch;
    c.dim = 8, c.hidden_dim = 12, c.n_layers = 2, c.n_heads = 4, c.n_kv_heads = 2;
    c.vocab_size = 11, c.seq_len = 6;
    return with_family_defaults(c);
}

inline std::vector<Variant> all() {
    std::vector<Variant> v;
    auto add = [&](const std::string& label, model::Arch arch, void (*change)(TrainConfig*)) {
        TrainConfig c = base(arch);
        change(&c);
        v.push_back({label, c});
    };
    using A = model::Arch;
    add("llama", A::Llama, [](TrainConfig*) {});
    add("llama separate classifier", A::Llama, [](TrainConfig* c) { c->shared_classifier = false; });
    add("llama MQA", A::Llama, [](TrainConfig* c) { c->n_kv_heads = 1; });
    add("llama learned", A::Llama, [](TrainConfig* c) { c->positions = Positions::Learned; });
    add("llama sinusoidal", A::Llama, [](TrainConfig* c) { c->positions = Positions::Sinusoidal; });
    add("llama alibi", A::Llama, [](TrainConfig* c) { c->positions = Positions::Alibi; });
    add("llama none", A::Llama, [](TrainConfig* c) { c->positions = Positions::None; });
    add("llama post-LN", A::Llama, [](TrainConfig* c) { c->prenorm = false; });
    add("llama layernorm biases gelu", A::Llama, [](TrainConfig* c) {
        c->norm = Norm::LayerNorm, c->bias = true, c->activation = Activation::Gelu;
    });
    add("gpt2", A::Gpt2, [](TrainConfig*) {});
    add("gpt2 rope", A::Gpt2, [](TrainConfig* c) { c->positions = Positions::Rope; });
    add("gpt2 post-LN", A::Gpt2, [](TrainConfig* c) { c->prenorm = false; });
    add("gpt2 gelu_tanh", A::Gpt2, [](TrainConfig* c) { c->activation = Activation::GeluTanh; });
    add("gpt2 relu", A::Gpt2, [](TrainConfig* c) { c->activation = Activation::Relu; });
    add("gpt2 swiglu", A::Gpt2, [](TrainConfig* c) { c->activation = Activation::SwiGlu; });
    add("gpt2 rmsnorm no biases lm_head", A::Gpt2, [](TrainConfig* c) {
        c->norm = Norm::RmsNorm, c->bias = false, c->shared_classifier = false;
    });
    add("gpt2 GQA alibi", A::Gpt2, [](TrainConfig* c) { c->positions = Positions::Alibi; });
    add("llama attention-only", A::Llama, [](TrainConfig* c) { c->hidden_dim = 0; });
    add("gpt2 attention-only post-LN", A::Gpt2, [](TrainConfig* c) { c->hidden_dim = 0, c->prenorm = false; });
    add("llama encoder", A::Llama, [](TrainConfig* c) { c->causal = false; });
    add("gpt2 encoder alibi post-LN", A::Gpt2, [](TrainConfig* c) {
        c->causal = false, c->positions = Positions::Alibi, c->prenorm = false;
    });
    add("llama sinusoidal x sqrt(C)", A::Llama, [](TrainConfig* c) {
        c->positions = Positions::Sinusoidal, c->embedding_scale = std::sqrt(8.f);
    });
    add("gpt2 learned x sqrt(C)", A::Gpt2, [](TrainConfig* c) { c->embedding_scale = std::sqrt(8.f); });
    add("llama dropout", A::Llama, [](TrainConfig* c) { c->dropout = 0.25f; });
    add("gpt2 encoder dropout", A::Gpt2, [](TrainConfig* c) { c->dropout = 0.25f, c->causal = false; });
    return v;
}

// Weights larger than the 0.02 init (matrices N(0, 0.3), norm weights 1 + N(0, 0.1),
// biases N(0, 0.1)), so gradients and logits stand well above float rounding.
inline void randomise(TrainableModel* m, std::uint32_t seed) {
    for (int i = 0; i < m->param_count(); ++i) {
        const ParamInfo& p = m->param(i);
        const bool bias = p.name.find(".bias") != std::string::npos;
        auto r = train_fd::random_vector(p.numel, seed + i, p.rank == 2 ? 0.3f : 0.1f);
        for (std::uint64_t j = 0; j < p.numel; ++j)
            m->params()[p.offset + j] = (p.rank == 1 && !bias ? 1.f : 0.f) + r[j];
    }
    m->weights_changed();
}

}  // namespace train_variants
