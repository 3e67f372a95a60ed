// The PyTorch fixtures of scripts/gen_fixtures_model.py (tests/fixtures/models):
// checkpoints written by Python in the published layouts, logits computed in
// float64 by torch, token ids from a Python port of run.c's encode.
#include <gtest/gtest.h>
#include <algorithm>
#include <memory>
#include "attnscope/model/sampler.h"
#include "attnscope/model/tokenizer.h"
#include "attnscope/model/transformer.h"
#include "mini_json.h"
#include "reference.h"

using namespace attnscope::model;

namespace {

// fp32 forward vs torch float64 on the same fp32 weights: two layers, sums of
// <= 128 products: the worst difference seen is ~1e-6 of the logit scale.
constexpr double kFixtureRel = 1e-4;
// Q8_0 file vs float64 on the dequantised weights: only the activations'
// rounding to int8 (1/254 of each group's range) separates them.
constexpr double kFixtureQ8Rel = 3e-2;

std::string dir() {
    const std::string f = __FILE__;
    return f.substr(0, f.rfind('/')) + "/../fixtures/models/";
}

std::vector<std::uint8_t> bytes(const std::string& name) {
    const std::string s = mjson::read_file(dir() + name);
    return {s.begin(), s.end()};
}

std::vector<float> logits_of(Transformer& m, const std::vector<double>& tokens) {
    std::vector<float> out;
    for (std::size_t t = 0; t < tokens.size(); ++t) {
        const Outcome o = m.forward(static_cast<int>(tokens[t]), static_cast<int>(t));
        EXPECT_TRUE(o.ok()) << o.message;
        out.insert(out.end(), m.logits(), m.logits() + m.config().vocab_size);
    }
    return out;
}

std::vector<double> flat(const mjson::Value& rows) {
    std::vector<double> out;
    for (const auto& r : rows.array)
        for (double v : r.numbers()) out.push_back(v);
    return out;
}

void check_encode(const Tokenizer& t, const mjson::Value& cases) {
    for (const auto& c : cases.array) {
        const std::vector<int> got = t.encode(c["text"].string, c["bos"].boolean, c["eos"].boolean);
        const std::vector<double> want = c["ids"].numbers();
        EXPECT_EQ(std::vector<double>(got.begin(), got.end()), want) << "text \"" << c["text"].string << "\"";
        std::string back;  // BPE keeps the dummy space unless BOS precedes it; char maps unknowns to <unk>
        ASSERT_TRUE(t.decode(got.data(), static_cast<int>(got.size()), &back).ok());
        const std::string& text = c["text"].string;
        if (t.kind() == TokenizerKind::Bpe) EXPECT_EQ(back, c["bos"].boolean || text.empty() ? text : " " + text);
        else if (std::find(got.begin(), got.end(), 0) == got.end()) EXPECT_EQ(back, text);
    }
}

TEST(ModelFixture, LlamaLegacyCheckpointMatchesTorch) {
    const mjson::Value want = mjson::load(dir() + "llama_tiny.json");
    const auto file = bytes("llama_tiny.bin");
    std::unique_ptr<Transformer> m;
    const Outcome o = Transformer::load_llama2c(file.data(), file.size(), {}, &m);
    ASSERT_TRUE(o.ok()) << o.message;
    EXPECT_FALSE(m->config().shared_classifier);
    EXPECT_EQ(m->config().n_kv_heads, 2);
    ref::expect_close(logits_of(*m, want["tokens"].numbers()), flat(want["logits"]), kFixtureRel, "llama logits");
}

TEST(ModelFixture, LlamaQ8CheckpointMatchesTorchOnItsDequantisedWeights) {
    const mjson::Value want = mjson::load(dir() + "llama_tiny.json");
    const auto file = bytes("llama_tiny_q8.bin");
    std::unique_ptr<Transformer> m;
    const Outcome o = Transformer::load_llama2c(file.data(), file.size(), {}, &m);
    ASSERT_TRUE(o.ok()) << o.message;
    EXPECT_EQ(m->config().group_size, 8);
    ref::expect_close(logits_of(*m, want["tokens"].numbers()), flat(want["logits_q8"]), kFixtureQ8Rel, "llama q8 logits");
}

TEST(ModelFixture, Gpt2CheckpointMatchesTorch) {
    const mjson::Value want = mjson::load(dir() + "gpt2_tiny.json");
    const auto file = bytes("gpt2_tiny.bin");
    std::unique_ptr<Transformer> m;
    const Outcome o = Transformer::load_gpt2(file.data(), file.size(), {}, &m);
    ASSERT_TRUE(o.ok()) << o.message;
    ref::expect_close(logits_of(*m, want["tokens"].numbers()), flat(want["logits"]), kFixtureRel, "gpt2 logits");
}

// Temperature 0.8, top-k 10, top-p 0.9, seed 42 from BOS for 20 steps. The
// wasm modules (simd and scalar) gave these tokens through ModelHandle.step:
// the same seed gives the same tokens in every build.
TEST(ModelFixture, SeededSamplingGivesTheTokensTheWasmBuildsGive) {
    const auto file = bytes("llama_tiny.bin");
    std::unique_ptr<Transformer> m;
    ASSERT_TRUE(Transformer::load_llama2c(file.data(), file.size(), {}, &m).ok());
    SamplerConfig c;
    c.temperature = 0.8f;
    c.top_k = 10;
    c.top_p = 0.9f;
    c.seed = 42;
    Sampler s;
    ASSERT_TRUE(Sampler::create(280, c, &s).ok());
    std::vector<int> got;
    int token = kBosToken;
    for (int pos = 0; pos < 20; ++pos) {
        ASSERT_TRUE(m->forward(token, pos).ok());
        got.push_back(token = s.sample(m->logits()));
    }
    EXPECT_EQ(got, (std::vector<int>{15, 56, 4, 197, 173, 173, 237, 17, 40, 48, 274, 123, 199, 82, 242, 112, 130,
                                      270, 220, 44}));
}

TEST(ModelFixture, TokenizersEncodeAsThePythonPortOfRunC) {
    const auto bpe = bytes("llama_tiny_tokenizer.bin"), chars = bytes("gpt2_tiny_tokenizer.bin");
    Tokenizer a, b;
    ASSERT_TRUE(Tokenizer::load(bpe.data(), bpe.size(), TokenizerKind::Bpe, 280, &a).ok());
    ASSERT_TRUE(Tokenizer::load(chars.data(), chars.size(), TokenizerKind::Char, 64, &b).ok());
    check_encode(a, mjson::load(dir() + "llama_tiny.json")["encode"]);
    check_encode(b, mjson::load(dir() + "gpt2_tiny.json")["encode"]);
}

}  // namespace
