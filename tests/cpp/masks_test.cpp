// Mask builders: each against its rule written as a plain loop here, the
// documented shape and pattern, BigBird's reproducible random links, bad sizes.
#include <gtest/gtest.h>
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>
#include "attnscope/masks.h"

namespace {

using attnscope::Status;
using Mask = std::vector<std::uint8_t>;
using Rule = std::function<bool(int i, int j)>;

// Fails at the first entry that differs from rule(i, j), naming it.
void expect_pattern(const Mask& got, int Nq, int Nk, const Rule& rule, const std::string& what) {
    ASSERT_EQ(got.size(), static_cast<std::size_t>(Nq) * Nk) << what;
    for (int i = 0; i < Nq; ++i)
        for (int j = 0; j < Nk; ++j)
            ASSERT_EQ(got[i * Nk + j], rule(i, j) ? 1 : 0) << what << " at [" << i << "," << j << "]";
}

// Sizes around the SIMD widths and around flash's 64-key tiles.
constexpr int kSizes[] = {0, 1, 3, 7, 17, 65, 130};

TEST(CausalMask, AllowsKeysUpToTheAlignedQuery) {
    for (int Nq : kSizes)
        for (int Nk : {Nq, Nq + 5, std::max(Nq - 2, 0)}) {
            Mask m(static_cast<std::size_t>(Nq) * Nk, 7);
            ASSERT_EQ(attnscope::causal_mask(m.data(), Nq, Nk), Status::Ok);
            expect_pattern(m, Nq, Nk, [&](int i, int j) { return j <= i + Nk - Nq; },
                           "Nq=" + std::to_string(Nq) + " Nk=" + std::to_string(Nk));
        }
}

TEST(SlidingWindowMask, AllowsKeysWithinTheWindowOfTheAlignedQuery) {
    for (int N : kSizes)
        for (int w : {1, 2, 5, 200})
            for (bool causal : {false, true})
                for (int Nk : {N, N + 3}) {
                    Mask m(static_cast<std::size_t>(N) * Nk, 7);
                    ASSERT_EQ(attnscope::sliding_window_mask(m.data(), N, Nk, w, causal), Status::Ok);
                    expect_pattern(m, N, Nk, [&](int i, int j) {
                        const int ip = i + Nk - N;
                        return std::abs(ip - j) < w && (!causal || j <= ip);
                    }, "N=" + std::to_string(N) + " w=" + std::to_string(w) + " causal=" + std::to_string(causal));
                }
}

TEST(SlidingWindowMask, WindowOneIsTheDiagonalAndAHugeCausalWindowIsCausal) {
    Mask diag(9 * 9), wide(9 * 9), causal(9 * 9);
    attnscope::sliding_window_mask(diag.data(), 9, 9, 1, false);
    expect_pattern(diag, 9, 9, [](int i, int j) { return i == j; }, "window 1");
    attnscope::sliding_window_mask(wide.data(), 9, 9, 1000, true);
    attnscope::causal_mask(causal.data(), 9, 9);
    EXPECT_EQ(wide, causal);
}

TEST(StridedMask, MatchesTheSparseTransformerPatternSpelledOut) {
    // n = 6, stride 3: the last 3 keys, plus every 3rd key further back.
    const Mask want = {1, 0, 0, 0, 0, 0,
                       1, 1, 0, 0, 0, 0,
                       1, 1, 1, 0, 0, 0,
                       1, 1, 1, 1, 0, 0,
                       0, 1, 1, 1, 1, 0,
                       0, 0, 1, 1, 1, 1};
    Mask m(36);
    ASSERT_EQ(attnscope::strided_mask(m.data(), 6, 3), Status::Ok);
    EXPECT_EQ(m, want);
}

TEST(StridedMask, MatchesItsRuleOnEverySize) {
    for (int N : kSizes)
        for (int stride : {1, 2, 4, 8, 200}) {
            Mask m(static_cast<std::size_t>(N) * N);
            ASSERT_EQ(attnscope::strided_mask(m.data(), N, stride), Status::Ok);
            expect_pattern(m, N, N, [&](int i, int j) {
                return j <= i && ((i - j) < stride || (i - j) % stride == 0);
            }, "N=" + std::to_string(N) + " stride=" + std::to_string(stride));
        }
}

TEST(GlobalTokensMask, GlobalTokensSeeAndAreSeenByAll) {
    const std::vector<int> global = {0, 4, 4, 16};  // a duplicate is harmless
    for (bool causal : {false, true}) {
        const int N = 17;
        Mask m(N * N, 7);
        ASSERT_EQ(attnscope::global_tokens_mask(m.data(), N, global.data(), 4, causal), Status::Ok);
        auto is_global = [&](int t) { return std::find(global.begin(), global.end(), t) != global.end(); };
        expect_pattern(m, N, N, [&](int i, int j) {
            return (i == j || is_global(i) || is_global(j)) && (!causal || j <= i);
        }, "causal=" + std::to_string(causal));
    }
    Mask none(5 * 5);
    attnscope::global_tokens_mask(none.data(), 5, nullptr, 0, false);
    expect_pattern(none, 5, 5, [](int i, int j) { return i == j; }, "no global tokens: the diagonal");
}

// BigBird's random links re-derived from masks.h's description, with the
// free keys kept in a list (the core scans the row instead).
Mask big_bird_reference(int N, int window, const std::vector<int>& global, int r, std::uint64_t seed) {
    Mask m(static_cast<std::size_t>(N) * N, 0);
    auto is_global = [&](int t) { return std::find(global.begin(), global.end(), t) != global.end(); };
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j) m[i * N + j] = std::abs(i - j) < window || is_global(i) || is_global(j);
    attnscope::SplitMix64 rng(seed);
    for (int i = 0; i < N; ++i) {
        std::vector<int> free;
        for (int j = 0; j < N; ++j)
            if (!m[i * N + j]) free.push_back(j);
        for (int pick = 0; pick < r && !free.empty(); ++pick) {
            const std::size_t at = rng.next() % free.size();
            m[i * N + free[at]] = 1;
            free.erase(free.begin() + static_cast<long>(at));
        }
    }
    return m;
}

