// Embind registrations of the larger parts: feed-forward, multi-head
// attention, the transformer block and the KV cache. Pointers arrive as byte
// addresses (uintptr_t) of buffers web/lib allocated, 0 for "absent";
// results go back as status codes. Conversion only: validation lives in
// web/lib, maths in cpp/.
#include <emscripten/bind.h>
#include <cstdint>
#include "attnscope/block.h"
#include "attnscope/kv_cache.h"

using namespace attnscope;
using emscripten::function;
using emscripten::value_object;
using Ptr = std::uintptr_t;

namespace {

float* F(Ptr p) { return reinterpret_cast<float*>(p); }
KVCache* cache_of(Ptr p) { return reinterpret_cast<KVCache*>(p); }

struct FfnWeightArgs {
    Ptr w1, b1, w3, b3, w2, b2;
};
struct MhaWeightArgs {
    Ptr wq, bq, wk, bk, wv, bv, wo, bo, qNorm, kNorm;
};
// Sizes, options, mask and cache of one attention call (every field set by JS).
struct MhaArgs {
    int B, T, S, C, H, Hkv, kind, window, qkNorm, ropeLayout, positionOffset, layer;
    float scale, temperature, eps, ropeBase;
    bool defaultScale, causal, alibi, cross, rope;
    Ptr maskAllow, maskAdd, cache;
    double strideB, strideH, strideQ, strideK;
};
struct MhaTraceArgs {
    Ptr q, k, v, rawScores, scaledScores, maskedScores, weights, headOutputs, concat;
};
struct BlockArgs {
    int F, activation, norm;
    bool prenorm, normalized;
    float eps;
    Ptr norm1Weight, norm1Bias, norm2Weight, norm2Bias, alphaAttn, alphaFfn;
};
struct BlockTraceArgs {
    Ptr normed1, attention, residual1, normed2, ffnHidden, ffn;
};

FeedForwardWeights to_ffn(const FfnWeightArgs& a) { return {F(a.w1), F(a.b1), F(a.w3), F(a.b3), F(a.w2), F(a.b2)}; }
MhaWeights to_mha(const MhaWeightArgs& a) {
    return {F(a.wq), F(a.bq), F(a.wk), F(a.bk), F(a.wv), F(a.bv), F(a.wo), F(a.bo), F(a.qNorm), F(a.kNorm)};
}
MhaConfig to_config(const MhaArgs& a) {
    MhaConfig c;
    c.B = a.B, c.T = a.T, c.S = a.S, c.C = a.C, c.H = a.H, c.Hkv = a.Hkv, c.cross = a.cross;
    c.attn.kind = static_cast<AttentionKind>(a.kind), c.attn.window = a.window;
    c.default_scale = a.defaultScale, c.attn.scale = a.scale;
    c.attn.temperature = a.temperature, c.attn.eps = a.eps, c.attn.causal = a.causal, c.attn.alibi = a.alibi;
    c.qk_norm = static_cast<QkNorm>(a.qkNorm), c.rope = a.rope, c.rope_base = a.ropeBase;
    c.rope_layout = static_cast<RopeLayout>(a.ropeLayout), c.position_offset = a.positionOffset;
    return c;
}
MaskView to_mask(const MhaArgs& a) {
    MaskView m;
    m.allow = reinterpret_cast<const std::uint8_t*>(a.maskAllow), m.add = F(a.maskAdd);
    m.stride_b = static_cast<long>(a.strideB), m.stride_h = static_cast<long>(a.strideH);
    m.stride_q = static_cast<long>(a.strideQ), m.stride_k = static_cast<long>(a.strideK);
    return m;
}
MhaTrace to_trace(const MhaTraceArgs& a) {
    MhaTrace t;
    t.q = F(a.q), t.k = F(a.k), t.v = F(a.v), t.weights = F(a.weights);
    t.scores = {F(a.rawScores), F(a.scaledScores), F(a.maskedScores)};
    t.head_outputs = F(a.headOutputs), t.concat = F(a.concat);
    return t;
}

int feed_forward_b(Ptr out, Ptr hidden, Ptr x, const FfnWeightArgs& w, int rows, int C, int Fw, int act) {
    return static_cast<int>(feed_forward(F(out), F(hidden), F(x), to_ffn(w), rows, C, Fw, static_cast<Activation>(act)));
}
int mha_b(Ptr out, Ptr x, Ptr memory, const MhaWeightArgs& w, const MhaArgs& a, const MhaTraceArgs& t) {
    const MhaTrace trace = to_trace(t);
    return static_cast<int>(multi_head_attention(F(out), F(x), F(memory), to_mha(w), to_config(a), to_mask(a),
                                                 cache_of(a.cache), a.layer, &trace));
}
int block_b(Ptr out, Ptr x, const MhaWeightArgs& mw, const MhaArgs& a, const MhaTraceArgs& mt,
            const FfnWeightArgs& fw, const BlockArgs& b, const BlockTraceArgs& t) {
    BlockWeights w;
    w.norm1_weight = F(b.norm1Weight), w.norm1_bias = F(b.norm1Bias);
    w.norm2_weight = F(b.norm2Weight), w.norm2_bias = F(b.norm2Bias);
    w.attn = to_mha(mw), w.ffn = to_ffn(fw), w.alpha_attn = F(b.alphaAttn), w.alpha_ffn = F(b.alphaFfn);
    BlockConfig c;
    c.attn = to_config(a), c.F = b.F, c.activation = static_cast<Activation>(b.activation);
    c.norm = static_cast<NormKind>(b.norm), c.prenorm = b.prenorm, c.normalized = b.normalized, c.eps = b.eps;
    BlockTrace trace;
    trace.normed1 = F(t.normed1), trace.attention = F(t.attention), trace.residual1 = F(t.residual1);
    trace.normed2 = F(t.normed2), trace.ffn_hidden = F(t.ffnHidden), trace.ffn = F(t.ffn);
    trace.attn = to_trace(mt);
    return static_cast<int>(transformer_block(F(out), F(x), w, c, to_mask(a), cache_of(a.cache), a.layer, &trace));
}
Ptr kv_create_b(int L, int B, int Hkv, int D, int T) { return reinterpret_cast<Ptr>(kv_cache_create(L, B, Hkv, D, T)); }
void kv_destroy_b(Ptr c) { kv_cache_destroy(cache_of(c)); }
void kv_reset_b(Ptr c) { kv_cache_reset(cache_of(c)); }
int kv_length_b(Ptr c, int layer) { return cache_of(c)->length[layer]; }
double kv_bytes_b(Ptr c) { return static_cast<double>(kv_cache_bytes(*cache_of(c))); }

}  // namespace

