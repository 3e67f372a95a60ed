// What a checkpoint describes, and the options of loading it.
// Legend: L layers, C width (dim), F FFN width (hidden_dim), H query heads,
// Hkv key/value heads, D head size = C/H, V vocabulary, T positions (seq_len).
#pragma once
#include <cstdint>

namespace attnscope::model {

enum class Arch : int {  // js MODEL_ARCH: llama gpt2
    Llama = 0,  // llama2.c: RMSNorm, RoPE (adjacent pairs), GQA, SwiGLU, no biases
    Gpt2 = 1,   // docs/FORMATS.md "AGPT": LayerNorm + biases, learned positions, GELU
};

enum class WeightType : int {  // js MODEL_WEIGHT_TYPE: f32 q8_0
    F32 = 0,
    Q8_0 = 1,  // int8 values, one fp32 scale per group_size consecutive values of a row
};

// Where the checkpoint came from (the byte layouts are in docs/FORMATS.md).
// (Model.config says "trained" for a model made by Model.create: web/lib/ops/model_config.js.)
enum class FileFormat : int {  // js MODEL_FILE_FORMAT: llama2c ak42v1 ak42v2 agpt1 agpt2 safetensors
    Llama2c = 0,        // legacy: 7 int32 header fields, fp32 tensors (llama2.c "version 0")
    Ak42V1 = 1,         // "ak42" header version 1, fp32
    Ak42V2 = 2,         // "ak42" header version 2, Q8_0
    Agpt1 = 3,          // our GPT-2-style format, version 1
    Agpt2 = 4,          // our format, version 2: every variant (and a trained model's own)
    Safetensors = 5,    // a Hugging Face folder: config.json + *.safetensors (hf_reader.h)
};

// How the file stores its weights (before any conversion or quantize on load).
enum class FileDtype : int {  // js MODEL_FILE_DTYPE: f32 f16 bf16 q8_0 mixed
    F32 = 0,
    F16 = 1,    // IEEE half
    Bf16 = 2,   // bfloat16: the top 16 bits of a float32
    Q8_0 = 3,   // ak42 version 2
    Mixed = 4,  // a safetensors file whose weights use more than one of the above
};

// The architecture variants a trained model (and an AGPT v2 file) may choose.
enum class Positions : int {  // js MODEL_POSITIONS: rope learned sinusoidal alibi none
    Rope = 0,        // interleaved pairs (2i, 2i+1) of each head turned by pos * base^(-2i/D)
    Learned = 1,     // a (T, C) table added to the token embedding
    Sinusoidal = 2,  // sin at even dims, cos at odd dims (base 10000) added to the embedding
    Alibi = 3,       // -m_h * (i - j) added to the scaled causal scores
    None = 4,
};
enum class Norm : int {  // js MODEL_NORM: rmsnorm layernorm
    RmsNorm = 0,    // w * x / sqrt(mean(x^2) + eps)
    LayerNorm = 1,  // (x - mean) / sqrt(var + eps) * w + b
};
enum class Activation : int {  // js MODEL_ACTIVATION: swiglu gelu gelu_tanh relu
    SwiGlu = 0,    // w2(silu(w1 x) * w3 x)
    Gelu = 1,      // exact: 0.5 x (1 + erf(x / sqrt 2))
    GeluTanh = 2,  // 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
    Relu = 3,
};

struct ModelConfig {
    Arch arch = Arch::Llama;
    FileFormat format = FileFormat::Llama2c;
    WeightType weight_type = WeightType::F32;  // as stored in memory (after any quantize)
    FileDtype file_dtype = FileDtype::F32;     // as stored in the file
    int dim = 0;         // C: width of the residual stream
    int hidden_dim = 0;  // F: FFN inner width; 0 (trained models only): no FFN sublayer
    int n_layers = 0;    // L
    int n_heads = 0;     // H: query heads
    int n_kv_heads = 0;  // Hkv: key/value heads (H % Hkv == 0; GPT-2: = H)
    int vocab_size = 0;  // V
    int seq_len = 0;     // T: positions the KV cache holds (after max_seq_len)
    int file_seq_len = 0;  // T as the file says
    int head_size = 0;   // D = C / H
    int group_size = 0;  // Q8_0 group size (0 for fp32)
    bool shared_classifier = true;  // logits use the token embedding
    float norm_eps = 1e-5f;
    float rope_base = 10000.f;  // positions == Rope only
    // Variants (the loaders set their file's; AGPT v2 and trained models any).
    Positions positions = Positions::Rope;
    Norm norm = Norm::RmsNorm;
    bool prenorm = true;          // false: post-LN, x = norm(x + f(x))
    Activation activation = Activation::SwiGlu;
    bool bias = false;            // linear layers have biases
    // Trained models only (Model.create): an encoder, and x = scale * emb[id].
    bool causal = true;           // false: forward() refuses (a whole sequence at once: the trainer's path)
    float embedding_scale = 1.f;
};

// llama2.c's own architecture (run.c's forward): RoPE, RMSNorm, pre-LN, SwiGLU, no biases.
inline bool is_plain_llama(const ModelConfig& c) {
    return c.arch == Arch::Llama && c.positions == Positions::Rope && c.norm == Norm::RmsNorm &&
           c.prenorm && c.activation == Activation::SwiGlu && !c.bias && c.hidden_dim > 0 && c.causal &&
           c.embedding_scale == 1.f;
}

struct LoadOptions {
    int max_seq_len = 0;        // > 0: cap T (a smaller KV cache); 0 keeps the file's
    bool quantize_q8 = false;   // fp32 checkpoint -> Q8_0 in memory (Llama only)
    int group_size = 64;        // for quantize_q8; halved until it divides C and F
};

// Limits that keep a hostile header from asking for absurd memory. Tensor
// sizes are bounded by the file's size; these bound what the file does not pay for.
constexpr std::uint64_t kMaxKvCacheBytes = 1ull << 30;  // 1 GiB
constexpr int kMaxSeqLen = 1 << 20;
constexpr int kMaxGroupSize = 1 << 16;  // keeps the int32 sums of a Q8_0 group exact

}  // namespace attnscope::model
