// The run state (scratch, KV cache, RoPE table) and the checked entries to the
// forward passes: one token (forward_llama.cpp, forward_gpt2.cpp,
// forward_variant.cpp) and a sequence (forward_sequence.cpp).
#include "attnscope/model/transformer.h"
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include "attnscope/model/kernels.h"
#include "attnscope/position.h"
#include "loader.h"

namespace attnscope::model {
namespace {

constexpr std::uint64_t kMaxStateBytes = 3ull << 29;  // 1.5 GiB: the wasm heap tops out at 2 GiB

// Carves consecutive 16-byte aligned arrays out of one block; a first pass
// with base == nullptr only counts.
struct Carver {
    std::uint8_t* base;
    std::uint64_t used = 0;
    template <typename T>
    T* take(std::uint64_t n) {
        T* p = base ? reinterpret_cast<T*>(base + used) : nullptr;
        used += (n * sizeof(T) + 15) / 16 * 16;
        return p;
    }
};

// Positions per forward_sequence pass: kSequenceBlock with float32 weights;
// 16 with Q8_0, whose products read every quantised input row of the block
// once per weight row (16 rows stay in L1; that path is tuned for them).
int sequence_block(const ModelConfig& c) { return c.weight_type == WeightType::Q8_0 ? 16 : kSequenceBlock; }

void carve(RunState* s, Carver* k, const ModelConfig& c) {
    const std::uint64_t C = c.dim, F = c.hidden_dim, T = c.seq_len, L = c.n_layers;
    const std::uint64_t KV = static_cast<std::uint64_t>(c.n_kv_heads) * c.head_size;
    const std::uint64_t widest = std::max(C, F);
    s->x = k->take<float>(C);
    s->xb = k->take<float>(C);
    s->xb2 = k->take<float>(C);
    s->hb = k->take<float>(F);
    s->hb2 = k->take<float>(F);
    s->q = k->take<float>(3 * C);
    s->att = k->take<float>(static_cast<std::uint64_t>(c.n_heads) * T);
    s->logits = k->take<float>(c.vocab_size);
    s->key_cache = k->take<float>(L * T * KV);
    s->value_cache = k->take<float>(L * T * KV);
    const bool q8 = c.weight_type == WeightType::Q8_0;
    const std::uint64_t B = static_cast<std::uint64_t>(sequence_block(c));
    s->xq = k->take<std::int16_t>(q8 ? widest * B : 0);  // a row per position of a block
    s->xs = k->take<float>(q8 ? widest / c.group_size * B : 0);
    const std::uint64_t half = c.positions == Positions::Rope ? T * (c.head_size / 2) : 0;
    s->rope_cos = k->take<float>(half);
    s->rope_sin = k->take<float>(half);
    s->sinusoid = k->take<float>(c.positions == Positions::Sinusoidal ? T * C : 0);
    s->slopes = k->take<float>(c.positions == Positions::Alibi ? c.n_heads : 0);
    const std::uint64_t HD = static_cast<std::uint64_t>(c.n_heads) * c.head_size;
    s->rows_x = k->take<float>(B * C);
    s->rows_xb = k->take<float>(B * std::max(C, HD));
    s->rows_xb2 = k->take<float>(B * C);
    s->rows_hb = k->take<float>(B * F);
    s->rows_hb2 = k->take<float>(B * F);
    s->rows_qkv = k->take<float>(B * (HD + 2 * KV));
    s->rows_pack = k->take<float>(q8 ? 0 : matvec_rows_scratch(static_cast<int>(std::max({C, F, HD})), static_cast<int>(B)));
}

}  // namespace

std::uint64_t Transformer::state_bytes_for(const ModelConfig& c) {
    Carver count{nullptr};
    RunState unused;
    carve(&unused, &count, c);  // no overflow: check_seq_len bounded L*T*Hkv*D
    return count.used;
}

Outcome Transformer::allocate_state() {
    const std::uint64_t used = state_bytes_for(cfg_);
    if (used > kMaxStateBytes)
        return failure(Status::InvalidArgument,
                       "the run state (KV cache, n_heads x seq_len attention rows, scratch) needs %" PRIu64
                       " bytes, over the limit of %" PRIu64 " (load with a smaller max_seq_len)",
                       used, kMaxStateBytes);
    auto* block = static_cast<std::uint8_t*>(std::malloc(static_cast<std::size_t>(used) + 16));
    if (!block)
        return failure(Status::OutOfMemory, "cannot allocate %" PRIu64 " bytes for the run state", used);
    state_memory_ = block;
    state_bytes_ = used;
    Carver carver{block + (16 - reinterpret_cast<std::uintptr_t>(block) % 16) % 16};
    carve(&s_, &carver, cfg_);
    // RoPE: pair i of a head turns by pos * base^(-2i/D) (run.c's freq), in double.
    const int half = cfg_.head_size / 2;
    if (cfg_.positions == Positions::Rope)
        for (int i = 0; i < half; ++i) {
            const double freq = std::pow(static_cast<double>(cfg_.rope_base), -2.0 * i / cfg_.head_size);
            for (int pos = 0; pos < cfg_.seq_len; ++pos) {
                s_.rope_cos[static_cast<std::size_t>(pos) * half + i] = static_cast<float>(std::cos(pos * freq));
                s_.rope_sin[static_cast<std::size_t>(pos) * half + i] = static_cast<float>(std::sin(pos * freq));
            }
        }
    if (cfg_.positions == Positions::Sinusoidal) sinusoidal_encoding(s_.sinusoid, cfg_.seq_len, cfg_.dim, 10000.f);
    if (cfg_.positions == Positions::Alibi) alibi_slopes(s_.slopes, cfg_.n_heads);
    return {};
}

Outcome Transformer::view(const ModelConfig& c, const Weights& w, std::unique_ptr<Transformer>* out) {
    std::unique_ptr<Transformer> m(new Transformer());
    m->cfg_ = c;
    m->w_ = w;
    Outcome o = m->allocate_state();
    if (o.ok()) *out = std::move(m);
    return o;
}

Transformer::~Transformer() {
    std::free(weight_memory_);
    std::free(state_memory_);
}

// An encoder's positions attend to later ones too: no token-by-token forward.
constexpr const char* kEncoder =
    "this model is an encoder (causal: false): every position attends to every other, so it has no "
    "token-by-token forward (no generation); Model.forward runs whole sequences";

Outcome Transformer::forward(int token, int pos, float* attention) {
    if (!cfg_.causal) return failure(Status::InvalidArgument, "%s", kEncoder);
    if (token < 0 || token >= cfg_.vocab_size)
        return failure(Status::InvalidArgument, "token %d is outside the vocabulary 0..%d", token,
                       cfg_.vocab_size - 1);
    if (pos < 0 || pos >= cfg_.seq_len)
        return failure(Status::InvalidArgument, "position %d is outside 0..%d (seq_len %d)", pos,
                       cfg_.seq_len - 1, cfg_.seq_len);
    if (pos > cached_)
        return failure(Status::InvalidArgument,
                       "position %d needs positions 0..%d in the KV cache first, and it holds %d",
                       pos, pos - 1, cached_);
    if (is_plain_llama(cfg_)) forward_llama(token, pos, attention);
    else if (cfg_.format == FileFormat::Agpt1) forward_gpt2(token, pos, attention);
    else forward_variant(token, pos, attention);
    cached_ = pos + 1;
    return {};
}

Outcome Transformer::forward_sequence(const int* tokens, int n, int start, int rows, float* logits,
                                      float* attention) {
    const ModelConfig& c = cfg_;
    if (!c.causal) return failure(Status::InvalidArgument, "%s", kEncoder);
    if (n < 1) return failure(Status::InvalidArgument, "the sequence has %d tokens; it needs at least 1", n);
    if (start < 0 || start > cached_)
        return failure(Status::InvalidArgument,
                       "start position %d needs positions 0..%d in the KV cache first, and it holds %d", start,
                       start - 1, cached_);
    if (n > c.seq_len - start)
        return failure(Status::InvalidArgument, "positions %d..%d are outside 0..%d (seq_len %d)", start,
                       start + n - 1, c.seq_len - 1, c.seq_len);
    if (rows < 0 || rows > n)
        return failure(Status::InvalidArgument, "rows (%d) must be in 0..%d, the sequence's length", rows, n);
    for (int i = 0; i < n; ++i)
        if (tokens[i] < 0 || tokens[i] >= c.vocab_size)
            return failure(Status::InvalidArgument, "tokens[%d] = %d is outside the vocabulary 0..%d", i, tokens[i],
                           c.vocab_size - 1);
    const int out_from = start + n - rows;
    cached_ = start;
    const int block = sequence_block(c);
    for (int b = 0; b < n; b += block) {
        const int count = std::min(block, n - b);
        forward_block(tokens + b, start + b, count, out_from, logits, attention, rows, start + n);
        cached_ = start + b + count;
    }
    if (rows > 0 && logits)
        std::memcpy(s_.logits, logits + static_cast<std::size_t>(rows - 1) * c.vocab_size,
                    sizeof(float) * static_cast<std::size_t>(c.vocab_size));
    return {};
}

Outcome Transformer::truncate_cache(int n) {
    if (n < 0 || n > cached_)
        return failure(Status::InvalidArgument, "the KV cache holds %d positions; cannot keep %d", cached_, n);
    cached_ = n;
    return {};
}

}  // namespace attnscope::model
