// What a trainable model is: its sizes, its architecture variant, and the
// table of its named parameters (PyTorch state_dict names and shapes).
// Legend: L layers, C width (dim), F FFN width (hidden_dim), H query heads,
// Hkv key/value heads, D head size = C/H, V vocabulary, T positions (seq_len).
#pragma once
#include <cstdint>
#include <string>
#include "attnscope/model/config.h"

namespace attnscope::train {

using model::Activation;
using model::Norm;
using model::Positions;

struct TrainConfig {
    model::Arch arch = model::Arch::Llama;  // Llama | Gpt2: chooses parameter names (and defaults)
    int dim = 0;          // C, a multiple of n_heads
    int hidden_dim = 0;   // F
    int n_layers = 0;     // L
    int n_heads = 0;      // H
    int n_kv_heads = 0;   // Hkv: H % Hkv == 0 (Hkv < H: grouped-query attention, 1: MQA)
    int vocab_size = 0;   // V
    int seq_len = 0;      // T: the longest sequence (and the learned position table's rows)
    bool shared_classifier = true;  // logits = embedding @ x (no separate output matrix)
    Positions positions = Positions::Rope;  // llama default Rope, gpt2 default Learned
    Norm norm = Norm::RmsNorm;              // llama RmsNorm, gpt2 LayerNorm (weight + bias)
    bool prenorm = true;                    // true: x += f(norm(x)); false (post-LN): x = norm(x + f(x))
    Activation activation = Activation::SwiGlu;  // llama SwiGlu, gpt2 Gelu (exact)
    bool bias = false;                      // linear biases: gpt2 true, llama false
    float norm_eps = 1e-5f;
    float rope_base = 10000.f;              // RoPE layout: interleaved pairs (llama2.c)
};

// The family's defaults for the variant fields (sizes untouched): llama =
// Rope, RmsNorm, pre-LN, SwiGlu, no biases; gpt2 = Learned, LayerNorm,
// pre-LN, Gelu (exact), biases.
TrainConfig with_family_defaults(TrainConfig c);

// llama2.c's ModelArgs hidden size: 4C, then 2/3 of it, rounded up to a multiple of `multiple_of` (256).
int llama_hidden_dim(int dim, int multiple_of = 256);

struct ParamInfo {
    std::string name;          // exactly the PyTorch state_dict name (TRAIN_INTERFACE.md)
    int rank = 0;              // 1 or 2
    int shape[3] = {0, 0, 0};  // PyTorch shape (nn.Linear: [out, in]); unused entries 0
    std::uint64_t offset = 0;  // in floats, into params() / grads()
    std::uint64_t numel = 0;
    bool decay = false;        // weight decay applies (rank >= 2)
};

// Limits checked before anything is allocated (the wasm heap is at most 2 GiB).
constexpr std::uint64_t kMaxParameters = 1ull << 27;        // floats (512 MiB each for weights, grads)
constexpr std::uint64_t kMaxActivationFloats = 1ull << 27;  // the activation arena of one (B, T)
constexpr int kMaxLayers = 1024;  // bounds the parameter table (a few named tensors a layer)

}  // namespace attnscope::train
