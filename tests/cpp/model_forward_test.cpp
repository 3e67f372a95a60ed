// The model forward against the float64 reference, the KV cache against
// recomputing everything, Q8_0 against fp32, and the same bits in every build.
#include <gtest/gtest.h>
#include <memory>
#include "attnscope/model/kernels.h"
#include "attnscope/model/transformer.h"
#include "model_reference.h"

using namespace attnscope::model;

namespace {

// fp32 forward vs float64: sums of <= 37 products, two layers, exp in softmax
// and SiLU: a few 1e-6 relative in practice; 1e-4 of max(1, |logit|) is ample.
constexpr double kForwardRel = 1e-4;
// Q8_0 vs fp32: weights and activations rounded to 1/254 of each group's
// range (~0.4% each); on O(1) logits the worst difference stays near 2e-2.
constexpr double kQ8Rel = 5e-2;

const std::vector<int> kTokens = {1, 7, 30, 3, 3, 12, 0, 34, 5, 21};

std::unique_ptr<Transformer> load(const std::vector<std::uint8_t>& file, bool gpt2 = false,
                                  LoadOptions opt = {}) {
    std::unique_ptr<Transformer> m;
    const Outcome o = gpt2 ? Transformer::load_gpt2(file.data(), file.size(), opt, &m)
                           : Transformer::load_llama2c(file.data(), file.size(), opt, &m);
    EXPECT_TRUE(o.ok()) << o.message;
    return m;
}

// Logits (T, V) and attention (L, H, T, T; zero above the diagonal) step by step through the cache.
std::vector<float> run(Transformer& m, const std::vector<int>& tokens, std::vector<float>* att = nullptr) {
    const ModelConfig& c = m.config();
    const int T = static_cast<int>(tokens.size()), H = c.n_heads;
    std::vector<float> logits, trace;
    if (att) att->assign(static_cast<std::size_t>(c.n_layers) * H * T * T, 0.f);
    for (int t = 0; t < T; ++t) {
        trace.assign(static_cast<std::size_t>(c.n_layers) * H * (t + 1), -1.f);
        const Outcome o = m.forward(tokens[t], t, trace.data());
        EXPECT_TRUE(o.ok()) << o.message;
        logits.insert(logits.end(), m.logits(), m.logits() + c.vocab_size);
        for (int l = 0; att && l < c.n_layers; ++l)
            for (int h = 0; h < H; ++h)
                for (int j = 0; j <= t; ++j)
                    (*att)[((static_cast<std::size_t>(l) * H + h) * T + t) * T + j] =
                        trace[(static_cast<std::size_t>(l) * H + h) * (t + 1) + j];
    }
    return logits;
}

mref::Llama test_llama(bool shared = true) {
    return mref::random_llama(24, 37, 2, 4, 2, 35, 16, shared, ref::kSeed);  // D = 6, GQA 4:2, odd F
}
mref::Gpt2 test_gpt2() { return mref::random_gpt2(20, 53, 2, 4, 35, 16, ref::kSeed); }  // D = 5

TEST(ModelForward, LlamaLogitsAndAttentionMatchFloat64Reference) {
    for (bool shared : {true, false}) {
        const mref::Llama w = test_llama(shared);
        auto m = load(mref::legacy_bytes(w));
        ASSERT_TRUE(m);
        mref::Vec want_att;
        const mref::Vec want = mref::llama_forward(w, kTokens, &want_att);
        std::vector<float> att;
        ref::expect_close(run(*m, kTokens, &att), want, kForwardRel, shared ? "logits" : "logits (wcls)");
        ref::expect_close(att, want_att, kForwardRel, "attention weights");
    }
}

TEST(ModelForward, Gpt2LogitsAndAttentionMatchFloat64Reference) {
    const mref::Gpt2 w = test_gpt2();
    auto m = load(mref::agpt_bytes(w), true);
    ASSERT_TRUE(m);
    mref::Vec want_att;
    const mref::Vec want = mref::gpt2_forward(w, kTokens, &want_att);
    std::vector<float> att;
    ref::expect_close(run(*m, kTokens, &att), want, kForwardRel, "gpt2 logits");
    ref::expect_close(att, want_att, kForwardRel, "gpt2 attention weights");
}

TEST(ModelForward, Ak42V1GivesTheSameLogitsAsLegacy) {
    const mref::Llama w = test_llama(false);
    auto a = load(mref::legacy_bytes(w)), b = load(mref::ak42_v1_bytes(w));
    ASSERT_TRUE(a && b);
    EXPECT_EQ(run(*a, kTokens), run(*b, kTokens));
}

// Greedy generation through the cache; at every step a fresh model recomputes
// all positions from scratch and must give the very same logits.
TEST(ModelForward, KvCacheGenerationEqualsRecomputingEveryStep) {
    const std::vector<std::vector<std::uint8_t>> files = {mref::legacy_bytes(test_llama()),
                                                          mref::agpt_bytes(test_gpt2())};
    for (std::size_t f = 0; f < files.size(); ++f) {
        const bool gpt2 = f == 1;
        auto m = load(files[f], gpt2);
        ASSERT_TRUE(m);
        std::vector<int> tokens = {1};
        for (int step = 0; step < 15; ++step) {
            ASSERT_TRUE(m->forward(tokens.back(), step).ok());
            const std::vector<float> cached(m->logits(), m->logits() + 35);
            auto fresh = load(files[f], gpt2);
            const std::vector<float> all = run(*fresh, tokens);
            EXPECT_EQ(cached, std::vector<float>(all.end() - 35, all.end())) << "step " << step;
            tokens.push_back(argmax(cached.data(), 35));
        }
    }
}

TEST(ModelForward, GoingBackToAnEarlierPositionRecomputesFromThere) {
    auto m = load(mref::legacy_bytes(test_llama()));
    ASSERT_TRUE(m);
    const std::vector<float> first = run(*m, kTokens);
    ASSERT_TRUE(m->forward(kTokens[3], 3).ok());
    EXPECT_EQ(m->cached_positions(), 4);
    EXPECT_EQ(std::vector<float>(m->logits(), m->logits() + 35),
              std::vector<float>(first.begin() + 3 * 35, first.begin() + 4 * 35));
}

TEST(ModelForward, Q8IsCloseToFp32AndQuantizingAtLoadEqualsTheAk42V2File) {
    const mref::Llama w = mref::random_llama(64, 96, 2, 4, 4, 35, 16, false, ref::kSeed);
    auto f32 = load(mref::ak42_v1_bytes(w));
    auto v2 = load(mref::ak42_v2_bytes(w, 32));
    LoadOptions q;
    q.quantize_q8 = true;
    q.group_size = 32;
    auto at_load = load(mref::ak42_v1_bytes(w), false, q);
    ASSERT_TRUE(f32 && v2 && at_load);
    EXPECT_EQ(v2->config().weight_type, WeightType::Q8_0);
    EXPECT_EQ(v2->config().group_size, 32);
    const std::vector<float> want = run(*f32, kTokens), got = run(*v2, kTokens);
    ref::expect_close(got, ref::widen(want), kQ8Rel, "Q8_0 logits vs fp32");
    EXPECT_EQ(run(*at_load, kTokens), got);
}

TEST(ModelForward, Gpt2QuantizedAtLoadIsCloseToFp32) {
    const mref::Gpt2 w = mref::random_gpt2(64, 96, 2, 4, 35, 16, ref::kSeed);
    LoadOptions q;
    q.quantize_q8 = true;
    q.group_size = 32;
    auto f32 = load(mref::agpt_bytes(w), true), q8 = load(mref::agpt_bytes(w), true, q);
    ASSERT_TRUE(f32 && q8);
    EXPECT_EQ(q8->config().weight_type, WeightType::Q8_0);
    ref::expect_close(run(*q8, kTokens), ref::widen(run(*f32, kTokens)), kQ8Rel, "gpt2 Q8_0 logits vs fp32");
}

TEST(ModelForward, QuantizeBacksOffTheGroupSizeUntilItDividesDimAndHidden) {
    LoadOptions q;
    q.quantize_q8 = true;  // 64 -> 4: dim 24 = 8*3, hidden 37 is odd -> 1
    auto m = load(mref::legacy_bytes(test_llama()), false, q);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->config().group_size, 1);
    ref::expect_close(run(*m, kTokens), mref::llama_forward(test_llama(), kTokens), kQ8Rel, "Q8_0, gs 1");
}

