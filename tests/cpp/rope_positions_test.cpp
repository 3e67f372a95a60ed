// apply_rope_at: RoPE at explicit, possibly non-integer or negative positions,
// against a float64 rotation written here, and its agreement with apply_rope.
#include <gtest/gtest.h>
#include <cmath>
#include <string>
#include <vector>
#include "attnscope/position.h"
#include "reference.h"

namespace {

using attnscope::RopeLayout;
using ref::kF32Rel;

constexpr RopeLayout kLayouts[] = {RopeLayout::Interleaved, RopeLayout::Half};
constexpr double kPi = 3.14159265358979323846;

// float64: row t of each batch, pair i turned by positions[t] * base^(-2i/D).
std::vector<double> rope_at64(const std::vector<double>& x, int B, int T, int D, double base, bool interleaved,
                              const std::vector<double>& positions) {
    std::vector<double> out(x.size());
    for (int b = 0; b < B; ++b)
        for (int t = 0; t < T; ++t)
            for (int i = 0; i < D / 2; ++i) {
                const int ia = interleaved ? 2 * i : i, ib = interleaved ? 2 * i + 1 : i + D / 2;
                const double th = positions[t] * std::pow(base, -2.0 * i / D);
                const std::size_t row = (static_cast<std::size_t>(b) * T + t) * D;
                out[row + ia] = x[row + ia] * std::cos(th) - x[row + ib] * std::sin(th);
                out[row + ib] = x[row + ia] * std::sin(th) + x[row + ib] * std::cos(th);
            }
    return out;
}

std::vector<float> rope_at(const std::vector<float>& x, int B, int T, int D, float base, RopeLayout l,
                           const std::vector<double>& positions) {
    std::vector<float> out(x.size());
    attnscope::apply_rope_at(out.data(), x.data(), B, T, D, base, l, positions.data());
    return out;
}

TEST(ApplyRopeAt, MatchesFloat64AtNonIntegerAndNegativePositions) {
    ref::Rng rng(ref::kSeed + 60);
    const std::vector<double> positions = {0.5, kPi / 4, -1.25, 0.0, 1000.3, 7.0, -300.75};
    const int B = 2, T = static_cast<int>(positions.size());
    for (RopeLayout l : kLayouts)
        for (int D : {2, 6, 16, 34})
            for (float base : {10000.f, 10.f}) {
                const auto x = rng.floats(B * T * D);
                ref::expect_close(rope_at(x, B, T, D, base, l, positions),
                                  rope_at64(ref::widen(x), B, T, D, base, l == RopeLayout::Interleaved, positions),
                                  kF32Rel, "D=" + std::to_string(D) + " base=" + std::to_string(base), {B, T, D});
            }
}

TEST(ApplyRopeAt, HeadDimTwoTurnsByExactlyTheAngle) {
    // theta_0 = base^0 = 1: position p turns (1, 0) to (cos p, sin p).
    for (double p : {kPi / 4, 0.5, -2.0}) {
        const auto y = rope_at({1.f, 0.f}, 1, 1, 2, 10000.f, RopeLayout::Interleaved, {p});
        EXPECT_NEAR(y[0], std::cos(p), 1e-7) << "p=" << p;
        EXPECT_NEAR(y[1], std::sin(p), 1e-7) << "p=" << p;
    }
    // A plausible slip, turning by -p, would give sin < 0 at pi/4: rule it out directly.
    const auto y = rope_at({1.f, 0.f}, 1, 1, 2, 10000.f, RopeLayout::Interleaved, {kPi / 4});
    EXPECT_GT(y[1], 0.7f);
}

TEST(ApplyRopeAt, IntegerPositionsEqualTheOffsetForm) {
    ref::Rng rng(ref::kSeed + 61);
    const int B = 3, T = 5, D = 12, offset = 9;
    const auto x = rng.floats(B * T * D);
    std::vector<double> positions(T);
    for (int t = 0; t < T; ++t) positions[t] = t + offset;
    for (RopeLayout l : kLayouts) {
        std::vector<float> want(x.size());
        attnscope::apply_rope(want.data(), x.data(), B, T, D, 10000.f, l, offset);
        const auto got = rope_at(x, B, T, D, 10000.f, l, positions);
        for (std::size_t i = 0; i < x.size(); ++i) EXPECT_EQ(got[i], want[i]) << "at " << i;
    }
}

TEST(ApplyRopeAt, ScoreDependsOnlyOnTheOffsetAtRealPositions) {
    // (R(m)q).(R(n)k) = q^T R(n-m) k holds for real m, n too.
    ref::Rng rng(ref::kSeed + 62);
    const int D = 8;
    const auto q = rng.floats(D), k = rng.floats(D);
    auto score = [&](double m, double n) {
        const auto qm = rope_at(q, 1, 1, D, 10000.f, RopeLayout::Interleaved, {m});
        const auto kn = rope_at(k, 1, 1, D, 10000.f, RopeLayout::Interleaved, {n});
        double s = 0.0;
        for (int c = 0; c < D; ++c) s += static_cast<double>(qm[c]) * kn[c];
        return s;
    };
    const double base = score(0.3, 2.8);
    for (double shift : {0.25, 1.5, 10.125}) EXPECT_NEAR(score(0.3 + shift, 2.8 + shift), base, 1e-5) << shift;
    EXPECT_GT(std::abs(score(2.8, 0.3) - base), 1e-3);  // the reversed offset differs
}

}  // namespace
