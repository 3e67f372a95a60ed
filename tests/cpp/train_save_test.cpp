// Saving: llama2.c's legacy bytes (laid out by PyTorch name, as export.py's
// legacy_export writes them) and AGPT v2 for every variant; each file
// loads back to the same logits and greedy tokens.
#include <gtest/gtest.h>
#include <cmath>
#include <cstring>
#include "attnscope/model/kernels.h"
#include "attnscope/train/trainable_model.h"
#include "train_fd.h"
#include "train_variants.h"

namespace {

using namespace attnscope;
using namespace attnscope::train;


const float* tensor(const TrainableModel& m, const std::string& name) {
    for (int i = 0; i < m.param_count(); ++i)
        if (m.param(i).name == name) return m.params() + m.param(i).offset;
    ADD_FAILURE() << "no tensor " << name;
    return nullptr;
}
std::uint64_t numel(const TrainableModel& m, const std::string& name) {
    for (int i = 0; i < m.param_count(); ++i)
        if (m.param(i).name == name) return m.param(i).numel;
    return 0;
}

// Logits at positions 0..T-1 of `ids`, then T greedy tokens from token 1.
struct Generated {
    std::vector<float> logits;
    std::vector<int> greedy;
};
Generated run(model::Transformer& t, const std::vector<int>& ids) {
    Generated r;
    for (int pos = 0; pos < static_cast<int>(ids.size()); ++pos) {
        EXPECT_TRUE(t.forward(ids[pos], pos).ok());
        r.logits.insert(r.logits.end(), t.logits(), t.logits() + t.config().vocab_size);
    }
    int tok = 1;
    for (int pos = 0; pos < t.config().seq_len; ++pos) {
        EXPECT_TRUE(t.forward(tok, pos).ok());
        tok = model::argmax(t.logits(), t.config().vocab_size);
        r.greedy.push_back(tok);
    }
    return r;
}

TEST(TrainSave, Llama2cBytesAreExportPysLegacyLayout) {
    for (bool shared : {true, false}) {
        TrainConfig c = train_variants::base(model::Arch::Llama);
        c.shared_classifier = shared;
        std::unique_ptr<TrainableModel> m;
        ASSERT_TRUE(TrainableModel::create(c, 11, &m).ok());
        std::vector<std::uint8_t> bytes;
        ASSERT_TRUE(m->save_llama2c(&bytes).ok());
        // export.py's legacy_export, step by step, from the PyTorch names.
        std::vector<std::uint8_t> want;
        auto ints = [&](std::int32_t v) { want.insert(want.end(), (std::uint8_t*)&v, (std::uint8_t*)&v + 4); };
        auto floats = [&](const float* p, std::uint64_t n) {
            want.insert(want.end(), (const std::uint8_t*)p, (const std::uint8_t*)(p + n));
        };
        auto named = [&](const std::string& n) { floats(tensor(*m, n), numel(*m, n)); };
        auto per_layer = [&](const std::string& suffix) {
            for (int l = 0; l < c.n_layers; ++l) named("layers." + std::to_string(l) + "." + suffix);
        };
        for (int v : {c.dim, c.hidden_dim, c.n_layers, c.n_heads, c.n_kv_heads,
                      shared ? c.vocab_size : -c.vocab_size, c.seq_len})
            ints(v);
        named("tok_embeddings.weight");
        per_layer("attention_norm.weight");
        per_layer("attention.wq.weight");
        per_layer("attention.wk.weight");
        per_layer("attention.wv.weight");
        per_layer("attention.wo.weight");
        per_layer("ffn_norm.weight");
        per_layer("feed_forward.w1.weight");
        per_layer("feed_forward.w2.weight");
        per_layer("feed_forward.w3.weight");
        named("norm.weight");
        const int D = c.dim / c.n_heads;  // model.py's precompute_freqs_cis in float32
        std::vector<float> cs, sn;
        for (int t = 0; t < c.seq_len; ++t)
            for (int i = 0; i < D / 2; ++i) {
                const float freq = 1.f / float(std::pow(10000.0, double(float(2 * i) / D)));
                const float angle = float(t) * freq;
                cs.push_back(float(std::cos(double(angle))));
                sn.push_back(float(std::sin(double(angle))));
            }
        floats(cs.data(), cs.size());
        floats(sn.data(), sn.size());
        if (!shared) named("output.weight");
        EXPECT_EQ(bytes.size(), want.size());
        EXPECT_TRUE(bytes == want) << "shared " << shared;
    }
}

TEST(TrainSave, Llama2cRoundTripGivesTheSameLogitsAndGreedyTokens) {
    for (bool shared : {true, false}) {
        TrainConfig c = train_variants::base(model::Arch::Llama);
        c.shared_classifier = shared;
        std::unique_ptr<TrainableModel> m;
        ASSERT_TRUE(TrainableModel::create(c, 12, &m).ok());
        train_variants::randomise(m.get(), 40);
        std::vector<std::uint8_t> bytes;
        ASSERT_TRUE(m->save_llama2c(&bytes).ok());
        std::unique_ptr<model::Transformer> loaded;
        model::Outcome o = model::Transformer::load_llama2c(bytes.data(), bytes.size(), {}, &loaded);
        ASSERT_TRUE(o.ok()) << o.message;
        EXPECT_EQ(loaded->config().shared_classifier, shared);
        const std::vector<int> ids = {3, 1, 4, 1, 5, 9};
        const Generated a = run(m->inference(), ids), b = run(*loaded, ids);
        EXPECT_EQ(a.logits, b.logits);  // the same forward_llama over the same floats: identical bits
        EXPECT_EQ(a.greedy, b.greedy);
    }
}

TEST(TrainSave, Llama2cRefusesWhatItCannotHold) {
    struct Case { const char* why; void (*change)(TrainConfig*); };
    const Case cases[] = {
        {"arch is gpt2", [](TrainConfig* c) { *c = train_variants::base(model::Arch::Gpt2); }},
        {"positions", [](TrainConfig* c) { c->positions = Positions::Alibi; }},
        {"norm", [](TrainConfig* c) { c->norm = Norm::LayerNorm; }},
        {"prenorm", [](TrainConfig* c) { c->prenorm = false; }},
        {"activation", [](TrainConfig* c) { c->activation = Activation::Gelu; }},
        {"biases", [](TrainConfig* c) { c->bias = true; }},
        {"hiddenDim is 0", [](TrainConfig* c) { c->hidden_dim = 0; }},
    };
    for (const Case& k : cases) {
        TrainConfig c = train_variants::base(model::Arch::Llama);
        k.change(&c);
        std::unique_ptr<TrainableModel> m;
        ASSERT_TRUE(TrainableModel::create(c, 1, &m).ok());
        std::vector<std::uint8_t> bytes = {1, 2, 3};
        model::Outcome o = m->save_llama2c(&bytes);
        EXPECT_EQ(o.status, Status::InvalidArgument);
        EXPECT_NE(o.message.find(k.why), std::string::npos) << o.message;
    }
}

TEST(TrainSave, AgptV2RoundTripForEveryVariant) {
    for (const auto& v : train_variants::all()) {
        SCOPED_TRACE(v.label);
        std::unique_ptr<TrainableModel> m;
        ASSERT_TRUE(TrainableModel::create(v.config, 13, &m).ok());
        train_variants::randomise(m.get(), 60);
        std::vector<std::uint8_t> bytes;
        if (const char* why = agpt_mismatch(v.config)) {  // refused by name, nothing written
            model::Outcome o = m->save_agpt(&bytes);
            EXPECT_EQ(o.status, Status::InvalidArgument);
            EXPECT_NE(o.message.find(why), std::string::npos) << o.message;
            EXPECT_TRUE(bytes.empty());
            continue;
        }
        ASSERT_TRUE(m->save_agpt(&bytes).ok());
        ASSERT_EQ(bytes.size(), 256 + 4 * m->num_parameters());
        std::int32_t version = 0, kv = 0, positions = 0;
        std::memcpy(&version, &bytes[4], 4);
        std::memcpy(&kv, &bytes[24], 4);
        std::memcpy(&positions, &bytes[40], 4);
        EXPECT_EQ(version, 2);
        EXPECT_EQ(kv, v.config.n_kv_heads);
        EXPECT_EQ(positions, static_cast<int>(v.config.positions));
        std::unique_ptr<model::Transformer> loaded;
        model::Outcome o = model::Transformer::load_gpt2(bytes.data(), bytes.size(), {}, &loaded);
        ASSERT_TRUE(o.ok()) << o.message;
        const std::vector<int> ids = {3, 1, 4, 1, 5, 9};
        const Generated a = run(m->inference(), ids), b = run(*loaded, ids);
        EXPECT_EQ(a.logits, b.logits);
        EXPECT_EQ(a.greedy, b.greedy);
    }
}

TEST(TrainSave, AgptV2RefusesBadHeaders) {
    std::unique_ptr<TrainableModel> m;
    ASSERT_TRUE(TrainableModel::create(train_variants::base(model::Arch::Gpt2), 1, &m).ok());
    std::vector<std::uint8_t> good;
    ASSERT_TRUE(m->save_agpt(&good).ok());
    struct Case { std::size_t at; std::int32_t value; const char* says; };
    for (const Case& k : {Case{40, 5, "positions"}, Case{36, 2, "arch"}, Case{48, 7, "prenorm"},
                          Case{100, 1, "reserved"}, Case{24, 3, "n_kv_heads"}}) {
        std::vector<std::uint8_t> bad = good;
        std::memcpy(&bad[k.at], &k.value, 4);
        std::unique_ptr<model::Transformer> t;
        model::Outcome o = model::Transformer::load_gpt2(bad.data(), bad.size(), {}, &t);
        EXPECT_EQ(o.status, Status::InvalidArgument) << k.says;
        EXPECT_NE(o.message.find(k.says), std::string::npos) << o.message;
    }
    std::unique_ptr<model::Transformer> t;
    EXPECT_EQ(model::Transformer::load_gpt2(good.data(), good.size() - 4, {}, &t).status, Status::InvalidArgument);
}

}  // namespace
