// Hugging Face models (config.json + *.safetensors) into the inference engine.
// web/lib/hf/ reads the JSON (config.json, each safetensors header, the shard
// index), names each tensor's role and checks names and shapes against
// config.json; this reader does the rest and trusts none of it: the memory
// plan, checked before anything is allocated, and the conversion of every
// tensor's bytes, a chunk of whole rows at a time, into the engine's layout:
//   dtype   F32, F16, BF16 -> float32 (or Q8_0 with quantize)
//   GPT-2   Conv1D weights stored [in, out] -> (out, in)
//   Llama   q_proj / k_proj rows (and biases) in rotate-half order, pairs
//           (i, i + D/2) of each head -> interleaved pairs (2i, 2i + 1)
// so that forward, generation and attention never know the file's layout.
//
//   HfReader r;
//   r.begin(spec, options)                     // sizes and variant -> checked
//   r.add(role, layer, dtype, rows, cols)      // each tensor to read -> its index
//   r.allocate(limit)                          // every tensor present; memory <= limit
//   r.write(index, data, offset, size)         // whole rows, in order, every byte once
//   r.finish(&model)                           // the Transformer
//   read_hf_tensor(model, role, layer, out)    // a weight back in the file's layout, f32
// Legend: L layers, C width, F FFN width, H heads, Hkv KV heads, D head size,
// V vocabulary, T positions.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>
#include "attnscope/model/config.h"
#include "attnscope/model/outcome.h"
#include "attnscope/model/transformer.h"

namespace attnscope::model {

// What a tensor is for. The file shapes (rows, cols; a vector is 1 x n):
//   both      embedding (V, C), classifier (V, C) when not tied
//   Llama     wq (H*D, C), wk / wv (Hkv*D, C), wo (C, H*D), w1 gate / w3 up (F, C), w2 down (C, F),
//             biases bq (H*D), bk / bv (Hkv*D), bo (C), b1 / b3 (F), b2 (C); norms (C)
//   GPT-2     positions (T, C); Conv1D [in, out]: wqkv (C, 3C), wo (C, C), w1 (C, F), w2 (F, C);
//             biases bqkv (3C), bo (C), b1 (F), b2 (C); norm weights and biases (C)
enum class HfRole : int {  // js: embedding positions norm1_weight norm1_bias wq wk wv bq bk bv wqkv bqkv wo bo norm2_weight norm2_bias w1 b1 w3 b3 w2 b2 final_norm_weight final_norm_bias classifier
    Embedding = 0,
    Positions = 1,
    Norm1Weight = 2,
    Norm1Bias = 3,
    Wq = 4,
    Wk = 5,
    Wv = 6,
    Bq = 7,
    Bk = 8,
    Bv = 9,
    Wqkv = 10,
    Bqkv = 11,
    Wo = 12,
    Bo = 13,
    Norm2Weight = 14,
    Norm2Bias = 15,
    W1 = 16,
    B1 = 17,
    W3 = 18,
    B3 = 19,
    W2 = 20,
    B2 = 21,
    FinalNormWeight = 22,
    FinalNormBias = 23,
    Classifier = 24,
};
constexpr int kHfRoleCount = 25;

// config.json, as web/lib/hf/config.js has read it.
struct HfSpec {
    Arch arch = Arch::Llama;  // Llama: LlamaForCausalLM; Gpt2: GPT2LMHeadModel
    int dim = 0, hidden_dim = 0, n_layers = 0, n_heads = 0, n_kv_heads = 0, vocab_size = 0;
    int seq_len = 0;              // max_position_embeddings / n_positions
    float norm_eps = 1e-5f;       // rms_norm_eps / layer_norm_epsilon
    float rope_base = 10000.f;    // rope_theta (Llama)
    Activation activation = Activation::SwiGlu;  // Llama: SwiGlu; GPT-2: Gelu, GeluTanh or Relu
    bool bias = false;            // Llama: attention_bias (= mlp_bias); GPT-2: always
    bool tied = true;             // tie_word_embeddings
};

class HfReader {
  public:
    HfReader();
    ~HfReader();
    HfReader(const HfReader&) = delete;
    HfReader& operator=(const HfReader&) = delete;

    // The model's sizes and variant, and the load options; checks them.
    Outcome begin(const HfSpec& spec, const LoadOptions& options);
    // One tensor of the files: its role (layer 0 for the unstacked ones), the
    // file's dtype (F32, F16 or Bf16) and shape. *index: what write() takes.
    Outcome add(HfRole role, int layer, FileDtype dtype, std::uint64_t rows, std::uint64_t cols, int* index);
    // The file shape (rows x cols) the model needs for a role; false when it has no such tensor.
    bool file_shape(HfRole role, std::uint64_t* rows, std::uint64_t* cols) const;
    // Bytes allocate() will take: the weights as stored, the run state (KV
    // cache, scratch) and the largest conversion scratch.
    std::uint64_t needed_bytes() const;
    // Checks every tensor the model needs was added, and needed_bytes() <=
    // limit (the message gives the figures), then allocates the weights.
    Outcome allocate(std::uint64_t limit);
    // Bytes offset..offset+size of tensor `index` in the file's dtype: whole
    // rows, each tensor's chunks in order; converted into place.
    Outcome write(int index, const std::uint8_t* data, std::uint64_t offset, std::uint64_t size);
    // After every tensor was written: the model (the reader is then empty).
    Outcome finish(std::unique_ptr<Transformer>* out);

    const ModelConfig& config() const;

  private:
    struct State;
    std::unique_ptr<State> s_;
};

// Whether the model's variant is one a Hugging Face architecture can hold:
// LlamaForCausalLM (RoPE, RMSNorm, pre-norm, SwiGLU; biases on every linear
// or on none) or GPT2LMHeadModel (learned positions, LayerNorm, pre-norm,
// gelu / gelu_tanh / relu, biases, no GQA). The message names what does not fit.
Outcome hf_expressible(const ModelConfig& c);
// A weight of any model hf_expressible() accepts (read from any file, or
// trained), in the Hugging Face layout and shape add() takes (rows x cols),
// as float32 (Q8_0 dequantised): what a writer of safetensors stores.
Outcome read_hf_tensor(const Transformer& m, HfRole role, int layer, float* out);

}  // namespace attnscope::model
