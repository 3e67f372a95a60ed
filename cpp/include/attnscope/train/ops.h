// The training kernels: each op's forward and backward side by side, over
// whole batches (llm.c's train_gpt2.c style). Legend: N rows (B*T tokens),
// B batch, T positions, C channels, I/O a linear's input/output width, H
// query heads, Hkv key/value heads, D head size, V vocabulary; R rows of a
// head-major tensor (B*heads). Head-major tensors are (B, heads, T, D).
//
// Conventions: every backward ADDS into the gradients it writes (dx, dw,
// db), which the caller zeroes once: a tensor used twice (a shared
// classifier, a residual stream read by a branch and passed on, a batch
// split into micro-batches) collects both gradients. A null dx, dw or db is
// skipped. Forward outputs never alias their inputs unless a kernel says
// so. Kernels do not allocate, print or throw.
#pragma once
#include <cstdint>
#include "attnscope/model/config.h"
#include "attnscope/position.h"

namespace attnscope::train {

// out[n] (C) = scale table[ids[n]] (V, C)  |  dtable[ids[n]] += scale dout[n]
void embedding_forward(float* out, const std::int32_t* ids, const float* table, int N, int C, float scale);
void embedding_backward(float* dtable, const float* dout, const std::int32_t* ids, int N, int C, float scale);

// Dropout of one tensor of a training pass: element i (counted from `first`,
// the element of the whole batch this tensor's element 0 is) is kept and
// scaled by 1/(1 - p) when train/random.h's hash of (key, i) clears the
// threshold floor(p 2^24), and zeroed otherwise. p = 0 (threshold 0): off.
struct Dropout {
    std::uint32_t threshold = 0;  // floor(p 2^24)
    float scale = 1.f;            // 1 / (1 - p)
    std::uint64_t key = 0;        // the tensor's: mix(stream ^ site)
    std::uint64_t first = 0;
    bool on() const { return threshold > 0; }
    float at(std::uint64_t i) const;  // scale or 0 for element i of this tensor
};
// x (n) *= mask  |  dx += dout * mask
void dropout_forward(float* x, long n, const Dropout& d);
void dropout_backward(float* dx, const float* dout, long n, const Dropout& d);

// x (B,T,C) += table (T,C)  |  dtable (T,C) += sum_b dx[b]
void positions_forward(float* x, const float* table, int B, int T, int C);
void positions_backward(float* dtable, const float* dx, int B, int T, int C);

// RMSNorm: r = 1/sqrt(mean(x^2) + eps), out = w * x * r; rstd (N) saved.
//   dx += r (w dout) - r^3 x mean(w dout x);  dw += sum_n dout x r
void rmsnorm_forward(float* out, float* rstd, const float* x, const float* w, int N, int C, float eps);
void rmsnorm_backward(float* dx, float* dw, const float* dout, const float* x, const float* w,
                      const float* rstd, int N, int C);

// LayerNorm: xh = (x - mean) r, r = 1/sqrt(var + eps), out = xh w + b; mean, rstd (N) saved.
//   g = dout w;  dx += r (g - mean(g) - xh mean(g xh));  dw += sum_n dout xh;  db += sum_n dout
void layernorm_forward(float* out, float* mean, float* rstd, const float* x, const float* w,
                       const float* b, int N, int C, float eps);
void layernorm_backward(float* dx, float* dw, float* db, const float* dout, const float* x,
                        const float* w, const float* mean, const float* rstd, int N, int C);

// Linear: out (N,O) = x (N,I) @ w (O,I)^T + b (O)  (nn.Linear; b may be null)
//   dx += dout @ w;  dw += dout^T @ x;  db += sum_n dout
void linear_forward(float* out, const float* x, const float* w, const float* b, int N, int I, int O);
void linear_backward(float* dx, float* dw, float* db, const float* dout, const float* x,
                     const float* w, int N, int I, int O);

// Token-major (B,T,heads*D) <-> head-major (B,heads,T,D); each is the other's backward.
void split_heads(float* out, const float* x, int B, int T, int heads, int D);
void merge_heads(float* out, const float* x, int B, int T, int heads, int D);

// RoPE: out (R,T,D) = x turned pair by pair; cos, sin (T, D/2) (angle
// t * base^(-2i/D)). Pair i is (2i, 2i+1) interleaved or (i, i + D/2) half.
// out may be x. The backward adds the gradient turned by the opposite angle
// (a rotation's transpose): dx += R^T dout.
void rope_forward(float* out, const float* x, const float* cos, const float* sin, int R, int T, int D,
                  RopeLayout layout);
void rope_backward(float* dx, const float* dout, const float* cos, const float* sin, int R, int T, int D,
                   RopeLayout layout);

// Multi-head attention, head-major q (B,H,T,D), k, v (B,Hkv,T,D); query head
// h reads KV head h / (H/Hkv). s_ij = q_i.k_j / sqrt(D) - slope_h |i - j|
// (slopes (H) or null: no ALiBi) over j <= i (causal) or every j;
// att = softmax_j(s) saved (B,H,T,T) (causal: zero above the diagonal);
// out = drop(att) @ v, drop = the weights' dropout (element (b,h,i,j) is
// number ((b H + h) T + i) T + j).
//   datt = drop'(dout v^T);  ds = att (datt - sum_j att datt);  dq += ds k / sqrt(D);
//   dk += ds^T q / sqrt(D);  dv += drop(att)^T dout  (summed over the heads of a group)
// Both run as block products of kAttentionBlock query (and key) rows; the
// causal ones skip the blocks above the diagonal.
constexpr int kAttentionBlock = 32;
struct AttentionOptions {
    bool causal = true;
    const float* slopes = nullptr;  // (H) ALiBi, or null
    Dropout dropout;                // of the weights; off by default
};
// Floats of scratch: attention_forward's (a block of dropped weights, none
// without dropout) and attention_backward's.
inline long attention_forward_scratch(int T, const AttentionOptions& o) {
    return o.dropout.on() ? long(kAttentionBlock) * T : 0;
}
inline long attention_backward_scratch(int T, const AttentionOptions& o) {
    return (o.dropout.on() ? 2L : 1L) * T * T;
}
void attention_forward(float* out, float* att, float* scratch, const float* q, const float* k, const float* v,
                       int B, int T, int H, int Hkv, int D, const AttentionOptions& o);
void attention_backward(float* dq, float* dk, float* dv, float* scratch, const float* dout,
                        const float* att, const float* q, const float* k, const float* v, int B,
                        int T, int H, int Hkv, int D, const AttentionOptions& o);

// SwiGLU: out = silu(a) g  |  da += dout g silu'(a), dg += dout silu(a)
// With e (n): the forward also writes e = exp(-a), and the backward reads it
// instead of computing it again (the same bits; the exp is most of its work).
void swiglu_forward(float* out, float* e, const float* a, const float* g, int n);
void swiglu_backward(float* da, float* dg, const float* dout, const float* a, const float* g, const float* e, int n);
inline void swiglu_forward(float* out, const float* a, const float* g, int n) { swiglu_forward(out, nullptr, a, g, n); }
inline void swiglu_backward(float* da, float* dg, const float* dout, const float* a, const float* g, int n) {
    swiglu_backward(da, dg, dout, a, g, nullptr, n);
}

// out = act(x) for Gelu (exact), GeluTanh, Relu  |  dx += dout act'(x)
void activation_forward(float* out, const float* x, int n, model::Activation act);
void activation_backward(float* dx, const float* dout, const float* x, int n, model::Activation act);

// y = a + b (residual)  |  da = db = dy (the caller passes dy on to both)
void residual_forward(float* y, const float* a, const float* b, int n);

// Cross-entropy with ignore index -1: probs (N,V) = softmax(logits), losses
// (N) = -log probs[target] (0 where ignored). Returns the SUM of the losses
// (in double) and *count = the rows counted; the mean of a batch (perhaps
// made of several calls) is sum / count.
// Backward: dlogits += (probs - onehot(target)) / count over the counted
// rows, where count is the batch's whole count (>= 1, checked by the caller).
double crossentropy_forward(float* losses, float* probs, const float* logits, const std::int32_t* targets,
                            int N, int V, int* count);
void crossentropy_backward(float* dlogits, const float* probs, const std::int32_t* targets, int N, int V,
                           int count);

}  // namespace attnscope::train