EMSCRIPTEN_BINDINGS(blocks) {
    value_object<FfnWeightArgs>("FfnWeightArgs")
        .field("w1", &FfnWeightArgs::w1).field("b1", &FfnWeightArgs::b1).field("w3", &FfnWeightArgs::w3)
        .field("b3", &FfnWeightArgs::b3).field("w2", &FfnWeightArgs::w2).field("b2", &FfnWeightArgs::b2);
    value_object<MhaWeightArgs>("MhaWeightArgs")
        .field("wq", &MhaWeightArgs::wq).field("bq", &MhaWeightArgs::bq).field("wk", &MhaWeightArgs::wk)
        .field("bk", &MhaWeightArgs::bk).field("wv", &MhaWeightArgs::wv).field("bv", &MhaWeightArgs::bv)
        .field("wo", &MhaWeightArgs::wo).field("bo", &MhaWeightArgs::bo).field("qNorm", &MhaWeightArgs::qNorm)
        .field("kNorm", &MhaWeightArgs::kNorm);
    value_object<MhaArgs>("MhaArgs")
        .field("B", &MhaArgs::B).field("T", &MhaArgs::T).field("S", &MhaArgs::S).field("C", &MhaArgs::C)
        .field("H", &MhaArgs::H).field("Hkv", &MhaArgs::Hkv).field("kind", &MhaArgs::kind)
        .field("window", &MhaArgs::window).field("qkNorm", &MhaArgs::qkNorm)
        .field("ropeLayout", &MhaArgs::ropeLayout).field("positionOffset", &MhaArgs::positionOffset)
        .field("layer", &MhaArgs::layer).field("scale", &MhaArgs::scale)
        .field("temperature", &MhaArgs::temperature).field("eps", &MhaArgs::eps)
        .field("ropeBase", &MhaArgs::ropeBase).field("defaultScale", &MhaArgs::defaultScale)
        .field("causal", &MhaArgs::causal).field("alibi", &MhaArgs::alibi)
        .field("cross", &MhaArgs::cross).field("rope", &MhaArgs::rope).field("maskAllow", &MhaArgs::maskAllow)
        .field("maskAdd", &MhaArgs::maskAdd).field("cache", &MhaArgs::cache).field("strideB", &MhaArgs::strideB)
        .field("strideH", &MhaArgs::strideH).field("strideQ", &MhaArgs::strideQ).field("strideK", &MhaArgs::strideK);
    value_object<MhaTraceArgs>("MhaTraceArgs")
        .field("q", &MhaTraceArgs::q).field("k", &MhaTraceArgs::k).field("v", &MhaTraceArgs::v)
        .field("rawScores", &MhaTraceArgs::rawScores).field("scaledScores", &MhaTraceArgs::scaledScores)
        .field("maskedScores", &MhaTraceArgs::maskedScores).field("weights", &MhaTraceArgs::weights)
        .field("headOutputs", &MhaTraceArgs::headOutputs).field("concat", &MhaTraceArgs::concat);
    value_object<BlockArgs>("BlockArgs")
        .field("F", &BlockArgs::F).field("activation", &BlockArgs::activation).field("norm", &BlockArgs::norm)
        .field("prenorm", &BlockArgs::prenorm).field("normalized", &BlockArgs::normalized)
        .field("eps", &BlockArgs::eps).field("norm1Weight", &BlockArgs::norm1Weight)
        .field("norm1Bias", &BlockArgs::norm1Bias).field("norm2Weight", &BlockArgs::norm2Weight)
        .field("norm2Bias", &BlockArgs::norm2Bias).field("alphaAttn", &BlockArgs::alphaAttn)
        .field("alphaFfn", &BlockArgs::alphaFfn);
    value_object<BlockTraceArgs>("BlockTraceArgs")
        .field("normed1", &BlockTraceArgs::normed1).field("attention", &BlockTraceArgs::attention)
        .field("residual1", &BlockTraceArgs::residual1).field("normed2", &BlockTraceArgs::normed2)
        .field("ffnHidden", &BlockTraceArgs::ffnHidden).field("ffn", &BlockTraceArgs::ffn);
    function("feedForward", &feed_forward_b);
    function("multiHeadAttention", &mha_b);
    function("transformerBlock", &block_b);
    function("kvCacheCreate", &kv_create_b);
    function("kvCacheDestroy", &kv_destroy_b);
    function("kvCacheReset", &kv_reset_b);
    function("kvCacheLength", &kv_length_b);
    function("kvCacheBytes", &kv_bytes_b);
}
