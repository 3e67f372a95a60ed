// Sampling: run.c's xorshift64*, greedy, temperature, top-k, top-p; the same
// seed gives the same tokens; bad settings are errors.
#include <gtest/gtest.h>
#include <cmath>
#include "attnscope/model/sampler.h"
#include "reference.h"

using namespace attnscope::model;

namespace {

Sampler make(int V, float temperature, int top_k, float top_p, std::uint64_t seed) {
    Sampler s;
    SamplerConfig c;
    c.temperature = temperature;
    c.top_k = top_k;
    c.top_p = top_p;
    c.seed = seed;
    const Outcome o = Sampler::create(V, c, &s);
    EXPECT_TRUE(o.ok()) << o.message;
    return s;
}

std::vector<float> logits(int V, std::uint64_t seed) { return ref::Rng(seed).floats(V, -3, 3); }

TEST(ModelSampler, RandomNumbersAreRunCsXorshift64Star) {
    Sampler s = make(4, 1, 0, 1, 42);
    std::uint64_t state = 42;  // written out from the algorithm, not the core
    for (int i = 0; i < 5; ++i) {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        const auto want = static_cast<std::uint32_t>((state * 0x2545F4914F6CDD1Dull) >> 32);
        EXPECT_EQ(s.next_u32(), want);
    }
    const float f = s.next_float();
    EXPECT_GE(f, 0.f);
    EXPECT_LT(f, 1.f);
}

TEST(ModelSampler, GreedyIsTheFirstLargestLogit) {
    Sampler s = make(5, 0, 0, 1, 1);
    std::vector<float> x = {0.5f, 2.f, -1.f, 2.f, 1.f};
    EXPECT_EQ(s.sample(x.data()), 1);
    x = {NAN, 1.f, 3.f};
    EXPECT_EQ(make(3, 0, 0, 1, 1).sample(x.data()), 2);
}

TEST(ModelSampler, TheSameSeedGivesTheSameTokensAndAnotherSeedOthers) {
    const int V = 300;
    for (auto [k, p] : {std::pair<int, float>{0, 1.f}, {0, 0.9f}, {20, 1.f}, {20, 0.8f}}) {
        Sampler a = make(V, 0.8f, k, p, 1234), b = make(V, 0.8f, k, p, 1234), c = make(V, 0.8f, k, p, 99);
        std::vector<int> ta, tb, tc;
        for (int step = 0; step < 50; ++step) {
            auto la = logits(V, step), lb = la, lc = la;
            ta.push_back(a.sample(la.data()));
            tb.push_back(b.sample(lb.data()));
            tc.push_back(c.sample(lc.data()));
        }
        EXPECT_EQ(ta, tb) << "top_k " << k << " top_p " << p;
        EXPECT_NE(ta, tc) << "top_k " << k << " top_p " << p;
    }
}

// Frequencies over many draws match the (truncated, renormalised) softmax.
TEST(ModelSampler, FrequenciesFollowTheTruncatedDistribution) {
    const std::vector<float> base = {2.f, 1.5f, 1.f, 0.f, -1.f, 0.5f};
    struct Case { int top_k; float top_p; std::vector<int> kept; };
    // softmax(base) = .40 .24 .15 .05 .02 .09: top-k 3 keeps {0,1,2}; top-p .7 keeps {0,1,2} (.40+.24 = .64 <= .7)
    for (const Case& c : {Case{0, 1.f, {0, 1, 2, 3, 4, 5}}, Case{3, 1.f, {0, 1, 2}}, Case{0, 0.7f, {0, 1, 2}},
                          Case{2, 1.f, {0, 1}}, Case{0, 0.3f, {0}}}) {
        Sampler s = make(6, 1.f, c.top_k, c.top_p, 7);
        std::vector<double> p(6, 0.0), want(6, 0.0);
        double mass = 0;
        for (int i : c.kept) mass += want[i] = std::exp(base[i]);
        for (double& w : want) w /= mass;
        const int draws = 20000;
        for (int n = 0; n < draws; ++n) {
            auto x = base;
            p[s.sample(x.data())] += 1.0 / draws;
        }
        for (int i = 0; i < 6; ++i)  // 20000 draws: standard error <= 0.0036; 0.015 is > 4 sigma
            EXPECT_NEAR(p[i], want[i], 0.015) << "token " << i << " top_k " << c.top_k << " top_p " << c.top_p;
    }
}

TEST(ModelSampler, TopKOfOneIsGreedy) {
    Sampler s = make(100, 1.5f, 1, 1, 5);
    for (int step = 0; step < 20; ++step) {
        auto x = logits(100, step);
        int best = 0;
        for (int i = 1; i < 100; ++i) if (x[i] > x[best]) best = i;
        EXPECT_EQ(s.sample(x.data()), best);
    }
}

TEST(ModelSampler, NanLogitsDoNotCrash) {
    Sampler s = make(4, 1, 2, 0.5f, 5);
    std::vector<float> x = {NAN, NAN, 1.f, NAN};
    const int t = s.sample(x.data());
    EXPECT_TRUE(t >= 0 && t < 4);
}

TEST(ModelSampler, BadSettingsAreErrors) {
    Sampler s;
    SamplerConfig c;
    c.temperature = -1;
    EXPECT_EQ(Sampler::create(10, c, &s).message, "temperature (-1) must be a finite number >= 0");
    c.temperature = NAN;
    EXPECT_EQ(Sampler::create(10, c, &s).message, "temperature (nan) must be a finite number >= 0");
    c = {};
    c.top_k = -2;
    EXPECT_EQ(Sampler::create(10, c, &s).message, "top_k (-2) must be >= 0");
    c = {};
    c.top_p = NAN;
    EXPECT_EQ(Sampler::create(10, c, &s).message, "top_p is NaN");
    EXPECT_EQ(Sampler::create(0, {}, &s).message, "vocab_size (0) must be positive");
}

}  // namespace