TEST(ModelForward, BadTokenOrPositionIsAnErrorNotACrash) {
    auto m = load(mref::legacy_bytes(test_llama()));
    ASSERT_TRUE(m);
    EXPECT_EQ(m->forward(35, 0).message, "token 35 is outside the vocabulary 0..34");
    EXPECT_EQ(m->forward(-1, 0).message, "token -1 is outside the vocabulary 0..34");
    EXPECT_EQ(m->forward(1, 16).message, "position 16 is outside 0..15 (seq_len 16)");
    EXPECT_EQ(m->forward(1, 2).message, "position 2 needs positions 0..1 in the KV cache first, and it holds 0");
    EXPECT_TRUE(m->forward(1, 0).ok());
}

TEST(ModelForward, MaxSeqLenShrinksTheCache) {
    LoadOptions opt;
    opt.max_seq_len = 4;
    auto m = load(mref::legacy_bytes(test_llama()), false, opt);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->config().seq_len, 4);
    EXPECT_EQ(m->config().file_seq_len, 16);
    EXPECT_FALSE(m->forward(1, 4).ok());
}

// FNV-1a over the logits' bits of a fixed model and prompt. The sse4.1 and the
// scalar test binaries check the same constant, and so does the wasm test suite:
// the forward is bit-identical in every build (kernels.h's canonical order).
std::uint64_t logit_bits_hash(Transformer& m, const std::vector<int>& tokens) {
    std::uint64_t h = 1469598103934665603ull;
    for (float v : run(m, tokens)) {
        std::uint32_t b;
        std::memcpy(&b, &v, 4);
        h = (h ^ b) * 1099511628211ull;
    }
    return h;
}

TEST(ModelForward, LogitBitsAreTheSameInEveryBuild) {
    auto llama = load(mref::legacy_bytes(test_llama()));
    auto gpt2 = load(mref::agpt_bytes(test_gpt2()), true);
    LoadOptions q;
    q.quantize_q8 = true;
    q.group_size = 8;
    auto q8 = load(mref::legacy_bytes(mref::random_llama(64, 96, 2, 4, 4, 35, 16, true, 7)), false, q);
    ASSERT_TRUE(llama && gpt2 && q8);
    EXPECT_EQ(logit_bits_hash(*llama, kTokens), 0xd1e42fc8e30c6596ull);
    EXPECT_EQ(logit_bits_hash(*gpt2, kTokens), 0xa2c33fc3cedf915cull);
    EXPECT_EQ(logit_bits_hash(*q8, kTokens), 0x3a6a81a013c2d445ull);
}

}  // namespace
