// Multi-head attention with GQA/MQA, optional ALiBi, causal or not, with
// optional dropout of the weights, forward and backward (ops.h), one (batch,
// head) at a time as block products on the packed gemm (gemm.h). Causality
// is used, not masked: query block [i0, i1) (kAttentionBlock rows) meets only
// keys [0, i1), and in the backward key block [j0, j1) meets only queries
// [j0, T), so about half of the T x T products are never computed. att keeps
// its zeros above the diagonal (the backward's block products read them
// inside a block).
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

// Row i of scores (T) -> softmax over its n keys (causal: j <= i, n = i + 1;
// else n = T) of scale s_ij - slope |i - j|; causal rows are zero after i.
void softmax_row(float* s, int i, int n, int T, float scale, float slope) {
    float sum;
    if (slope != 0.f) {
        for (int j = 0; j < n; ++j) s[j] = s[j] * scale - slope * static_cast<float>(i > j ? i - j : j - i);
        sum = vec::exp_shift_sum(s, s, n, vec::row_max(s, n));
    } else {
        // max_j (scale s_j) is scale max_j s_j exactly (rounding is monotonic, scale > 0).
        sum = vec::exp_scaled_shift_sum(s, s, n, scale, scale * vec::row_max(s, n));
    }
    vec::scaled(s, s, 1.f / sum, n);
    std::fill(s + n, s + T, 0.f);
}

// dst (rows, n) row r = src row r times the dropout mask of weights row i0 + r
// of head (b, h); both rows T floats apart.
void drop_rows(float* dst, const float* src, int i0, int rows, int n, long head, int T, const Dropout& d) {
    for (int r = 0; r < rows; ++r) {
        const std::uint64_t row = (static_cast<std::uint64_t>(head) * T + i0 + r) * T;
        for (int j = 0; j < n; ++j) dst[Z(r) * T + j] = src[Z(r) * T + j] * d.at(row + j);
    }
}

}  // namespace

void attention_forward(float* out, float* att, float* scratch, const float* q, const float* k, const float* v,
                       int B, int T, int H, int Hkv, int D, const AttentionOptions& o) {
    const int group = H / Hkv;
    const float scale = 1.f / std::sqrt(static_cast<float>(D));
    for (int b = 0; b < B; ++b)
        for (int h = 0; h < H; ++h) {
            const Z qo = (Z(b) * H + h) * T * D, kvo = (Z(b) * Hkv + h / group) * T * D;
            float* a = att + (Z(b) * H + h) * T * T;
            const float slope = o.slopes ? o.slopes[h] : 0.f;
            for (int i0 = 0; i0 < T; i0 += kBlk) {
                const int i1 = std::min(T, i0 + kBlk), rows = i1 - i0, keys = o.causal ? i1 : T;
                float* ab = a + Z(i0) * T;
                // s = q[i0:i1] k[0:keys]^T (k's rows are the columns of B)
                gemm(ab, T, {q + qo + Z(i0) * D, D, 1}, {k + kvo, 1, D}, rows, D, keys, false);
                for (int i = i0; i < i1; ++i) softmax_row(a + Z(i) * T, i, o.causal ? i + 1 : T, T, scale, slope);
                // out[i0:i1] = drop(att[i0:i1, 0:keys]) v[0:keys]
                const float* w = ab;
                if (o.dropout.on()) {
                    drop_rows(scratch, ab, i0, rows, keys, long(b) * H + h, T, o.dropout);
                    w = scratch;
                }
                gemm(out + qo + Z(i0) * D, D, {w, T, 1}, {v + kvo, D, 1}, rows, keys, D, false);
            }
        }
}

void attention_backward(float* dq, float* dk, float* dv, float* scratch, const float* dout,
                        const float* att, const float* q, const float* k, const float* v, int B,
                        int T, int H, int Hkv, int D, const AttentionOptions& o) {
    const int group = H / Hkv;
    const float scale = 1.f / std::sqrt(static_cast<float>(D));
    const bool drop = o.dropout.on();
    float* ds = scratch;              // (T, T): datt, then the score gradient (causal: lower block triangle)
    float* dropped = scratch + Z(T) * T;  // (T, T) drop(att), with dropout
    for (int b = 0; b < B; ++b)
        for (int h = 0; h < H; ++h) {
            const Z qo = (Z(b) * H + h) * T * D, kvo = (Z(b) * Hkv + h / group) * T * D;
            const long head = long(b) * H + h;
            const float* a = att + (Z(b) * H + h) * T * T;
            if (drop) drop_rows(dropped, a, 0, T, T, head, T, o.dropout);
            for (int i0 = 0; i0 < T; i0 += kBlk) {  // query blocks: ds and dq
                const int i1 = std::min(T, i0 + kBlk), rows = i1 - i0, keys = o.causal ? i1 : T;
                float* db = ds + Z(i0) * T;
                // d drop(att) = dout[i0:i1] v[0:keys]^T
                gemm(db, T, {dout + qo + Z(i0) * D, D, 1}, {v + kvo, 1, D}, rows, D, keys, false);
                if (drop) drop_rows(db, db, i0, rows, keys, head, T, o.dropout);  // -> datt
                for (int i = i0; i < i1; ++i) {  // softmax backward, times the 1/sqrt(D) scale
                    float* d = ds + Z(i) * T;
                    const float* ar = a + Z(i) * T;
                    const int n = o.causal ? i + 1 : T;
                    const float dot = vec::dot(ar, d, n);
                    int j = 0;
#if ATTNSCOPE_SIMD
                    const vec::fb vdot(dot), vscale(scale);
                    for (; j + vec::W <= n; j += vec::W) {
                        const vec::fb r = vec::fb::load_unaligned(ar + j) *
                                          (vec::fb::load_unaligned(d + j) - vdot) * vscale;
                        r.store_unaligned(d + j);
                    }
#endif
                    for (; j < n; ++j) d[j] = ar[j] * (d[j] - dot) * scale;
                    if (o.causal) std::fill(d + i + 1, d + i1, 0.f);
                }
                // dq[i0:i1] += ds[i0:i1, 0:keys] k[0:keys]
                gemm(dq + qo + Z(i0) * D, D, {db, T, 1}, {k + kvo, D, 1}, rows, keys, D, true);
            }
            const float* w = drop ? dropped : a;
            for (int j0 = 0; j0 < T; j0 += kBlk) {  // key blocks: dk, dv over the queries that see them
                const int j1 = std::min(T, j0 + kBlk), cols = j1 - j0, first = o.causal ? j0 : 0, rows = T - first;
                // dk[j0:j1] += ds[first:T, j0:j1]^T q[first:T];  dv[j0:j1] += drop(att)[first:T, j0:j1]^T dout[first:T]
                gemm(dk + kvo + Z(j0) * D, D, {ds + Z(first) * T + j0, 1, T}, {q + qo + Z(first) * D, D, 1}, cols,
                     rows, D, true);
                gemm(dv + kvo + Z(j0) * D, D, {w + Z(first) * T + j0, 1, T}, {dout + qo + Z(first) * D, D, 1}, cols,
                     rows, D, true);
            }
        }
}

}  // namespace attnscope::train
