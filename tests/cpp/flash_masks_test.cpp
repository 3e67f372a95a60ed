// The mask builders as attention masks: flash equals plain (and float64)
// with each of them, and flash skips the key tiles a boolean mask hides
// entirely (FlashStats counts them; the expected counts come from the mask).
#include <gtest/gtest.h>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>
#include "attention_case.h"
#include "attnscope/flash_attention.h"
#include "attnscope/masks.h"

namespace {

using attnscope::AttentionParams;
using attnscope::FlashStats;
using attnscope::kFlashTile;
using attnscope::Status;
using Mask = std::vector<std::uint8_t>;

AttentionParams square(int B, int H, int N, int D) {
    AttentionParams p;
    p.B = B, p.H = H, p.Hkv = H, p.Nq = N, p.Nk = N, p.D = D, p.Dv = D;
    return p;
}

// A case whose boolean mask is `m` (Nq, Nk), broadcast over batch and heads.
ref::AttnCase masked_case(const AttentionParams& p, const Mask& m, std::uint64_t seed) {
    ref::AttnCase c = ref::make_case(p, seed);
    c.allow = m;
    c.strides = ref::query_key_strides(p);
    return c;
}

// Each builder at N = 200 (four tiles, the last partial).
std::vector<std::pair<std::string, Mask>> all_masks(int N) {
    std::vector<std::pair<std::string, Mask>> out;
    Mask m(static_cast<std::size_t>(N) * N);
    const std::vector<int> global = {0, 100};
    attnscope::causal_mask(m.data(), N, N);
    out.emplace_back("causal", m);
    attnscope::sliding_window_mask(m.data(), N, N, 5, false);
    out.emplace_back("window 5", m);
    attnscope::sliding_window_mask(m.data(), N, N, 70, true);
    out.emplace_back("window 70 causal", m);
    attnscope::strided_mask(m.data(), N, 64);
    out.emplace_back("strided 64", m);
    attnscope::global_tokens_mask(m.data(), N, global.data(), 2, false);
    out.emplace_back("global 0, 100", m);
    attnscope::big_bird_mask(m.data(), N, 3, global.data(), 2, 2, 11);
    out.emplace_back("bigbird", m);
    return out;
}

TEST(FlashWithMasks, EqualsPlainAndFloat64ForEveryBuilder) {
    const AttentionParams p = square(2, 2, 200, 17);
    for (const auto& [name, m] : all_masks(200)) {
        SCOPED_TRACE(name);
        const ref::AttnCase c = masked_case(p, m, ref::kSeed + 80);
        const ref::AttnRun flash = ref::run_flash(c), plain = ref::run_attention(c);
        ASSERT_EQ(flash.status, Status::Ok);
        ref::expect_close(flash.out, ref::widen(plain.out), ref::kF32SumRel, "flash vs plain", c.out_shape());
        ref::expect_close(flash.out, ref::reference(c).out, ref::kF32SumRel, "flash vs float64", c.out_shape());
    }
}

TEST(FlashWithMasks, CausalMaskEqualsTheIsCausalOption) {
    AttentionParams p = square(1, 2, 150, 8);
    p.Nq = 40;  // decoding-like: queries aligned to the end of the keys
    Mask m(40 * 150);
    attnscope::causal_mask(m.data(), 40, 150);
    const ref::AttnRun by_mask = ref::run_flash(masked_case(p, m, ref::kSeed + 81));
    p.causal = true;
    const ref::AttnRun by_option = ref::run_flash(ref::make_case(p, ref::kSeed + 81));
    ref::expect_close(by_mask.out, ref::widen(by_option.out), ref::kF32Rel, "mask vs isCausal");
}

// Tiles of kFlashTile keys (inside [0, Nk)) where row i of `m` allows a key.
long tiles_with_allowed_key(const Mask& m, int Nq, int Nk) {
    long n = 0;
    for (int i = 0; i < Nq; ++i)
        for (int j0 = 0; j0 < Nk; j0 += kFlashTile) {
            bool any = false;
            for (int j = j0; j < std::min(Nk, j0 + kFlashTile); ++j) any = any || m[i * Nk + j];
            n += any;
        }
    return n;
}

TEST(FlashTileSkipping, ComputesExactlyTheTilesWithAnAllowedKey) {
    const int N = 200, tiles_per_row = (N + kFlashTile - 1) / kFlashTile;
    const AttentionParams p = square(2, 3, N, 8);
    for (const auto& [name, m] : all_masks(N)) {
        SCOPED_TRACE(name);
        FlashStats stats;
        const ref::AttnCase c = masked_case(p, m, ref::kSeed + 82);
        std::vector<float> out(static_cast<std::size_t>(2) * 3 * N * 8);
        ASSERT_EQ(attnscope::flash_attention(out.data(), c.q.data(), c.k.data(), c.v.data(), c.mask(), c.p, &stats),
                  Status::Ok);
        const long heads = 2L * 3;  // B * H, the mask broadcast over both
        EXPECT_EQ(stats.tiles_computed, heads * tiles_with_allowed_key(m, N, N));
        EXPECT_EQ(stats.tiles_computed + stats.tiles_mask_skipped, heads * N * tiles_per_row);
    }
}

TEST(FlashTileSkipping, SkipsTheHiddenTilesOfABlockMask) {
    // Keys of tiles 1 and 3 hidden from every query: half the tiles are
    // skipped. NaN keys and values there leave the output as without them
    // (a hidden key never contributes, skipped or not: the counts are what
    // show the skipping).
    const int N = 256;
    const AttentionParams p = square(1, 2, N, 16);
    Mask m(N * N, 1);
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j)
            if ((j / kFlashTile) % 2 == 1) m[i * N + j] = 0;
    ref::AttnCase c = masked_case(p, m, ref::kSeed + 83);
    const ref::AttnRun clean = ref::run_attention(c);
    for (int h = 0; h < 2; ++h)
        for (int j : {64, 100, 127, 192, 255}) {
            c.k[(static_cast<std::size_t>(h) * N + j) * 16 + 3] = ref::kNaNF;
            c.v[(static_cast<std::size_t>(h) * N + j) * 16 + 5] = ref::kNaNF;
        }
    FlashStats stats;
    std::vector<float> out(static_cast<std::size_t>(2) * N * 16);
    ASSERT_EQ(attnscope::flash_attention(out.data(), c.q.data(), c.k.data(), c.v.data(), c.mask(), c.p, &stats),
              Status::Ok);
    EXPECT_EQ(stats.tiles_computed, 2L * N * 2);
    EXPECT_EQ(stats.tiles_mask_skipped, 2L * N * 2);
    ref::expect_close(out, ref::widen(clean.out), ref::kF32SumRel, "NaN keys in skipped tiles", c.out_shape());
}

