// linear_attention: every feature map against a float64 re-implementation,
// the recurrent form equal to the quadratic one, Performer's seeded
// projection and its approximation of softmax attention.
#include <gtest/gtest.h>
#include <cmath>
#include <string>
#include <vector>
#include "attention_case.h"
#include "attnscope/linear_attention.h"
#include "attnscope/masks.h"
#include "reference.h"

namespace {

using attnscope::FeatureMap;
using attnscope::LinearAttentionParams;
using attnscope::LinearForm;
using attnscope::Status;
using ref::kF32SumRel;

const char* name(FeatureMap f) {
    return f == FeatureMap::Elu1 ? "elu1" : f == FeatureMap::Relu ? "relu" : f == FeatureMap::Identity ? "identity" : "performer";
}

std::string describe(const LinearAttentionParams& p) {
    return std::string(name(p.feature_map)) + " B=" + std::to_string(p.B) + " H=" + std::to_string(p.H) +
           " Nq=" + std::to_string(p.Nq) + " Nk=" + std::to_string(p.Nk) + " D=" + std::to_string(p.D) +
           " Dv=" + std::to_string(p.Dv) + " m=" + std::to_string(p.features) + " causal=" + std::to_string(p.causal) +
           " form=" + std::to_string(static_cast<int>(p.form)) + " normalize=" + std::to_string(p.normalize);
}

struct LinCase {
    LinearAttentionParams p;
    std::vector<float> q, k, v, w;  // w (m, D): the performer projection
};

LinCase make(LinearAttentionParams p, std::uint64_t seed) {
    ref::Rng rng(seed);
    LinCase c{p, rng.floats(static_cast<std::size_t>(p.B) * p.H * p.Nq * p.D),
              rng.floats(static_cast<std::size_t>(p.B) * p.H * p.Nk * p.D),
              rng.floats(static_cast<std::size_t>(p.B) * p.H * p.Nk * p.Dv), {}};
    if (p.feature_map == FeatureMap::Performer) {
        c.w.resize(static_cast<std::size_t>(p.features) * p.D);
        attnscope::performer_projection(c.w.data(), p.features, p.D, seed);
    }
    return c;
}

std::vector<float> run(const LinCase& c, Status* status = nullptr) {
    const auto& p = c.p;
    std::vector<float> out(static_cast<std::size_t>(p.B) * p.H * p.Nq * p.Dv, -7.f);
    const Status s = attnscope::linear_attention(out.data(), c.q.data(), c.k.data(), c.v.data(),
                                                 c.w.empty() ? nullptr : c.w.data(), p);
    if (status) *status = s;
    else EXPECT_EQ(s, Status::Ok) << describe(p);
    return out;
}

// phi(x) in float64, straight from the header's formulas.
std::vector<double> phi(const float* x, const LinCase& c) {
    const auto& p = c.p;
    std::vector<double> f;
    if (p.feature_map != FeatureMap::Performer) {
        for (int d = 0; d < p.D; ++d)
            f.push_back(p.feature_map == FeatureMap::Identity ? double(x[d])
                        : p.feature_map == FeatureMap::Relu   ? std::max<double>(x[d], 0.0)
                        : x[d] > 0                            ? x[d] + 1.0
                                                              : std::exp(double(x[d])));
        return f;
    }
    const double root = std::pow(p.D, 0.25);
    double sq = 0.0;
    for (int d = 0; d < p.D; ++d) sq += (x[d] / root) * (x[d] / root);
    for (int r = 0; r < p.features; ++r) {
        double wx = 0.0;
        for (int d = 0; d < p.D; ++d) wx += c.w[r * p.D + d] * (x[d] / root);
        f.push_back(std::exp(wx - sq / 2) / std::sqrt(double(p.features)));
    }
    return f;
}

// out_i = sum_j a_ij v_j / (sum_j a_ij + eps) (or unnormalised sum_j a_ij v_j),
// a_ij = phi(q_i).phi(k_j), j <= i' when causal.
std::vector<double> reference(const LinCase& c) {
    const auto& p = c.p;
    std::vector<double> out;
    for (int bh = 0; bh < p.B * p.H; ++bh)
        for (int i = 0; i < p.Nq; ++i) {
            const std::vector<double> fq = phi(&c.q[(static_cast<std::size_t>(bh) * p.Nq + i) * p.D], c);
            std::vector<double> num(p.Dv, 0.0);
            double den = 0.0;
            int keys = 0;
            for (int j = 0; j < p.Nk && (!p.causal || j <= i + p.Nk - p.Nq); ++j, ++keys) {
                const std::vector<double> fk = phi(&c.k[(static_cast<std::size_t>(bh) * p.Nk + j) * p.D], c);
                double a = 0.0;
                for (std::size_t f = 0; f < fq.size(); ++f) a += fq[f] * fk[f];
                den += a;
                for (int e = 0; e < p.Dv; ++e) num[e] += a * c.v[(static_cast<std::size_t>(bh) * p.Nk + j) * p.Dv + e];
            }
            for (int e = 0; e < p.Dv; ++e) out.push_back(keys == 0 ? 0.0 : p.normalize ? num[e] / (den + p.eps) : num[e]);
        }
    return out;
}

LinearAttentionParams shape(FeatureMap f, int B, int H, int Nq, int Nk, int D, int Dv) {
    LinearAttentionParams p;
    p.feature_map = f, p.B = B, p.H = H, p.Nq = Nq, p.Nk = Nk, p.D = D, p.Dv = Dv;
    p.features = f == FeatureMap::Performer ? 16 : 0;
    return p;
}

constexpr FeatureMap kMaps[] = {FeatureMap::Elu1, FeatureMap::Relu, FeatureMap::Performer};

// Outputs are weighted means of v in [-1, 1] with positive weights: O(1),
// sums over <= 130 keys and features, hence the float-sum tolerance.
TEST(LinearAttention, EveryMapFormAndMaskMatchesFloat64OnTailSizes) {
    for (FeatureMap f : kMaps)
        for (int D : ref::kTailSizes)
            for (bool causal : {false, true})
                for (LinearForm form : {LinearForm::Recurrent, LinearForm::Quadratic}) {
                    LinearAttentionParams p = shape(f, 2, 2, 9, 13, D, D % 5 + 1);
                    p.causal = causal, p.form = form;
                    const LinCase c = make(p, ref::kSeed + 100 + D);
                    ref::expect_close(run(c), reference(c), kF32SumRel, describe(p), {p.B, p.H, p.Nq, p.Dv});
                }
}

TEST(LinearAttention, MatchesFloat64WithMoreQueriesThanKeysAndLongValues) {
    for (FeatureMap f : kMaps)
        for (bool causal : {false, true}) {
            LinearAttentionParams p = shape(f, 1, 3, 12, 5, 8, 65);  // causal: rows 0..6 see no key
            p.causal = causal;
            const LinCase c = make(p, ref::kSeed + 101);
            ref::expect_close(run(c), reference(c), kF32SumRel, describe(p), {p.B, p.H, p.Nq, p.Dv});
        }
}

// Unnormalised sums of up to 13 products a_ij v_j with |a_ij| <= D (q, k in
// [-1, 1]): O(D) outputs; the norm-wise tolerance scales with the largest.
TEST(LinearAttention, UnnormalisedAndIdentityMatchFloat64InBothFormsAndMasks) {
    for (FeatureMap f : {FeatureMap::Identity, FeatureMap::Elu1, FeatureMap::Relu, FeatureMap::Performer})
        for (int D : ref::kTailSizes)
            for (bool causal : {false, true})
                for (bool normalize : {false, true})
                    for (LinearForm form : {LinearForm::Recurrent, LinearForm::Quadratic}) {
                        if (f == FeatureMap::Identity && normalize) continue;  // q.z may vanish: tested below
                        LinearAttentionParams p = shape(f, 2, 2, 9, 13, D, D % 5 + 1);
                        p.causal = causal, p.form = form, p.normalize = normalize;
                        const LinCase c = make(p, ref::kSeed + 110 + D);
                        ref::expect_close(run(c), reference(c), kF32SumRel, describe(p), {p.B, p.H, p.Nq, p.Dv});
                    }
}

TEST(LinearAttention, IdentityUnnormalisedIsQKTransposeV) {
    // A worked 1-head case: Q K^T V by hand-checkable integers, causal and not.
    LinearAttentionParams p = shape(FeatureMap::Identity, 1, 1, 2, 2, 2, 1);
    p.normalize = false;
    LinCase c{p, {1, 2, 3, 4}, {1, 0, 0, 1}, {10, 100}, {}};
    // Q K^T = [[1, 2], [3, 4]]; (Q K^T) V = [1*10 + 2*100, 3*10 + 4*100] = [210, 430].
    EXPECT_EQ(run(c), (std::vector<float>{210.f, 430.f}));
    c.p.causal = true;  // row 0 sees key 0 only: 1*10
    EXPECT_EQ(run(c), (std::vector<float>{10.f, 430.f}));
    c.p.form = LinearForm::Quadratic;
    EXPECT_EQ(run(c), (std::vector<float>{10.f, 430.f}));
}

TEST(LinearAttention, IdentityNormalisedDividesBySignedScores) {
    LinearAttentionParams p = shape(FeatureMap::Identity, 1, 1, 1, 2, 2, 1);
    p.eps = 0.f;
    LinCase c{p, {1, 1}, {2, 0, 0, -1}, {3, 5}, {}};
    // a = [2, -1]: (2*3 - 1*5) / (2 - 1) = 1.
    EXPECT_EQ(run(c), (std::vector<float>{1.f}));
}

TEST(LinearAttention, CausalRecurrentEqualsItsQuadraticForm) {
    for (FeatureMap f : kMaps)
        for (auto [Nq, Nk] : {std::pair{300, 300}, {50, 300}, {1, 17}}) {
            LinearAttentionParams p = shape(f, 2, 2, Nq, Nk, 16, 24);
            p.causal = true;
            const LinCase c = make(p, ref::kSeed + 102);
            const std::vector<float> recurrent = run(c);
            LinCase quad = c;
            quad.p.form = LinearForm::Quadratic;
            ref::expect_close(recurrent, ref::widen(run(quad)), kF32SumRel, describe(p), {p.B, p.H, p.Nq, p.Dv});
        }
}

TEST(LinearAttention, NoKeyGivesZerosAndInvalidParamsWriteNothing) {
    LinearAttentionParams p = shape(FeatureMap::Elu1, 1, 1, 3, 0, 4, 2);
    for (float o : run(make(p, 1))) EXPECT_EQ(o, 0.f);
    Status s;
    p.Nk = 2, p.D = 0;
    for (float o : run(make(p, 1), &s)) EXPECT_EQ(o, -7.f);
    EXPECT_EQ(s, Status::InvalidArgument);
    p = shape(FeatureMap::Performer, 1, 1, 2, 2, 4, 2);
    LinCase c = make(p, 1);
    c.p.features = 0;
    run(c, &s);
    EXPECT_EQ(s, Status::InvalidArgument);
    c = make(p, 1);
    c.w.clear();  // performer without a projection
    run(c, &s);
    EXPECT_EQ(s, Status::InvalidArgument);
}

TEST(PerformerProjection, IsTheDocumentedBoxMullerOnSplitMix64) {
    const int m = 5, D = 3;
    std::vector<float> w(m * D);
    attnscope::performer_projection(w.data(), m, D, 12345);
    attnscope::SplitMix64 rng(12345);
    for (int x = 0; x < m * D; ++x) {
        const double u1 = (rng.next() >> 11) * 0x1.0p-53, u2 = (rng.next() >> 11) * 0x1.0p-53;
        EXPECT_EQ(w[x], static_cast<float>(std::sqrt(-2 * std::log(1 - u1)) * std::cos(2 * 3.141592653589793 * u2))) << x;
    }
}

TEST(PerformerProjection, SameSeedSameMatrixAndStandardNormalMoments) {
    const int m = 128, D = 64;  // 8192 samples: mean within 4 sd = 0.044, variance within 0.07
    std::vector<float> a(m * D), b(m * D), c(m * D);
    attnscope::performer_projection(a.data(), m, D, 3);
    attnscope::performer_projection(b.data(), m, D, 3);
    attnscope::performer_projection(c.data(), m, D, 4);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
    double mean = 0.0, var = 0.0;
    for (float x : a) mean += x / a.size();
    for (float x : a) var += (x - mean) * (x - mean) / a.size();
    EXPECT_NEAR(mean, 0.0, 0.044);
    EXPECT_NEAR(var, 1.0, 0.07);
}

TEST(Performer, ApproximatesSoftmaxAttentionBetterWithMoreFeatures) {
    attnscope::AttentionParams sp;
    sp.B = 1, sp.H = 1, sp.Hkv = 1, sp.Nq = 6, sp.Nk = 10, sp.D = 4, sp.Dv = 4;
    const ref::AttnCase soft = ref::make_case(sp, ref::kSeed + 103);
    const std::vector<double> exact = ref::reference(soft).out;
    double err[2];
    int at = 0;
    for (int m : {4, 8192}) {
        LinCase c{shape(FeatureMap::Performer, 1, 1, 6, 10, 4, 4), soft.q, soft.k, soft.v, {}};
        c.p.features = m;
        c.w.resize(static_cast<std::size_t>(m) * 4);
        attnscope::performer_projection(c.w.data(), m, 4, 9);
        const std::vector<float> got = run(c);
        err[at] = 0.0;
        for (std::size_t x = 0; x < got.size(); ++x) err[at] = std::max(err[at], std::fabs(got[x] - exact[x]));
        ++at;
    }
    EXPECT_LT(err[1], 0.03) << "8192 features, worst |performer - softmax| (4 features: " << err[0] << ")";
    EXPECT_LT(err[1], err[0] / 4) << "more features, a better estimate";
}

}  // namespace
