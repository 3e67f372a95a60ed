// gelu, gelu_tanh, relu, silu against float64 formulas.
#include <gtest/gtest.h>
#include <cmath>
#include <functional>
#include <string>
#include <vector>
#include "attnscope/activation.h"
#include "reference.h"

namespace {

using ref::kF32Rel;
using Kernel = void (*)(float*, const float*, long);

double gelu64(double x) { return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))); }
double gelu_tanh64(double x) {
    const double pi = std::acos(-1.0);
    return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / pi) * (x + 0.044715 * x * x * x)));
}
double relu64(double x) { return x > 0.0 ? x : 0.0; }
double silu64(double x) { return x / (1.0 + std::exp(-x)); }

// The kernel on sizes with every tail, inputs in [-8, 8], against `want` per element.
void expect_matches(Kernel kernel, const std::function<double(double)>& want, const char* name) {
    ref::Rng rng(ref::kSeed + 20);
    for (int n : ref::kTailSizes) {
        const auto x = rng.floats(n, -8, 8);
        std::vector<float> out(n);
        std::vector<double> expected(n);
        for (int i = 0; i < n; ++i) expected[i] = want(x[i]);
        kernel(out.data(), x.data(), n);
        ref::expect_close(out, expected, kF32Rel, std::string(name) + " n=" + std::to_string(n));
    }
}

TEST(Gelu, MatchesErfFormula) { expect_matches(attnscope::gelu, gelu64, "gelu"); }
TEST(GeluTanh, MatchesTanhApproximation) { expect_matches(attnscope::gelu_tanh, gelu_tanh64, "gelu_tanh"); }
TEST(Relu, MatchesMaxWithZero) { expect_matches(attnscope::relu, relu64, "relu"); }
TEST(Silu, MatchesXTimesSigmoid) { expect_matches(attnscope::silu, silu64, "silu"); }

TEST(Gelu, StaysWithinTheFixtureToleranceOnADenseGrid) {
    // The JS fixtures' gelu tolerance (atol 4e-7, rtol 16 ulp) on every
    // 1/4096 step of [-8, 8]: it covers both of the SIMD path's erf forms
    // (the fast one for |x| <= 1.75 sqrt 2 and xsimd's) and the edge between them.
    // gelu_tanh (off by up to 4e-4) or a cruder erf fit would fail.
    constexpr double kAtol = 4e-7, kRtol = 16.0 / (1 << 24);
    std::vector<float> x;
    for (int i = -8 * 4096; i <= 8 * 4096; ++i) x.push_back(static_cast<float>(i) / 4096.f);
    std::vector<float> out(x.size());
    attnscope::gelu(out.data(), x.data(), static_cast<long>(x.size()));
    double worst = 0.0;
    float at = 0.f;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double want = gelu64(x[i]);
        const double excess = std::fabs(out[i] - want) - (kAtol + kRtol * std::fabs(want));
        if (excess > worst) worst = excess, at = x[i];
    }
    EXPECT_LE(worst, 0.0) << "gelu exceeds the tolerance by " << worst << " at x = " << at;
}

TEST(Gelu, VectorAndTailAgreeBitForBitNearZero) {
    // Both paths use the same fast erf for |x| <= 1.75 sqrt 2, in the same
    // order of operations: the tail (n = 1) must equal the SIMD lanes (n = 8).
    ref::Rng rng(ref::kSeed + 22);
    const auto x = rng.floats(64, -2.4, 2.4);
    for (std::size_t i = 0; i + 8 <= x.size(); i += 8) {
        float lanes[8], one;
        attnscope::gelu(lanes, x.data() + i, 8);
        for (int j = 0; j < 8; ++j) {
            attnscope::gelu(&one, x.data() + i + j, 1);
            EXPECT_EQ(one, lanes[j]) << "x = " << x[i + j];
        }
    }
}

TEST(GeluTanh, DiffersFromExactGeluWhereTheApproximationDoes) {
    // Guards against one kernel calling the other: at x = -3 they differ by ~3e-4.
    const float x = -3.f;
    float exact, approx;
    attnscope::gelu(&exact, &x, 1);
    attnscope::gelu_tanh(&approx, &x, 1);
    EXPECT_NEAR(approx - exact, gelu_tanh64(-3.0) - gelu64(-3.0), 1e-5);
    EXPECT_GT(std::fabs(gelu_tanh64(-3.0) - gelu64(-3.0)), 1e-4);
}

TEST(Activations, PropagateNaN) {
    const float x[3] = {1.f, ref::kNaNF, -1.f};
    for (Kernel k : {attnscope::gelu, attnscope::gelu_tanh, attnscope::relu, attnscope::silu}) {
        float out[3];
        k(out, x, 3);
        EXPECT_TRUE(std::isnan(out[1])) << "got " << out[1];
        EXPECT_FALSE(std::isnan(out[0]) || std::isnan(out[2]));
    }
}

TEST(Activations, WorkInPlace) {
    ref::Rng rng(ref::kSeed + 21);
    auto x = rng.floats(65, -4, 4);
    std::vector<double> want(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) want[i] = silu64(x[i]);
    attnscope::silu(x.data(), x.data(), 65);
    ref::expect_close(x, want, kF32Rel, "silu in place");
}

TEST(Activations, SaturateWithoutNaNForLargeInputs) {
    const float x[4] = {-100.f, 100.f, -30.f, 30.f};
    for (Kernel k : {attnscope::gelu, attnscope::gelu_tanh, attnscope::silu}) {
        float out[4];
        k(out, x, 4);
        EXPECT_EQ(out[0], 0.f);
        EXPECT_EQ(out[1], 100.f);
        EXPECT_NEAR(out[2], 0.f, 1e-6);
        EXPECT_EQ(out[3], 30.f);
    }
}

}  // namespace
