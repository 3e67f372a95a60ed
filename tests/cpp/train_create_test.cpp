// TrainableModel::create: refusals before allocation, the PyTorch parameter
// table, the seeded initialisation, the inference view over the same memory.
#include <gtest/gtest.h>
#include <cmath>
#include <cstring>
#include <map>
#include <string>
#include "../../cpp/src/train/random.h"
#include "attnscope/train/trainable_model.h"

namespace {

using namespace attnscope;
using namespace attnscope::train;

TrainConfig tiny(model::Arch arch) {
    TrainConfig c;
    c.arch = arch;
    c.dim = 8, c.hidden_dim = 12, c.n_layers = 2, c.n_heads = 4, c.n_kv_heads = 2;
    c.vocab_size = 11, c.seq_len = 6;
    return with_family_defaults(c);
}

std::map<std::string, std::vector<int>> shapes(const TrainableModel& m) {
    std::map<std::string, std::vector<int>> s;
    for (int i = 0; i < m.param_count(); ++i) {
        const ParamInfo& p = m.param(i);
        s[p.name] = std::vector<int>(p.shape, p.shape + p.rank);
    }
    return s;
}

TEST(TrainCreate, LlamaNamesAndShapesAreLlama2cs) {
    TrainConfig c = tiny(model::Arch::Llama);
    c.shared_classifier = false;
    std::unique_ptr<TrainableModel> m;
    ASSERT_TRUE(TrainableModel::create(c, 1, &m).ok());
    auto s = shapes(*m);
    EXPECT_EQ(s.size(), 1u + 2 * 9 + 2);
    EXPECT_EQ(s["tok_embeddings.weight"], (std::vector<int>{11, 8}));
    EXPECT_EQ(s["layers.1.attention.wq.weight"], (std::vector<int>{8, 8}));
    EXPECT_EQ(s["layers.1.attention.wk.weight"], (std::vector<int>{4, 8}));  // Hkv*D = 2*2
    EXPECT_EQ(s["layers.0.attention.wo.weight"], (std::vector<int>{8, 8}));
    EXPECT_EQ(s["layers.0.feed_forward.w2.weight"], (std::vector<int>{8, 12}));
    EXPECT_EQ(s["layers.0.feed_forward.w3.weight"], (std::vector<int>{12, 8}));
    EXPECT_EQ(s["layers.1.ffn_norm.weight"], (std::vector<int>{8}));
    EXPECT_EQ(s["norm.weight"], (std::vector<int>{8}));
    EXPECT_EQ(s["output.weight"], (std::vector<int>{11, 8}));
    std::uint64_t sum = 0;
    for (int i = 0; i < m->param_count(); ++i) sum += m->param(i).numel;
    EXPECT_EQ(sum, m->num_parameters());  // every float belongs to exactly one tensor
}

TEST(TrainCreate, Gpt2NamesAndShapesAreNanoGpts) {
    TrainConfig c = tiny(model::Arch::Gpt2);
    std::unique_ptr<TrainableModel> m;
    ASSERT_TRUE(TrainableModel::create(c, 1, &m).ok());
    auto s = shapes(*m);
    EXPECT_EQ(s.size(), 2u + 2 * 12 + 2);  // no lm_head: shared
    EXPECT_EQ(s["transformer.wpe.weight"], (std::vector<int>{6, 8}));
    EXPECT_EQ(s["transformer.h.0.attn.c_attn.weight"], (std::vector<int>{16, 8}));  // (H + 2Hkv) D
    EXPECT_EQ(s["transformer.h.0.attn.c_attn.bias"], (std::vector<int>{16}));
    EXPECT_EQ(s["transformer.h.1.mlp.c_proj.weight"], (std::vector<int>{8, 12}));
    EXPECT_EQ(s["transformer.ln_f.bias"], (std::vector<int>{8}));
    EXPECT_EQ(s.count("lm_head.weight"), 0u);
}

TEST(TrainCreate, RefusesBadSizesNamingTheField) {
    struct Case { const char* field; void (*change)(TrainConfig*); };
    const Case cases[] = {
        {"dim", [](TrainConfig* c) { c->dim = 0; }},
        {"nKvHeads", [](TrainConfig* c) { c->n_kv_heads = 3; }},
        {"multiple of nHeads", [](TrainConfig* c) { c->dim = 10; }},
        {"even", [](TrainConfig* c) { c->dim = 12; c->n_heads = 4; c->n_kv_heads = 4; }},
        {"seqLen", [](TrainConfig* c) { c->seq_len = -1; }},
        {"parameters", [](TrainConfig* c) { c->vocab_size = 1 << 30; }},
    };
    for (const Case& k : cases) {
        TrainConfig c = tiny(model::Arch::Llama);
        k.change(&c);
        std::unique_ptr<TrainableModel> m;
        model::Outcome o = TrainableModel::create(c, 1, &m);
        EXPECT_EQ(o.status, Status::InvalidArgument) << k.field;
        EXPECT_NE(o.message.find(k.field), std::string::npos) << o.message;
        EXPECT_EQ(m, nullptr);
    }
}

TEST(TrainCreate, SeededInitIsReproducibleWithLlama2cStds) {
    TrainConfig c = tiny(model::Arch::Llama);
    c.dim = 64, c.hidden_dim = 96, c.n_heads = 4, c.n_kv_heads = 4, c.n_layers = 2;
    std::unique_ptr<TrainableModel> a, b, d;
    ASSERT_TRUE(TrainableModel::create(c, 42, &a).ok());
    ASSERT_TRUE(TrainableModel::create(c, 42, &b).ok());
    ASSERT_TRUE(TrainableModel::create(c, 43, &d).ok());
    EXPECT_EQ(std::memcmp(a->params(), b->params(), a->num_parameters() * 4), 0);
    EXPECT_NE(std::memcmp(a->params(), d->params(), a->num_parameters() * 4), 0);
    for (int i = 0; i < a->param_count(); ++i) {
        const ParamInfo& p = a->param(i);
        const float* t = a->params() + p.offset;
        if (p.rank == 1) {
            for (std::uint64_t j = 0; j < p.numel; ++j) ASSERT_EQ(t[j], 1.f) << p.name;
            continue;
        }
        double ss = 0, s = 0;
        for (std::uint64_t j = 0; j < p.numel; ++j) s += t[j], ss += double(t[j]) * t[j];
        const double mean = s / p.numel, sd = std::sqrt(ss / p.numel - mean * mean);
        const bool scaled = p.name.find("wo.") != std::string::npos || p.name.find("w3.") != std::string::npos;
        const double want = scaled ? 0.02 / std::sqrt(4.0) : 0.02;
        // >= 4096 samples: the sample sd is within 5% of sigma with probability > 0.999.
        EXPECT_NEAR(sd, want, 0.05 * want) << p.name;
        EXPECT_NEAR(mean, 0.0, 4 * want / std::sqrt(double(p.numel))) << p.name;
    }
}

TEST(TrainCreate, PortableLogMatchesLibm) {
    double worst = 0;
    for (double x : {1e-300, 1e-10, 0.3, 0.7071, 0.75, 1.0, 1.5, 2.0, 3.14159, 1e10, 1e300}) {
        const double rel = std::abs(portable_log(x) - std::log(x)) / std::max(1.0, std::abs(std::log(x)));
        worst = std::max(worst, rel);
    }
    EXPECT_LT(worst, 1e-15);
}

TEST(TrainCreate, InferenceViewsTheSameWeights) {
    std::unique_ptr<TrainableModel> m;
    ASSERT_TRUE(TrainableModel::create(tiny(model::Arch::Llama), 7, &m).ok());
    EXPECT_EQ(m->inference().config().n_layers, 2);
    EXPECT_EQ(m->inference().weight_bytes(), 0u);  // a view: it owns no weights
}

}  // namespace

