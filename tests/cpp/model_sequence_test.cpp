// forward_sequence (a whole prompt in one call, kSequenceBlock positions at a
// time) against forward() position by position: the same logits, attention
// weights and KV cache, bit for bit, in both families, GQA, Q8_0 and every
// architecture variant a trained model may have; and its argument checks.
#include <gtest/gtest.h>
#include <cstring>
#include <memory>
#include <string>
#include <vector>
#include "attnscope/model/transformer.h"
#include "model_reference.h"
#include "train_variants.h"

using namespace attnscope::model;

namespace {

// Token ids for n positions (37 by default: one float32 block, with matvec_rows'
// 2-input tiles and a remainder; three Q8_0 blocks of 16, 16 and 5).
std::vector<int> tokens_for(int vocab, int n) {
    std::vector<int> t(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) t[static_cast<std::size_t>(i)] = (i * 7 + 1) % vocab;
    return t;
}

struct Trace {
    std::vector<float> logits, attention, keys, values;  // (T, V), (L, H, T, T), the caches' first T positions
};

std::vector<float> cache_prefix(const Transformer& m, const float* cache, int n) {
    const ModelConfig& c = m.config();
    const std::size_t kv = static_cast<std::size_t>(c.n_kv_heads) * c.head_size;
    std::vector<float> out;
    for (int l = 0; l < c.n_layers; ++l) {
        const float* p = cache + static_cast<std::size_t>(l) * c.seq_len * kv;
        out.insert(out.end(), p, p + n * kv);
    }
    return out;
}

// Position by position through forward(), as before forward_sequence existed.
Trace stepwise(Transformer& m, const std::vector<int>& tokens) {
    const ModelConfig& c = m.config();
    const int T = static_cast<int>(tokens.size()), LH = c.n_layers * c.n_heads;
    Trace r;
    r.attention.assign(static_cast<std::size_t>(LH) * T * T, 0.f);
    std::vector<float> step;
    for (int t = 0; t < T; ++t) {
        step.assign(static_cast<std::size_t>(LH) * (t + 1), -1.f);
        const Outcome o = m.forward(tokens[t], t, step.data());
        EXPECT_TRUE(o.ok()) << o.message;
        r.logits.insert(r.logits.end(), m.logits(), m.logits() + c.vocab_size);
        for (int lh = 0; lh < LH; ++lh)
            std::copy(step.begin() + lh * (t + 1), step.begin() + (lh + 1) * (t + 1),
                      r.attention.begin() + (static_cast<std::size_t>(lh) * T + t) * T);
    }
    r.keys = cache_prefix(m, m.key_cache(), T);
    r.values = cache_prefix(m, m.value_cache(), T);
    return r;
}

// One forward_sequence call; buffers pre-filled with junk, which must all be overwritten.
Trace sequence(Transformer& m, const std::vector<int>& tokens) {
    const ModelConfig& c = m.config();
    const int T = static_cast<int>(tokens.size());
    Trace r;
    r.logits.assign(static_cast<std::size_t>(T) * c.vocab_size, 7.f);
    r.attention.assign(static_cast<std::size_t>(c.n_layers) * c.n_heads * T * T, 7.f);
    const Outcome o = m.forward_sequence(tokens.data(), T, 0, T, r.logits.data(), r.attention.data());
    EXPECT_TRUE(o.ok()) << o.message;
    r.keys = cache_prefix(m, m.key_cache(), T);
    r.values = cache_prefix(m, m.value_cache(), T);
    return r;
}

// Bit equality (memcmp, so -0 vs 0 or a different NaN would fail too).
void expect_same_bits(const std::vector<float>& got, const std::vector<float>& want, const std::string& what) {
    ASSERT_EQ(got.size(), want.size()) << what;
    for (std::size_t i = 0; i < want.size(); ++i)
        if (std::memcmp(&got[i], &want[i], sizeof(float)) != 0) {
            ADD_FAILURE() << what << "[" << i << "]: sequence " << got[i] << ", stepwise " << want[i];
            return;
        }
}

void expect_sequence_equals_stepwise(Transformer& m, const std::string& label, int n = 37) {
    const std::vector<int> tokens = tokens_for(m.config().vocab_size, n);
    const Trace want = stepwise(m, tokens);
    m.reset_cache();
    const Trace got = sequence(m, tokens);
    EXPECT_EQ(m.cached_positions(), n) << label;
    expect_same_bits(got.logits, want.logits, label + " logits");
    expect_same_bits(got.attention, want.attention, label + " attention");
    expect_same_bits(got.keys, want.keys, label + " key cache");
    expect_same_bits(got.values, want.values, label + " value cache");
    // The model's own logits are the last position's, as after forward().
    const std::size_t V = static_cast<std::size_t>(m.config().vocab_size);
    expect_same_bits(std::vector<float>(m.logits(), m.logits() + V),
                     std::vector<float>(want.logits.end() - V, want.logits.end()), label + " logits()");
}

std::unique_ptr<Transformer> load(const std::vector<std::uint8_t>& file, bool gpt2, LoadOptions opt = {}) {
    std::unique_ptr<Transformer> m;
    const Outcome o = gpt2 ? Transformer::load_gpt2(file.data(), file.size(), opt, &m)
                           : Transformer::load_llama2c(file.data(), file.size(), opt, &m);
    EXPECT_TRUE(o.ok()) << o.message;
    return m;
}

// C = 40 (a 32-block and an 8-block in every dot), F = 75 (a tail of 3), 3 layers, GQA 4:2.
mref::Llama llama(bool shared) { return mref::random_llama(40, 75, 3, 4, 2, 35, 48, shared, ref::kSeed); }

TEST(ModelSequence, LlamaGqaEqualsStepwiseBitForBit) {
    for (bool shared : {true, false}) {
        auto m = load(mref::legacy_bytes(llama(shared)), false);
        ASSERT_TRUE(m);
        expect_sequence_equals_stepwise(*m, shared ? "llama" : "llama (wcls)");
    }
}

TEST(ModelSequence, Gpt2EqualsStepwiseBitForBit) {
    auto m = load(mref::agpt_bytes(mref::random_gpt2(40, 75, 3, 4, 35, 48, ref::kSeed)), true);
    ASSERT_TRUE(m);
    expect_sequence_equals_stepwise(*m, "gpt2");
}

// Prompts longer than one block (kSequenceBlock positions): blocks of 128,
// 128 and 5, each block's rows attending to the earlier blocks' cache.
TEST(ModelSequence, SeveralBlocksEqualStepwiseBitForBit) {
    const int n = 2 * kSequenceBlock + 5;
    auto gpt2 = load(mref::agpt_bytes(mref::random_gpt2(40, 75, 2, 4, 35, n + 3, ref::kSeed)), true);
    ASSERT_TRUE(gpt2);
    expect_sequence_equals_stepwise(*gpt2, "gpt2, 3 blocks", n);
    auto llama = load(mref::legacy_bytes(mref::random_llama(40, 75, 2, 4, 2, 35, n + 3, true, ref::kSeed)), false);
    ASSERT_TRUE(llama);
    expect_sequence_equals_stepwise(*llama, "llama, 3 blocks", n);
}

TEST(ModelSequence, Q8EqualsStepwiseBitForBit) {
    LoadOptions q;
    q.quantize_q8 = true;
    q.group_size = 8;
    auto m = load(mref::legacy_bytes(llama(true)), false, q);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->config().weight_type, WeightType::Q8_0);
    expect_sequence_equals_stepwise(*m, "llama q8_0");
}

