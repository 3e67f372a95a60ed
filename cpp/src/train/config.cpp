// The rules of a config: the family's defaults, the hidden-size rule, the
// checks of TrainableModel::create, and what llama2.c's format can hold.
#include <cinttypes>
#include <climits>
#include <cmath>
#include "attnscope/model/outcome.h"
#include "attnscope/train/config.h"

namespace attnscope::train {

TrainConfig with_family_defaults(TrainConfig c) {
    const bool gpt2 = c.arch == model::Arch::Gpt2;
    c.positions = gpt2 ? Positions::Learned : Positions::Rope;
    c.norm = gpt2 ? Norm::LayerNorm : Norm::RmsNorm;
    c.prenorm = true;
    c.activation = gpt2 ? Activation::Gelu : Activation::SwiGlu;
    c.bias = gpt2;
    return c;
}

TrainConfig family_config(model::Arch arch) {
    const ModelArgs a;
    TrainConfig c;
    c.arch = arch;
    c = with_family_defaults(c);
    c.dim = a.dim, c.n_layers = a.n_layers, c.n_heads = a.n_heads, c.n_kv_heads = a.n_heads;
    c.vocab_size = a.vocab_size, c.seq_len = a.seq_len;
    c.hidden_dim = default_hidden_dim(c.activation, c.dim, a.multiple_of);
    return c;
}

int llama_hidden_dim(int dim, int multiple_of) {
    const long long m = multiple_of > 0 ? multiple_of : 1;
    const long long hidden = 2LL * (4LL * dim) / 3;  // int(2 * 4C / 3)
    const long long rounded = m * ((hidden + m - 1) / m);
    return rounded > INT_MAX ? INT_MAX : static_cast<int>(rounded);  // check_config refuses it then
}

int default_hidden_dim(Activation activation, int dim, int multiple_of) {
    if (activation == Activation::SwiGlu) return llama_hidden_dim(dim, multiple_of);
    return 4LL * dim > INT_MAX ? INT_MAX : 4 * dim;
}

const char* llama2c_mismatch(const TrainConfig& c) {
    return c.arch != model::Arch::Llama ? "arch is gpt2"
           : c.hidden_dim == 0 ? "hiddenDim is 0 (no feed-forward sublayer)"
           : !c.causal ? "causal is false (an encoder)"
           : c.embedding_scale != 1.f ? "embeddingScale is not 1"
           : c.positions != Positions::Rope ? "positions is not 'rope'"
           : c.norm != Norm::RmsNorm ? "norm is not 'rmsnorm'"
           : !c.prenorm ? "prenorm is false"
           : c.activation != Activation::SwiGlu ? "activation is not 'swiglu'"
           : c.bias ? "the linear layers have biases"
           : c.norm_eps != 1e-5f ? "normEps is not 1e-5 (run.c's)"
           : c.rope_base != 10000.f ? "ropeBase is not 10000 (run.c's)"
                                    : nullptr;
}

const char* agpt_mismatch(const TrainConfig& c) {
    return c.hidden_dim == 0 ? "hiddenDim is 0 (no feed-forward sublayer)"
           : !c.causal ? "causal is false (an encoder)"
           : c.embedding_scale != 1.f ? "embeddingScale is not 1"
                                      : nullptr;
}

model::Outcome check_config(const TrainConfig& c) {
    using model::failure;
    const Status bad = Status::InvalidArgument;
    const struct { const char* name; int value; } fields[] = {
        {"dim", c.dim}, {"nLayers", c.n_layers}, {"nHeads", c.n_heads}, {"nKvHeads", c.n_kv_heads},
        {"vocabSize", c.vocab_size}, {"seqLen", c.seq_len}};
    for (const auto& f : fields)
        if (f.value <= 0) return failure(bad, "%s (%d) must be positive", f.name, f.value);
    if (c.hidden_dim < 0)
        return failure(bad, "hiddenDim (%d) must be positive, or 0 for no feed-forward sublayer", c.hidden_dim);
    if (c.arch != model::Arch::Llama && c.arch != model::Arch::Gpt2)
        return failure(bad, "arch (%d) must be llama (0) or gpt2 (1)", static_cast<int>(c.arch));
    if (static_cast<unsigned>(c.positions) > 4u)
        return failure(bad, "positions (%d) must be 0..4 (rope, learned, sinusoidal, alibi, none)",
                       static_cast<int>(c.positions));
    if (static_cast<unsigned>(c.norm) > 1u)
        return failure(bad, "norm (%d) must be 0 (rmsnorm) or 1 (layernorm)", static_cast<int>(c.norm));
    if (static_cast<unsigned>(c.activation) > 3u)
        return failure(bad, "activation (%d) must be 0..3 (swiglu, gelu, gelu_tanh, relu)",
                       static_cast<int>(c.activation));
    if (c.dim % c.n_heads != 0)
        return failure(bad, "dim (%d) must be a multiple of nHeads (%d)", c.dim, c.n_heads);
    if (c.n_kv_heads > c.n_heads || c.n_heads % c.n_kv_heads != 0)
        return failure(bad, "nHeads (%d) must be a multiple of nKvHeads (%d)", c.n_heads, c.n_kv_heads);
    if (c.positions == Positions::Rope && (c.dim / c.n_heads) % 2 != 0)
        return failure(bad, "head size dim/nHeads = %d/%d = %d must be even for positions 'rope'",
                       c.dim, c.n_heads, c.dim / c.n_heads);
    if (c.positions == Positions::Sinusoidal && c.dim % 2 != 0)
        return failure(bad, "dim (%d) must be even for positions 'sinusoidal'", c.dim);
    if (!(c.norm_eps > 0.f) || !(c.norm_eps < 1.f))
        return failure(bad, "normEps (%g) must be in (0, 1)", static_cast<double>(c.norm_eps));
    if (!(c.dropout >= 0.f && c.dropout < 1.f))
        return failure(bad, "dropout (%g) must be in [0, 1)", static_cast<double>(c.dropout));
    if (!(c.embedding_scale > 0.f) || !std::isfinite(c.embedding_scale))
        return failure(bad, "embeddingScale (%g) must be a finite number > 0", static_cast<double>(c.embedding_scale));
    if (!(c.rope_base > 1.f) || !(c.rope_base < 1e30f))
        return failure(bad, "ropeBase (%g) must be a finite number > 1", static_cast<double>(c.rope_base));
    if (c.n_layers > kMaxLayers)
        return failure(bad, "nLayers (%d) must be at most %d", c.n_layers, kMaxLayers);
    if (c.seq_len > model::kMaxSeqLen)
        return failure(bad, "seqLen (%d) must be at most %d", c.seq_len, model::kMaxSeqLen);
    // The parameter count in double first: no product of the header's ints can wrap it.
    const double Cd = c.dim, Fd = c.hidden_dim, Ld = c.n_layers, Vd = c.vocab_size, Td = c.seq_len;
    const double KVd = Cd / c.n_heads * c.n_kv_heads;
    const double per_layer = Cd * (Cd + 2 * KVd) + Cd * Cd + 3 * Fd * Cd + 4 * Cd + 2 * KVd + 3 * Fd;
    const double total = Vd * Cd * 2 + Td * Cd + Ld * per_layer + 2 * Cd;
    if (total > static_cast<double>(kMaxParameters))
        return failure(bad, "the model would have about %.4g parameters, over the limit of %" PRIu64,
                       total, kMaxParameters);
    return {};
}

}  // namespace attnscope::train