namespace {

TEST(TrainCreate, HugeHeaderIntsAreRefusedWithoutWrapping) {
    TrainConfig c = tiny(model::Arch::Llama);
    c.dim = 65536, c.n_heads = 1, c.n_kv_heads = 1, c.vocab_size = 2147483647;
    std::unique_ptr<TrainableModel> m;
    model::Outcome o = TrainableModel::create(c, 1, &m);
    EXPECT_EQ(o.status, Status::InvalidArgument);
    EXPECT_NE(o.message.find("parameters"), std::string::npos) << o.message;
    c = tiny(model::Arch::Llama);
    c.n_layers = 2147483647;  // a tiny layer, but a table of billions of names
    o = TrainableModel::create(c, 1, &m);
    EXPECT_NE(o.message.find("nLayers"), std::string::npos) << o.message;
}

TEST(TrainCreate, AHugeBatchIsRefusedBeforeAllocation) {
    TrainConfig c = tiny(model::Arch::Llama);
    c.seq_len = 1 << 20;
    std::unique_ptr<TrainableModel> m;
    ASSERT_TRUE(TrainableModel::create(c, 1, &m).ok());
    const int B = 64, T = 1 << 20;  // B*H*T*T attention weights: 2^66 floats
    std::vector<std::int32_t> ids(1, 0);
    float loss = 0;
    // The sizes are refused before the (short) id arrays would be read.
    model::Outcome o = m->loss_and_gradients(ids.data(), ids.data(), B, T, &loss);
    EXPECT_EQ(o.status, Status::InvalidArgument);
    EXPECT_NE(o.message.find("B x T"), std::string::npos) << o.message;
}

}  // namespace

