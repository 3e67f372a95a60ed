// Tiny decoder models in the style of llama2.c's run.c: a Config, the weights
// (shape comment on each), a run state (scratch and KV cache) and a forward
// of one token that reads top to bottom (forward_llama.cpp, forward_gpt2.cpp,
// forward_variant.cpp), plus a forward of a whole sequence of tokens
// (forward_sequence.cpp: a prompt, Model.forward). No allocation per call.
//
// Entry points (wasm_bindings/model_bindings.cpp, tools, tests):
//   std::unique_ptr<Transformer> m;
//   Outcome o = Transformer::load_llama2c(bytes, size, options, &m);  // legacy / ak42 v1 / v2
//   Outcome o = Transformer::load_gpt2(bytes, size, options, &m);     // "AGPT" v1
//   m->forward(token, pos, attention)  -> Outcome; then m->logits() holds V floats
//   attention (optional): L*H*(pos+1) floats, [layer][head][key position]
//   m->forward_sequence(tokens, n, start, rows, logits, attention) -> Outcome
//       the same for positions start..start+n-1 in one call (see below)
// Positions run 0, 1, 2, ...: forward(token, pos) needs positions 0..pos-1 in
// the cache (cached_positions() >= pos); going back to an earlier pos rewinds.
// The file bytes are copied: the caller may free them after loading.
//
// Legend: L layers, C width, F FFN width, H heads, Hkv KV heads, D head size,
// V vocabulary, T positions.
#pragma once
#include <cstdint>
#include <memory>
#include "attnscope/model/config.h"
#include "attnscope/model/outcome.h"

namespace attnscope::model {

// A stack of L matrices (L, rows, cols) — or one matrix — in fp32, or Q8_0:
// int8 values (L, rows, cols) with a scale per group of a row (L, rows, cols/gs).
struct MatrixStack {
    const float* f = nullptr;
    const std::int8_t* q = nullptr;
    const float* s = nullptr;
};

struct Weights {
    MatrixStack token_embedding;  // (V, C)
    MatrixStack classifier;       // (V, C); the token embedding when shared
    // Llama (llama2.c names)
    const float* rms_att = nullptr;    // (L, C)
    const float* rms_ffn = nullptr;    // (L, C)
    const float* rms_final = nullptr;  // (C)
    MatrixStack wq;                    // (L, H*D, C)
    MatrixStack wk;                    // (L, Hkv*D, C)
    MatrixStack wv;                    // (L, Hkv*D, C)
    MatrixStack wo;                    // (L, C, H*D)   GPT-2: attention projection
    MatrixStack w1;                    // (L, F, C)     GPT-2: fc
    MatrixStack w2;                    // (L, C, F)     GPT-2: fc projection
    MatrixStack w3;                    // (L, F, C)
    // GPT-2 only
    const float* wpe = nullptr;        // (T, C) learned positions
    const float* ln1_w = nullptr;      // (L, C)
    const float* ln1_b = nullptr;      // (L, C)
    MatrixStack wqkv;                  // (L, 3C, C): rows q, then k, then v
    const float* bqkv = nullptr;       // (L, 3C)
    const float* bo = nullptr;         // (L, C)
    const float* ln2_w = nullptr;      // (L, C)
    const float* ln2_b = nullptr;      // (L, C)
    const float* b1 = nullptr;         // (L, F)
    const float* b2 = nullptr;         // (L, C)
    const float* lnf_w = nullptr;      // (C)
    const float* lnf_b = nullptr;      // (C)
    // Variants (AGPT v2, trained models): null when absent. With n_kv_heads <
    // n_heads, wqkv has (H + 2 Hkv) D rows per layer.
    const float* bq = nullptr;         // (L, H*D)   llama-named q/k/v biases
    const float* bk = nullptr;         // (L, Hkv*D)
    const float* bv = nullptr;         // (L, Hkv*D)
    const float* b3 = nullptr;         // (L, F)     SwiGLU gate bias
};

struct RunState {
    float* x = nullptr;       // (C) residual stream
    float* xb = nullptr;      // (C) normed input / attention output
    float* xb2 = nullptr;     // (C)
    float* hb = nullptr;      // (F)
    float* hb2 = nullptr;     // (F)
    float* q = nullptr;       // (3C): Llama q (C); GPT-2 q, k, v
    float* att = nullptr;     // (H, T) attention weights of the current position
    float* logits = nullptr;  // (V)
    float* key_cache = nullptr;    // (L, T, Hkv*D)
    float* value_cache = nullptr;  // (L, T, Hkv*D)
    std::int16_t* xq = nullptr;    // (B, max(C, F)) Q8_0 activations (int8 values, widened)
    float* xs = nullptr;           // (B, max(C, F) / gs) their scales
    float* rope_cos = nullptr;     // (T, D/2)
    float* rope_sin = nullptr;     // (T, D/2)
    float* sinusoid = nullptr;     // (T, C) positions == Sinusoidal
    float* slopes = nullptr;       // (H) positions == Alibi
    // forward_sequence's block of B positions (kSequenceBlock; 16 with Q8_0), one row each:
    float* rows_x = nullptr;    // (B, C) residual streams
    float* rows_xb = nullptr;   // (B, max(C, H*D)) normed inputs / attention outputs
    float* rows_xb2 = nullptr;  // (B, C)
    float* rows_hb = nullptr;   // (B, F)
    float* rows_hb2 = nullptr;  // (B, F)
    float* rows_qkv = nullptr;  // (B, H*D + 2*Hkv*D) q, k, v
    float* rows_pack = nullptr; // matvec_rows_scratch(max(C, F, H*D), B) packed rows of matvec_rows
};

// Positions forward_sequence runs together with float32 weights: each weight
// matrix is read once per block, so a 128-token prompt reads it once (the
// GPT-2-124M shape's block scratch is ~7 MB). Q8_0 weights take 16 at a time
// (transformer.cpp, sequence_block).
constexpr int kSequenceBlock = 128;

class Transformer {
  public:
    static Outcome load_llama2c(const std::uint8_t* bytes, std::uint64_t size,
                                const LoadOptions& options, std::unique_ptr<Transformer>* out);
    static Outcome load_gpt2(const std::uint8_t* bytes, std::uint64_t size,
                             const LoadOptions& options, std::unique_ptr<Transformer>* out);

