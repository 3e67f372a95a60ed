// Steps the forward passes share (one token: forward_llama/gpt2/variant.cpp;
// a block of tokens: forward_sequence.cpp): token lookup, applying a weight
// matrix (fp32, or Q8_0 on activations quantised once per input), causal
// attention of one query position over the KV cache, and the small per-vector
// steps of the variants (biases, RoPE, norm, activation).
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

// out rows t < count (ldo apart) = W[layer] (d, n) @ x row t (ldx apart):
// each weight row is read once for the block (matvec_rows, which packs rows
// into s.rows_pack; matvec_q8_rows: Q8_0 quantises every row first, into
// s.xq's room for the block's rows). Bit-identical to linear() row by row:
// not the packed gemm (cpp/src/gemm.h), whose sums run in another order and
// fuse multiply-adds under -march=native, so native and wasm would differ;
// matvec_rows register-tiles in linear()'s own order instead.
inline void linear_rows(float* out, long ldo, const float* x, long ldx, const MatrixStack& w, int layer, int n,
                        int d, int count, RunState& s, const ModelConfig& c) {
    const std::size_t off = static_cast<std::size_t>(layer) * n * d;
    if (w.f) {
        matvec_rows(out, ldo, x, ldx, w.f + off, n, d, count, s.rows_pack);
        return;
    }
    const int gs = c.group_size;
    for (int t = 0; t < count; ++t)
        quantize_q8_activations(s.xq + static_cast<std::size_t>(t) * n, s.xs + static_cast<std::size_t>(t) * (n / gs),
                                x + t * ldx, n, gs);
    matvec_q8_rows(out, ldo, s.xq, s.xs, w.q + off, w.s + off / gs, n, d, gs, count);
}

// y += b (n), nothing when b is null (a variant without that bias).
inline void add(float* y, const float* b, int n) {
    if (b)
        for (int i = 0; i < n; ++i) y[i] += b[i];
}

// Rotate the pairs (2i, 2i+1) of every head of v (n values) by the angles of one position.
inline void rope(float* v, int n, int D, const float* cos, const float* sin) {
    for (int i = 0; i < n; i += 2) {
        const int j = (i % D) / 2;
        const float v0 = v[i], v1 = v[i + 1];
        v[i] = v0 * cos[j] - v1 * sin[j];
        v[i + 1] = v0 * sin[j] + v1 * cos[j];
    }
}

// The config's norm of x (C): LayerNorm (weight, bias) or RMSNorm (weight).
inline void norm(float* out, const float* x, const float* w, const float* b, const ModelConfig& c) {
    if (c.norm == Norm::LayerNorm) vec_layer_norm(out, x, w, b, c.dim, c.norm_eps);
    else vec_rms_norm(out, x, w, c.dim, c.norm_eps);
}

// The non-gated activations (SwiGLU is silu(a) * b, applied by the caller).
inline float activate(float x, Activation a) {
    return a == Activation::Gelu ? gelu_f32(x) : a == Activation::GeluTanh ? gelu_tanh_f32(x) : (x > 0.f ? x : 0.f);
}

// x (n) <- activate(x) in place.
inline void activate_row(float* x, int n, Activation a) {
    if (a == Activation::GeluTanh) vec_gelu_tanh(x, n);
    else
        for (int i = 0; i < n; ++i) x[i] = activate(x[i], a);
}

// For every query head h: att = softmax(q_h . k_t / sqrt(D)) over t <= pos,
// out_h = sum_t att[t] v_t, with key/value head h / (H / Hkv) (GQA).
// k_cache, v_cache: this layer's (T, Hkv*D); att: (H, T) scratch; trace or
// null: head h's pos+1 weights at trace + h * trace_stride (0: pos + 1).
// slopes (H) or null: ALiBi adds -slopes[h] (pos - t) to the scaled scores.
inline void attend(float* out, const float* q, const float* k_cache, const float* v_cache,
                   float* att, float* trace, const ModelConfig& c, int pos,
                   const float* slopes = nullptr, std::size_t trace_stride = 0) {
    const int D = c.head_size, T = c.seq_len, kv_dim = c.n_kv_heads * D;
    const int kv_mul = c.n_heads / c.n_kv_heads;
    const float sqrt_d = std::sqrt(static_cast<float>(D));
    for (int h = 0; h < c.n_heads; ++h) {
        const float* qh = q + h * D;
        float* a = att + static_cast<std::size_t>(h) * T;
        const std::size_t kv_off = static_cast<std::size_t>(h / kv_mul) * D;
        for (int t = 0; t <= pos; ++t)
            a[t] = vec_dot(qh, k_cache + static_cast<std::size_t>(t) * kv_dim + kv_off, D) / sqrt_d;
        if (slopes)
            for (int t = 0; t <= pos; ++t) a[t] -= slopes[h] * static_cast<float>(pos - t);
        vec_softmax(a, pos + 1);
        if (trace) std::memcpy(trace + h * (trace_stride ? trace_stride : pos + 1), a, sizeof(float) * (pos + 1));
        vec_weighted_sum(out + h * D, a, v_cache + kv_off, kv_dim, pos + 1, D);
    }
}

}  // namespace attnscope::model::detail