TEST(ModelSequence, EveryTrainableVariantEqualsStepwiseBitForBit) {
    for (const train_variants::Variant& v : train_variants::all()) {
        if (!v.config.causal) continue;  // an encoder has no token-by-token forward (TrainInference checks)
        attnscope::train::TrainConfig c = v.config;
        c.seq_len = 24;
        std::unique_ptr<attnscope::train::TrainableModel> m;
        const Outcome o = attnscope::train::TrainableModel::create(c, 5, &m);
        ASSERT_TRUE(o.ok()) << v.label << ": " << o.message;
        train_variants::randomise(m.get(), 11);
        expect_sequence_equals_stepwise(m->inference(), v.label, 20);
    }
}

TEST(ModelSequence, LastRowsAContinuationAndAPrefixWithoutOutputs) {
    auto m = load(mref::legacy_bytes(llama(true)), false);
    ASSERT_TRUE(m);
    const ModelConfig& c = m->config();
    const int T = 37, V = c.vocab_size, L = c.n_layers, H = c.n_heads;
    const std::vector<int> tokens = tokens_for(V, T);
    const Trace full = stepwise(*m, tokens);

    // The last 3 rows only: logits (3, V), attention (L, H, 3, T).
    std::vector<float> logits(3 * V), att(static_cast<std::size_t>(L) * H * 3 * T, 7.f);
    ASSERT_TRUE(m->forward_sequence(tokens.data(), T, 0, 3, logits.data(), att.data()).ok());
    expect_same_bits(logits, std::vector<float>(full.logits.end() - 3 * V, full.logits.end()), "last 3 logits");
    for (int lh = 0; lh < L * H; ++lh) {
        const auto from = full.attention.begin() + (static_cast<std::ptrdiff_t>(lh) * T + T - 3) * T;
        expect_same_bits(std::vector<float>(att.begin() + lh * 3 * T, att.begin() + (lh + 1) * 3 * T),
                         std::vector<float>(from, from + 3 * T), "last 3 attention rows");
    }

    // A prefix with no outputs (a prompt's prefill), then the rest from position 20.
    m->reset_cache();
    ASSERT_TRUE(m->forward_sequence(tokens.data(), 20, 0, 0, nullptr, nullptr).ok());
    EXPECT_EQ(m->cached_positions(), 20);
    std::vector<float> rest(static_cast<std::size_t>(T - 20) * V);
    ASSERT_TRUE(m->forward_sequence(tokens.data() + 20, T - 20, 20, T - 20, rest.data(), nullptr).ok());
    expect_same_bits(rest, std::vector<float>(full.logits.begin() + 20 * V, full.logits.end()), "continued logits");
    expect_same_bits(cache_prefix(*m, m->key_cache(), T), full.keys, "continued key cache");

    // Truncating to a shorter prefix and going on from there recomputes the same.
    ASSERT_TRUE(m->truncate_cache(10).ok());
    EXPECT_EQ(m->cached_positions(), 10);
    ASSERT_TRUE(m->forward(tokens[10], 10).ok());
    expect_same_bits(std::vector<float>(m->logits(), m->logits() + V),
                     std::vector<float>(full.logits.begin() + 10 * V, full.logits.begin() + 11 * V), "after truncate");
}

