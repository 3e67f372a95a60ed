// float64 references for the feed-forward, multi-head attention and block
// tests, written as plain loops from the formulas in the headers.
#pragma once
#include <algorithm>
#include <cmath>
#include <vector>
#include "block_case.h"
#include "reference.h"

namespace ref {

using Vec = std::vector<double>;

// x (R,K) @ W (K,N) + b (N); b empty = no bias.
inline Vec linear(const Vec& x, const std::vector<float>& W, const std::vector<float>& b, int R, int K, int N) {
    Vec out = matmul(x, widen(W), R, K, N);
    if (!b.empty())
        for (int r = 0; r < R; ++r)
            for (int n = 0; n < N; ++n) out[static_cast<std::size_t>(r) * N + n] += b[n];
    return out;
}

struct Ffn {
    Vec out, hidden;  // (R,C), (R,F)
};
inline Ffn feed_forward(const FfnCase& c, const Vec& x, int R) {
    using attnscope::Activation;
    Ffn r;
    r.hidden = linear(x, c.w1, c.b1, R, c.C, c.F);
    const Vec gate = c.act == Activation::SwiGlu ? linear(x, c.w3, c.b3, R, c.C, c.F) : Vec();
    for (std::size_t i = 0; i < r.hidden.size(); ++i) {
        const double z = r.hidden[i];
        switch (c.act) {
            case Activation::Relu: r.hidden[i] = std::max(z, 0.0); break;
            case Activation::Relu2: r.hidden[i] = std::max(z, 0.0) * std::max(z, 0.0); break;
            case Activation::Gelu: r.hidden[i] = 0.5 * z * (1 + std::erf(z / std::sqrt(2.0))); break;
            case Activation::GeluTanh:
                r.hidden[i] = 0.5 * z * (1 + std::tanh(std::sqrt(2 / M_PI) * (z + 0.044715 * z * z * z)));
                break;
            case Activation::SwiGlu: r.hidden[i] = z / (1 + std::exp(-z)) * gate[i]; break;
        }
    }
    r.out = linear(r.hidden, c.w2, c.b2, R, c.F, c.C);
    return r;
}

// Every stage of multi-head attention, shapes as MhaTrace.
struct Mha {
    Vec out, q, k, v, raw, scaled, masked, weights, heads, concat;
};

// (B, N, Hn*D) token-major -> (B, Hn, N, D) heads-first.
inline Vec split_heads(const Vec& t, int B, int N, int Hn, int D) {
    Vec h(t.size());
    for (int b = 0; b < B; ++b)
        for (int n = 0; n < N; ++n)
            for (int hh = 0; hh < Hn; ++hh)
                for (int d = 0; d < D; ++d)
                    h[((static_cast<std::size_t>(b) * Hn + hh) * N + n) * D + d] =
                        t[((static_cast<std::size_t>(b) * N + n) * Hn + hh) * D + d];
    return h;
}

// Per row of D: rms x/sqrt(mean x^2 + 1e-6) or l2 x/max(|x|, 1e-12), times w.
inline void qk_norm(Vec& x, int D, attnscope::QkNorm kind, const std::vector<float>& w) {
    if (kind == attnscope::QkNorm::None) return;
    const int rows = static_cast<int>(x.size() / D);
    x = kind == attnscope::QkNorm::Rms ? rms_norm(x, Vec(), rows, D, 1e-6) : l2_normalize(x, rows, D, 1e-12);
    if (!w.empty())
        for (std::size_t i = 0; i < x.size(); ++i) x[i] *= w[i % D];
}

inline double row_norm(const double* x, int n) {
    double s = 0;
    for (int i = 0; i < n; ++i) s += x[i] * x[i];
    return std::sqrt(s);
}

// x (B,T,C), memory (B,S,C) for cross-attention; the case's masks and options.
inline Mha mha(const MhaCase& c, const Vec& x) {
    const auto& g = c.cfg;
    const auto& a = g.attn;
    const int B = g.B, T = g.T, C = g.C, H = g.H, Hkv = g.Hkv, D = c.D(), S = g.cross ? g.S : T;
    const Vec src = g.cross ? widen(c.memory) : x;
    Mha r;
    r.q = split_heads(linear(x, c.wq, c.bq, B * T, C, H * D), B, T, H, D);
    r.k = split_heads(linear(src, c.wk, c.bk, B * S, C, Hkv * D), B, S, Hkv, D);
    r.v = split_heads(linear(src, c.wv, c.bv, B * S, C, Hkv * D), B, S, Hkv, D);
    qk_norm(r.q, D, g.qk_norm, c.q_norm);
    qk_norm(r.k, D, g.qk_norm, c.k_norm);
    if (g.rope) {
        const bool il = g.rope_layout == attnscope::RopeLayout::Interleaved;
        r.q = rope(r.q, B * H, T, D, g.rope_base, il, g.position_offset);
        r.k = rope(r.k, B * Hkv, S, D, g.rope_base, il, g.position_offset);
    }
    const double scale = g.default_scale ? 1.0 / std::sqrt(static_cast<double>(D)) : a.scale;
    const Vec slopes = a.alibi ? alibi_slopes(H) : Vec();
    const std::size_t n_scores = static_cast<std::size_t>(B) * H * T * S;
    r.raw.assign(n_scores, 0), r.scaled = r.raw, r.masked = r.raw, r.weights = r.raw;
    r.heads.assign(static_cast<std::size_t>(B) * H * T * D, 0);
    for (int b = 0; b < B; ++b)
        for (int h = 0; h < H; ++h)
            for (int i = 0; i < T; ++i) {
                const int hk = h / (H / Hkv), ia = i + S - T;
                const std::size_t row = (static_cast<std::size_t>(b) * H + h) * T + i;
                const double* qi = &r.q[row * D];
                for (int j = 0; j < S; ++j) {
                    const double* kj = &r.k[((static_cast<std::size_t>(b) * Hkv + hk) * S + j) * D];
                    double dot = 0;
                    for (int d = 0; d < D; ++d) dot += qi[d] * kj[d];
                    const double cos = dot / (std::max(row_norm(qi, D), 1e-12) * std::max(row_norm(kj, D), 1e-12));
                    const double s = (a.kind == attnscope::AttentionKind::Cosine ? cos : dot * scale) / a.temperature;
                    bool ok = !(a.causal && j > ia) && !(a.window > 0 && std::abs(ia - j) >= a.window);
                    if (!c.allow.empty()) ok = ok && c.allow[i * c.mask_keys + j];
                    double m = s + (c.add.empty() ? 0 : c.add[i * c.mask_keys + j]);
                    if (a.alibi) m -= slopes[h] * std::abs(j - ia);
                    r.raw[row * S + j] = dot, r.scaled[row * S + j] = s, r.masked[row * S + j] = ok ? m : -kInf;
                }
                const Vec w = softmax(Vec(&r.masked[row * S], &r.masked[row * S] + S), 1, S, 1.0);
                for (int j = 0; j < S; ++j) {
                    r.weights[row * S + j] = w[j];
                    for (int d = 0; d < D; ++d)
                        r.heads[row * D + d] += w[j] * r.v[((static_cast<std::size_t>(b) * Hkv + hk) * S + j) * D + d];
                }
            }
    r.concat = split_heads(r.heads, B, H, T, D);  // (B,H,T,D) -> (B,T,H,D): the same index swap
    r.out = linear(r.concat, c.wo, c.bo, B * T, H * D, C);
    return r;
}

// The block's formulas (block.h), composed from the references above.
struct Block {
    Vec out, normed1, attention, residual1, normed2, ffn_hidden, ffn;
};
inline Block block(const BlockCase& c) {
    const auto& g = c.cfg;
    const int R = g.attn.B * g.attn.T, C = g.attn.C;
    auto norm = [&](const Vec& v, const std::vector<float>& w, const std::vector<float>& b) {
        return g.norm == attnscope::NormKind::RmsNorm ? rms_norm(v, widen(w), R, C, g.eps)
                                                       : layer_norm(v, widen(w), widen(b), R, C, g.eps);
    };
    auto add = [](const Vec& a, const Vec& b) {
        Vec o(a.size());
        for (std::size_t i = 0; i < a.size(); ++i) o[i] = a[i] + b[i];
        return o;
    };
    auto ngpt = [&](const Vec& h, const Vec& u, const std::vector<float>& alpha) {
        const Vec nu = l2_normalize(u, R, C, 1e-12);
        Vec o(h.size());
        for (std::size_t i = 0; i < h.size(); ++i) o[i] = h[i] + alpha[i % C] * (nu[i] - h[i]);
        return l2_normalize(o, R, C, 1e-12);
    };
    const Vec x = widen(c.attn.x);
    const bool pre = g.prenorm && !g.normalized;
    Block r;
    r.normed1 = pre ? norm(x, c.norm1_w, c.norm1_b) : x;
    r.attention = mha(c.attn, r.normed1).out;
    r.residual1 = g.normalized ? ngpt(x, r.attention, c.alpha_attn)
                  : pre        ? add(x, r.attention)
                               : norm(add(x, r.attention), c.norm1_w, c.norm1_b);
    r.normed2 = pre ? norm(r.residual1, c.norm2_w, c.norm2_b) : r.residual1;
    const Ffn f = feed_forward(c.ffn, r.normed2, R);
    r.ffn_hidden = f.hidden, r.ffn = f.out;
    r.out = g.normalized ? ngpt(r.residual1, r.ffn, c.alpha_ffn)
            : pre        ? add(r.residual1, r.ffn)
                         : norm(add(r.residual1, r.ffn), c.norm2_w, c.norm2_b);
    return r;
}

}  // namespace ref
