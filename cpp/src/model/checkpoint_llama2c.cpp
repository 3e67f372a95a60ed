// llama2.c checkpoints, read as run.c (legacy) and runq.c (ak42 v2) read them.
// Byte layouts: docs/FORMATS.md. Every field is checked before it is used.
#include <cinttypes>
#include "attnscope/model/byte_reader.h"
#include "loader.h"

namespace attnscope::model {
namespace {

constexpr Status kBad = Status::InvalidArgument;
constexpr std::uint32_t kAk42Magic = 0x616b3432;  // "ak42" as a little-endian uint32
constexpr std::uint64_t kAk42HeaderBytes = 256;
constexpr std::uint64_t kLegacyHeaderBytes = 28;

void set_dims(ModelConfig* c, const std::int32_t h[7]) {
    c->dim = h[0];
    c->hidden_dim = h[1];
    c->n_layers = h[2];
    c->n_heads = h[3];
    c->n_kv_heads = h[4];
    c->vocab_size = h[5];
    c->file_seq_len = h[6];
    c->head_size = c->n_heads > 0 ? c->dim / c->n_heads : 0;
}

Outcome read_header(const std::uint8_t* bytes, std::uint64_t size, ModelConfig* c,
                    std::uint64_t* data_offset) {
    ByteReader r(bytes, size);
    std::uint32_t magic = 0;
    std::int32_t h[7];
    if (!r.read(&magic) || (magic != kAk42Magic && size < kLegacyHeaderBytes))
        return failure(kBad, "checkpoint truncated: the header needs %" PRIu64 " bytes but the file has %" PRIu64,
                       kLegacyHeaderBytes, size);
    if (magic != kAk42Magic) {  // legacy: 7 int32, a negative vocab_size = unshared classifier
        r = ByteReader(bytes, size);
        for (auto& v : h) r.read(&v);
        if (h[5] == INT32_MIN) return failure(kBad, "vocab_size (%d) is out of range", h[5]);
        c->shared_classifier = h[5] > 0;
        if (h[5] < 0) h[5] = -h[5];
        set_dims(c, h);
        c->format = FileFormat::Llama2c;
        *data_offset = kLegacyHeaderBytes;
        return {};
    }
    if (size < kAk42HeaderBytes)
        return failure(kBad, "checkpoint truncated: the ak42 header needs %" PRIu64 " bytes but the file has %" PRIu64,
                       kAk42HeaderBytes, size);
    std::int32_t version = 0;
    r.read(&version);
    if (version != 1 && version != 2)
        return failure(kBad, "unsupported ak42 version %d (known: 1 = fp32, 2 = Q8_0)", version);
    for (auto& v : h) r.read(&v);
    set_dims(c, h);
    std::uint8_t shared = 0;
    r.read(&shared);
    if (shared > 1) return failure(kBad, "shared_classifier flag (%u) must be 0 or 1", shared);
    c->shared_classifier = shared == 1;
    c->format = version == 1 ? FileFormat::Ak42V1 : FileFormat::Ak42V2;
    if (version == 2) {
        std::int32_t gs = 0;
        r.read(&gs);  // at byte 37, unaligned, as export.py writes it
        c->weight_type = WeightType::Q8_0;
        c->file_dtype = FileDtype::Q8_0;
        c->group_size = gs;
    }
    *data_offset = kAk42HeaderBytes;
    return {};
}

// The tensors of the file, in its order (run.c's memory_map_weights and
// runq.c's for version 2; export.py's version1_export for version 1).
std::vector<TensorSpec> tensor_list(const ModelConfig& c, Weights* w) {
    const std::uint64_t L = c.n_layers, C = c.dim, F = c.hidden_dim, V = c.vocab_size;
    const std::uint64_t KV = static_cast<std::uint64_t>(c.n_kv_heads) * c.head_size;
    const std::uint64_t HD = static_cast<std::uint64_t>(c.n_heads) * c.head_size;  // = C
    const Stored m = c.format == FileFormat::Ak42V2 ? Stored::Q8 : Stored::F32;
    const TensorSpec emb{"token_embedding_table", m, 1, V, C, nullptr, &w->token_embedding};
    const TensorSpec att{"rms_att_weight", Stored::F32, L, 1, C, &w->rms_att};
    const TensorSpec ffn{"rms_ffn_weight", Stored::F32, L, 1, C, &w->rms_ffn};
    const TensorSpec fin{"rms_final_weight", Stored::F32, 1, 1, C, &w->rms_final};
    const TensorSpec matrices[] = {
        {"wq", m, L, HD, C, nullptr, &w->wq}, {"wk", m, L, KV, C, nullptr, &w->wk},
        {"wv", m, L, KV, C, nullptr, &w->wv}, {"wo", m, L, C, HD, nullptr, &w->wo}};
    const TensorSpec ffn_matrices[] = {
        {"w1", m, L, F, C, nullptr, &w->w1}, {"w2", m, L, C, F, nullptr, &w->w2},
        {"w3", m, L, F, C, nullptr, &w->w3}};
    std::vector<TensorSpec> s;
    if (c.format == FileFormat::Llama2c) {
        s.push_back(emb);
        s.push_back(att);
        s.insert(s.end(), std::begin(matrices), std::end(matrices));
        s.push_back(ffn);
        s.insert(s.end(), std::begin(ffn_matrices), std::end(ffn_matrices));
        s.push_back(fin);
        const std::uint64_t half = static_cast<std::uint64_t>(c.head_size) / 2;
        s.push_back({"freq_cis_real", Stored::Skip, 1, static_cast<std::uint64_t>(c.file_seq_len), half});
        s.push_back({"freq_cis_imag", Stored::Skip, 1, static_cast<std::uint64_t>(c.file_seq_len), half});
    } else {
        s.push_back(att);
        s.push_back(ffn);
        s.push_back(fin);
        s.push_back(emb);
        s.insert(s.end(), std::begin(matrices), std::end(matrices));
        s.insert(s.end(), std::begin(ffn_matrices), std::end(ffn_matrices));
    }
    if (!c.shared_classifier) s.push_back({"wcls", m, 1, V, C, nullptr, &w->classifier});
    return s;
}

}  // namespace

Outcome Transformer::load_llama2c(const std::uint8_t* bytes, std::uint64_t size,
                                  const LoadOptions& options, std::unique_ptr<Transformer>* out) {
    if (!bytes && size > 0) return failure(kBad, "checkpoint bytes are null");
    std::unique_ptr<Transformer> m(Loader::make());
    ModelConfig& c = Loader::config(m.get());
    c.arch = Arch::Llama;
    std::uint64_t offset = 0;
    Outcome o = read_header(bytes, size, &c, &offset);
    if (o.ok()) o = Loader::check_dims(c);
    if (!o.ok()) return o;
    const int file_gs = c.group_size;
    o = Loader::apply_quantize(&c, options);
    if (!o.ok()) return o;
    Weights& w = Loader::weights(m.get());
    o = Loader::place_tensors(m.get(), bytes, size, offset, tensor_list(c, &w), file_gs);
    if (o.ok()) o = Loader::check_seq_len(&c, options);  // after the file has vouched for the dims
    if (!o.ok()) return o;
    if (c.shared_classifier) w.classifier = w.token_embedding;
    o = Loader::finish(m.get());
    if (o.ok()) *out = std::move(m);
    return o;
}

}  // namespace attnscope::model
