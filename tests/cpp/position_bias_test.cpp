// alibi_bias, T5 relative buckets and bias, learned absolute positions:
// float64 formulas, hand-checked buckets and the properties the maths has.
#include <gtest/gtest.h>
#include <climits>
#include <cmath>
#include <string>
#include <vector>
#include "attention_case.h"
#include "attnscope/position_bias.h"
#include "reference.h"

namespace {

using attnscope::Status;
using ref::kF32Rel;

std::vector<float> alibi(int H, int Nq, int Nk) {
    std::vector<float> out(static_cast<std::size_t>(H) * Nq * Nk, -7.f);
    EXPECT_EQ(attnscope::alibi_bias(out.data(), H, Nq, Nk), Status::Ok);
    return out;
}

TEST(AlibiBias, MatchesSlopeTimesOffsetInFloat64) {
    for (int H : {1, 3, 8, 12})
        for (auto [Nq, Nk] : {std::pair{1, 1}, {7, 7}, {3, 17}, {65, 65}}) {
            const std::vector<double> slopes = ref::alibi_slopes(H);
            std::vector<double> want;
            for (int h = 0; h < H; ++h)
                for (int i = 0; i < Nq; ++i)
                    for (int j = 0; j < Nk; ++j) want.push_back(-slopes[h] * std::abs(j - (i + Nk - Nq)));
            ref::expect_close(alibi(H, Nq, Nk), want, kF32Rel,
                              "H=" + std::to_string(H) + " Nq=" + std::to_string(Nq) + " Nk=" + std::to_string(Nk),
                              {H, Nq, Nk});
        }
}

TEST(AlibiBias, DependsOnlyOnKeyMinusQueryAndTheHead) {
    const int H = 6, Nq = 9, Nk = 20;
    const std::vector<float> b = alibi(H, Nq, Nk);
    auto at = [&](int h, int i, int j) { return b[(static_cast<std::size_t>(h) * Nq + i) * Nk + j]; };
    for (int h = 0; h < H; ++h)
        for (int i = 0; i + 1 < Nq; ++i)
            for (int j = 0; j + 1 < Nk; ++j) ASSERT_EQ(at(h, i, j), at(h, i + 1, j + 1)) << h << " " << i << " " << j;
    for (int h = 0; h + 1 < H; ++h) EXPECT_NE(at(h, 0, 0), at(h + 1, 0, 0)) << "heads " << h << ", " << h + 1;
    EXPECT_EQ(at(2, Nq - 1, Nk - 1), 0.f);  // the aligned query's own key
}

// Bidirectional ALiBi: a later key is penalised like an earlier one at the
// same distance (a +m (j - i') bias would reward later keys and fail here).
TEST(AlibiBias, PenalisesLaterKeysLikeEarlierOnes) {
    const int H = 4, N = 9;
    const std::vector<float> b = alibi(H, N, N);
    auto at = [&](int h, int i, int j) { return b[(static_cast<std::size_t>(h) * N + i) * N + j]; };
    const std::vector<double> slopes = ref::alibi_slopes(H);
    for (int h = 0; h < H; ++h)
        for (int d = 1; d <= 4; ++d) {
            EXPECT_EQ(at(h, 4, 4 + d), at(h, 4, 4 - d)) << "head " << h << " distance " << d;
            EXPECT_NEAR(at(h, 4, 4 + d), -slopes[h] * d, 1e-6) << "head " << h << " distance " << d;
            EXPECT_LT(at(h, 4, 4 + d), at(h, 4, 4 + d - 1));
        }
}

TEST(AlibiBias, AsAnAdditiveMaskEqualsTheAlibiOption) {
    attnscope::AttentionParams p;
    p.B = 2, p.H = 5, p.Hkv = 5, p.Nq = 4, p.Nk = 70, p.D = 8, p.Dv = 8, p.causal = true;
    ref::AttnCase c = ref::make_case(p, ref::kSeed + 90);
    c.add = alibi(p.H, p.Nq, p.Nk);
    c.strides = {0, static_cast<long>(p.Nq) * p.Nk, p.Nk, 1};
    const ref::AttnRun by_mask = ref::run_attention(c);
    c.add.clear();
    c.p.alibi = true;
    const ref::AttnRun by_option = ref::run_attention(c);
    ref::expect_close(by_mask.weights, ref::widen(by_option.weights), kF32Rel, "weights");
}

int bucket(int rp, bool bidirectional, int nb = 32, int md = 128) {
    int out = -1;
    EXPECT_EQ(attnscope::t5_relative_position_bucket(&out, &rp, 1, bidirectional, nb, md), Status::Ok);
    return out;
}

TEST(T5Bucket, HandCheckedValuesForTheDefaults) {
    // Bidirectional, 32 buckets, max distance 128: 16 per direction, 8 exact;
    // key after the query (rp > 0) in buckets 16..31; log buckets at 16, 32, 64, >= 128.
    const std::pair<int, int> bi[] = {{0, 0}, {-1, 1}, {-7, 7}, {-8, 8}, {-15, 9}, {-16, 10}, {-31, 11},
                                      {-32, 12}, {-64, 14}, {-127, 15}, {-128, 15}, {-5000, 15},
                                      {1, 17}, {7, 23}, {16, 26}, {32, 28}, {64, 30}, {128, 31}, {5000, 31},
                                      {INT_MIN, 15}, {INT_MAX, 31}};  // |INT_MIN| overflows 32-bit maths
    for (auto [rp, want] : bi) EXPECT_EQ(bucket(rp, true), want) << "bidirectional rp=" << rp;
    // Causal: the future shares bucket 0; 16 exact buckets into the past.
    const std::pair<int, int> uni[] = {{5, 0}, {0, 0}, {-5, 5}, {-15, 15}, {-16, 16}, {-32, 21},
                                       {-64, 26}, {-127, 31}, {-128, 31}, {-100000, 31}, {INT_MIN, 31}, {INT_MAX, 0}};
    for (auto [rp, want] : uni) EXPECT_EQ(bucket(rp, false), want) << "causal rp=" << rp;
}

// The float64 formula; HF computes it in float32, which can land on either
// side of an integer, so values within 1e-4 of one accept both buckets.
TEST(T5Bucket, AgreesWithTheFloat64FormulaAwayFromRoundingEdges) {
    for (bool bi : {true, false})
        for (auto [nb, md] : {std::pair{32, 128}, {8, 20}, {64, 1000}, {4, 3}}) {
            const int n = bi ? nb / 2 : nb, e = n / 2;
            for (int rp = -3000; rp <= 3000; ++rp) {
                const int base = bi && rp > 0 ? n : 0;
                const int a = bi ? std::abs(rp) : std::max(-rp, 0);
                const double large = std::log(static_cast<double>(a) / e) / std::log(static_cast<double>(md) / e) * (n - e);
                const int lo = a < e ? a : std::min(n - 1, e + std::max(0, static_cast<int>(std::floor(large - 1e-4))));
                const int hi = a < e ? a : std::min(n - 1, e + static_cast<int>(std::floor(large + 1e-4)));
                const int got = bucket(rp, bi, nb, md) - base;
                ASSERT_TRUE(got >= lo && got <= hi) << "rp=" << rp << " nb=" << nb << " md=" << md << " bi=" << bi
                                                    << ": bucket " << got << ", float64 says " << e + large;
            }
        }
}

TEST(T5Bucket, RejectsTooFewBucketsAndTooShortADistance) {
    int out = -7, rp = 3;
    EXPECT_EQ(attnscope::t5_relative_position_bucket(&out, &rp, 1, true, 3, 128), Status::InvalidArgument);
    EXPECT_EQ(attnscope::t5_relative_position_bucket(&out, &rp, 1, false, 1, 128), Status::InvalidArgument);
    EXPECT_EQ(attnscope::t5_relative_position_bucket(&out, &rp, 1, true, 32, 8), Status::InvalidArgument);
    EXPECT_EQ(out, -7);
}

TEST(T5Bias, LooksUpTheTableAtTheBucketOfKeyMinusAlignedQuery) {
    for (bool bi : {true, false})
        for (auto [Nq, Nk] : {std::pair{5, 5}, {3, 40}, {17, 17}}) {
            const int H = 3, nb = 8, md = 20;
            ref::Rng rng(ref::kSeed + 91);
            const std::vector<float> table = rng.floats(nb * H);
            std::vector<float> out(static_cast<std::size_t>(H) * Nq * Nk);
            ASSERT_EQ(attnscope::t5_relative_bias(out.data(), table.data(), H, Nq, Nk, bi, nb, md), Status::Ok);
            for (int h = 0; h < H; ++h)
                for (int i = 0; i < Nq; ++i)
                    for (int j = 0; j < Nk; ++j)
                        ASSERT_EQ(out[(static_cast<std::size_t>(h) * Nq + i) * Nk + j],
                                  table[bucket(j - (i + Nk - Nq), bi, nb, md) * H + h])
                            << "h=" << h << " i=" << i << " j=" << j << " bidirectional=" << bi;
        }
}

TEST(AddPositionEmbeddings, AddsTheRowOfEachPositionWithOffset) {
    for (int C : ref::kTailSizes)
        for (int offset : {0, 3}) {
            const int B = 2, T = 5, L = 9;
            ref::Rng rng(ref::kSeed + 92 + C);
            const std::vector<float> x = rng.floats(static_cast<std::size_t>(B) * T * C), table = rng.floats(L * C);
            std::vector<double> want(x.size());
            for (int b = 0; b < B; ++b)
                for (int t = 0; t < T; ++t)
                    for (int c = 0; c < C; ++c)
                        want[(b * T + t) * C + c] = static_cast<double>(x[(b * T + t) * C + c]) + table[(t + offset) * C + c];
            std::vector<float> out(x.size());
            ASSERT_EQ(attnscope::add_position_embeddings(out.data(), x.data(), table.data(), B, T, C, L, offset), Status::Ok);
            ref::expect_close(out, want, kF32Rel, "C=" + std::to_string(C), {B, T, C});
            std::vector<float> inplace = x;  // out may alias x
            attnscope::add_position_embeddings(inplace.data(), inplace.data(), table.data(), B, T, C, L, offset);
            EXPECT_EQ(inplace, out);
        }
}

TEST(AddPositionEmbeddings, RejectsPositionsPastTheTable) {
    std::vector<float> x(6, 1.f), table(4 * 2, 0.f), out(6, -7.f);
    EXPECT_EQ(attnscope::add_position_embeddings(out.data(), x.data(), table.data(), 1, 3, 2, 4, 2), Status::InvalidArgument);
    EXPECT_EQ(attnscope::add_position_embeddings(out.data(), x.data(), table.data(), 1, 3, 2, 4, -1), Status::InvalidArgument);
    for (float o : out) EXPECT_EQ(o, -7.f);
    EXPECT_EQ(attnscope::add_position_embeddings(out.data(), x.data(), table.data(), 1, 3, 2, 4, 1), Status::Ok);
}

}  // namespace
