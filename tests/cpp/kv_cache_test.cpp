// The KV cache's bookkeeping, and its defining property: decoding N tokens
// one by one through the cache equals the full causal forward of the same N
// tokens (multi-head attention and whole blocks, with RoPE and GQA).
#include <gtest/gtest.h>
#include <memory>
#include <string>
#include <vector>
#include "attnscope/kv_cache.h"
#include "block_case.h"

namespace {

using attnscope::KVCache;
using attnscope::MhaConfig;
using attnscope::RopeLayout;
using attnscope::Status;

// Decode and full forward do the same maths; only the summation grouping of
// the softmax and the dot products over a different number of keys differs.
constexpr double kDecodeRel = 1e-5;

struct Destroy {
    void operator()(KVCache* c) const { attnscope::kv_cache_destroy(c); }
};
using Cache = std::unique_ptr<KVCache, Destroy>;
Cache make_cache(int L, int B, int Hkv, int D, int T) { return Cache(attnscope::kv_cache_create(L, B, Hkv, D, T)); }

MhaConfig causal_rope(int B, int T, int C, int H, int Hkv, RopeLayout layout) {
    MhaConfig g;
    g.B = B, g.T = T, g.C = C, g.H = H, g.Hkv = Hkv;
    g.attn.causal = true, g.rope = true, g.rope_layout = layout;
    return g;
}

TEST(KVCache, BytesAreTwoLayersBatchHeadsLengthDimFloatsAndShrinkWithGqaAndMqa) {
    const Cache mha = make_cache(4, 2, 8, 16, 128), gqa = make_cache(4, 2, 2, 16, 128), mqa = make_cache(4, 2, 1, 16, 128);
    EXPECT_EQ(attnscope::kv_cache_bytes(*mha), 2ull * 4 * 2 * 8 * 128 * 16 * 4);
    EXPECT_EQ(attnscope::kv_cache_bytes(*gqa) * 4, attnscope::kv_cache_bytes(*mha));
    EXPECT_EQ(attnscope::kv_cache_bytes(*mqa) * 8, attnscope::kv_cache_bytes(*mha));
}

TEST(KVCache, CreateRejectsNonPositiveSizes) {
    EXPECT_EQ(make_cache(0, 1, 1, 4, 8), nullptr);
    EXPECT_EQ(make_cache(1, 1, 1, 4, 0), nullptr);
    EXPECT_EQ(make_cache(1, -1, 1, 4, 8), nullptr);
}

TEST(KVCache, AppendedTokensReadBackInOrderPerHead) {
    const Cache c = make_cache(2, 2, 3, 5, 8);
    ref::Rng rng(ref::kSeed);
    const std::vector<float> k1 = rng.floats(2 * 3 * 3 * 5), v1 = rng.floats(k1.size());
    const std::vector<float> k2 = rng.floats(2 * 3 * 2 * 5), v2 = rng.floats(k2.size());
    ASSERT_EQ(attnscope::kv_cache_append(c.get(), 1, k1.data(), v1.data(), 3), Status::Ok);
    ASSERT_EQ(attnscope::kv_cache_append(c.get(), 1, k2.data(), v2.data(), 2), Status::Ok);
    EXPECT_EQ(c->length[0], 0);
    EXPECT_EQ(c->length[1], 5);
    std::vector<float> k(2 * 3 * 5 * 5), v(k.size());
    attnscope::kv_cache_read(k.data(), v.data(), *c, 1);
    for (int bh = 0; bh < 6; ++bh)
        for (int t = 0; t < 5; ++t)
            for (int d = 0; d < 5; ++d) {
                const float want_k = t < 3 ? k1[(bh * 3 + t) * 5 + d] : k2[(bh * 2 + t - 3) * 5 + d];
                const float want_v = t < 3 ? v1[(bh * 3 + t) * 5 + d] : v2[(bh * 2 + t - 3) * 5 + d];
                EXPECT_EQ(k[(bh * 5 + t) * 5 + d], want_k) << "head " << bh << " token " << t;
                EXPECT_EQ(v[(bh * 5 + t) * 5 + d], want_v) << "head " << bh << " token " << t;
            }
    attnscope::kv_cache_reset(c.get());
    EXPECT_EQ(c->length[1], 0);
}

TEST(KVCache, AppendPastCapacityOrToAMissingLayerIsRejected) {
    const Cache c = make_cache(1, 1, 1, 2, 4);
    const std::vector<float> kv(2 * 5, 1.f);
    EXPECT_EQ(attnscope::kv_cache_append(c.get(), 0, kv.data(), kv.data(), 5), Status::InvalidArgument);
    EXPECT_EQ(attnscope::kv_cache_append(c.get(), 1, kv.data(), kv.data(), 1), Status::InvalidArgument);
    EXPECT_EQ(c->length[0], 0);
}

// Prefills `prefill` tokens, then decodes the rest one at a time; each step's
// output and the cached keys (after RoPE) must equal the full forward's.
void expect_decode_equals_full(const MhaConfig& g, int prefill, std::uint64_t seed) {
    SCOPED_TRACE("Hkv=" + std::to_string(g.Hkv) + " layout=" + std::to_string(static_cast<int>(g.rope_layout)) +
                 " prefill=" + std::to_string(prefill));
    const ref::MhaCase c = ref::make_mha(g, true, false, seed);
    const ref::MhaRun full = ref::run_mha(c);
    ASSERT_EQ(full.status, Status::Ok);
    const int D = c.D();
    const Cache cache = make_cache(1, g.B, g.Hkv, D, g.T + 3);
    for (int t0 = 0; t0 < g.T;) {
        const int n = t0 == 0 && prefill > 0 ? prefill : 1;
        ref::MhaCase step = c;
        step.cfg.T = n, step.cfg.position_offset = t0;
        const ref::MhaRun r = ref::run_mha(step, ref::tokens(c.x, g.B, g.T, g.C, t0, n), cache.get());
        ASSERT_EQ(r.status, Status::Ok) << "step at token " << t0;
        const std::string at = " at tokens [" + std::to_string(t0) + ", " + std::to_string(t0 + n) + ")";
        ref::expect_close(r.out, ref::widen(ref::tokens(full.out, g.B, g.T, g.C, t0, n)), kDecodeRel, "output" + at);
        // Cached keys after RoPE: the first t0 + n keys of the full forward, per head.
        const std::vector<float> keys = ref::tokens(full.k, g.B * g.Hkv, g.T, D, 0, t0 + n);
        ref::expect_close(r.k, ref::widen(keys), kDecodeRel, "cached keys" + at);
        t0 += n;
    }
    EXPECT_EQ(cache->length[0], g.T);
}

TEST(KVCacheDecode, MhaOneTokenAtATimeEqualsFullCausalForward) {
    for (RopeLayout layout : {RopeLayout::Interleaved, RopeLayout::Half})
        for (int Hkv : {4, 2, 1}) expect_decode_equals_full(causal_rope(2, 9, 24, 4, Hkv, layout), 0, ref::kSeed + Hkv);
}

TEST(KVCacheDecode, MhaPrefillThenDecodeEqualsFullCausalForward) {
    expect_decode_equals_full(causal_rope(1, 11, 16, 4, 2, RopeLayout::Half), 6, ref::kSeed + 20);
}

TEST(KVCacheDecode, MhaWithQkNormAlibiAndWindowEqualsFullCausalForward) {
    MhaConfig g = causal_rope(1, 10, 24, 6, 2, RopeLayout::Interleaved);
    g.qk_norm = attnscope::QkNorm::Rms, g.attn.alibi = true, g.attn.window = 4;
    expect_decode_equals_full(g, 3, ref::kSeed + 21);
}

TEST(KVCacheDecode, MhaRejectsAWrongPositionOffsetAndLeavesTheCacheAlone) {
    const ref::MhaCase c = ref::make_mha(causal_rope(1, 2, 8, 2, 1, RopeLayout::Half), false, false, ref::kSeed);
    const Cache cache = make_cache(1, 1, 1, 4, 3);
    ASSERT_EQ(ref::run_mha(c, c.x, cache.get()).status, Status::Ok);
    ref::MhaCase next = c;  // position_offset 0, but the cache holds 2 tokens
    EXPECT_EQ(ref::run_mha(next, next.x, cache.get()).status, Status::InvalidArgument);
    next.cfg.position_offset = 2;  // right offset, but 2 + 2 > 3 tokens of room
    EXPECT_EQ(ref::run_mha(next, next.x, cache.get()).status, Status::InvalidArgument);
    EXPECT_EQ(ref::run_mha(next, next.x, cache.get(), /*layer=*/1).status, Status::InvalidArgument);
    EXPECT_EQ(cache->length[0], 2);
}

// A two-layer cache; the block writes layer 1.
void expect_block_decode_equals_full(attnscope::BlockConfig cfg, std::uint64_t seed) {
    SCOPED_TRACE("norm=" + std::to_string(static_cast<int>(cfg.norm)) + " prenorm=" + std::to_string(cfg.prenorm) +
                 " normalized=" + std::to_string(cfg.normalized));
    const ref::BlockCase c = ref::make_block(cfg, true, seed);
    const ref::BlockRun full = ref::run_block(c);
    ASSERT_EQ(full.status, Status::Ok);
    const auto& g = cfg.attn;
    const Cache cache = make_cache(2, g.B, g.Hkv, g.C / g.H, g.T);
    for (int t = 0; t < g.T; ++t) {
        ref::BlockCase step = c;
        step.cfg.attn.T = 1, step.cfg.attn.position_offset = t;
        const ref::BlockRun r = ref::run_block(step, ref::tokens(c.attn.x, g.B, g.T, g.C, t, 1), cache.get(), 1);
        ASSERT_EQ(r.status, Status::Ok) << "token " << t;
        ref::expect_close(r.out, ref::widen(ref::tokens(full.out, g.B, g.T, g.C, t, 1)), kDecodeRel,
                          "block output at token " + std::to_string(t));
    }
    EXPECT_EQ(cache->length[1], g.T);
    EXPECT_EQ(cache->length[0], 0);
}

TEST(KVCacheDecode, BlocksOneTokenAtATimeEqualFullCausalForward) {
    attnscope::BlockConfig llama;  // RMSNorm, RoPE (half), GQA, SwiGLU, pre-LN
    llama.attn = causal_rope(2, 8, 24, 4, 2, RopeLayout::Half);
    llama.F = 40, llama.activation = attnscope::Activation::SwiGlu, llama.norm = attnscope::NormKind::RmsNorm;
    expect_block_decode_equals_full(llama, ref::kSeed + 30);
    attnscope::BlockConfig post = llama;  // post-LN LayerNorm GELU, MQA
    post.prenorm = false, post.norm = attnscope::NormKind::LayerNorm, post.activation = attnscope::Activation::Gelu;
    post.attn.Hkv = 1;
    expect_block_decode_equals_full(post, ref::kSeed + 31);
    attnscope::BlockConfig ngpt = llama;
    ngpt.normalized = true, ngpt.attn.qk_norm = attnscope::QkNorm::L2;
    expect_block_decode_equals_full(ngpt, ref::kSeed + 32);
}

}  // namespace
