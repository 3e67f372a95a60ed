// float64 reference forwards of the two model architectures over a whole
// token sequence at once (no KV cache): plain loops, written from the maths
// (Llama: llama2.c's model.py; GPT-2: nanoGPT/llm.c), not from the core.
// Returns logits (T, V) and, if asked, attention weights (L, H, T, T).
#pragma once
#include <cmath>
#include <vector>
#include "model_builder.h"

namespace mref {

using Vec = std::vector<double>;

// y (T, out) = x (T, in) @ W^T, W (out, in) at w[offset...]
inline Vec linear(const Vec& x, const std::vector<float>& w, std::size_t offset, int T, int in, int out) {
    Vec y(static_cast<std::size_t>(T) * out, 0.0);
    for (int t = 0; t < T; ++t)
        for (int o = 0; o < out; ++o) {
            double s = 0;
            for (int i = 0; i < in; ++i) s += x[t * in + i] * w[offset + static_cast<std::size_t>(o) * in + i];
            y[t * out + o] = s;
        }
    return y;
}

inline Vec slice(const std::vector<float>& v, std::size_t offset, std::size_t n) {
    return Vec(v.begin() + offset, v.begin() + offset + n);
}

// Causal attention: q (T, H*D), k, v (T, Hkv*D) -> (T, H*D); weights (H, T, T) appended to *att.
inline Vec causal_attention(const Vec& q, const Vec& k, const Vec& v, int T, int H, int Hkv, int D, Vec* att) {
    Vec out(static_cast<std::size_t>(T) * H * D, 0.0);
    for (int h = 0; h < H; ++h) {
        const int g = h / (H / Hkv);
        for (int i = 0; i < T; ++i) {
            Vec s(T, 0.0);
            double m = -1e300, sum = 0;
            for (int j = 0; j <= i; ++j) {
                for (int d = 0; d < D; ++d) s[j] += q[(i * H + h) * D + d] * k[(j * Hkv + g) * D + d];
                s[j] /= std::sqrt(static_cast<double>(D));
                m = std::max(m, s[j]);
            }
            for (int j = 0; j <= i; ++j) sum += s[j] = std::exp(s[j] - m);
            for (int j = 0; j < T; ++j) {
                const double p = j <= i ? s[j] / sum : 0.0;
                if (att) att->push_back(p);
                for (int d = 0; d < D && j <= i; ++d) out[(i * H + h) * D + d] += p * v[(j * Hkv + g) * D + d];
            }
        }
    }
    return out;
}

inline Vec llama_forward(const Llama& m, const std::vector<int>& tokens, Vec* att = nullptr) {
    const int T = static_cast<int>(tokens.size()), C = m.dim, F = m.hidden, D = m.head_size();
    const int KV = m.kv_dim();
    Vec x(static_cast<std::size_t>(T) * C);
    for (int t = 0; t < T; ++t)
        for (int c = 0; c < C; ++c) x[t * C + c] = m.emb[static_cast<std::size_t>(tokens[t]) * C + c];
    auto rope = [&](Vec& v, int width) {
        for (int t = 0; t < T; ++t)
            for (int i = 0; i < width; i += 2) {
                const double th = t * std::pow(10000.0, -static_cast<double>(i % D) / D);
                const double a = v[t * width + i], b = v[t * width + i + 1];
                v[t * width + i] = a * std::cos(th) - b * std::sin(th);
                v[t * width + i + 1] = a * std::sin(th) + b * std::cos(th);
            }
    };
    for (int l = 0; l < m.layers; ++l) {
        const std::size_t lc = static_cast<std::size_t>(l) * C;
        Vec xn = ref::rms_norm(x, slice(m.rms_att, lc, C), T, C, 1e-5);
        Vec q = linear(xn, m.wq, lc * C, T, C, C), k = linear(xn, m.wk, l * static_cast<std::size_t>(KV) * C, T, C, KV);
        Vec v = linear(xn, m.wv, l * static_cast<std::size_t>(KV) * C, T, C, KV);
        rope(q, C);
        rope(k, KV);
        Vec a = causal_attention(q, k, v, T, m.heads, m.kv_heads, D, att);
        Vec o = linear(a, m.wo, lc * C, T, C, C);
        for (std::size_t i = 0; i < x.size(); ++i) x[i] += o[i];
        xn = ref::rms_norm(x, slice(m.rms_ffn, lc, C), T, C, 1e-5);
        Vec h1 = linear(xn, m.w1, l * static_cast<std::size_t>(F) * C, T, C, F);
        Vec h3 = linear(xn, m.w3, l * static_cast<std::size_t>(F) * C, T, C, F);
        for (std::size_t i = 0; i < h1.size(); ++i) h1[i] = h1[i] / (1 + std::exp(-h1[i])) * h3[i];
        o = linear(h1, m.w2, l * static_cast<std::size_t>(C) * F, T, F, C);
        for (std::size_t i = 0; i < x.size(); ++i) x[i] += o[i];
    }
    x = ref::rms_norm(x, slice(m.rms_final, 0, C), T, C, 1e-5);
    return linear(x, m.shared ? m.emb : m.wcls, 0, T, C, m.vocab);
}

inline Vec gpt2_forward(const Gpt2& m, const std::vector<int>& tokens, Vec* att = nullptr) {
    const int T = static_cast<int>(tokens.size()), C = m.dim, F = m.hidden, H = m.heads;
    Vec x(static_cast<std::size_t>(T) * C);
    for (int t = 0; t < T; ++t)
        for (int c = 0; c < C; ++c)
            x[t * C + c] = static_cast<double>(m.wte[static_cast<std::size_t>(tokens[t]) * C + c]) + m.wpe[t * C + c];
    auto add_bias = [](Vec& y, const std::vector<float>& b, std::size_t off, int T_, int n) {
        for (int t = 0; t < T_; ++t)
            for (int i = 0; i < n; ++i) y[t * n + i] += b[off + i];
    };
    for (int l = 0; l < m.layers; ++l) {
        const std::size_t lc = static_cast<std::size_t>(l) * C;
        Vec xn = ref::layer_norm(x, slice(m.ln1_w, lc, C), slice(m.ln1_b, lc, C), T, C, 1e-5);
        Vec qkv = linear(xn, m.qkv_w, lc * 3 * C, T, C, 3 * C);
        add_bias(qkv, m.qkv_b, lc * 3, T, 3 * C);
        Vec q(static_cast<std::size_t>(T) * C), k(q.size()), v(q.size());
        for (int t = 0; t < T; ++t)
            for (int c = 0; c < C; ++c) {
                q[t * C + c] = qkv[t * 3 * C + c];
                k[t * C + c] = qkv[t * 3 * C + C + c];
                v[t * C + c] = qkv[t * 3 * C + 2 * C + c];
            }
        Vec a = causal_attention(q, k, v, T, H, H, C / H, att);
        Vec o = linear(a, m.proj_w, lc * C, T, C, C);
        add_bias(o, m.proj_b, lc, T, C);
        for (std::size_t i = 0; i < x.size(); ++i) x[i] += o[i];
        xn = ref::layer_norm(x, slice(m.ln2_w, lc, C), slice(m.ln2_b, lc, C), T, C, 1e-5);
        Vec h = linear(xn, m.fc_w, static_cast<std::size_t>(l) * F * C, T, C, F);
        add_bias(h, m.fc_b, static_cast<std::size_t>(l) * F, T, F);
        for (double& u : h) u = 0.5 * u * (1 + std::tanh(std::sqrt(2 / M_PI) * (u + 0.044715 * u * u * u)));
        o = linear(h, m.fcp_w, static_cast<std::size_t>(l) * C * F, T, F, C);
        add_bias(o, m.fcp_b, lc, T, C);
        for (std::size_t i = 0; i < x.size(); ++i) x[i] += o[i];
    }
    x = ref::layer_norm(x, slice(m.lnf_w, 0, C), slice(m.lnf_b, 0, C), T, C, 1e-5);
    return linear(x, m.wte, 0, T, C, m.vocab);
}

}  // namespace mref
