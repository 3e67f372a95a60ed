// The small examples lectures work by hand. Expected values come from the
// defining formula evaluated here in double, never from lecture text (which
// has known mistakes: see "Numbers you can trust" in docs/GUIDE.md and
// "Numbers" in docs/ARCHITECTURE.md).
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>
#include "attnscope/attention.h"
#include "attnscope/position.h"
#include "attnscope/softmax.h"
#include "reference.h"

namespace {

using ref::kF32Rel;

TEST(WorkedExample, SoftmaxWithMinusInfinity) {
    const std::vector<float> x = {1.f, 2.f, ref::kNegInfF, 3.f};
    std::vector<float> got(4);
    attnscope::softmax(got.data(), x.data(), 1, 4, 1.f);
    const double z = std::exp(1.0) + std::exp(2.0) + std::exp(3.0);
    ref::expect_close(got, {std::exp(1.0) / z, std::exp(2.0) / z, 0.0, std::exp(3.0) / z}, kF32Rel,
                      "softmax([1, 2, -inf, 3])");
    EXPECT_EQ(got[2], 0.f);
}

TEST(WorkedExample, SinusoidalEncodingDModel4AtPositions0And1) {
    std::vector<float> got(2 * 4);
    attnscope::sinusoidal_encoding(got.data(), 2, 4, 10000.f);
    // PE(pos, 2i) = sin(pos / 10000^(2i/4)), PE(pos, 2i+1) = cos(pos / 10000^(2i/4)).
    const double div1 = std::pow(10000.0, 2.0 / 4.0);
    const std::vector<double> want = {0.0,         1.0,         0.0,                1.0,
                                      std::sin(1.0), std::cos(1.0), std::sin(1.0 / div1), std::cos(1.0 / div1)};
    ref::expect_close(got, want, kF32Rel, "PE d_model=4", {2, 4});
}

TEST(WorkedExample, SinusoidalEncodingDModel8SecondPairDivisor) {
    // The second pair (columns 2, 3) divides the position by 10000^(2/8).
    std::vector<float> got(4 * 8);
    attnscope::sinusoidal_encoding(got.data(), 4, 8, 10000.f);
    const double div = std::pow(10000.0, 2.0 / 8.0);
    for (int pos = 0; pos < 4; ++pos) {
        const double want[2] = {std::sin(pos / div), std::cos(pos / div)};
        ref::expect_close(&got[pos * 8 + 2], want, 2, kF32Rel, "pos " + std::to_string(pos));
    }
}

TEST(WorkedExample, SinusoidalEncodingNormIsSqrtHalfDModel) {
    // Each (sin, cos) pair has norm 1, so a row of D columns has norm sqrt(D/2).
    for (int D : {4, 8, 16, 64, 512}) {
        const int T = 1001;
        std::vector<float> pe(static_cast<std::size_t>(T) * D);
        attnscope::sinusoidal_encoding(pe.data(), T, D, 10000.f);
        for (int pos : {0, 1, 2, 17, 100, 1000}) {
            double sq = 0.0;
            for (int c = 0; c < D; ++c) sq += static_cast<double>(pe[pos * D + c]) * pe[pos * D + c];
            EXPECT_NEAR(std::sqrt(sq), std::sqrt(D / 2.0), kF32Rel * std::sqrt(D / 2.0))
                << "D=" << D << " pos=" << pos;
        }
    }
}

TEST(WorkedExample, RopeOfQ1010AtPosition2InterleavedLayout) {
    // Pairs (q0, q1) = (1, 0) and (q2, q3) = (1, 0) turn by 2 * theta_i, theta_i = 10000^(-2i/4).
    const std::vector<float> q = {1.f, 0.f, 1.f, 0.f};
    const double a0 = 2.0 * std::pow(10000.0, -0.0 / 4.0), a1 = 2.0 * std::pow(10000.0, -2.0 / 4.0);
    const std::vector<double> want = {std::cos(a0), std::sin(a0), std::cos(a1), std::sin(a1)};
    std::vector<float> got(4);
    attnscope::apply_rope(got.data(), q.data(), 1, 1, 4, 10000.f, attnscope::RopeLayout::Interleaved, 2);
    ref::expect_close(got, want, kF32Rel, "offset 2");
    std::vector<float> three(3 * 4), out(3 * 4);  // the same as row 2 of a 3-token sequence
    for (int t = 0; t < 3; ++t) std::copy(q.begin(), q.end(), three.begin() + 4 * t);
    attnscope::apply_rope(out.data(), three.data(), 1, 3, 4, 10000.f, attnscope::RopeLayout::Interleaved, 0);
    ref::expect_close(out.data() + 8, want.data(), 4, kF32Rel, "row 2");
}

TEST(WorkedExample, RopeOfQ1010AtPosition2HalfLayout) {
    // Pairs (q0, q2) = (1, 1) turns by 2 * theta_0; (q1, q3) = (0, 0) stays zero.
    const std::vector<float> q = {1.f, 0.f, 1.f, 0.f};
    const double a0 = 2.0;
    const std::vector<double> want = {std::cos(a0) - std::sin(a0), 0.0, std::sin(a0) + std::cos(a0), 0.0};
    std::vector<float> got(4);
    attnscope::apply_rope(got.data(), q.data(), 1, 1, 4, 10000.f, attnscope::RopeLayout::Half, 2);
    ref::expect_close(got, want, kF32Rel, "offset 2");
}

// Q = K = V = X, D = 4, scale 1/sqrt(4): S = X X^T / 2, W = softmax(S), out = W X.
const double kX[3][4] = {{1, .5, .2, .1}, {.3, 1, .4, .2}, {.2, .3, 1, .5}};

void three_token_expected(bool causal, std::vector<double>* w, std::vector<double>* out) {
    w->assign(9, 0.0);
    out->assign(12, 0.0);
    for (int i = 0; i < 3; ++i) {
        double s[3], z = 0.0;
        const int last = causal ? i : 2;
        for (int j = 0; j <= last; ++j) {
            s[j] = 0.0;
            for (int c = 0; c < 4; ++c) s[j] += kX[i][c] * kX[j][c] / std::sqrt(4.0);
            z += std::exp(s[j]);
        }
        for (int j = 0; j <= last; ++j) {
            (*w)[i * 3 + j] = std::exp(s[j]) / z;
            for (int c = 0; c < 4; ++c) (*out)[i * 4 + c] += (*w)[i * 3 + j] * kX[j][c];
        }
    }
}

void expect_three_token_attention(bool causal) {
    std::vector<float> x;
    for (const auto& row : kX) x.insert(x.end(), row, row + 4);
    attnscope::AttentionParams p;
    p.Nq = p.Nk = 3, p.D = p.Dv = 4, p.scale = 0.5f, p.causal = causal;
    std::vector<float> out(12), weights(9), flash(12);
    ASSERT_EQ(attnscope::attention(out.data(), weights.data(), x.data(), x.data(), x.data(), {}, p),
              attnscope::Status::Ok);
    ASSERT_EQ(attnscope::flash_attention(flash.data(), x.data(), x.data(), x.data(), {}, p),
              attnscope::Status::Ok);
    std::vector<double> want_w, want_out;
    three_token_expected(causal, &want_w, &want_out);
    ref::expect_close(weights, want_w, kF32Rel, "weights", {3, 3});
    ref::expect_close(out, want_out, kF32Rel, "attention out", {3, 4});
    ref::expect_close(flash, want_out, kF32Rel, "flash out", {3, 4});
}

TEST(WorkedExample, ThreeTokenSelfAttention) { expect_three_token_attention(false); }
TEST(WorkedExample, ThreeTokenCausalSelfAttention) { expect_three_token_attention(true); }

}  // namespace
