// Random feed-forward, multi-head attention and block problems, and thin
// runners that call the core on them. The float64 references that check the
// results are in block_reference.h.
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>
#include "attnscope/block.h"
#include "reference.h"

namespace ref {

inline const float* ptr(const std::vector<float>& v) { return v.empty() ? nullptr : v.data(); }

// Weights uniform in +-1/sqrt(fan_in): activations stay O(1) through the layers.
inline std::vector<float> weights(Rng& rng, int in, int out) {
    const double a = 1.0 / std::sqrt(static_cast<double>(in));
    return rng.floats(static_cast<std::size_t>(in) * out, -a, a);
}
inline std::vector<float> maybe(Rng& rng, bool on, int n, double lo = -0.5, double hi = 0.5) {
    return on ? rng.floats(n, lo, hi) : std::vector<float>();
}

// Rows t0..t0+n of x (B, T, C), as (B, n, C).
inline std::vector<float> tokens(const std::vector<float>& x, int B, int T, int C, int t0, int n) {
    std::vector<float> out;
    for (int b = 0; b < B; ++b)
        out.insert(out.end(), x.begin() + (static_cast<long>(b) * T + t0) * C,
                   x.begin() + (static_cast<long>(b) * T + t0 + n) * C);
    return out;
}

struct FfnCase {
    int R = 0, C = 0, F = 0;
    attnscope::Activation act = attnscope::Activation::Gelu;
    std::vector<float> x, w1, b1, w3, b3, w2, b2;
    attnscope::FeedForwardWeights weights() const {
        return {ptr(w1), ptr(b1), ptr(w3), ptr(b3), ptr(w2), ptr(b2)};
    }
};

inline FfnCase make_ffn(int R, int C, int F, attnscope::Activation act, bool bias, std::uint64_t seed) {
    Rng rng(seed);
    FfnCase c;
    c.R = R, c.C = C, c.F = F, c.act = act;
    c.x = rng.floats(static_cast<std::size_t>(R) * C, -2, 2);
    c.w1 = weights(rng, C, F), c.b1 = maybe(rng, bias, F);
    if (act == attnscope::Activation::SwiGlu) c.w3 = weights(rng, C, F), c.b3 = maybe(rng, bias, F);
    c.w2 = weights(rng, F, C), c.b2 = maybe(rng, bias, C);
    return c;
}

struct MhaCase {
    attnscope::MhaConfig cfg;
    std::vector<float> x, memory;  // (B,T,C), (B,S,C) when cross
    std::vector<float> wq, bq, wk, bk, wv, bv, wo, bo, q_norm, k_norm;
    // Masks (T, mask_keys) broadcast over B and H; empty = none.
    std::vector<float> add;
    std::vector<std::uint8_t> allow;
    int mask_keys = 0;

