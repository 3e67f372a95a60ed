// Hugging Face safetensors models into the engine (hf_reader.h): the memory
// plan and the conversion of the file's rows as they arrive, into the places
// hf_roles.h gives each role.
#include "attnscope/model/hf_reader.h"
#include <cinttypes>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include "attnscope/model/kernels.h"
#include "hf_layout.h"
#include "hf_roles.h"
#include "loader.h"

namespace attnscope::model {
namespace {

using hf::RoleInfo;
using hf::Transform;
using hf::U;
using hf::kRoleNames;
using hf::role_info;
constexpr Status kBad = Status::InvalidArgument;
constexpr U kAlign = 16;
constexpr int kMaxLayers = 1 << 12;  // bounds the reader's table; real models have < 200

U align_up(U n) { return (n + kAlign - 1) / kAlign * kAlign; }

bool q8(const ModelConfig& c, const RoleInfo& r) { return r.mat && c.weight_type == WeightType::Q8_0; }

U dtype_bytes(FileDtype d) { return d == FileDtype::F32 ? 4 : 2; }

void decode_row(float* out, const std::uint8_t* p, U n, FileDtype d) {
    if (d == FileDtype::F32) {
        std::memcpy(out, p, n * 4);  // little-endian, as wasm and x86
        return;
    }
    for (U i = 0; i < n; ++i) {
        std::uint16_t h;
        std::memcpy(&h, p + 2 * i, 2);
        out[i] = d == FileDtype::F16 ? hf::f16_to_f32(h) : hf::bf16_to_f32(h);
    }
}

}  // namespace

struct HfReader::State {
    ModelConfig c;
    std::unique_ptr<Transformer> m;
    struct Entry {
        HfRole role;
        int layer;
        FileDtype dtype;
        U written = 0;
    };
    std::vector<Entry> entries;
    std::vector<int> index_of;  // [role * L + layer] -> entry, -1 when not added
    // After allocate(): each role's storage (float32, or Q8_0 values and scales).
    float* f[kHfRoleCount] = {};
    std::int8_t* q[kHfRoleCount] = {};
    float* s[kHfRoleCount] = {};
    std::vector<float> row, spare;  // one file row; a permuted bias
    std::vector<float> staged;      // a transposed matrix on its way to Q8_0
    int staged_entry = -1;
    bool allocated = false;
    unsigned dtypes = 0;            // bit per FileDtype seen

