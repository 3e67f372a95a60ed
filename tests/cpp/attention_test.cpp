// The textbook attention path against the float64 reference, option by option,
// plus the properties of its weights.
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>
#include "attention_case.h"
#include "attnscope/attention.h"

namespace {

using attnscope::AttentionKind;
using attnscope::AttentionParams;
using attnscope::Status;
using ref::kF32SumRel;

AttentionParams shape(int B, int H, int Hkv, int Nq, int Nk, int D, int Dv) {
    AttentionParams p;
    p.B = B, p.H = H, p.Hkv = Hkv, p.Nq = Nq, p.Nk = Nk, p.D = D, p.Dv = Dv;
    return p;
}

// Runs the plain path (with and without weights) and checks both against float64.
void expect_matches_reference(const ref::AttnCase& c) {
    SCOPED_TRACE(ref::describe(c.p));
    const ref::AttnRun run = ref::run_attention(c);
    ASSERT_EQ(run.status, Status::Ok);
    const ref::Attention want = ref::reference(c);
    ref::expect_close(run.weights, want.weights, kF32SumRel, "weights", c.weights_shape());
    ref::expect_close(run.out, want.out, kF32SumRel, "out", c.out_shape());
    const ref::AttnRun no_weights = ref::run_attention(c, /*with_weights=*/false);
    ref::expect_close(no_weights.out, want.out, kF32SumRel, "out without weights", c.out_shape());
}

TEST(Attention, DotMatchesReferenceOnSimdTailSizes) {
    for (int n : ref::kTailSizes)
        expect_matches_reference(ref::make_case(shape(1, 2, 2, n, n, n, n), ref::kSeed + n));
}

TEST(Attention, CosineMatchesReference) {
    for (float T : {1.f, 0.1f}) {
        AttentionParams p = shape(2, 2, 2, 7, 17, 16, 16);
        p.kind = AttentionKind::Cosine, p.temperature = T;
        expect_matches_reference(ref::make_case(p, ref::kSeed + 40));
    }
}

TEST(Attention, ExplicitScaleAndTemperatureMatchReference) {
    AttentionParams p = shape(1, 2, 2, 5, 9, 8, 8);
    p.scale = 0.9f, p.temperature = 0.6f;
    expect_matches_reference(ref::make_case(p, ref::kSeed + 41));
}

TEST(Attention, GqaAndDvDifferentFromDMatchReference) {
    AttentionParams p = shape(2, 6, 2, 5, 11, 8, 3);
    expect_matches_reference(ref::make_case(p, ref::kSeed + 42));
    p.Hkv = 1;  // multi-query
    expect_matches_reference(ref::make_case(p, ref::kSeed + 43));
}

TEST(Attention, BooleanMaskWithBroadcastStridesMatchesReference) {
    const AttentionParams p = shape(2, 3, 3, 6, 17, 8, 5);
    for (auto strides : {ref::full_strides(p), ref::query_key_strides(p), ref::key_padding_strides(p),
                         ref::transposed_strides(p)}) {
        ref::AttnCase c = ref::make_case(p, ref::kSeed + 44);
        ref::set_bool_mask(c, strides, 0.6, ref::kSeed + 45);
        expect_matches_reference(c);
    }
}

TEST(Attention, AdditiveMaskWithBroadcastStridesMatchesReference) {
    const AttentionParams p = shape(2, 3, 3, 6, 17, 8, 5);
    for (auto strides : {ref::full_strides(p), ref::query_key_strides(p), ref::key_padding_strides(p)}) {
        ref::AttnCase c = ref::make_case(p, ref::kSeed + 46);
        ref::set_additive_mask(c, strides, 0.2, ref::kSeed + 47);
        expect_matches_reference(c);
    }
}

TEST(Attention, CausalMatchesReferenceForSquareAndShortQueries) {
    for (int Nq : {1, 4, 9, 12}) {  // Nq < Nk aligns queries to the end of the keys; Nq > Nk too
        AttentionParams p = shape(1, 2, 1, Nq, 9, 8, 8);
        p.causal = true;
        expect_matches_reference(ref::make_case(p, ref::kSeed + 48));
    }
}

TEST(Attention, WindowMatchesReferenceWithAndWithoutCausal) {
    for (bool causal : {false, true})
        for (int w : {1, 3, 20}) {
            AttentionParams p = shape(1, 2, 2, 6, 13, 8, 8);
            p.causal = causal, p.window = w;
            expect_matches_reference(ref::make_case(p, ref::kSeed + 49));
        }
}

TEST(Attention, AlibiMatchesReferenceForPowerAndNonPowerOfTwoHeads) {
    for (int H : {4, 6}) {
        AttentionParams p = shape(1, H, H / 2, 5, 13, 8, 8);
        p.alibi = true;
        expect_matches_reference(ref::make_case(p, ref::kSeed + 50));
        p.causal = true;
        expect_matches_reference(ref::make_case(p, ref::kSeed + 51));
    }
}

// Bidirectional ALiBi with equal raw scores: the weight depends on the
// distance |i' - j| only, so a later key gets what the earlier one at the same
// distance gets (a +m (j - i') bias would favour later keys). v is the
// identity, so flash's output row is its weight row too.
TEST(Attention, AlibiPenalisesLaterKeysLikeEarlierOnes) {
    const int N = 9;
    AttentionParams p = shape(1, 2, 2, N, N, 4, N);
    p.alibi = true;
    ref::AttnCase c = ref::make_case(p, ref::kSeed + 54);
    std::fill(c.q.begin(), c.q.end(), 0.f);
    std::fill(c.v.begin(), c.v.end(), 0.f);
    for (int h = 0; h < 2; ++h)
        for (int j = 0; j < N; ++j) c.v[(static_cast<std::size_t>(h) * N + j) * N + j] = 1.f;
    const ref::AttnRun plain = ref::run_attention(c);
    const ref::AttnRun flash = ref::run_flash(c);
    ASSERT_EQ(plain.status, Status::Ok);
    ASSERT_EQ(flash.status, Status::Ok);
    for (int h = 0; h < 2; ++h) {
        const float* w = plain.weights.data() + (static_cast<std::size_t>(h) * N + 4) * N;
        const float* o = flash.out.data() + (static_cast<std::size_t>(h) * N + 4) * N;
        for (int d = 1; d <= 4; ++d) {
            EXPECT_NEAR(w[4 + d], w[4 - d], 1e-7f) << "head " << h << " distance " << d;
            EXPECT_NEAR(o[4 + d], o[4 - d], 1e-7f) << "flash, head " << h << " distance " << d;
            EXPECT_LT(w[4 + d], w[4 + d - 1]) << "head " << h << " distance " << d;
        }
    }
}

TEST(Attention, AllOptionsTogetherMatchReference) {
    AttentionParams p = shape(2, 4, 2, 7, 19, 12, 5);
    p.kind = AttentionKind::Cosine, p.temperature = 0.3f, p.causal = true, p.window = 6, p.alibi = true;
    ref::AttnCase c = ref::make_case(p, ref::kSeed + 52);
    ref::set_additive_mask(c, ref::query_key_strides(p), 0.1, ref::kSeed + 53);
    expect_matches_reference(c);
}

TEST(Attention, WeightRowsSumToOne) {
    ref::AttnCase c = ref::make_case(shape(2, 2, 2, 17, 65, 16, 16), ref::kSeed + 54);
    ref::set_bool_mask(c, ref::full_strides(c.p), 0.5, ref::kSeed + 55);
    const ref::AttnRun run = ref::run_attention(c);
    for (int r = 0; r < 2 * 2 * 17; ++r) {
        double sum = 0.0;
        for (int j = 0; j < 65; ++j) sum += run.weights[r * 65 + j];
        EXPECT_NEAR(sum, 1.0, kF32SumRel) << "row " << r;
    }
}

TEST(Attention, CausalWeightsAreExactlyZeroAboveAlignedDiagonal) {
    for (int Nq : {1, 5, 8}) {
        AttentionParams p = shape(1, 1, 1, Nq, 8, 4, 4);
        p.causal = true;
        const ref::AttnRun run = ref::run_attention(ref::make_case(p, ref::kSeed + 56));
        for (int i = 0; i < Nq; ++i)
            for (int j = 0; j < 8; ++j) {
                const float w = run.weights[i * 8 + j];
                if (j > i + 8 - Nq)
                    EXPECT_EQ(w, 0.f) << "Nq=" << Nq << " query " << i << " key " << j;
                else
                    EXPECT_GT(w, 0.f) << "Nq=" << Nq << " query " << i << " key " << j;
            }
    }
}

TEST(Attention, RowWithNoAllowedKeyGivesZeroWeightsAndOutput) {
    // Row 0 is empty by the boolean mask, row 1 by an all -inf additive row,
    // and with causal Nq > Nk the first Nq - Nk rows see no key at all.
    AttentionParams p = shape(1, 1, 1, 3, 5, 4, 4);
    ref::AttnCase c = ref::make_case(p, ref::kSeed + 57);
    ref::set_bool_mask(c, ref::query_key_strides(p), 1.0, 0);
    for (int j = 0; j < 5; ++j) c.allow[j] = 0;
    c.add.assign(15, 0.5f);
    for (int j = 0; j < 5; ++j) c.add[5 + j] = ref::kNegInfF;
    ref::AttnRun run = ref::run_attention(c);
    for (int x = 0; x < 10; ++x) EXPECT_EQ(run.weights[x], 0.f) << "weight " << x;
    for (int x = 0; x < 8; ++x) EXPECT_EQ(run.out[x], 0.f) << "out " << x;
    for (int j = 0; j < 5; ++j) EXPECT_GT(run.weights[10 + j], 0.f) << "row 2 keeps key " << j;

    p = shape(1, 1, 1, 6, 4, 4, 4);
    p.causal = true;
    run = ref::run_attention(ref::make_case(p, ref::kSeed + 58));
    for (int x = 0; x < 2 * 4; ++x) {
        EXPECT_EQ(run.weights[x], 0.f) << "causal weight " << x;
        EXPECT_EQ(run.out[x], 0.f) << "causal out " << x;
    }
}

TEST(Attention, ZeroKeysGiveZeroOutputOnBothPaths) {
    const ref::AttnCase c = ref::make_case(shape(1, 2, 2, 3, 0, 4, 4), ref::kSeed + 60);
    const ref::AttnRun plain = ref::run_attention(c, /*with_weights=*/false), flash = ref::run_flash(c);
    ASSERT_EQ(plain.status, Status::Ok);
    ASSERT_EQ(flash.status, Status::Ok);
    for (std::size_t x = 0; x < plain.out.size(); ++x) {
        EXPECT_EQ(plain.out[x], 0.f) << "plain out " << x;
        EXPECT_EQ(flash.out[x], 0.f) << "flash out " << x;
    }
}

TEST(Attention, NaNInputPropagatesToItsRowsOnly) {
    ref::AttnCase c = ref::make_case(shape(1, 1, 1, 4, 6, 4, 4), ref::kSeed + 59);
    c.q[1 * 4 + 2] = ref::kNaNF;  // query 1
    ref::AttnRun run = ref::run_attention(c);
    ASSERT_EQ(run.status, Status::Ok);
    for (int i = 0; i < 4; ++i)
        for (int d = 0; d < 4; ++d)
            EXPECT_EQ(std::isnan(run.out[i * 4 + d]), i == 1) << "query " << i << " dim " << d;
    c.q[1 * 4 + 2] = 0.f;
    c.v[3 * 4 + 1] = ref::kNaNF;  // value dim 1 of key 3 reaches dim 1 of every row
    run = ref::run_attention(c);
    for (int i = 0; i < 4; ++i)
        for (int d = 0; d < 4; ++d)
            EXPECT_EQ(std::isnan(run.out[i * 4 + d]), d == 1) << "query " << i << " dim " << d;
}

TEST(Attention, RejectsInvalidParamsWithoutWriting) {
    std::vector<AttentionParams> bad(4, shape(1, 4, 2, 2, 2, 2, 2));
    bad[0].Hkv = 3;              // H % Hkv != 0
    bad[1].temperature = 0.f;    // temperature must be > 0
    bad[2].temperature = ref::kNaNF;
    bad[3].window = -1;
    for (const AttentionParams& p : bad) {
        ref::AttnCase c = ref::make_case(shape(1, 4, 2, 2, 2, 2, 2), ref::kSeed);
        c.p = p;
        const ref::AttnRun run = ref::run_attention(c);
        EXPECT_EQ(run.status, Status::InvalidArgument) << ref::describe(p);
        for (float o : run.out) EXPECT_EQ(o, -7.f) << "wrote output despite the error";
    }
}

TEST(Attention, ReportsOutOfMemoryInsteadOfAborting) {
    // 2^30 x 2^30 scores need 4 EiB of scratch: malloc fails before any input is read.
    AttentionParams p = shape(1, 1, 1, 1 << 30, 1 << 30, 1, 1);
    p.scale = 1.f;
    EXPECT_EQ(attnscope::attention(nullptr, nullptr, nullptr, nullptr, nullptr, {}, p),
              Status::OutOfMemory);
}

TEST(Status, CodesAreStable) {
    // web/lib maps these numbers to messages: append-only.
    EXPECT_EQ(static_cast<int>(Status::Ok), 0);
    EXPECT_EQ(static_cast<int>(Status::InvalidArgument), 1);
    EXPECT_EQ(static_cast<int>(Status::OutOfMemory), 2);
    EXPECT_STREQ(attnscope::to_string(Status::InvalidArgument), "invalid argument");
}

}  // namespace