TEST(ModelSequence, BadArgumentsAreErrorsThatChangeNothing) {
    auto m = load(mref::legacy_bytes(llama(true)), false);
    ASSERT_TRUE(m);
    const std::vector<int> tokens = tokens_for(35, 48);
    ASSERT_TRUE(m->forward_sequence(tokens.data(), 5, 0, 0, nullptr, nullptr).ok());
    std::vector<int> bad = tokens;
    bad[3] = 35;
    float out[35];
    EXPECT_EQ(m->forward_sequence(bad.data(), 8, 0, 1, out, nullptr).message,
              "tokens[3] = 35 is outside the vocabulary 0..34");
    EXPECT_EQ(m->forward_sequence(tokens.data(), 0, 0, 0, nullptr, nullptr).message,
              "the sequence has 0 tokens; it needs at least 1");
    EXPECT_EQ(m->forward_sequence(tokens.data(), 2, 6, 0, nullptr, nullptr).message,
              "start position 6 needs positions 0..5 in the KV cache first, and it holds 5");
    EXPECT_EQ(m->forward_sequence(tokens.data(), 44, 5, 0, nullptr, nullptr).message,
              "positions 5..48 are outside 0..47 (seq_len 48)");
    EXPECT_EQ(m->forward_sequence(tokens.data(), 8, 0, 9, out, nullptr).message,
              "rows (9) must be in 0..8, the sequence's length");
    EXPECT_EQ(m->truncate_cache(6).message, "the KV cache holds 5 positions; cannot keep 6");
    EXPECT_EQ(m->cached_positions(), 5);  // none of the refused calls touched the cache
}

}  // namespace
