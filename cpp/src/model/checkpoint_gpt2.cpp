// Our GPT-2-style checkpoint, "AGPT" version 1 (docs/FORMATS.md): a 256-byte
// header, then fp32 tensors in llm.c's order with nn.Linear (out, in) layout.
#include <cinttypes>
#include <cstring>
#include "attnscope/model/byte_reader.h"
#include "loader.h"

namespace attnscope::model {
namespace {

constexpr Status kBad = Status::InvalidArgument;
constexpr std::uint64_t kHeaderBytes = 256;
constexpr std::uint64_t kFieldBytes = 32;  // magic, version, 6 int32; the rest is reserved

Outcome read_header(const std::uint8_t* bytes, std::uint64_t size, ModelConfig* c) {
    if (size < 4 || std::memcmp(bytes, "AGPT", 4) != 0)
        return failure(kBad, "not a GPT-2-style checkpoint: it must start with the bytes \"AGPT\"");
    if (size < kHeaderBytes)
        return failure(kBad, "checkpoint truncated: the AGPT header needs %" PRIu64 " bytes but the file has %" PRIu64,
                       kHeaderBytes, size);
    ByteReader r(bytes + 4, kHeaderBytes - 4);
    std::int32_t version = 0, h[6];
    r.read(&version);
    if (version != 1) return failure(kBad, "unsupported AGPT version %d (known: 1)", version);
    for (auto& v : h) r.read(&v);
    for (std::uint64_t i = kFieldBytes; i < kHeaderBytes; ++i)
        if (bytes[i] != 0)
            return failure(kBad, "AGPT header byte %" PRIu64 " is %u; bytes 32..255 are reserved and must be 0",
                           i, bytes[i]);
    c->dim = h[0];
    c->hidden_dim = h[1];
    c->n_layers = h[2];
    c->n_heads = h[3];
    c->n_kv_heads = h[3];
    c->vocab_size = h[4];
    c->file_seq_len = h[5];
    c->head_size = c->n_heads > 0 ? c->dim / c->n_heads : 0;
    return {};
}

std::vector<TensorSpec> tensor_list(const ModelConfig& c, Weights* w) {
    const std::uint64_t L = c.n_layers, C = c.dim, F = c.hidden_dim, V = c.vocab_size;
    const std::uint64_t T = c.file_seq_len;
    const Stored f = Stored::F32;
    return {
        {"wte", f, 1, V, C, nullptr, &w->token_embedding},
        {"wpe", f, 1, T, C, &w->wpe},
        {"ln1_w", f, L, 1, C, &w->ln1_w},
        {"ln1_b", f, L, 1, C, &w->ln1_b},
        {"qkv_w", f, L, 3 * C, C, nullptr, &w->wqkv},
        {"qkv_b", f, L, 1, 3 * C, &w->bqkv},
        {"attn_proj_w", f, L, C, C, nullptr, &w->wo},
        {"attn_proj_b", f, L, 1, C, &w->bo},
        {"ln2_w", f, L, 1, C, &w->ln2_w},
        {"ln2_b", f, L, 1, C, &w->ln2_b},
        {"fc_w", f, L, F, C, nullptr, &w->w1},
        {"fc_b", f, L, 1, F, &w->b1},
        {"fc_proj_w", f, L, C, F, nullptr, &w->w2},
        {"fc_proj_b", f, L, 1, C, &w->b2},
        {"lnf_w", f, 1, 1, C, &w->lnf_w},
        {"lnf_b", f, 1, 1, C, &w->lnf_b},
    };
}

}  // namespace

Outcome Transformer::load_gpt2(const std::uint8_t* bytes, std::uint64_t size,
                               const LoadOptions& options, std::unique_ptr<Transformer>* out) {
    if (!bytes && size > 0) return failure(kBad, "checkpoint bytes are null");
    std::unique_ptr<Transformer> m(Loader::make());
    ModelConfig& c = Loader::config(m.get());
    c.arch = Arch::Gpt2;
    c.format = FileFormat::Agpt1;
    c.positions = Positions::Learned;  // v1 is GPT-2's own block
    c.norm = Norm::LayerNorm;
    c.activation = Activation::GeluTanh;
    c.bias = true;
    c.shared_classifier = true;
    Outcome o = read_header(bytes, size, &c);
    if (o.ok()) o = Loader::check_dims(c);
    if (!o.ok()) return o;
    o = Loader::apply_quantize(&c, options);
    if (!o.ok()) return o;
    Weights& w = Loader::weights(m.get());
    o = Loader::place_tensors(m.get(), bytes, size, kHeaderBytes, tensor_list(c, &w), 0);
    if (o.ok()) o = Loader::check_seq_len(&c, options);  // after the file has vouched for the dims
    if (!o.ok()) return o;
    w.classifier = w.token_embedding;
    o = Loader::finish(m.get());
    if (o.ok()) *out = std::move(m);
    return o;
}

}  // namespace attnscope::model
