// What a checkpoint describes, and the options of loading it.
// Legend: L layers, C width (dim), F FFN width (hidden_dim), H query heads,
// Hkv key/value heads, D head size = C/H, V vocabulary, T positions (seq_len).
#pragma once
#include <cstdint>

namespace attnscope::model {

enum class Arch : int {
    Llama = 0,  // llama2.c: RMSNorm, RoPE (adjacent pairs), GQA, SwiGLU, no biases
    Gpt2 = 1,   // docs/FORMATS.md "AGPT": LayerNorm + biases, learned positions, GELU
};

enum class WeightType : int {
    F32 = 0,
    Q8_0 = 1,  // int8 values, one fp32 scale per group_size consecutive values of a row
};

// Where the checkpoint came from (the byte layouts are in docs/FORMATS.md).
enum class FileFormat : int {
    Llama2cLegacy = 0,  // 7 int32 header fields, fp32 tensors (llama2.c "version 0")
    Ak42V1 = 1,         // "ak42" header version 1, fp32
    Ak42V2 = 2,         // "ak42" header version 2, Q8_0
    Agpt1 = 3,          // our GPT-2-style format, version 1
};

struct ModelConfig {
    Arch arch = Arch::Llama;
    FileFormat format = FileFormat::Llama2cLegacy;
    WeightType weight_type = WeightType::F32;  // as stored in memory (after any quantize)
    int dim = 0;         // C: width of the residual stream
    int hidden_dim = 0;  // F: FFN inner width
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
    float rope_base = 10000.f;  // Llama only
};

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
