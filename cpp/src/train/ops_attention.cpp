// Causal multi-head attention with GQA/MQA and optional ALiBi, forward and
// backward (ops.h), one (batch, head) at a time as block products on the
// packed gemm (gemm.h). Causality is used, not masked: query block
// [i0, i1) (kAttentionBlock rows) meets only keys [0, i1), and in the
// backward key block [j0, j1) meets only queries [j0, T), so about half of
// the T x T products are never computed. att keeps its zeros above the
// diagonal (the backward's block products read them inside a block).
#include <algorithm>
#include <cmath>
#include <cstring>
#include "../gemm.h"
#include "attnscope/train/ops.h"
#include "vec.h"

namespace attnscope::train {
namespace {

using Z = std::size_t;
using detail::gemm;
constexpr int kBlk = kAttentionBlock;

// Row i of scores (T) -> softmax over j <= i of scale s_ij - slope (i - j); zero after i.
void causal_softmax_row(float* s, int i, int T, float scale, float slope) {
    const int n = i + 1;
    if (slope != 0.f)
        for (int j = 0; j < n; ++j) s[j] = s[j] * scale - slope * static_cast<float>(i - j);
    else
        vec::scaled(s, s, scale, n);
    const float m = vec::row_max(s, n);
    vec::scaled(s, s, 1.f / vec::exp_shift_sum(s, s, n, m), n);
    std::fill(s + n, s + T, 0.f);
}

}  // namespace

void attention_forward(float* out, float* att, const float* q, const float* k, const float* v,
                       const float* slopes, int B, int T, int H, int Hkv, int D) {
    const int group = H / Hkv;
    const float scale = 1.f / std::sqrt(static_cast<float>(D));
    for (int b = 0; b < B; ++b)
        for (int h = 0; h < H; ++h) {
            const Z qo = (Z(b) * H + h) * T * D, kvo = (Z(b) * Hkv + h / group) * T * D;
            float* a = att + (Z(b) * H + h) * T * T;
            const float slope = slopes ? slopes[h] : 0.f;
            for (int i0 = 0; i0 < T; i0 += kBlk) {
                const int i1 = std::min(T, i0 + kBlk), rows = i1 - i0;
                float* ab = a + Z(i0) * T;
                // s = q[i0:i1] k[0:i1]^T (k's rows are the columns of B)
                gemm(ab, T, {q + qo + Z(i0) * D, D, 1}, {k + kvo, 1, D}, rows, D, i1, false);
                for (int i = i0; i < i1; ++i) causal_softmax_row(a + Z(i) * T, i, T, scale, slope);
                // out[i0:i1] = att[i0:i1, 0:i1] v[0:i1]
                gemm(out + qo + Z(i0) * D, D, {ab, T, 1}, {v + kvo, D, 1}, rows, i1, D, false);
            }
        }
}

void attention_backward(float* dq, float* dk, float* dv, float* scratch, const float* dout,
                        const float* att, const float* q, const float* k, const float* v, int B,
                        int T, int H, int Hkv, int D) {
    const int group = H / Hkv;
    const float scale = 1.f / std::sqrt(static_cast<float>(D));
    float* ds = scratch;  // (T, T): datt, then the score gradient (lower block triangle only)
    for (int b = 0; b < B; ++b)
        for (int h = 0; h < H; ++h) {
            const Z qo = (Z(b) * H + h) * T * D, kvo = (Z(b) * Hkv + h / group) * T * D;
            const float* a = att + (Z(b) * H + h) * T * T;
            for (int i0 = 0; i0 < T; i0 += kBlk) {  // query blocks: ds and dq
                const int i1 = std::min(T, i0 + kBlk), rows = i1 - i0;
                float* db = ds + Z(i0) * T;
                // datt = dout[i0:i1] v[0:i1]^T
                gemm(db, T, {dout + qo + Z(i0) * D, D, 1}, {v + kvo, 1, D}, rows, D, i1, false);
                for (int i = i0; i < i1; ++i) {  // softmax backward, times the 1/sqrt(D) scale
                    float* d = ds + Z(i) * T;
                    const float* ar = a + Z(i) * T;
                    const float dot = vec::dot(ar, d, i + 1);
                    int j = 0;
#if ATTNSCOPE_SIMD
                    const vec::fb vdot(dot), vscale(scale);
                    for (; j + vec::W <= i + 1; j += vec::W) {
                        const vec::fb r = vec::fb::load_unaligned(ar + j) *
                                          (vec::fb::load_unaligned(d + j) - vdot) * vscale;
                        r.store_unaligned(d + j);
                    }
#endif
                    for (; j <= i; ++j) d[j] = ar[j] * (d[j] - dot) * scale;
                    std::fill(d + i + 1, d + i1, 0.f);
                }
                // dq[i0:i1] += ds[i0:i1, 0:i1] k[0:i1]
                gemm(dq + qo + Z(i0) * D, D, {db, T, 1}, {k + kvo, D, 1}, rows, i1, D, true);
            }
            for (int j0 = 0; j0 < T; j0 += kBlk) {  // key blocks: dk, dv over the queries that see them
                const int j1 = std::min(T, j0 + kBlk), cols = j1 - j0, rows = T - j0;
                // dk[j0:j1] += ds[j0:T, j0:j1]^T q[j0:T];  dv[j0:j1] += att[j0:T, j0:j1]^T dout[j0:T]
                gemm(dk + kvo + Z(j0) * D, D, {ds + Z(j0) * T + j0, 1, T}, {q + qo + Z(j0) * D, D, 1}, cols,
                     rows, D, true);
                gemm(dv + kvo + Z(j0) * D, D, {a + Z(j0) * T + j0, 1, T}, {dout + qo + Z(j0) * D, D, 1}, cols,
                     rows, D, true);
            }
        }
}

}  // namespace attnscope::train