TEST(BigBirdMask, IsWindowPlusGlobalPlusTheDocumentedRandomLinks) {
    for (int N : {1, 7, 17, 65, 130})
        for (int r : {0, 1, 3, 200}) {
            const std::vector<int> global = {0, N / 2};
            Mask m(static_cast<std::size_t>(N) * N, 7);
            ASSERT_EQ(attnscope::big_bird_mask(m.data(), N, 3, global.data(), 2, r, 42), Status::Ok);
            EXPECT_EQ(m, big_bird_reference(N, 3, global, r, 42)) << "N=" << N << " r=" << r;
        }
}

TEST(BigBirdMask, EachRowGainsExactlyMinRFreeRandomKeys) {
    const int N = 100, window = 4, r = 5;
    const std::vector<int> global = {0, 50};
    Mask base(N * N), m(N * N);
    attnscope::big_bird_mask(base.data(), N, window, global.data(), 2, 0, 1);
    attnscope::big_bird_mask(m.data(), N, window, global.data(), 2, r, 1);
    for (int i = 0; i < N; ++i) {
        int added = 0, free = 0;
        for (int j = 0; j < N; ++j) {
            ASSERT_GE(m[i * N + j], base[i * N + j]) << "random links only add, at [" << i << "," << j << "]";
            added += m[i * N + j] - base[i * N + j];
            free += base[i * N + j] == 0;
        }
        EXPECT_EQ(added, std::min(r, free)) << "row " << i;
    }
}

TEST(BigBirdMask, SameSeedSameMaskOtherSeedOtherMask) {
    const int N = 64;
    Mask a(N * N), b(N * N), c(N * N);
    attnscope::big_bird_mask(a.data(), N, 2, nullptr, 0, 3, 7);
    attnscope::big_bird_mask(b.data(), N, 2, nullptr, 0, 3, 7);
    attnscope::big_bird_mask(c.data(), N, 2, nullptr, 0, 3, 8);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
}

TEST(CombineMasks, UnionAndIntersectionAreElementwise) {
    const Mask a = {0, 1, 0, 1, 3}, b = {0, 0, 1, 1, 0};  // any nonzero byte counts as 1
    Mask out(5);
    attnscope::combine_masks(out.data(), a.data(), b.data(), 5, attnscope::MaskCombine::Union);
    EXPECT_EQ(out, (Mask{0, 1, 1, 1, 1}));
    attnscope::combine_masks(out.data(), a.data(), b.data(), 5, attnscope::MaskCombine::Intersection);
    EXPECT_EQ(out, (Mask{0, 0, 0, 1, 0}));
}

TEST(MaskBuilders, RejectBadArgumentsWithoutWriting) {
    Mask m(16, 7);
    const int bad_global[] = {4};
    const int negative[] = {-1};
    EXPECT_EQ(attnscope::causal_mask(m.data(), -1, 4), Status::InvalidArgument);
    EXPECT_EQ(attnscope::sliding_window_mask(m.data(), 4, 4, 0, false), Status::InvalidArgument);
    EXPECT_EQ(attnscope::sliding_window_mask(m.data(), 4, 4, -2, true), Status::InvalidArgument);
    EXPECT_EQ(attnscope::strided_mask(m.data(), 4, 0), Status::InvalidArgument);
    EXPECT_EQ(attnscope::global_tokens_mask(m.data(), 4, bad_global, 1, false), Status::InvalidArgument);
    EXPECT_EQ(attnscope::global_tokens_mask(m.data(), 4, negative, 1, false), Status::InvalidArgument);
    EXPECT_EQ(attnscope::big_bird_mask(m.data(), 4, 0, nullptr, 0, 1, 0), Status::InvalidArgument);
    EXPECT_EQ(attnscope::big_bird_mask(m.data(), 4, 2, bad_global, 1, 1, 0), Status::InvalidArgument);
    EXPECT_EQ(attnscope::big_bird_mask(m.data(), 4, 2, nullptr, 0, -1, 0), Status::InvalidArgument);
    for (auto x : m) EXPECT_EQ(x, 7);
}

}  // namespace