    RoleInfo info(HfRole role) { return role_info(c, role, &Loader::weights(m.get())); }
    U weight_bytes(U* largest_row, U* largest_staged) {
        U total = 0;
        *largest_row = *largest_staged = 0;
        for (int r = 0; r < kHfRoleCount; ++r) {
            const RoleInfo i = info(static_cast<HfRole>(r));
            if (!i.present) continue;
            const U n = i.layers * i.R * i.K;  // bounded by begin(): no wrap
            total += q8(c, i) ? align_up(n) + align_up(n / c.group_size * 4) : align_up(n * 4);
            if (i.file_cols() > *largest_row) *largest_row = i.file_cols();
            if (q8(c, i) && i.transform == Transform::Transpose && i.R * i.K > *largest_staged)
                *largest_staged = i.R * i.K;
        }
        return total;
    }
};

HfReader::HfReader() = default;
HfReader::~HfReader() = default;

const ModelConfig& HfReader::config() const {
    static const ModelConfig none;
    return s_ ? s_->c : none;
}

Outcome HfReader::begin(const HfSpec& spec, const LoadOptions& options) {
    s_ = std::make_unique<State>();
    ModelConfig& c = s_->c;
    c.arch = spec.arch;
    c.format = FileFormat::Safetensors;
    c.dim = spec.dim, c.hidden_dim = spec.hidden_dim, c.n_layers = spec.n_layers;
    c.n_heads = spec.n_heads, c.n_kv_heads = spec.n_kv_heads, c.vocab_size = spec.vocab_size;
    c.file_seq_len = spec.seq_len;
    c.head_size = c.n_heads > 0 ? c.dim / c.n_heads : 0;
    c.norm_eps = spec.norm_eps, c.rope_base = spec.rope_base;
    c.shared_classifier = spec.tied;
    c.prenorm = true;
    c.activation = spec.activation;
    if (spec.arch == Arch::Llama) {
        c.positions = Positions::Rope, c.norm = Norm::RmsNorm, c.bias = spec.bias;
        if (spec.activation != Activation::SwiGlu)
            return failure(kBad, "a Llama model's feed-forward is SwiGLU (activation %d)", static_cast<int>(spec.activation));
    } else if (spec.arch == Arch::Gpt2) {
        c.positions = Positions::Learned, c.norm = Norm::LayerNorm, c.bias = true;
        if (spec.activation == Activation::SwiGlu || static_cast<unsigned>(spec.activation) > 3u)
            return failure(kBad, "a GPT-2 model's activation must be gelu, gelu_tanh or relu (got %d)",
                           static_cast<int>(spec.activation));
        if (spec.n_kv_heads != spec.n_heads)
            return failure(kBad, "GPT-2 has no grouped-query attention: n_kv_heads (%d) must equal n_heads (%d)",
                           spec.n_kv_heads, spec.n_heads);
    } else {
        return failure(kBad, "arch (%d) must be llama (0) or gpt2 (1)", static_cast<int>(spec.arch));
    }
    if (!(spec.norm_eps > 0.f && spec.norm_eps < 1.f))
        return failure(kBad, "norm_eps (%g) must be in (0, 1)", static_cast<double>(spec.norm_eps));
    if (!(spec.rope_base > 1.f && spec.rope_base < 1e30f))
        return failure(kBad, "rope_base (%g) must be a finite number > 1", static_cast<double>(spec.rope_base));
    if (c.n_layers > kMaxLayers) return failure(kBad, "n_layers (%d) must be at most %d", c.n_layers, kMaxLayers);
    Outcome o = Loader::check_dims(c);
    if (o.ok()) o = Loader::apply_quantize(&c, options);
    if (o.ok()) o = Loader::check_seq_len(&c, options);
    if (!o.ok()) return o;
    s_->m.reset(Loader::make());
    s_->index_of.assign(static_cast<std::size_t>(kHfRoleCount) * c.n_layers, -1);
    return {};
}

Outcome HfReader::add(HfRole role, int layer, FileDtype dtype, U rows, U cols, int* index) {
    if (!s_ || !s_->m) return failure(kBad, "call begin() before add()");
    State& s = *s_;
    if (s.allocated) return failure(kBad, "every tensor must be added before allocate()");
    if (static_cast<unsigned>(role) >= static_cast<unsigned>(kHfRoleCount))
        return failure(kBad, "role %d is not a tensor role", static_cast<int>(role));
    const char* name = kRoleNames[static_cast<int>(role)];
    const RoleInfo r = s.info(role);
    if (!r.present) return failure(kBad, "this model has no %s tensor", name);
    if (layer < 0 || static_cast<U>(layer) >= r.layers)
        return failure(kBad, "%s: layer %d is outside 0..%" PRIu64, name, layer, r.layers - 1);
    if (dtype != FileDtype::F32 && dtype != FileDtype::F16 && dtype != FileDtype::Bf16)
        return failure(kBad, "%s of layer %d: dtype %d is not F32, F16 or BF16", name, layer, static_cast<int>(dtype));
    if (rows != r.file_rows() || cols != r.file_cols())
        return failure(kBad, "%s of layer %d is %" PRIu64 " x %" PRIu64 " but the config needs %" PRIu64 " x %" PRIu64,
                       name, layer, rows, cols, r.file_rows(), r.file_cols());
    int& slot = s.index_of[static_cast<std::size_t>(role) * s.c.n_layers + layer];
    if (slot >= 0) return failure(kBad, "%s of layer %d was added twice", name, layer);
    slot = static_cast<int>(s.entries.size());
    s.entries.push_back({role, layer, dtype});
    s.dtypes |= 1u << static_cast<int>(dtype);
    *index = slot;
    return {};
}

bool HfReader::file_shape(HfRole role, U* rows, U* cols) const {
    *rows = *cols = 0;
    if (!s_ || !s_->m || static_cast<unsigned>(role) >= static_cast<unsigned>(kHfRoleCount)) return false;
    const RoleInfo r = s_->info(role);
    if (!r.present) return false;
    *rows = r.file_rows(), *cols = r.file_cols();
    return true;
}

U HfReader::needed_bytes() const {
    if (!s_ || !s_->m) return 0;
    U row = 0, staged = 0;
    const U weights = s_->weight_bytes(&row, &staged);
    return weights + Transformer::state_bytes_for(s_->c) + (2 * row + staged) * 4 + 2 * kAlign;
}

Outcome HfReader::allocate(U limit) {
    if (!s_ || !s_->m) return failure(kBad, "call begin() before allocate()");
    State& s = *s_;
    if (s.allocated) return failure(kBad, "allocate() was called twice");
    for (int r = 0; r < kHfRoleCount; ++r) {
        const RoleInfo i = s.info(static_cast<HfRole>(r));
        for (U l = 0; i.present && l < i.layers; ++l)
            if (s.index_of[static_cast<std::size_t>(r) * s.c.n_layers + l] < 0)
                return failure(kBad, "the %s tensor of layer %" PRIu64 " is missing", kRoleNames[r], l);
    }
    U row = 0, staged = 0;
    const U weights = s.weight_bytes(&row, &staged);
    const U state = Transformer::state_bytes_for(s.c), need = needed_bytes();
    constexpr double MB = 1024.0 * 1024.0;  // MiB
    if (need > limit)
        return failure(Status::OutOfMemory,
                       "the model needs %.1f MiB (weights %.1f MiB as %s, KV cache and scratch for %d positions "
                       "%.1f MiB) but the heap can take %.1f MiB more; load it quantised (Q8_0) or with fewer positions",
                       need / MB, weights / MB, s.c.weight_type == WeightType::Q8_0 ? "Q8_0" : "float32",
                       s.c.seq_len, state / MB, limit / MB);
    auto* block = static_cast<std::uint8_t*>(std::malloc(static_cast<std::size_t>(weights) + kAlign));
    if (!block) return failure(Status::OutOfMemory, "cannot allocate %.1f MiB for the weights", weights / MB);
    Loader::own_weights(s.m.get(), block, weights);
    std::uint8_t* out = block + (kAlign - reinterpret_cast<std::uintptr_t>(block) % kAlign) % kAlign;
    for (int r = 0; r < kHfRoleCount; ++r) {
        const RoleInfo i = s.info(static_cast<HfRole>(r));
        if (!i.present) continue;
        const U n = i.layers * i.R * i.K;
        if (q8(s.c, i)) {
            s.q[r] = reinterpret_cast<std::int8_t*>(out);
            s.s[r] = reinterpret_cast<float*>(out + align_up(n));
            i.mat->q = s.q[r], i.mat->s = s.s[r];
            out += align_up(n) + align_up(n / s.c.group_size * 4);
        } else {
            s.f[r] = reinterpret_cast<float*>(out);
            if (i.mat) i.mat->f = s.f[r];
            else *i.vec = s.f[r];
            out += align_up(n * 4);
        }
    }
    s.row.resize(static_cast<std::size_t>(row));
    s.spare.resize(static_cast<std::size_t>(row));
    s.staged.reserve(static_cast<std::size_t>(staged));
    s.allocated = true;
    return {};
}

Outcome HfReader::write(int index, const std::uint8_t* data, U offset, U size) {
    if (!s_ || !s_->allocated) return failure(kBad, "call allocate() before write()");
    State& s = *s_;
    if (index < 0 || static_cast<std::size_t>(index) >= s.entries.size())
        return failure(kBad, "tensor index %d is outside 0..%zu", index, s.entries.size() - 1);
    State::Entry& e = s.entries[static_cast<std::size_t>(index)];
    const int ri = static_cast<int>(e.role);
    const char* name = kRoleNames[ri];
    const RoleInfo r = s.info(e.role);
    const U cols = r.file_cols(), row_bytes = cols * dtype_bytes(e.dtype), total = r.file_rows() * row_bytes;
    if (offset != e.written)
        return failure(kBad, "%s of layer %d: bytes must arrive in order; expected offset %" PRIu64 ", got %" PRIu64,
                       name, e.layer, e.written, offset);
    if (size > total - offset)
        return failure(kBad, "%s of layer %d has %" PRIu64 " bytes; %" PRIu64 " at offset %" PRIu64 " run past its end",
                       name, e.layer, total, size, offset);
    if (size % row_bytes != 0)
        return failure(kBad, "%s of layer %d: a chunk must hold whole rows of %" PRIu64 " bytes (got %" PRIu64 ")",
                       name, e.layer, row_bytes, size);
    if (!data && size > 0) return failure(kBad, "%s of layer %d: the bytes are null", name, e.layer);
    const bool quantised = q8(s.c, r), staged = quantised && r.transform == Transform::Transpose;
    if (staged && s.staged_entry != index) {
        if (s.staged_entry >= 0) return failure(kBad, "%s of layer %d began before the previous transposed tensor ended",
                                                name, e.layer);
        s.staged_entry = index;
        s.staged.assign(static_cast<std::size_t>(r.R * r.K), 0.f);
    }
    const U gs = static_cast<U>(s.c.group_size), base = static_cast<U>(e.layer) * r.R;  // first engine row of the layer
    float* row = s.row.data();
    for (U i = 0, fr = offset / row_bytes; i < size / row_bytes; ++i, ++fr) {
        decode_row(row, data + i * row_bytes, cols, e.dtype);
        if (r.transform == Transform::Transpose) {  // file row fr is engine column fr
            float* dst = staged ? s.staged.data() : s.f[ri] + base * r.K;
            for (U j = 0; j < cols; ++j) dst[j * r.K + fr] = row[j];
            continue;
        }
        U er = fr;
        if (r.transform == Transform::Interleave && r.R == 1) {  // a bias: permute its elements
            for (U j = 0; j < cols; ++j) s.spare[hf::interleaved_row(j, s.c.head_size)] = row[j];
            row = s.spare.data();
        } else if (r.transform == Transform::Interleave) {
            er = hf::interleaved_row(fr, s.c.head_size);
        }
        const U at = (base + er) * r.K;
        if (quantised) quantize_q8(s.q[ri] + at, s.s[ri] + at / gs, row, static_cast<std::int64_t>(r.K), static_cast<int>(gs));
        else std::memcpy(s.f[ri] + at, row, r.K * 4);
        row = s.row.data();
    }
    e.written += size;
    if (staged && e.written == total) {
        for (U er = 0; er < r.R; ++er) {
            const U at = (base + er) * r.K;
            quantize_q8(s.q[ri] + at, s.s[ri] + at / gs, s.staged.data() + er * r.K, static_cast<std::int64_t>(r.K),
                        static_cast<int>(gs));
        }
        s.staged_entry = -1;
    }
    return {};
}

Outcome HfReader::finish(std::unique_ptr<Transformer>* out) {
    if (!s_ || !s_->allocated) return failure(kBad, "call allocate() before finish()");
    State& s = *s_;
    for (const State::Entry& e : s.entries) {
        const RoleInfo r = s.info(e.role);
        const U total = r.file_rows() * r.file_cols() * dtype_bytes(e.dtype);
        if (e.written != total)
            return failure(kBad, "%s of layer %d got %" PRIu64 " of its %" PRIu64 " bytes", kRoleNames[static_cast<int>(e.role)],
                           e.layer, e.written, total);
    }
    ModelConfig& c = s.c;
    const unsigned d = s.dtypes;
    c.file_dtype = d == 1u ? FileDtype::F32 : d == 2u ? FileDtype::F16 : d == 4u ? FileDtype::Bf16 : FileDtype::Mixed;
    Loader::config(s.m.get()) = c;
    Weights& w = Loader::weights(s.m.get());
    if (c.shared_classifier) w.classifier = w.token_embedding;
    w.rms_att = w.ln1_w, w.rms_ffn = w.ln2_w, w.rms_final = w.lnf_w;  // forward_llama's names
    std::unique_ptr<Transformer> m = std::move(s.m);
    s_.reset();
    Outcome o = Loader::finish(m.get());
    if (o.ok()) *out = std::move(m);
    return o;
}

}  // namespace attnscope::model
