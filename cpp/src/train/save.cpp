// Saving a trainable model: llama2.c's legacy "version 0" (export.py's
// legacy_export) and our AGPT version 2 (docs/FORMATS.md), byte by byte.
#include <cinttypes>
#include <cmath>
#include <cstring>
#include "attnscope/train/trainable_model.h"
#include "layout.h"

namespace attnscope::train {
namespace {

using model::failure;

struct Writer {
    std::vector<std::uint8_t>* out;
    template <typename T>
    void put(T v) {  // little-endian, as x86 and wasm
        const std::size_t at = out->size();
        out->resize(at + sizeof(T));
        std::memcpy(out->data() + at, &v, sizeof(T));
    }
    void floats(const float* p, std::uint64_t n) {
        const std::size_t at = out->size();
        out->resize(at + static_cast<std::size_t>(n) * 4);
        std::memcpy(out->data() + at, p, static_cast<std::size_t>(n) * 4);
    }
    void stack(const float* arena, const Slot& s, std::uint64_t layers) {
        if (s.present()) floats(arena + s.off, s.stride * layers);
    }
};

// model.py's precompute_freqs_cis(D, T): angles in float32 as torch computes
// them (freq = 1 / base^(2i/D), angle = t * freq); cos and sin rounded once.
void rope_tables(Writer* w, int T, int D, float base) {
    std::vector<float> freq(static_cast<std::size_t>(D / 2));
    for (int i = 0; i < D / 2; ++i)
        freq[i] = 1.f / static_cast<float>(std::pow(static_cast<double>(base), static_cast<double>(static_cast<float>(2 * i) / D)));
    for (int part = 0; part < 2; ++part)
        for (int t = 0; t < T; ++t)
            for (int i = 0; i < D / 2; ++i) {
                const double angle = static_cast<float>(t) * freq[i];
                w->put(static_cast<float>(part == 0 ? std::cos(angle) : std::sin(angle)));
            }
}

}  // namespace

model::Outcome TrainableModel::save_llama2c(std::vector<std::uint8_t>* out) const {
    if (!out) return failure(Status::InvalidArgument, "out is null");
    const TrainConfig& c = cfg_;
    const char* why = llama2c_mismatch(c);
    if (why)
        return failure(Status::InvalidArgument,
                       "toLlama2c: llama2.c's format holds only llama2.c's architecture, and here %s "
                       "(save() writes AGPT v2, which holds every variant)", why);
    const Layout& y = *layout_;
    const std::uint64_t L = c.n_layers;
    out->clear();
    Writer w{out};
    const std::int32_t header[7] = {c.dim, c.hidden_dim, c.n_layers, c.n_heads, c.n_kv_heads,
                                    c.shared_classifier ? c.vocab_size : -c.vocab_size, c.seq_len};
    for (std::int32_t v : header) w.put(v);
    w.stack(params_, y.emb, 1);
    w.stack(params_, y.ln1_w, L);
    w.stack(params_, y.wq, L);
    w.stack(params_, y.wk, L);
    w.stack(params_, y.wv, L);
    w.stack(params_, y.wo, L);
    w.stack(params_, y.ln2_w, L);
    w.stack(params_, y.w1, L);
    w.stack(params_, y.w2, L);
    w.stack(params_, y.w3, L);
    w.stack(params_, y.lnf_w, 1);
    rope_tables(&w, c.seq_len, c.dim / c.n_heads, c.rope_base);
    if (!c.shared_classifier) w.stack(params_, y.cls, 1);
    return {};
}

model::Outcome TrainableModel::save_agpt(std::vector<std::uint8_t>* out) const {
    if (!out) return failure(Status::InvalidArgument, "out is null");
    const TrainConfig& c = cfg_;
    if (const char* why = agpt_mismatch(c))
        return failure(Status::InvalidArgument,
                       "the AGPT format cannot hold this model: %s (Model.parameters() keeps every weight)", why);
    out->clear();
    Writer w{out};
    w.put('A'), w.put('G'), w.put('P'), w.put('T');
    const std::int32_t fields[] = {2, c.dim, c.hidden_dim, c.n_layers, c.n_heads, c.n_kv_heads,
                                   c.vocab_size, c.seq_len, static_cast<std::int32_t>(c.arch),
                                   static_cast<std::int32_t>(c.positions), static_cast<std::int32_t>(c.norm),
                                   c.prenorm ? 1 : 0, static_cast<std::int32_t>(c.activation),
                                   c.bias ? 1 : 0, c.shared_classifier ? 1 : 0};
    for (std::int32_t v : fields) w.put(v);
    w.put(c.norm_eps);
    w.put(c.rope_base);
    out->resize(256, 0);
    // The arena is already in the file's tensor order (layout.cpp's role stacks).
    w.floats(params_, num_params_);
    return {};
}

}  // namespace attnscope::train