TEST(Attention, MaskedValuesNeverReachTheOutputOnEitherPath) {
    // Causal: key 3 is hidden from queries 0..2; its NaN/inf value must not
    // leak into them (zero weight times NaN would), and a row that sees no
    // key at all stays zero even next to an inf value.
    AttentionParams p = shape(1, 1, 1, 4, 4, 4, 4);
    p.causal = true;
    ref::AttnCase c = ref::make_case(p, ref::kSeed + 61);
    c.v[3 * 4 + 0] = ref::kNaNF;
    c.v[3 * 4 + 1] = std::numeric_limits<float>::infinity();
    const ref::AttnRun plain = ref::run_attention(c), flash = ref::run_flash(c);
    for (int i = 0; i < 3; ++i)
        for (int d = 0; d < 4; ++d) {
            EXPECT_TRUE(std::isfinite(plain.out[i * 4 + d])) << "plain query " << i << " dim " << d;
            EXPECT_NEAR(plain.out[i * 4 + d], flash.out[i * 4 + d], ref::kF32SumRel) << "query " << i;
        }
    ref::set_bool_mask(c, ref::query_key_strides(p), 1.0, 0);
    for (int j = 0; j < 4; ++j) c.allow[j] = 0;  // query 0 sees nothing
    const ref::AttnRun empty = ref::run_attention(c), empty_flash = ref::run_flash(c);
    for (int d = 0; d < 4; ++d) {
        EXPECT_EQ(empty.out[d], 0.f) << "plain dim " << d;
        EXPECT_EQ(empty_flash.out[d], 0.f) << "flash dim " << d;
    }
}
