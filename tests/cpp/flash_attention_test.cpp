// flash_attention: equal to the plain path (and to float64) across tile
// boundaries and with every option; edge rows behave the same way.
#include <gtest/gtest.h>
#include <cmath>
#include <vector>
#include "attention_case.h"
#include "attnscope/attention.h"

namespace {

using attnscope::AttentionKind;
using attnscope::AttentionParams;
using attnscope::kFlashTile;
using attnscope::Status;
using ref::kF32SumRel;

// Key counts around the tile: one key, a partial tile, exactly one, one past, several.
constexpr int kKeyCounts[] = {1, kFlashTile - 1, kFlashTile, kFlashTile + 1, 2 * kFlashTile + 2, 200};

AttentionParams shape(int B, int H, int Hkv, int Nq, int Nk, int D, int Dv) {
    AttentionParams p;
    p.B = B, p.H = H, p.Hkv = Hkv, p.Nq = Nq, p.Nk = Nk, p.D = D, p.Dv = Dv;
    return p;
}

// Flash and plain outputs agree, and both match float64.
void expect_flash_matches_plain(const ref::AttnCase& c) {
    SCOPED_TRACE(ref::describe(c.p));
    const ref::AttnRun flash = ref::run_flash(c), plain = ref::run_attention(c);
    ASSERT_EQ(flash.status, Status::Ok);
    ASSERT_EQ(plain.status, Status::Ok);
    ref::expect_close(flash.out, ref::widen(plain.out), kF32SumRel, "flash vs plain", c.out_shape());
    ref::expect_close(flash.out, ref::reference(c).out, kF32SumRel, "flash vs float64", c.out_shape());
}

TEST(FlashAttention, MatchesPlainAcrossTileBoundaries) {
    for (int Nk : kKeyCounts)
        expect_flash_matches_plain(ref::make_case(shape(1, 2, 2, 5, Nk, 16, 16), ref::kSeed + Nk));
}

TEST(FlashAttention, MatchesPlainOnSimdTailHeadDims) {
    for (int D : ref::kTailSizes)
        expect_flash_matches_plain(ref::make_case(shape(1, 1, 1, 3, 70, D, D), ref::kSeed + 60 + D));
}

TEST(FlashAttention, MatchesPlainOnRandomShapes) {
    ref::Rng rng(ref::kSeed + 61);
    for (int trial = 0; trial < 12; ++trial) {
        auto pick = [&](int lo, int hi) { return lo + static_cast<int>(rng.uniform(0, hi - lo + 1)); };
        const int Hkv = pick(1, 2), H = Hkv * pick(1, 3);
        AttentionParams p = shape(pick(1, 2), H, Hkv, pick(1, 40), pick(1, 200), pick(1, 33), pick(1, 20));
        p.causal = rng.uniform(0, 1) < 0.5;
        p.window = rng.uniform(0, 1) < 0.3 ? pick(1, 80) : 0;
        p.alibi = rng.uniform(0, 1) < 0.3;
        p.kind = rng.uniform(0, 1) < 0.3 ? AttentionKind::Cosine : AttentionKind::Dot;
        p.temperature = static_cast<float>(rng.uniform(0.3, 2.0));
        expect_flash_matches_plain(ref::make_case(p, ref::kSeed + 62 + trial));
    }
}

TEST(FlashAttention, MatchesPlainWithCausalShortQueries) {
    for (int Nk : kKeyCounts)
        for (int Nq : {1, 7}) {  // decoding: queries aligned to the end of the keys
            AttentionParams p = shape(1, 2, 1, Nq, Nk, 8, 8);
            p.causal = true;
            expect_flash_matches_plain(ref::make_case(p, ref::kSeed + 63));
        }
}

// Long causal heads: D 64 packs 512 keys a range (a block near a range's end
// sees part of it), D 32 packs 1024; queries that start past key 0 (Nq < Nk),
// cosine, and an additive mask.
TEST(FlashAttention, MatchesPlainOnLongCausalHeads) {
    for (int D : {64, 32})
        for (int Nq : {1100, 300}) {
            AttentionParams p = shape(1, 2, 1, Nq, 1100, D, D);
            p.causal = true;
            expect_flash_matches_plain(ref::make_case(p, ref::kSeed + 68 + D + Nq));
        }
    AttentionParams p = shape(1, 1, 1, 600, 600, 64, 64);
    p.causal = true, p.kind = AttentionKind::Cosine, p.temperature = 0.2f;
    expect_flash_matches_plain(ref::make_case(p, ref::kSeed + 69));
    p.kind = AttentionKind::Dot;
    ref::AttnCase c = ref::make_case(p, ref::kSeed + 70);
    ref::set_additive_mask(c, ref::full_strides(p), 0.3, ref::kSeed + 71);
    expect_flash_matches_plain(c);
}

TEST(FlashAttention, MatchesPlainWithWindowSkippingWholeTiles) {
    for (bool causal : {false, true})
        for (int w : {1, 5, 64, 70}) {
            AttentionParams p = shape(1, 1, 1, 200, 200, 8, 8);
            p.causal = causal, p.window = w;
            expect_flash_matches_plain(ref::make_case(p, ref::kSeed + 64));
        }
}

TEST(FlashAttention, MatchesPlainWithMasks) {
    for (int Nk : {63, 65, 130}) {
        const AttentionParams p = shape(2, 2, 2, 6, Nk, 8, 8);
        ref::AttnCase c = ref::make_case(p, ref::kSeed + 65);
        ref::set_bool_mask(c, ref::key_padding_strides(p), 0.7, ref::kSeed + 66);
        expect_flash_matches_plain(c);
        c.allow.clear();
        ref::set_additive_mask(c, ref::full_strides(p), 0.3, ref::kSeed + 67);
        expect_flash_matches_plain(c);
    }
}

TEST(FlashAttention, MatchesPlainWithAlibiAndCosine) {
    for (int Nk : {65, 200}) {
        AttentionParams p = shape(1, 6, 3, 9, Nk, 16, 8);
        p.alibi = true;
        expect_flash_matches_plain(ref::make_case(p, ref::kSeed + 68));
        p.kind = AttentionKind::Cosine, p.temperature = 0.1f, p.causal = true;
        expect_flash_matches_plain(ref::make_case(p, ref::kSeed + 69));
    }
}

TEST(FlashAttention, MatchesPlainWithExplicitScale) {
    AttentionParams p = shape(1, 2, 2, 4, 130, 8, 24);
    p.scale = 2.5f, p.temperature = 0.8f;  // peaked weights: the running max must be right
    expect_flash_matches_plain(ref::make_case(p, ref::kSeed + 70));
}

TEST(FlashAttention, RowWithNoAllowedKeyGivesZeroOutput) {
    // Key padding that hides every key of batch 1, and causal rows before the keys begin.
    AttentionParams p = shape(2, 1, 1, 3, 130, 4, 4);
    ref::AttnCase c = ref::make_case(p, ref::kSeed + 71);
    ref::set_bool_mask(c, ref::key_padding_strides(p), 1.0, 0);
    for (int j = 0; j < 130; ++j) c.allow[130 + j] = 0;
    ref::AttnRun run = ref::run_flash(c);
    for (int x = 0; x < 3 * 4; ++x) EXPECT_EQ(run.out[3 * 4 + x], 0.f) << "batch 1 out " << x;

    c.allow.clear();
    ref::set_additive_mask(c, ref::key_padding_strides(p), 1.0, 0);  // every score -inf
    run = ref::run_flash(c);
    for (float o : run.out) EXPECT_EQ(o, 0.f);

    p = shape(1, 1, 1, 70, 65, 4, 4);
    p.causal = true;
    run = ref::run_flash(ref::make_case(p, ref::kSeed + 72));
    for (int x = 0; x < 5 * 4; ++x) EXPECT_EQ(run.out[x], 0.f) << "causal out " << x;
}

TEST(FlashAttention, NaNInputPropagatesToItsRowsOnly) {
    ref::AttnCase c = ref::make_case(shape(1, 1, 1, 4, 130, 4, 4), ref::kSeed + 73);
    c.q[2 * 4] = ref::kNaNF;  // query 2
    ref::AttnRun run = ref::run_flash(c);
    ASSERT_EQ(run.status, Status::Ok);
    for (int i = 0; i < 4; ++i)
        for (int d = 0; d < 4; ++d)
            EXPECT_EQ(std::isnan(run.out[i * 4 + d]), i == 2) << "query " << i << " dim " << d;
    c.q[2 * 4] = 0.f;
    c.k[100 * 4 + 3] = ref::kNaNF;  // key 100, in the second tile, reaches every row
    for (float o : ref::run_flash(c).out) EXPECT_TRUE(std::isnan(o));
    c.k[100 * 4 + 3] = 0.f;
    c.v[70 * 4 + 1] = ref::kNaNF;  // value dim 1 of key 70 reaches dim 1 of every row
    run = ref::run_flash(c);
    for (int i = 0; i < 4; ++i)
        for (int d = 0; d < 4; ++d)
            EXPECT_EQ(std::isnan(run.out[i * 4 + d]), d == 1) << "query " << i << " dim " << d;
}

TEST(FlashAttention, RejectsInvalidParamsWithoutWriting) {
    ref::AttnCase c = ref::make_case(shape(1, 4, 2, 2, 2, 2, 2), ref::kSeed);
    c.p.Hkv = 3;
    ref::AttnRun run = ref::run_flash(c);
    EXPECT_EQ(run.status, Status::InvalidArgument);
    for (float o : run.out) EXPECT_EQ(o, -7.f);
    c.p.Hkv = 2, c.p.temperature = -1.f;
    EXPECT_EQ(ref::run_flash(c).status, Status::InvalidArgument);
}

}  // namespace
