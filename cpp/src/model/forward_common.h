// Steps both forward passes share: token lookup, applying a weight matrix
// (fp32, or Q8_0 on activations quantised once per input), and causal
// attention of one query position over the KV cache.
#pragma once
#include <cmath>
#include <cstring>
#include "attnscope/model/kernels.h"
#include "attnscope/model/transformer.h"

namespace attnscope::model::detail {

// out (C) = row `token` of the embedding (V, C).
inline void embed(float* out, const MatrixStack& e, int token, int C, int gs) {
    const std::size_t off = static_cast<std::size_t>(token) * C;
    if (e.f) std::memcpy(out, e.f + off, sizeof(float) * C);
    else dequantize_q8(out, e.q + off, e.s + off / gs, C, gs);
}

// A matrix input: x as floats, and quantised (into s.xq, s.xs) when the weights are Q8_0.
inline void prepare(RunState& s, const ModelConfig& c, const float* x, int n) {
    if (c.weight_type == WeightType::Q8_0) quantize_q8_activations(s.xq, s.xs, x, n, c.group_size);
}

// out (d) = W[layer] (d, n) @ x (n); x was passed to prepare() when Q8_0.
inline void linear(float* out, const float* x, const MatrixStack& w, int layer, int n, int d,
                   const RunState& s, const ModelConfig& c) {
    const std::size_t off = static_cast<std::size_t>(layer) * n * d;
    if (w.f) matvec(out, x, w.f + off, n, d);
    else matvec_q8(out, s.xq, s.xs, w.q + off, w.s + off / c.group_size, n, d, c.group_size);
}

// For every query head h: att = softmax(q_h . k_t / sqrt(D)) over t <= pos,
// out_h = sum_t att[t] v_t, with key/value head h / (H / Hkv) (GQA).
// k_cache, v_cache: this layer's (T, Hkv*D); att: (H, T) scratch; trace (H, pos+1) or null.
// slopes (H) or null: ALiBi adds -slopes[h] (pos - t) to the scaled scores.
inline void attend(float* out, const float* q, const float* k_cache, const float* v_cache,
                   float* att, float* trace, const ModelConfig& c, int pos,
                   const float* slopes = nullptr) {
    const int D = c.head_size, T = c.seq_len, kv_dim = c.n_kv_heads * D;
    const int kv_mul = c.n_heads / c.n_kv_heads;
    const float sqrt_d = std::sqrt(static_cast<float>(D));
    for (int h = 0; h < c.n_heads; ++h) {
        const float* qh = q + h * D;
        float* a = att + static_cast<std::size_t>(h) * T;
        const std::size_t kv_off = static_cast<std::size_t>(h / kv_mul) * D;
        for (int t = 0; t <= pos; ++t)
            a[t] = dot(qh, k_cache + static_cast<std::size_t>(t) * kv_dim + kv_off, D) / sqrt_d;
        if (slopes)
            for (int t = 0; t <= pos; ++t) a[t] -= slopes[h] * static_cast<float>(pos - t);
        softmax(a, pos + 1);
        if (trace) std::memcpy(trace + static_cast<std::size_t>(h) * (pos + 1), a, sizeof(float) * (pos + 1));
        float* oh = out + h * D;
        std::memset(oh, 0, sizeof(float) * D);
        for (int t = 0; t <= pos; ++t)
            axpy(oh, a[t], v_cache + static_cast<std::size_t>(t) * kv_dim + kv_off, D);
    }
}

}  // namespace attnscope::model::detail
