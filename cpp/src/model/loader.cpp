#include "loader.h"
#include <cinttypes>
#include <cstdlib>
#include <cstring>
#include "attnscope/model/kernels.h"

namespace attnscope::model {
namespace {

constexpr Status kBad = Status::InvalidArgument;
constexpr std::uint64_t kAlign = 16;

std::uint64_t align_up(std::uint64_t n) { return (n + kAlign - 1) / kAlign * kAlign; }

// Bytes a tensor takes in the file, or false when that overflows 64 bits.
bool file_bytes(const TensorSpec& t, int gs, std::uint64_t* count, std::uint64_t* bytes) {
    std::uint64_t per_layer = 0;
    if (!mul_u64(t.rows, t.cols, &per_layer) || !mul_u64(per_layer, t.layers, count)) return false;
    if (t.stored != Stored::Q8) return mul_u64(*count, 4, bytes);
    std::uint64_t scale_bytes = 0;
    if (!mul_u64(*count / static_cast<std::uint64_t>(gs), 4, &scale_bytes)) return false;
    *bytes = *count + scale_bytes;
    return *bytes >= *count;
}

}  // namespace

Outcome Loader::check_dims(const ModelConfig& c) {
    const struct { const char* name; int value; } fields[] = {
        {"dim", c.dim}, {"hidden_dim", c.hidden_dim}, {"n_layers", c.n_layers},
        {"n_heads", c.n_heads}, {"n_kv_heads", c.n_kv_heads}, {"vocab_size", c.vocab_size},
        {"seq_len", c.file_seq_len}};
    for (const auto& f : fields)
        if (f.value <= 0) return failure(kBad, "%s (%d) must be positive", f.name, f.value);
    if (c.dim % c.n_heads != 0)
        return failure(kBad, "dim (%d) must be a multiple of n_heads (%d)", c.dim, c.n_heads);
    if (c.n_kv_heads > c.n_heads || c.n_heads % c.n_kv_heads != 0)
        return failure(kBad, "n_heads (%d) must be a multiple of n_kv_heads (%d)", c.n_heads,
                       c.n_kv_heads);
    if (c.positions == Positions::Rope && c.head_size % 2 != 0)
        return failure(kBad, "head size dim/n_heads = %d/%d = %d must be even (RoPE rotates pairs)",
                       c.dim, c.n_heads, c.head_size);
    if (c.weight_type == WeightType::Q8_0) {
        if (c.group_size <= 0 || c.group_size > kMaxGroupSize)
            return failure(kBad, "group_size (%d) must be in 1..%d", c.group_size, kMaxGroupSize);
        if (c.dim % c.group_size != 0 || c.hidden_dim % c.group_size != 0)
            return failure(kBad, "dim (%d) and hidden_dim (%d) must be multiples of group_size (%d)",
                           c.dim, c.hidden_dim, c.group_size);
    }
    return {};
}

Outcome Loader::check_seq_len(ModelConfig* c, const LoadOptions& options) {
    if (options.max_seq_len < 0)
        return failure(kBad, "max_seq_len (%d) must be 0 (the file's) or positive", options.max_seq_len);
    c->seq_len = c->file_seq_len;
    if (options.max_seq_len > 0 && options.max_seq_len < c->seq_len) c->seq_len = options.max_seq_len;
    const std::uint64_t kv_dim = static_cast<std::uint64_t>(c->head_size) * c->n_kv_heads;
    std::uint64_t kv_bytes = 0;  // K and V: 2 * L * T * Hkv*D floats
    const bool fits = c->seq_len <= kMaxSeqLen &&
                      mul_u64(8ull * static_cast<std::uint64_t>(c->n_layers), kv_dim, &kv_bytes) &&
                      mul_u64(kv_bytes, static_cast<std::uint64_t>(c->seq_len), &kv_bytes);
    if (!fits || kv_bytes > kMaxKvCacheBytes)
        return failure(kBad,
                       "seq_len %d with n_layers %d and %" PRIu64 " key/value values per position "
                       "needs a KV cache over the limit of %d positions and %" PRIu64
                       " bytes (load with a smaller max_seq_len)",
                       c->seq_len, c->n_layers, kv_dim, kMaxSeqLen, kMaxKvCacheBytes);
    return {};
}

Outcome Loader::apply_quantize(ModelConfig* c, const LoadOptions& options) {
    if (!options.quantize_q8 || c->weight_type == WeightType::Q8_0) return {};
    if (options.group_size <= 0 || options.group_size > kMaxGroupSize)
        return failure(kBad, "group_size option (%d) must be in 1..%d", options.group_size, kMaxGroupSize);
    int gs = options.group_size;
    while (c->dim % gs != 0 || c->hidden_dim % gs != 0) gs /= 2;
    c->weight_type = WeightType::Q8_0;
    c->group_size = gs;
    return {};
}

Outcome Loader::place_tensors(Transformer* m, const std::uint8_t* bytes, std::uint64_t size,
                              std::uint64_t offset, const std::vector<TensorSpec>& specs,
                              int file_gs) {
    const ModelConfig& c = m->cfg_;
    const bool q8_out = c.weight_type == WeightType::Q8_0;
    const std::uint64_t gs = static_cast<std::uint64_t>(q8_out ? c.group_size : 1);

    // 1. Where each tensor is in the file, before anything is allocated.
    std::vector<std::uint64_t> at(specs.size()), counts(specs.size());
    std::uint64_t pos = offset;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const TensorSpec& t = specs[i];
        std::uint64_t need = 0;
        if (!file_bytes(t, file_gs, &counts[i], &need))
            return failure(kBad, "checkpoint truncated: %s (%" PRIu64 " x %" PRIu64 " x %" PRIu64
                           " values) needs more bytes than 64 bits count; the file has %" PRIu64,
                           t.name, t.layers, t.rows, t.cols, size);
        if (pos > size || need > size - pos)
            return failure(kBad, "checkpoint truncated: %s needs %" PRIu64 " bytes at offset %" PRIu64
                           " but the file has %" PRIu64, t.name, need, pos, size);
        at[i] = pos;
        pos += need;
    }
    if (pos != size)
        return failure(kBad, "checkpoint has %" PRIu64 " bytes after its last tensor (%s ends at "
                       "offset %" PRIu64 "); the header does not describe this file",
                       size - pos, specs.back().name, pos);

