// What a trainable model is: its sizes, its architecture variant, and the
// table of its named parameters (PyTorch state_dict names and shapes), with
// the rules that fill a config in (ModelArgs, the family's variant, the
// hidden size) and say which file formats can hold it. web/lib reads every
// one of these from here (wasm_bindings/train_bindings.cpp); none is
// repeated in JS.
// Legend: L layers, C width (dim), F FFN width (hidden_dim), H query heads,
// Hkv key/value heads, D head size = C/H, V vocabulary, T positions (seq_len).
#pragma once
#include <cstdint>
#include <string>
#include "attnscope/model/config.h"
#include "attnscope/model/outcome.h"

namespace attnscope::train {

using model::Activation;
using model::Norm;
using model::Positions;

struct TrainConfig {
    model::Arch arch = model::Arch::Llama;  // Llama | Gpt2: chooses parameter names (and defaults)
    int dim = 0;          // C, a multiple of n_heads
    int hidden_dim = 0;   // F; 0: attention-only (no feed-forward sublayer, no FFN norm)
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
    bool causal = true;           // false: every position attends to every other (an encoder, BERT's)
    float dropout = 0.f;          // [0, 1): nanoGPT's three places (the embedding sum, the attention
                                  // weights, each branch's output), in training passes only
    float embedding_scale = 1.f;  // x = embedding_scale * emb[id] (+ positions); sqrt(dim) is Vaswani's
};

// llama2.c's model.py ModelArgs: the sizes a config leaves out (a 7B Llama,
// over kMaxParameters: callers give their own), and the rounding of the
// default hidden size.
struct ModelArgs {
    int dim = 4096;
    int n_layers = 32;
    int n_heads = 32;  // n_kv_heads left out = n_heads
    int vocab_size = 32000;
    int seq_len = 2048;
    int multiple_of = 256;
};

// The family's variant fields (sizes untouched): llama = Rope, RmsNorm,
// pre-LN, SwiGlu, no biases (llama2.c's model.py); gpt2 = Learned,
// LayerNorm, pre-LN, Gelu (exact), biases (nanoGPT's model.py).
TrainConfig with_family_defaults(TrainConfig c);

// The whole config of a family with ModelArgs' sizes: with_family_defaults
// of them, n_kv_heads = n_heads, hidden_dim = default_hidden_dim.
TrainConfig family_config(model::Arch arch);

// llama2.c's ModelArgs hidden size: 4C, then 2/3 of it, rounded up to a multiple of `multiple_of` (256).
int llama_hidden_dim(int dim, int multiple_of = 256);

// The hidden size a config leaves out: llama_hidden_dim for SwiGLU (its
// three matrices then cost what two 4C ones would), nanoGPT's 4C otherwise.
int default_hidden_dim(Activation activation, int dim, int multiple_of);

// The checks of TrainableModel::create, before anything is allocated: sizes
// positive, C % H == 0, H % Hkv == 0, an even head size for RoPE, the enums
// in range, the limits below. The message names the field as web/lib does.
model::Outcome check_config(const TrainConfig& c);

// Why llama2.c's legacy format (run.c's forward) cannot hold a model of this
// config — "arch is gpt2", "positions is not 'rope'", ... — or nullptr when it can.
const char* llama2c_mismatch(const TrainConfig& c);

// Why the AGPT version 2 format cannot hold a model of this config, or
// nullptr when it can (it holds every variant of a file's model, but not an
// encoder, an embedding scale or an attention-only model). Dropout is no
// part of what a saved model computes (it is off outside training): saving
// keeps it out, in both formats, as llama2.c's export does.
const char* agpt_mismatch(const TrainConfig& c);

// What a parameter tensor is for. Initialisation and weight decay follow the
// role (trainable_model.cpp), never the tensor's name.
enum class ParamRole : int {
    TokenEmbedding = 0,  // (V, C); also the classifier when shared
    PositionTable = 1,   // (T, C) learned positions
    NormWeight = 2,      // (C)
    NormBias = 3,        // (C) LayerNorm only
    AttnInput = 4,       // wq, wk, wv, or gpt2's fused c_attn: (out, C)
    AttnOutput = 5,      // wo: (C, H*D), the attention branch's last matrix
    FfnInput = 6,        // w1: (F, C)
    FfnGate = 7,         // w3: (F, C), SwiGLU's gate
    FfnOutput = 8,       // w2: (C, F), the FFN branch's last matrix
    LinearBias = 9,      // the bias of any linear layer
    Classifier = 10,     // (V, C) when not shared
};

struct ParamInfo {
    std::string name;          // exactly the PyTorch state_dict name (docs/TRAINING.md)
    ParamRole role = ParamRole::NormWeight;
    int rank = 0;              // 1 or 2
    int shape[3] = {0, 0, 0};  // PyTorch shape (nn.Linear: [out, in]); unused entries 0
    std::uint64_t offset = 0;  // in floats, into params() / grads()
    std::uint64_t numel = 0;
    bool decay = false;        // weight decay applies: every role but norms and biases
};

// Limits checked before anything is allocated (the wasm heap is at most 2 GiB).
constexpr std::uint64_t kMaxParameters = 1ull << 27;        // floats (512 MiB each for weights, grads)
constexpr std::uint64_t kMaxActivationFloats = 1ull << 27;  // the activation arena of one (B, T)
constexpr int kMaxLayers = 1024;  // bounds the parameter table (a few named tensors a layer)

}  // namespace attnscope::train
