// Multi-head attention against a float64 reference, option by option, with
// every intermediate stage of the trace compared too.
#include <gtest/gtest.h>
#include <string>
#include <vector>
#include "attnscope/multi_head_attention.h"
#include "attention_case.h"
#include "block_reference.h"

namespace {

using attnscope::AttentionKind;
using attnscope::MhaConfig;
using attnscope::QkNorm;
using attnscope::RopeLayout;
using attnscope::Status;
using ref::kF32SumRel;

MhaConfig config(int B, int T, int C, int H, int Hkv) {
    MhaConfig c;
    c.B = B, c.T = T, c.C = C, c.H = H, c.Hkv = Hkv;
    return c;
}

std::string describe(const MhaConfig& c) {
    return "B=" + std::to_string(c.B) + " T=" + std::to_string(c.T) + " C=" + std::to_string(c.C) +
           " H=" + std::to_string(c.H) + " Hkv=" + std::to_string(c.Hkv) + " S=" + std::to_string(c.S) +
           " rope=" + std::to_string(c.rope) + " offset=" + std::to_string(c.position_offset) +
           " qk_norm=" + std::to_string(static_cast<int>(c.qk_norm)) + " " + ref::describe(c.attn);
}

// Runs the core with a full trace and compares every stage with float64.
void expect_matches_reference(const ref::MhaCase& c) {
    SCOPED_TRACE(describe(c.cfg));
    ref::MhaRun got = ref::run_mha(c);
    ASSERT_EQ(got.status, Status::Ok);
    const ref::Mha want = ref::mha(c, ref::widen(c.x));
    const auto& g = c.cfg;
    const int D = c.D(), Tk = got.Tk;
    const std::vector<int> heads{g.B, g.H, g.T, D}, kv{g.B, g.Hkv, Tk, D}, scores{g.B, g.H, g.T, Tk};
    ref::expect_close(got.q, want.q, kF32SumRel, "q", heads);
    ref::expect_close(got.k, want.k, kF32SumRel, "k", kv);
    ref::expect_close(got.v, want.v, kF32SumRel, "v", kv);
    ref::expect_close(got.raw, want.raw, kF32SumRel, "rawScores", scores);
    ref::expect_close(got.scaled, want.scaled, kF32SumRel, "scaledScores", scores);
    ref::expect_close(got.masked, want.masked, kF32SumRel, "maskedScores", scores);
    ref::expect_close(got.weights, want.weights, kF32SumRel, "weights", scores);
    ref::expect_close(got.heads, want.heads, kF32SumRel, "headOutputs", heads);
    ref::expect_close(got.concat, want.concat, kF32SumRel, "concat", {g.B, g.T, g.H * D});
    ref::expect_close(got.out, want.out, kF32SumRel, "output", {g.B, g.T, g.C});
    const ref::MhaRun untraced = ref::run_mha(c, c.x, nullptr, 0, /*traced=*/false);
    EXPECT_EQ(untraced.out, got.out) << "the trace must not change the output";
}

TEST(MultiHeadAttention, MhaGqaMqaMatchReferenceWithAndWithoutBiases) {
    for (int Hkv : {4, 2, 1})
        for (bool bias : {false, true})
            expect_matches_reference(ref::make_mha(config(2, 7, 24, 4, Hkv), bias, false, ref::kSeed + Hkv));
}

TEST(MultiHeadAttention, HeadDimsOnSimdTailSizesMatchReference) {
    for (int D : {1, 3, 7, 17, 65}) expect_matches_reference(ref::make_mha(config(1, 5, 2 * D, 2, 1), true, false, ref::kSeed + D));
}

TEST(MultiHeadAttention, CausalAndBidirectionalMatchReference) {
    for (bool causal : {false, true}) {
        MhaConfig g = config(2, 9, 12, 3, 3);
        g.attn.causal = causal;
        expect_matches_reference(ref::make_mha(g, true, false, ref::kSeed + causal));
    }
}

TEST(MultiHeadAttention, RopeBothLayoutsWithPositionOffsetMatchReference) {
    for (RopeLayout layout : {RopeLayout::Interleaved, RopeLayout::Half})
        for (int offset : {0, 5}) {
            MhaConfig g = config(2, 6, 24, 4, 2);
            g.rope = true, g.rope_layout = layout, g.position_offset = offset, g.rope_base = 500.f;
            g.attn.causal = true;
            expect_matches_reference(ref::make_mha(g, true, false, ref::kSeed + offset));
        }
}

TEST(MultiHeadAttention, QkNormRmsAndL2WithAndWithoutWeightsMatchReference) {
    for (QkNorm norm : {QkNorm::Rms, QkNorm::L2})
        for (bool weights : {false, true}) {
            MhaConfig g = config(1, 7, 16, 2, 1);
            g.qk_norm = norm, g.rope = true, g.attn.temperature = 0.5f;
            expect_matches_reference(ref::make_mha(g, false, weights, ref::kSeed + weights));
        }
}

TEST(MultiHeadAttention, CosineKindWithTemperatureMatchesReference) {
    for (float T : {1.f, 0.1f}) {
        MhaConfig g = config(2, 5, 12, 2, 2);
        g.attn.kind = AttentionKind::Cosine, g.attn.temperature = T;
        expect_matches_reference(ref::make_mha(g, true, false, ref::kSeed + 11));
    }
}

TEST(MultiHeadAttention, ExplicitScaleAlibiAndWindowMatchReference) {
    MhaConfig g = config(1, 9, 24, 6, 3);  // 6 heads: ALiBi's non-power-of-two slopes
    g.default_scale = false, g.attn.scale = 0.7f, g.attn.alibi = true, g.attn.window = 3, g.attn.causal = true;
    expect_matches_reference(ref::make_mha(g, false, false, ref::kSeed + 12));
}

TEST(MultiHeadAttention, AdditiveAndBooleanMasksPassThrough) {
    const MhaConfig g = config(2, 6, 12, 3, 1);
    ref::MhaCase c = ref::make_mha(g, true, false, ref::kSeed + 13);
    ref::Rng rng(ref::kSeed + 14);
    c.mask_keys = g.T;
    c.add = rng.floats(g.T * g.T, -2, 2);
    c.add[3] = ref::kNegInfF;
    expect_matches_reference(c);
    c.add.clear();
    c.allow.resize(g.T * g.T);
    for (auto& a : c.allow) a = rng.uniform(0, 1) < 0.6;
    c.allow[0] = 1;
    expect_matches_reference(c);
}

TEST(MultiHeadAttention, CrossAttentionReadsKeysAndValuesFromMemory) {
    for (bool causal : {false, true}) {
        MhaConfig g = config(2, 5, 12, 4, 2);
        g.cross = true, g.S = 11, g.attn.causal = causal;
        expect_matches_reference(ref::make_mha(g, true, false, ref::kSeed + 15));
    }
}

TEST(MultiHeadAttention, ZeroTokensIsFine) {
    EXPECT_EQ(ref::run_mha(ref::make_mha(config(1, 0, 8, 2, 2), true, false, ref::kSeed)).status, Status::Ok);
}

TEST(MultiHeadAttention, RejectsInvalidConfigsWithoutWriting) {
    std::vector<MhaConfig> bad(7, config(1, 3, 12, 4, 2));
    bad[0].H = 5;                                      // does not divide C
    bad[1].Hkv = 3;                                    // does not divide H
    bad[2].cross = true, bad[2].S = 3, bad[2].rope = true;  // RoPE with memory
    bad[3].attn.temperature = 0.f;
    bad[4].qk_norm = static_cast<QkNorm>(7);
    bad[5].rope = true, bad[5].position_offset = -1;
    bad[6].attn.window = -2;
    for (const MhaConfig& g : bad) {
        SCOPED_TRACE(describe(g));
        ref::MhaCase c = ref::make_mha(config(1, 3, 12, 4, 2), false, false, ref::kSeed);
        c.cfg = g;
        if (g.cross) c.memory = c.x;
        const ref::MhaRun r = ref::run_mha(c, c.x, nullptr, 0, /*traced=*/false);
        EXPECT_EQ(r.status, Status::InvalidArgument);
        for (float v : r.out) EXPECT_EQ(v, -7.f);
    }
    ref::MhaCase c = ref::make_mha(config(1, 3, 12, 4, 2), false, false, ref::kSeed);
    c.wo.clear();
    EXPECT_EQ(ref::run_mha(c).status, Status::InvalidArgument) << "missing wo";
}

// The textbook path's trace on its own: raw, scaled and masked scores relate
// to the weights exactly as the header says.
TEST(AttentionTrace, WeightsAreTheSoftmaxOfTheMaskedScores) {
    MhaConfig g = config(1, 8, 8, 2, 2);  // D = 4: scale 1/2
    g.attn.causal = true, g.attn.temperature = 2.f;
    ref::MhaRun r = ref::run_mha(ref::make_mha(g, true, false, ref::kSeed + 16));
    const int n = 2 * 8 * 8;
    const std::vector<double> w = ref::softmax(ref::widen(r.masked), 2 * 8, 8, 1.0);
    ref::expect_close(r.weights, w, ref::kF32Rel, "softmax(maskedScores)", {2, 8, 8});
    for (int x = 0; x < n; ++x) {
        EXPECT_FLOAT_EQ(r.scaled[x], r.raw[x] * 0.5f / 2.f) << "scaled = raw / sqrt(4) / 2 at " << x;
        const int i = x / 8 % 8, j = x % 8;
        if (j > i) EXPECT_EQ(r.masked[x], ref::kNegInfF) << "causal -inf at " << x;
        else EXPECT_EQ(r.masked[x], r.scaled[x]) << "no bias: masked = scaled at " << x;
    }
}

}  // namespace
