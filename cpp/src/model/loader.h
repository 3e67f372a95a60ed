// Shared machinery of the checkpoint readers: a header parser fills a
// ModelConfig and lists the tensors in file order (TensorSpec); place_tensors
// walks that list against the file with 64-bit checked sizes (each failure
// names the tensor, its offset and the file size), then copies — or
// quantises — every tensor into one malloc'd block owned by the model.
#pragma once
#include <cstdint>
#include <vector>
#include "attnscope/model/outcome.h"
#include "attnscope/model/transformer.h"

namespace attnscope::model {

enum class Stored {
    F32,   // float32 values
    Q8,    // per layer: int8 values (rows*cols), then fp32 scales (rows*cols/gs)
    Skip,  // float32 values that are read past (llama2.c's legacy freq_cis)
};

struct TensorSpec {
    const char* name;
    Stored stored;
    std::uint64_t layers, rows, cols;
    const float** vec = nullptr;  // destination of a plain fp32 tensor (norms, biases)
    MatrixStack* mat = nullptr;   // destination of a matrix (fp32 or Q8_0 per cfg.weight_type)
};

// a*b in 64 bits, false on overflow.
inline bool mul_u64(std::uint64_t a, std::uint64_t b, std::uint64_t* out) {
    return !__builtin_mul_overflow(a, b, out);
}

struct Loader {
    // The header fields every Llama/GPT-2 checkpoint shares; message names the field.
    static Outcome check_dims(const ModelConfig& c);
    // Applies options.max_seq_len and the KV-cache limit to cfg.seq_len.
    static Outcome check_seq_len(ModelConfig* c, const LoadOptions& options);
    // options.quantize_q8 on an fp32 file: Q8_0 in memory, group_size halved
    // until it divides C and F (export.py's back-off).
    static Outcome apply_quantize(ModelConfig* c, const LoadOptions& options);
    // Walks specs from `offset`, requires the file to end exactly after them,
    // fills m's weights. cfg.weight_type/group_size say what to store.
    static Outcome place_tensors(Transformer* m, const std::uint8_t* bytes, std::uint64_t size,
                                 std::uint64_t offset, const std::vector<TensorSpec>& specs,
                                 int file_group_size);
    static ModelConfig& config(Transformer* m) { return m->cfg_; }
    static Weights& weights(Transformer* m) { return m->w_; }
    static const Weights& weights(const Transformer& m) { return m.w_; }
    // A malloc'd block of `bytes` holding the weights: the model frees it.
    static void own_weights(Transformer* m, void* block, std::uint64_t bytes) {
        m->weight_memory_ = block;
        m->weight_bytes_ = bytes;
    }
    static Transformer* make() { return new Transformer(); }
    static Outcome finish(Transformer* m) { return m->allocate_state(); }
};

}  // namespace attnscope::model