    // A model over weights it does not own (a train::TrainableModel's arena):
    // c must be checked by the caller (c.seq_len = c.file_seq_len), w must
    // outlive the model. Allocates only the run state.
    static Outcome view(const ModelConfig& c, const Weights& w, std::unique_ptr<Transformer>* out);
    // After the viewed weights changed: forget the KV cache.
    void reset_cache() { cached_ = 0; }
    // Keep positions 0..n-1 of the KV cache (0 <= n <= cached_positions()),
    // forget the rest: a generation rewinding to a shorter prefix.
    Outcome truncate_cache(int n);

    // logits() (V) of `token` at position `pos`; attention, if not null, gets
    // L*H*(pos+1) floats. Checks token, pos and the cache; never aborts.
    Outcome forward(int token, int pos, float* attention = nullptr);

    // tokens[0..n) at positions start..start+n-1 (start <= cached_positions(),
    // start + n <= seq_len), a block of positions at a time; the cache
    // then holds positions 0..start+n-1. The last `rows` positions (0..n)
    // give, when the pointer is not null: logits (rows, V), and attention
    // (L, H, rows, start+n) in that final layout, zero above the diagonal.
    // With rows > 0, logits() holds the last position's afterwards. Every
    // value is bit-identical to forward() position by position. Checks
    // everything before it changes anything; never aborts.
    Outcome forward_sequence(const int* tokens, int n, int start, int rows, float* logits, float* attention);

    const ModelConfig& config() const { return cfg_; }
    const float* logits() const { return s_.logits; }
    float* logits() { return s_.logits; }
    int cached_positions() const { return cached_; }
    // The KV cache, (L, T, Hkv*D) each; positions 0..cached_positions()-1 hold values.
    const float* key_cache() const { return s_.key_cache; }
    const float* value_cache() const { return s_.value_cache; }
    std::uint64_t weight_bytes() const { return weight_bytes_; }
    std::uint64_t state_bytes() const { return state_bytes_; }
    // The run state (KV cache, scratch) a model of this config allocates:
    // what state_bytes() will be, known before any weight is read.
    static std::uint64_t state_bytes_for(const ModelConfig& c);

    ~Transformer();
    Transformer(const Transformer&) = delete;
    Transformer& operator=(const Transformer&) = delete;

  private:
    Transformer() = default;
    friend struct Loader;  // checkpoint.cpp fills the weights
    Outcome allocate_state();
    void forward_llama(int token, int pos, float* attention);
    void forward_gpt2(int token, int pos, float* attention);
    void forward_variant(int token, int pos, float* attention);  // any ModelConfig variant
    // Positions start..start+count-1 (count <= the block) of forward_sequence;
    // out_from: the first of them whose logits / attention go out, at
    // logits (row 0 = position out_from) and attention (rows rows_out, width).
    void forward_block(const int* tokens, int start, int count, int out_from, float* logits,
                       float* attention, int rows_out, int width);

    ModelConfig cfg_;
    Weights w_;
    RunState s_;
    void* weight_memory_ = nullptr;
    void* state_memory_ = nullptr;
    std::uint64_t weight_bytes_ = 0, state_bytes_ = 0;
    int cached_ = 0;  // positions 0..cached_-1 are in the KV cache
};

}  // namespace attnscope::model