    int D() const { return cfg.C / cfg.H; }
    attnscope::MhaWeights weights() const {
        return {ptr(wq), ptr(bq), ptr(wk), ptr(bk), ptr(wv), ptr(bv), ptr(wo), ptr(bo), ptr(q_norm), ptr(k_norm)};
    }
    attnscope::MaskView mask() const {
        attnscope::MaskView m;
        m.add = add.empty() ? nullptr : add.data();
        m.allow = allow.empty() ? nullptr : allow.data();
        m.stride_q = mask_keys, m.stride_k = 1;
        return m;
    }
};

inline MhaCase make_mha(const attnscope::MhaConfig& cfg, bool bias, bool norm_weights, std::uint64_t seed) {
    Rng rng(seed);
    MhaCase c;
    c.cfg = cfg;
    const int C = cfg.C, HD = cfg.C, KD = cfg.Hkv * (cfg.C / cfg.H);
    c.x = rng.floats(static_cast<std::size_t>(cfg.B) * cfg.T * C);
    if (cfg.cross) c.memory = rng.floats(static_cast<std::size_t>(cfg.B) * cfg.S * C);
    c.wq = weights(rng, C, HD), c.bq = maybe(rng, bias, HD);
    c.wk = weights(rng, C, KD), c.bk = maybe(rng, bias, KD);
    c.wv = weights(rng, C, KD), c.bv = maybe(rng, bias, KD);
    c.wo = weights(rng, HD, C), c.bo = maybe(rng, bias, C);
    c.q_norm = maybe(rng, norm_weights, c.D(), 0.5, 1.5);
    c.k_norm = maybe(rng, norm_weights, c.D(), 0.5, 1.5);
    return c;
}

// Every output of one multi_head_attention call.
struct MhaRun {
    attnscope::Status status = attnscope::Status::Ok;
    int Tk = 0;
    std::vector<float> out, q, k, v, raw, scaled, masked, weights, heads, concat;
    attnscope::MhaTrace trace() {
        attnscope::MhaTrace t;
        t.q = q.data(), t.k = k.data(), t.v = v.data(), t.weights = weights.data();
        t.scores = {raw.data(), scaled.data(), masked.data()};
        t.head_outputs = heads.data(), t.concat = concat.data();
        return t;
    }
};

// Runs the core on x (B, cfg.T, C); with a cache, attends over its tokens too.
inline MhaRun run_mha(const MhaCase& c, const std::vector<float>& x, attnscope::KVCache* cache = nullptr,
                      int layer = 0, bool traced = true) {
    const auto& g = c.cfg;
    const int D = c.D(), S = g.cross ? g.S : g.T;
    MhaRun r;
    r.Tk = S + (cache && layer >= 0 && layer < cache->n_layers ? cache->length[layer] : 0);
    const std::size_t bt = static_cast<std::size_t>(g.B) * g.T, bh = static_cast<std::size_t>(g.B) * g.H;
    const std::size_t bkv = static_cast<std::size_t>(g.B) * g.Hkv * r.Tk * D;
    r.out.assign(bt * g.C, -7.f);
    if (traced) {
        r.q.assign(bh * g.T * D, -7.f), r.heads = r.q, r.concat.assign(bt * g.H * D, -7.f);
        r.k.assign(bkv, -7.f), r.v = r.k;
        r.raw.assign(bh * g.T * r.Tk, -7.f), r.scaled = r.raw, r.masked = r.raw, r.weights = r.raw;
    }
    attnscope::MhaTrace t = r.trace();
    r.status = attnscope::multi_head_attention(r.out.data(), x.data(), ptr(c.memory), c.weights(), g,
                                               c.mask(), cache, layer, traced ? &t : nullptr);
    return r;
}
inline MhaRun run_mha(const MhaCase& c) { return run_mha(c, c.x); }

struct BlockCase {
    attnscope::BlockConfig cfg;
    MhaCase attn;  // holds x too
    FfnCase ffn;   // weights only
    std::vector<float> norm1_w, norm1_b, norm2_w, norm2_b, alpha_attn, alpha_ffn;
    attnscope::BlockWeights weights() const {
        attnscope::BlockWeights w;
        w.norm1_weight = ptr(norm1_w), w.norm1_bias = ptr(norm1_b);
        w.norm2_weight = ptr(norm2_w), w.norm2_bias = ptr(norm2_b);
        w.attn = attn.weights(), w.ffn = ffn.weights();
        w.alpha_attn = ptr(alpha_attn), w.alpha_ffn = ptr(alpha_ffn);
        return w;
    }
};

inline BlockCase make_block(const attnscope::BlockConfig& cfg, bool bias, std::uint64_t seed) {
    BlockCase c;
    c.cfg = cfg;
    const int C = cfg.attn.C;
    c.attn = make_mha(cfg.attn, bias, false, seed);
    c.ffn = make_ffn(0, C, cfg.F, cfg.activation, bias, seed + 1);
    Rng rng(seed + 2);
    const bool ln = cfg.norm == attnscope::NormKind::LayerNorm && !cfg.normalized;
    c.norm1_w = maybe(rng, !cfg.normalized, C, 0.5, 1.5), c.norm1_b = maybe(rng, ln && bias, C);
    c.norm2_w = maybe(rng, !cfg.normalized, C, 0.5, 1.5), c.norm2_b = maybe(rng, ln && bias, C);
    c.alpha_attn = maybe(rng, cfg.normalized, C, 0.02, 0.3);
    c.alpha_ffn = maybe(rng, cfg.normalized, C, 0.02, 0.3);
    if (cfg.normalized) {  // nGPT expects unit rows
        const std::vector<double> unit = l2_normalize(widen(c.attn.x), cfg.attn.B * cfg.attn.T, C, 1e-12);
        c.attn.x.assign(unit.begin(), unit.end());
    }
    return c;
}

// Every output of one transformer_block call.
struct BlockRun {
    attnscope::Status status = attnscope::Status::Ok;
    std::vector<float> out, normed1, attention, residual1, normed2, ffn_hidden, ffn;
};

// Runs the core on x (B, cfg.attn.T, C); the attention's own trace is not kept.
inline BlockRun run_block(const BlockCase& c, const std::vector<float>& x, attnscope::KVCache* cache = nullptr,
                          int layer = 0, bool traced = true) {
    const auto& g = c.cfg.attn;
    const std::size_t n = static_cast<std::size_t>(g.B) * g.T * g.C;
    BlockRun r;
    r.out.assign(n, -7.f);
    attnscope::BlockTrace t;
    if (traced) {
        r.normed1.assign(n, -7.f), r.attention = r.residual1 = r.normed2 = r.ffn = r.normed1;
        r.ffn_hidden.assign(static_cast<std::size_t>(g.B) * g.T * c.cfg.F, -7.f);
        t.normed1 = r.normed1.data(), t.attention = r.attention.data(), t.residual1 = r.residual1.data();
        t.normed2 = r.normed2.data(), t.ffn_hidden = r.ffn_hidden.data(), t.ffn = r.ffn.data();
    }
    r.status = attnscope::transformer_block(r.out.data(), x.data(), c.weights(), c.cfg, c.attn.mask(), cache,
                                            layer, traced ? &t : nullptr);
    return r;
}
inline BlockRun run_block(const BlockCase& c) { return run_block(c, c.attn.x); }

}  // namespace ref