    // 2. One block for all of them, 16-byte aligned pieces.
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        if (specs[i].stored == Stored::Skip) continue;
        if (specs[i].mat && q8_out)
            total += align_up(counts[i]) + align_up(counts[i] / gs * 4);
        else
            total += align_up(counts[i] * 4);
    }
    if (total > SIZE_MAX - kAlign) return failure(Status::OutOfMemory, "the weights need %" PRIu64
                                                  " bytes, more than this machine can address", total);
    std::uint8_t* block = static_cast<std::uint8_t*>(std::malloc(static_cast<std::size_t>(total) + kAlign));
    if (!block) return failure(Status::OutOfMemory, "cannot allocate %" PRIu64 " bytes for the weights", total);
    m->weight_memory_ = block;
    m->weight_bytes_ = total;
    std::uint8_t* out = block + (kAlign - reinterpret_cast<std::uintptr_t>(block) % kAlign) % kAlign;

    // 3. Copy (or quantise) into place.
    std::vector<float> row;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const TensorSpec& t = specs[i];
        const std::uint8_t* src = bytes + at[i];
        const std::size_t n = static_cast<std::size_t>(counts[i]);
        if (t.stored == Stored::Skip) continue;
        if (!t.mat || !q8_out) {  // fp32 -> fp32
            std::memcpy(out, src, n * 4);
            if (t.mat) t.mat->f = reinterpret_cast<const float*>(out);
            else *t.vec = reinterpret_cast<const float*>(out);
            out += align_up(n * 4);
            continue;
        }
        auto* q = reinterpret_cast<std::int8_t*>(out);
        out += align_up(n);
        auto* s = reinterpret_cast<float*>(out);
        out += align_up(n / gs * 4);
        t.mat->q = q;
        t.mat->s = s;
        const std::size_t per_layer = static_cast<std::size_t>(t.rows * t.cols);
        if (t.stored == Stored::Q8) {  // per layer: values, then scales
            for (std::uint64_t l = 0; l < t.layers; ++l) {
                std::memcpy(q + l * per_layer, src, per_layer);
                std::memcpy(s + l * (per_layer / gs), src + per_layer, per_layer / gs * 4);
                src += per_layer + per_layer / gs * 4;
            }
            continue;
        }
        row.resize(static_cast<std::size_t>(t.cols));  // fp32 -> Q8_0, a row at a time
        for (std::uint64_t r = 0; r < t.layers * t.rows; ++r) {
            std::memcpy(row.data(), src + r * t.cols * 4, t.cols * 4);
            quantize_q8(q + r * t.cols, s + r * (t.cols / gs), row.data(),
                        static_cast<std::int64_t>(t.cols), static_cast<int>(gs));
        }
    }
    return {};
}

}  // namespace attnscope::model
