// sinusoidal_encoding, rope_frequencies and alibi_slopes against float64
// formulas (RoPE's rotation itself is in rope_test.cpp).
#include <gtest/gtest.h>
#include <cmath>
#include <string>
#include <vector>
#include "attnscope/position.h"
#include "reference.h"

namespace {

using ref::kF32Rel;

// Angles t * base^(-2i/C) reach ~T radians; float sin/cos of the double angle
// is then within one float rounding, so kF32Rel holds for any T here.
TEST(SinusoidalEncoding, MatchesFloat64Formula) {
    for (int C : {1, 3, 4, 7, 17, 64, 130})
        for (float base : {10000.f, 100.f}) {
            const int T = 50;
            std::vector<float> out(T * C);
            attnscope::sinusoidal_encoding(out.data(), T, C, base);
            ref::expect_close(out, ref::sinusoidal(T, C, base), kF32Rel,
                              "C=" + std::to_string(C) + " base=" + std::to_string(base), {T, C});
        }
}

TEST(SinusoidalEncoding, StaysAccurateAtLargePositions) {
    // Positions near 1e5 lose digits when the angle is formed in float.
    const int T = 100001, C = 8;
    std::vector<float> out(static_cast<std::size_t>(T) * C);
    attnscope::sinusoidal_encoding(out.data(), T, C, 10000.f);
    const auto want = ref::sinusoidal(T, C, 10000.0);
    const std::size_t last = static_cast<std::size_t>(T - 1) * C;
    ref::expect_close(out.data() + last, want.data() + last, C, kF32Rel, "row 100000");
}

TEST(RopeFrequencies, MatchesFloat64AnglesWithOffset) {
    for (int D : {2, 4, 6, 64, 130})
        for (int offset : {0, 5, 1000}) {
            const int T = 9, half = D / 2;
            std::vector<float> c(T * half), s(T * half);
            attnscope::rope_frequencies(c.data(), s.data(), T, D, 10000.f, offset);
            std::vector<double> wc(T * half), ws(T * half);
            for (int t = 0; t < T; ++t)
                for (int i = 0; i < half; ++i) {
                    const double angle = (t + offset) / std::pow(10000.0, 2.0 * i / D);
                    wc[t * half + i] = std::cos(angle);
                    ws[t * half + i] = std::sin(angle);
                }
            const std::string what = "D=" + std::to_string(D) + " offset=" + std::to_string(offset);
            ref::expect_close(c, wc, kF32Rel, "cos " + what, {T, half});
            ref::expect_close(s, ws, kF32Rel, "sin " + what, {T, half});
        }
}

// Slopes are products of a handful of powers: within float rounding of the paper's.
TEST(AlibiSlopes, MatchPaperConstructionForPowersOfTwo) {
    for (int H : {1, 2, 4, 8, 16, 32}) {
        std::vector<float> got(H);
        attnscope::alibi_slopes(got.data(), H);
        ref::expect_close(got, ref::alibi_slopes(H), kF32Rel, "H=" + std::to_string(H));
    }
}

TEST(AlibiSlopes, MatchPaperConstructionForOtherHeadCounts) {
    for (int H : {3, 5, 6, 7, 12, 20, 24}) {
        std::vector<float> got(H);
        attnscope::alibi_slopes(got.data(), H);
        ref::expect_close(got, ref::alibi_slopes(H), kF32Rel, "H=" + std::to_string(H));
    }
}

TEST(AlibiSlopes, EightHeadsAreOneHalfToOne256th) {
    // The paper's example: 2^-1 ... 2^-8, each exact in float.
    float got[8];
    attnscope::alibi_slopes(got, 8);
    for (int h = 0; h < 8; ++h) EXPECT_EQ(got[h], std::ldexp(1.f, -(h + 1))) << "head " << h;
}

TEST(AlibiSlopes, AreDistinctAndInUnitInterval) {
    for (int H : {6, 12, 16}) {
        std::vector<float> s(H);
        attnscope::alibi_slopes(s.data(), H);
        for (int h = 0; h < H; ++h) {
            EXPECT_GT(s[h], 0.f) << "H=" << H << " head " << h;
            EXPECT_LT(s[h], 1.f) << "H=" << H << " head " << h;
            for (int g = 0; g < h; ++g) EXPECT_NE(s[g], s[h]) << "H=" << H << " heads " << g << "," << h;
        }
    }
}

}  // namespace
