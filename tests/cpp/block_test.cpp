// Transformer blocks (pre-LN, post-LN, LayerNorm/RMSNorm, nGPT) against the
// float64 composition of their formulas, every intermediate included.
#include <gtest/gtest.h>
#include <cmath>
#include <string>
#include <vector>
#include "attnscope/block.h"
#include "block_reference.h"

namespace {

using attnscope::Activation;
using attnscope::BlockConfig;
using attnscope::NormKind;
using attnscope::Status;
using ref::kF32SumRel;

BlockConfig config(int B, int T, int C, int H, int Hkv, int F) {
    BlockConfig c;
    c.attn.B = B, c.attn.T = T, c.attn.C = C, c.attn.H = H, c.attn.Hkv = Hkv;
    c.F = F;
    return c;
}

std::string describe(const BlockConfig& c) {
    return "C=" + std::to_string(c.attn.C) + " F=" + std::to_string(c.F) + " H=" + std::to_string(c.attn.H) +
           " Hkv=" + std::to_string(c.attn.Hkv) + " norm=" + std::to_string(static_cast<int>(c.norm)) +
           " prenorm=" + std::to_string(c.prenorm) + " normalized=" + std::to_string(c.normalized) +
           " act=" + std::to_string(static_cast<int>(c.activation));
}

ref::BlockRun expect_matches_reference(const ref::BlockCase& c) {
    SCOPED_TRACE(describe(c.cfg));
    const ref::BlockRun got = ref::run_block(c);
    EXPECT_EQ(got.status, Status::Ok);
    const ref::Block want = ref::block(c);
    const std::vector<int> shape{c.cfg.attn.B, c.cfg.attn.T, c.cfg.attn.C};
    ref::expect_close(got.normed1, want.normed1, kF32SumRel, "normed1", shape);
    ref::expect_close(got.attention, want.attention, kF32SumRel, "attention", shape);
    ref::expect_close(got.residual1, want.residual1, kF32SumRel, "residual1", shape);
    ref::expect_close(got.normed2, want.normed2, kF32SumRel, "normed2", shape);
    ref::expect_close(got.ffn_hidden, want.ffn_hidden, kF32SumRel, "ffnHidden", {shape[0], shape[1], c.cfg.F});
    ref::expect_close(got.ffn, want.ffn, kF32SumRel, "ffn", shape);
    ref::expect_close(got.out, want.out, kF32SumRel, "output", shape);
    EXPECT_EQ(ref::run_block(c, c.attn.x, nullptr, 0, /*traced=*/false).out, got.out)
        << "the trace must not change the output";
    return got;
}

TEST(TransformerBlock, PreAndPostLnWithLayerNormAndRmsNormMatchReference) {
    for (NormKind norm : {NormKind::LayerNorm, NormKind::RmsNorm})
        for (bool prenorm : {true, false})
            for (bool bias : {false, true}) {
                BlockConfig g = config(2, 7, 24, 4, 2, 65);
                g.norm = norm, g.prenorm = prenorm, g.attn.attn.causal = true;
                expect_matches_reference(ref::make_block(g, bias, ref::kSeed + prenorm));
            }
}

TEST(TransformerBlock, EveryActivationMatchesReference) {
    for (Activation act : {Activation::Relu, Activation::Gelu, Activation::GeluTanh, Activation::SwiGlu, Activation::Relu2}) {
        BlockConfig g = config(1, 5, 12, 3, 3, 17);
        g.activation = act;
        expect_matches_reference(ref::make_block(g, true, ref::kSeed + 5));
    }
}

TEST(TransformerBlock, ModelWidthsOnSimdTailSizesMatchReference) {
    for (int C : {3, 7, 17}) expect_matches_reference(ref::make_block(config(1, 4, C, 1, 1, 2 * C + 1), true, ref::kSeed + C));
}

TEST(TransformerBlock, AttentionOptionsPassThrough) {
    BlockConfig g = config(2, 6, 24, 6, 3, 32);
    auto& m = g.attn;
    m.rope = true, m.rope_layout = attnscope::RopeLayout::Half, m.position_offset = 3;
    m.qk_norm = attnscope::QkNorm::Rms, m.attn.alibi = true, m.attn.window = 3, m.attn.temperature = 0.7f;
    ref::BlockCase c = ref::make_block(g, true, ref::kSeed + 6);
    c.attn.mask_keys = 6;
    c.attn.add = ref::Rng(ref::kSeed + 7).floats(36, -1, 1);
    expect_matches_reference(c);
    c.cfg.attn.attn.kind = attnscope::AttentionKind::Cosine;
    c.attn.cfg = c.cfg.attn;
    expect_matches_reference(c);
}

TEST(TransformerBlock, PreLnResidualsAreExactSums) {
    const ref::BlockRun r = expect_matches_reference(ref::make_block(config(1, 6, 16, 2, 2, 24), true, ref::kSeed + 8));
    const ref::BlockCase c = ref::make_block(config(1, 6, 16, 2, 2, 24), true, ref::kSeed + 8);
    for (std::size_t i = 0; i < r.out.size(); ++i) {
        EXPECT_EQ(r.residual1[i], c.attn.x[i] + r.attention[i]) << "h = x + a at " << i;
        EXPECT_EQ(r.out[i], r.residual1[i] + r.ffn[i]) << "out = h + f at " << i;
    }
}

TEST(TransformerBlock, PostLnNormalisesEachResidualSum) {
    BlockConfig g = config(1, 6, 16, 2, 2, 24);
    g.prenorm = false;
    const ref::BlockCase c = ref::make_block(g, true, ref::kSeed + 9);
    const ref::BlockRun r = expect_matches_reference(c);
    std::vector<double> sum1(r.out.size()), sum2(r.out.size());
    for (std::size_t i = 0; i < r.out.size(); ++i) {
        sum1[i] = static_cast<double>(c.attn.x[i]) + r.attention[i];
        sum2[i] = static_cast<double>(r.residual1[i]) + r.ffn[i];
    }
    ref::expect_close(r.residual1, ref::layer_norm(sum1, ref::widen(c.norm1_w), ref::widen(c.norm1_b), 6, 16, 1e-5),
                      ref::kF32Rel, "h = n1(x + a)");
    ref::expect_close(r.out, ref::layer_norm(sum2, ref::widen(c.norm2_w), ref::widen(c.norm2_b), 6, 16, 1e-5),
                      ref::kF32Rel, "out = n2(h + f)");
    EXPECT_EQ(r.normed1, c.attn.x) << "post-LN attends to x itself";
    EXPECT_EQ(r.normed2, r.residual1) << "post-LN's FFN reads h";
}

TEST(TransformerBlock, NormalizedGptMatchesReferenceAndKeepsRowsOnTheSphere) {
    BlockConfig g = config(2, 5, 16, 4, 2, 40);
    g.normalized = true, g.activation = Activation::SwiGlu, g.attn.qk_norm = attnscope::QkNorm::L2;
    const ref::BlockRun r = expect_matches_reference(ref::make_block(g, false, ref::kSeed + 10));
    for (int row = 0; row < 10; ++row) {
        double h = 0, o = 0;
        for (int c = 0; c < 16; ++c) h += r.residual1[row * 16 + c] * r.residual1[row * 16 + c], o += r.out[row * 16 + c] * r.out[row * 16 + c];
        EXPECT_NEAR(std::sqrt(h), 1.0, ref::kF32Rel) << "|h| of row " << row;
        EXPECT_NEAR(std::sqrt(o), 1.0, ref::kF32Rel) << "|out| of row " << row;
    }
}

TEST(TransformerBlock, RejectsMissingWeightsAndBadConfigsWithoutWriting) {
    BlockConfig ngpt = config(1, 3, 8, 2, 2, 8);
    ngpt.normalized = true;
    ref::BlockCase c = ref::make_block(ngpt, false, ref::kSeed);
    c.alpha_ffn.clear();  // nGPT needs both step sizes
    EXPECT_EQ(ref::run_block(c).status, Status::InvalidArgument);
    BlockConfig swiglu = config(1, 3, 8, 2, 2, 8);
    swiglu.activation = Activation::SwiGlu;
    c = ref::make_block(swiglu, false, ref::kSeed);
    c.ffn.w3.clear();
    EXPECT_EQ(ref::run_block(c).status, Status::InvalidArgument);
    c = ref::make_block(config(1, 3, 8, 2, 2, 8), false, ref::kSeed);
    c.cfg.norm = static_cast<NormKind>(5);
    ref::BlockRun r = ref::run_block(c);
    EXPECT_EQ(r.status, Status::InvalidArgument);
    for (float v : r.out) EXPECT_EQ(v, -7.f);
    c.cfg.norm = NormKind::LayerNorm, c.cfg.attn.H = 3;  // does not divide C
    EXPECT_EQ(ref::run_block(c).status, Status::InvalidArgument);
}

}  // namespace
