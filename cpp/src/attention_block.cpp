// One block of queries of the plain path: S = Q K^T * factor over the keys
// the block may see, masks and biases, each row's softmax, out = W V.
// Causal and window masks give the rows different key ranges: the block is
// cut into sub-blocks of kPlainSub queries; one product covers the keys
// every sub-block sees and each sub-block adds its own ragged ends, so on the
// diagonal only 8 x 8 triangles of masked pairs are computed (64 x 64
// blocks wasted 12% of the pairs at N 512, causal). A row holds
// exp(s - max) until the W V product; out and the weights are divided by the
// row's sum afterwards (Dv divisions a row instead of a pass over its keys),
// in the same order whether the weights are asked for or not.
#include <algorithm>
#include "attention_block.h"
#include "attnscope/matmul.h"
#include "gemm.h"
#include "vec_exp.h"

namespace attnscope::detail {

void block_key_range(const AttentionParams& p, int i0, int rows, int* lo, int* hi) {
    int a = p.Nk, b = 0;
    for (int i = i0; i < i0 + rows; ++i) {
        int l, h;
        allowed_key_range(p, i, &l, &h);
        if (l < h) a = std::min(a, l), b = std::max(b, h);
    }
    *lo = a < b ? a : 0;
    *hi = a < b ? b : 0;
}

namespace {

constexpr int NR = kGemmNR, kSubs = kPlainBlock / kPlainSub;

// Row i of S (raw q.k on its allowed range [lo, hi) at least): traces,
// scaling, masks and biases, exp(s - max) on [lo, hi) and `rest` on the rest
// of [fill_lo, fill_hi) (0; NaN for a NaN row). Returns 1 / the row's sum.
float score_row(float* Si, const PlainHead& hd, const MaskView& mask, const AttentionParams& p,
                const AttentionTrace& trace, int i, int fill_lo, int fill_hi) {
    const long nk = p.Nk;
    int lo, hi;
    allowed_key_range(p, i, &lo, &hi);
    if (trace.scaled_scores) {  // full products: every q.k of the row is there
        float* scaled = trace.scaled_scores + hd.sh + i * nk;
        for (int j = 0; j < p.Nk; ++j) scaled[j] = Si[j] * hd.factor;
    }
    float a = hd.factor;  // scaling folded into the exp when nothing else changes the scores
    if (!hd.plain_scores || trace.masked_scores) {
        const long row = mask_row(mask, hd.b, hd.h, i);
        const int ip = i + p.Nk - p.Nq;
        for (int j = lo; j < hi; ++j)
            Si[j] = hd.plain_scores ? Si[j] * hd.factor : biased_score(Si[j] * hd.factor, mask, row, j, hd.slope, ip);
        if (float* ms = trace.masked_scores ? trace.masked_scores + hd.sh + i * nk : nullptr) {
            std::fill(ms, ms + lo, kNegInf);
            std::copy(Si + lo, Si + hi, ms + lo);
            std::fill(ms + hi, ms + nk, kNegInf);
        }
        a = 1.f;
    }
    if (lo >= hi) {  // no key allowed: zero weights
        std::fill(Si + fill_lo, Si + fill_hi, 0.f);
        return 1.f;
    }
    const float inv = softmax_row_unscaled(Si + lo, Si + lo, hi - lo, a);
    const float rest = std::isnan(Si[lo]) ? Si[lo] : 0.f;  // a NaN row stays NaN
    std::fill(Si + fill_lo, Si + lo, rest);
    std::fill(Si + hi, Si + fill_hi, rest);
    return inv;
}

}  // namespace

void plain_block(const PlainHead& hd, const MaskView& mask, const AttentionParams& p, const AttentionTrace& trace,
                 int i0, int rows) {
    const long nk = p.Nk, d = p.D, dv = p.Dv;
    const long kstride = d * NR, vstride = nk * NR;
    float* S = hd.weights ? hd.weights + i0 * nk : hd.scores;
    const int subs = (rows + kPlainSub - 1) / kPlainSub;
    auto first_row = [&](int s) { return std::min(rows, s * kPlainSub); };
    // Each sub-block's keys; the products common to the sub-blocks that see
    // any key (they are contiguous: only the first queries can see none).
    int lo[kSubs], hi[kSubs], first = subs;
    int qk_lo = 0, qk_hi = p.Nk, qk_end = 0, pv_lo = 0, pv_hi = p.Nk;
    bool common = true;
    for (int s = 0; s < subs; ++s) {
        block_key_range(p, i0 + first_row(s), first_row(s + 1) - first_row(s), &lo[s], &hi[s]);
        if (lo[s] >= hi[s]) {
            common = common && first == subs;
            continue;
        }
        first = std::min(first, s);
        qk_lo = std::max(qk_lo, lo[s] / NR * NR), qk_hi = std::min(qk_hi, hi[s]), qk_end = std::max(qk_end, hi[s]);
        pv_lo = std::max(pv_lo, lo[s]), pv_hi = std::min(pv_hi, hi[s]);
    }
    if (qk_hi != qk_end) qk_hi = qk_hi / NR * NR;  // the ragged right ends start on a panel edge
    // S columns [c0, c1) (c0 on a panel edge) of sub-blocks [s0, s1).
    auto qk = [&](int s0, int s1, int c0, int c1) {
        if (c0 >= c1) return;
        const int r0 = first_row(s0), r1 = first_row(s1);
        gemm(S + r0 * nk + c0, nk, {hd.q + (i0 + r0) * d, d, 1}, PackedB{hd.kp + c0 / NR * kstride, kstride},
             r1 - r0, p.D, c1 - c0, false);
    };
    // out rows of sub-blocks [s0, s1) (+)= their weights on keys [k0, k1) times V.
    auto pv = [&](int s0, int s1, int k0, int k1, bool add) {
        const int r0 = first_row(s0), r1 = first_row(s1);
        if (k0 >= k1 && add) return;
        gemm(hd.out + (i0 + r0) * dv, dv, {S + r0 * nk + std::min(k0, k1), nk, 1},
             PackedB{hd.vp + std::min(k0, k1) * NR, vstride}, r1 - r0, std::max(k1 - k0, 0), p.Dv, add);
    };
    common = common && first < subs;
    if (hd.full_products) {  // q.k of every pair (the traces show them); the same values
        qk(0, subs, 0, p.Nk);
    } else {
        if (common && qk_lo < qk_hi) qk(first, subs, qk_lo, qk_hi);
        for (int s = first; s < subs; ++s) {
            if (!(common && qk_lo < qk_hi)) qk(s, s + 1, lo[s] / NR * NR, hi[s]);
            else qk(s, s + 1, lo[s] / NR * NR, qk_lo), qk(s, s + 1, qk_hi, hi[s]);
        }
    }
    if (trace.raw_scores && p.kind == AttentionKind::Dot)  // full products
        std::copy(S, S + rows * nk, trace.raw_scores + hd.sh + i0 * nk);
    float inv[kPlainBlock];
    for (int s = 0; s < subs; ++s) {
        const int fill_lo = hd.weights ? 0 : lo[s], fill_hi = hd.weights ? p.Nk : hi[s];
        for (int r = first_row(s); r < first_row(s + 1); ++r)
            inv[r] = score_row(S + r * nk, hd, mask, p, trace, i0 + r, fill_lo, fill_hi);
    }
    if (hd.v_finite) {
        // A weight of 0 times a finite v adds nothing.
        if (common && pv_lo < pv_hi) pv(first, subs, pv_lo, pv_hi, false);
        for (int s = 0; s < subs; ++s) {
            if (lo[s] >= hi[s] || !(common && pv_lo < pv_hi)) pv(s, s + 1, lo[s], hi[s], false);
            else pv(s, s + 1, lo[s], pv_lo, true), pv(s, s + 1, pv_hi, hi[s], true);
        }
    } else {
        // out_i = sum_j w_ij v_j over the keys with w_ij != 0 only, as flash
        // does: a masked key's NaN/inf in v never leaks into the output.
        for (int r = 0; r < rows; ++r) {
            float* oi = hd.out + (i0 + r) * dv;
            const float* Si = S + r * nk;
            int l, h;
            allowed_key_range(p, i0 + r, &l, &h);
            std::fill(oi, oi + dv, 0.f);
            for (int j = l; j < h; ++j)
                if (Si[j] != 0.f) axpy(oi, Si[j], hd.v + j * dv, p.Dv);
        }
    }
    for (int r = 0; r < rows; ++r) {
        scale(hd.out + (i0 + r) * dv, inv[r], p.Dv);
        if (!hd.weights || inv[r] == 1.f) continue;
        int l, h;
        allowed_key_range(p, i0 + r, &l, &h);
        scale(S + r * nk + l, inv[r], h - l);
    }
}

}  // namespace attnscope::detail