namespace {

// FNV-1a over the bytes of every tensor, names in sorted order.
std::uint64_t weights_hash(const TrainableModel& m) {
    std::map<std::string, const ParamInfo*> byname;
    for (int i = 0; i < m.param_count(); ++i) byname[m.param(i).name] = &m.param(i);
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (const auto& [name, p] : byname) {
        const auto* b = reinterpret_cast<const unsigned char*>(m.params() + p->offset);
        for (std::uint64_t i = 0; i < p->numel * 4; ++i) h = (h ^ b[i]) * 0x100000001b3ull;
    }
    return h;
}

TEST(TrainCreate, SeededInitHasTheSameBitsAsTheWasmModules) {
    TrainConfig c;
    c.arch = model::Arch::Gpt2;
    c.dim = 16, c.hidden_dim = 24, c.n_layers = 2, c.n_heads = 4, c.n_kv_heads = 2, c.vocab_size = 13, c.seq_len = 8;
    c = with_family_defaults(c);
    std::unique_ptr<TrainableModel> m;
    ASSERT_TRUE(TrainableModel::create(c, 12345, &m).ok());
    // The same hash of Model.create(the same config, { seed: 12345 }).parameters() computed in
    // Node by both wasm modules (SIMD and scalar) on 2026-11-25: this build must agree with them.
    EXPECT_EQ(weights_hash(*m), 0x798887f70744f9e4ull);
}

}  // namespace

namespace {

// hidden_dim 0: an attention-only model (Olsson et al.'s): no FFN matrices
// and no FFN norm in either family; a negative size is refused by name.
TEST(TrainCreate, AttentionOnlyHasNoFeedForwardTensors) {
    for (model::Arch arch : {model::Arch::Llama, model::Arch::Gpt2}) {
        TrainConfig c = tiny(arch);
        c.hidden_dim = 0;
        std::unique_ptr<TrainableModel> m;
        ASSERT_TRUE(TrainableModel::create(c, 1, &m).ok());
        for (const auto& [name, shape] : shapes(*m))
            for (const char* part : {"feed_forward", "ffn_norm", "mlp.", "ln_2"})
                EXPECT_EQ(name.find(part), std::string::npos) << name;
        EXPECT_EQ(shapes(*m).size(), arch == model::Arch::Llama ? 1u + 2 * 5 + 1 : 2u + 2 * 6 + 2);
        std::uint64_t sum = 0;
        for (int i = 0; i < m->param_count(); ++i) sum += m->param(i).numel;
        EXPECT_EQ(sum, m->num_parameters());
    }
    TrainConfig c = tiny(model::Arch::Llama);
    c.hidden_dim = -1;
    std::unique_ptr<TrainableModel> m;
    model::Outcome o = TrainableModel::create(c, 1, &m);
    EXPECT_NE(o.message.find("hiddenDim (-1) must be positive, or 0"), std::string::npos) << o.message;
}

}  // namespace
