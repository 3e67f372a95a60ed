// Our own checkpoints (docs/FORMATS.md): "AGPT" version 1, GPT-2's block
// (a 256-byte header, then fp32 tensors in llm.c's order, nn.Linear (out,
// in) layout), and version 2, every variant a trained model may have (its
// tensors in the order of train/layout.cpp's arena, which save_agpt writes).
#include <cinttypes>
#include <cstring>
#include "attnscope/model/byte_reader.h"
#include "loader.h"

namespace attnscope::model {
namespace {

constexpr Status kBad = Status::InvalidArgument;
constexpr std::uint64_t kHeaderBytes = 256;
constexpr std::uint64_t kFieldBytes = 32;  // magic, version, 6 int32; the rest is reserved
constexpr std::uint64_t kFieldBytesV2 = 72;  // magic, version, 14 int32, 2 float32

// Version 2 fields after the version: 7 sizes, then the variant (checked here).
Outcome read_header_v2(ByteReader* r, const std::uint8_t* bytes, ModelConfig* c) {
    std::int32_t h[14];
    for (auto& v : h) r->read(&v);
    float eps = 0.f, base = 0.f;
    r->read(&eps);
    r->read(&base);
    for (std::uint64_t i = kFieldBytesV2; i < kHeaderBytes; ++i)
        if (bytes[i] != 0)
            return failure(kBad, "AGPT header byte %" PRIu64 " is %u; bytes %" PRIu64 "..255 are reserved and must be 0",
                           i, bytes[i], kFieldBytesV2);
    const struct { const char* name; int value, max; } flags[] = {
        {"arch", h[7], 1}, {"positions", h[8], 4}, {"norm", h[9], 1}, {"prenorm", h[10], 1},
        {"activation", h[11], 3}, {"bias", h[12], 1}, {"shared_classifier", h[13], 1}};
    for (const auto& f : flags)
        if (f.value < 0 || f.value > f.max)
            return failure(kBad, "AGPT v2 field %s (%d) must be in 0..%d", f.name, f.value, f.max);
    if (!(eps > 0.f && eps < 1.f)) return failure(kBad, "AGPT v2 norm_eps (%g) must be in (0, 1)", double(eps));
    if (!(base > 1.f && base < 1e30f)) return failure(kBad, "AGPT v2 rope_base (%g) must be a finite number > 1", double(base));
    c->dim = h[0];
    c->hidden_dim = h[1];
    c->n_layers = h[2];
    c->n_heads = h[3];
    c->n_kv_heads = h[4];
    c->vocab_size = h[5];
    c->file_seq_len = h[6];
    c->head_size = c->n_heads > 0 ? c->dim / c->n_heads : 0;
    c->arch = static_cast<Arch>(h[7]);
    c->positions = static_cast<Positions>(h[8]);
    c->norm = static_cast<Norm>(h[9]);
    c->prenorm = h[10] == 1;
    c->activation = static_cast<Activation>(h[11]);
    c->bias = h[12] == 1;
    c->shared_classifier = h[13] == 1;
    c->norm_eps = eps;
    c->rope_base = base;
    c->format = FileFormat::Agpt2;
    return {};
}

Outcome read_header(const std::uint8_t* bytes, std::uint64_t size, ModelConfig* c) {
    if (size < 4 || std::memcmp(bytes, "AGPT", 4) != 0)
        return failure(kBad, "not a GPT-2-style checkpoint: it must start with the bytes \"AGPT\"");
    if (size < kHeaderBytes)
        return failure(kBad, "checkpoint truncated: the AGPT header needs %" PRIu64 " bytes but the file has %" PRIu64,
                       kHeaderBytes, size);
    ByteReader r(bytes + 4, kHeaderBytes - 4);
    std::int32_t version = 0, h[6];
    r.read(&version);
    if (version == 2) return read_header_v2(&r, bytes, c);
    if (version != 1) return failure(kBad, "unsupported AGPT version %d (known: 1, 2)", version);
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

// Version 2: the role stacks of train/layout.cpp, present as the variant says.
std::vector<TensorSpec> tensor_list_v2(const ModelConfig& c, Weights* w) {
    const std::uint64_t L = c.n_layers, C = c.dim, F = c.hidden_dim, V = c.vocab_size;
    const std::uint64_t T = c.file_seq_len, HD = C;
    const std::uint64_t KV = static_cast<std::uint64_t>(c.head_size) * c.n_kv_heads, QKV = HD + 2 * KV;
    const bool ln = c.norm == Norm::LayerNorm, b = c.bias, gate = c.activation == Activation::SwiGlu;
    const Stored f = Stored::F32;
    std::vector<TensorSpec> s;
    s.push_back({"token_embedding", f, 1, V, C, nullptr, &w->token_embedding});
    if (c.positions == Positions::Learned) s.push_back({"positions", f, 1, T, C, &w->wpe});
    s.push_back({"norm1_weight", f, L, 1, C, &w->ln1_w});
    if (ln) s.push_back({"norm1_bias", f, L, 1, C, &w->ln1_b});
    if (c.arch == Arch::Gpt2) {
        s.push_back({"qkv_weight", f, L, QKV, C, nullptr, &w->wqkv});
        if (b) s.push_back({"qkv_bias", f, L, 1, QKV, &w->bqkv});
    } else {
        s.push_back({"wq", f, L, HD, C, nullptr, &w->wq});
        s.push_back({"wk", f, L, KV, C, nullptr, &w->wk});
        s.push_back({"wv", f, L, KV, C, nullptr, &w->wv});
        if (b) {
            s.push_back({"bq", f, L, 1, HD, &w->bq});
            s.push_back({"bk", f, L, 1, KV, &w->bk});
            s.push_back({"bv", f, L, 1, KV, &w->bv});
        }
    }
    s.push_back({"wo", f, L, C, HD, nullptr, &w->wo});
    if (b) s.push_back({"bo", f, L, 1, C, &w->bo});
    s.push_back({"norm2_weight", f, L, 1, C, &w->ln2_w});
    if (ln) s.push_back({"norm2_bias", f, L, 1, C, &w->ln2_b});
    s.push_back({"w1", f, L, F, C, nullptr, &w->w1});
    if (b) s.push_back({"b1", f, L, 1, F, &w->b1});
    if (gate) {
        s.push_back({"w3", f, L, F, C, nullptr, &w->w3});
        if (b) s.push_back({"b3", f, L, 1, F, &w->b3});
    }
    s.push_back({"w2", f, L, C, F, nullptr, &w->w2});
    if (b) s.push_back({"b2", f, L, 1, C, &w->b2});
    s.push_back({"final_norm_weight", f, 1, 1, C, &w->lnf_w});
    if (ln) s.push_back({"final_norm_bias", f, 1, 1, C, &w->lnf_b});
    if (!c.shared_classifier) s.push_back({"classifier", f, 1, V, C, nullptr, &w->classifier});
    return s;
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
    const bool v2 = c.format == FileFormat::Agpt2;
    o = Loader::place_tensors(m.get(), bytes, size, kHeaderBytes, v2 ? tensor_list_v2(c, &w) : tensor_list(c, &w), 0);
    if (o.ok()) o = Loader::check_seq_len(&c, options);  // after the file has vouched for the dims
    if (!o.ok()) return o;
    if (c.shared_classifier) w.classifier = w.token_embedding;
    w.rms_att = w.ln1_w;  // forward_llama's names, for a plain llama (is_plain_llama)
    w.rms_ffn = w.ln2_w;
    w.rms_final = w.lnf_w;
    o = Loader::finish(m.get());
    if (o.ok()) *out = std::move(m);
    return o;
}

}  // namespace attnscope::model