TEST(FlashTileSkipping, ATileWithOneAllowedKeyIsComputed) {
    const int N = 130;
    const AttentionParams p = square(1, 1, N, 4);
    Mask m(N * N, 0);
    for (int i = 0; i < N; ++i) m[i * N + 129] = 1;  // only key 129, alone in the third tile
    const ref::AttnCase c = masked_case(p, m, ref::kSeed + 84);
    FlashStats stats;
    std::vector<float> out(N * 4);
    attnscope::flash_attention(out.data(), c.q.data(), c.k.data(), c.v.data(), c.mask(), c.p, &stats);
    EXPECT_EQ(stats.tiles_computed, N);
    EXPECT_EQ(stats.tiles_mask_skipped, 2L * N);
    for (int i = 0; i < N; ++i)
        for (int d = 0; d < 4; ++d) ASSERT_EQ(out[i * 4 + d], c.v[129 * 4 + d]) << "query " << i;
}

TEST(FlashTileSkipping, WithoutABooleanMaskEveryTileInRangeIsComputed) {
    FlashStats stats;
    const ref::AttnCase c = ref::make_case(square(1, 1, 200, 4), ref::kSeed + 85);
    std::vector<float> out(200 * 4);
    attnscope::flash_attention(out.data(), c.q.data(), c.k.data(), c.v.data(), c.mask(), c.p, &stats);
    EXPECT_EQ(stats.tiles_computed, 200L * 4);
    EXPECT_EQ(stats.tiles_mask_skipped, 0);
    ref::AttnCase causal = c;
    causal.p.causal = true;  // tiles past the diagonal are outside the range: not counted at all
    attnscope::flash_attention(out.data(), c.q.data(), c.k.data(), c.v.data(), c.mask(), causal.p, &stats);
    long want = 0;
    for (int i = 0; i < 200; ++i) want += i / kFlashTile + 1;
    EXPECT_EQ(stats.tiles_computed, want);
}

}  // namespace
