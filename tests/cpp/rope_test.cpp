// apply_rope in both layouts: against float64 rotation, and the properties
// lectures rely on (norms kept, scores depend only on n - m).
#include <gtest/gtest.h>
#include <cmath>
#include <string>
#include <utility>
#include <vector>
#include "attnscope/position.h"
#include "reference.h"

namespace {

using attnscope::RopeLayout;
using ref::kF32Rel;
using ref::kF32SumRel;

constexpr RopeLayout kLayouts[] = {RopeLayout::Interleaved, RopeLayout::Half};
const char* name(RopeLayout l) { return l == RopeLayout::Interleaved ? "interleaved" : "half"; }

std::vector<float> rope(const std::vector<float>& x, int B, int T, int D, RopeLayout l, int offset) {
    std::vector<float> out(x.size());
    attnscope::apply_rope(out.data(), x.data(), B, T, D, 10000.f, l, offset);
    return out;
}

double dot64(const float* a, const float* b, int n) {
    double s = 0.0;
    for (int i = 0; i < n; ++i) s += static_cast<double>(a[i]) * b[i];
    return s;
}

TEST(ApplyRope, MatchesFloat64RotationInBothLayouts) {
    ref::Rng rng(ref::kSeed + 30);
    for (RopeLayout l : kLayouts)
        for (int D : {2, 4, 6, 16, 34, 128})
            for (int offset : {0, 3, 500}) {
                const int B = 2, T = 7;
                const auto x = rng.floats(B * T * D);
                ref::expect_close(rope(x, B, T, D, l, offset),
                                  ref::rope(ref::widen(x), B, T, D, 10000.0,
                                            l == RopeLayout::Interleaved, offset),
                                  kF32Rel,
                                  std::string(name(l)) + " D=" + std::to_string(D) +
                                      " offset=" + std::to_string(offset),
                                  {B, T, D});
            }
}

TEST(ApplyRope, LayoutsDifferOnlyByAPermutation) {
    // Half layout on x equals interleaved layout on x with pair (i, i+D/2) moved to (2i, 2i+1).
    ref::Rng rng(ref::kSeed + 31);
    const int T = 5, D = 16;
    const auto x = rng.floats(T * D);
    std::vector<float> xi(x.size());
    for (int t = 0; t < T; ++t)
        for (int i = 0; i < D / 2; ++i) {
            xi[t * D + 2 * i] = x[t * D + i];
            xi[t * D + 2 * i + 1] = x[t * D + i + D / 2];
        }
    const auto half = rope(x, 1, T, D, RopeLayout::Half, 0), inter = rope(xi, 1, T, D, RopeLayout::Interleaved, 0);
    for (int t = 0; t < T; ++t)
        for (int i = 0; i < D / 2; ++i) {
            EXPECT_EQ(half[t * D + i], inter[t * D + 2 * i]) << "t=" << t << " i=" << i;
            EXPECT_EQ(half[t * D + i + D / 2], inter[t * D + 2 * i + 1]) << "t=" << t << " i=" << i;
        }
}

TEST(ApplyRope, OffsetEqualsLaterPositions) {
    // Rows 0..T) at offset o rotate like rows o..o+T) of a longer run (KV-cache decoding).
    ref::Rng rng(ref::kSeed + 32);
    const int D = 8, T = 4, o = 6;
    const auto row = rng.floats(D);
    std::vector<float> xs, xl;
    for (int t = 0; t < T; ++t) xs.insert(xs.end(), row.begin(), row.end());
    for (int t = 0; t < o + T; ++t) xl.insert(xl.end(), row.begin(), row.end());
    for (RopeLayout l : kLayouts) {
        const auto shifted = rope(xs, 1, T, D, l, o), longer = rope(xl, 1, o + T, D, l, 0);
        for (int i = 0; i < T * D; ++i) EXPECT_EQ(shifted[i], longer[o * D + i]) << name(l) << " at " << i;
    }
}

TEST(ApplyRope, KeepsNorms) {
    ref::Rng rng(ref::kSeed + 33);
    for (RopeLayout l : kLayouts) {
        const int T = 40, D = 34;
        const auto x = rng.floats(T * D, -3, 3);
        const auto y = rope(x, 1, T, D, l, 100);
        for (int t = 0; t < T; ++t) {
            const double nx = std::sqrt(dot64(&x[t * D], &x[t * D], D));
            const double ny = std::sqrt(dot64(&y[t * D], &y[t * D], D));
            EXPECT_NEAR(ny, nx, kF32Rel * nx) << name(l) << " position " << t + 100;
        }
    }
}

TEST(ApplyRope, ScoreDependsOnlyOnPositionDifference) {
    // (R(m) q) . (R(n) k) must be the same for (m, n) and (m + s, n + s).
    ref::Rng rng(ref::kSeed + 34);
    const int D = 16;
    const auto q = rng.floats(D), k = rng.floats(D);
    for (RopeLayout l : kLayouts)
        for (int m : {0, 3, 10})
            for (int n : {0, 1, 7, 12}) {
                const auto qm = rope(q, 1, 1, D, l, m), kn = rope(k, 1, 1, D, l, n);
                const double base_score = dot64(qm.data(), kn.data(), D);
                for (int s : {1, 5, 37, 1000}) {
                    const auto qs = rope(q, 1, 1, D, l, m + s), ks = rope(k, 1, 1, D, l, n + s);
                    // Angles up to ~1000 rad: sin/cos in float carry ~1e-7 absolute each.
                    EXPECT_NEAR(dot64(qs.data(), ks.data(), D), base_score, kF32SumRel)
                        << name(l) << " m=" << m << " n=" << n << " shift=" << s;
                }
            }
}

TEST(ApplyRope, ScoreIsQDotKRotatedByNMinusM) {
    // With R(m) q and R(n) k the score is q^T R(n-m) k (not R(m-n)).
    ref::Rng rng(ref::kSeed + 35);
    const int D = 16;
    const auto q = rng.floats(D), k = rng.floats(D);
    for (RopeLayout l : kLayouts)
        for (auto [m, n] : {std::pair{2, 9}, std::pair{9, 2}, std::pair{5, 5}}) {
            const auto qm = rope(q, 1, 1, D, l, m), kn = rope(k, 1, 1, D, l, n);
            const auto k_rel = ref::rope(ref::widen(k), 1, 1, D, 10000.0, l == RopeLayout::Interleaved, n - m);
            double want = 0.0;
            for (int c = 0; c < D; ++c) want += q[c] * k_rel[c];
            // D products of O(1) terms, each within a few float roundings.
            EXPECT_NEAR(dot64(qm.data(), kn.data(), D), want, kF32Rel * D)
                << name(l) << " m=" << m << " n=" << n;
        }
}

TEST(ApplyRope, WorksInPlace) {
    ref::Rng rng(ref::kSeed + 36);
    const int B = 3, T = 5, D = 10;
    for (RopeLayout l : kLayouts) {
        auto x = rng.floats(B * T * D);
        const auto want = rope(x, B, T, D, l, 2);
        attnscope::apply_rope(x.data(), x.data(), B, T, D, 10000.f, l, 2);
        for (int i = 0; i < B * T * D; ++i) EXPECT_EQ(x[i], want[i]) << name(l) << " at " << i;
    }
}

}  // namespace
