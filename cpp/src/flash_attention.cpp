// FlashAttention (Dao et al. 2022) on one core: for each query row, walk the
// allowed keys in tiles, keeping a running max m, normaliser l and output acc:
//   m' = max(m, max_j s_j);  l = l e^(m-m') + sum_j e^(s_j-m');
//   acc = acc e^(m-m') + sum_j e^(s_j-m') v_j;  out = acc / l.
// Tiles outside the causal/window key range are never visited, and a tile
// where the boolean mask allows no key is skipped before any dot product.
#include "attnscope/flash_attention.h"
#include <algorithm>
#include "attention_common.h"
#include "attnscope/matmul.h"
#include "attnscope/position.h"

namespace attnscope {

namespace {

// Whether the boolean mask (if any) allows at least one of keys [j0, j0 + n).
// A disallowed key scores -inf whatever q.k is, so such a tile changes nothing.
bool tile_has_allowed_key(const MaskView& m, long row, int j0, int n) {
    if (!m.allow) return true;
    for (int t = 0; t < n; ++t)
        if (m.allow[row + (j0 + t) * m.stride_k]) return true;
    return false;
}

}  // namespace

Status flash_attention(float* out, const float* q, const float* k, const float* v,
                       const MaskView& mask, const AttentionParams& p) {
    return flash_attention(out, q, k, v, mask, p, nullptr);
}

Status flash_attention(float* out, const float* q, const float* k, const float* v,
                       const MaskView& mask, const AttentionParams& p, FlashStats* stats) {
    if (Status s = check_attention_params(p); s != Status::Ok) return s;
    FlashStats count;
    const long nq = p.Nq, nk = p.Nk, d = p.D, dv = p.Dv;
    const bool cosine = p.kind == AttentionKind::Cosine;
    detail::Scratch acc(dv), qrow(d), slopes(p.alibi ? p.H : 0);
    if ((dv && !acc.p) || (d && !qrow.p) || (p.alibi && !slopes.p)) return Status::OutOfMemory;
    if (p.alibi) alibi_slopes(slopes.p, p.H);
    const float factor = detail::score_factor(p);
    const int group = p.H / p.Hkv;
    float s[kFlashTile];

    for (int b = 0; b < p.B; ++b) {
        for (int h = 0; h < p.H; ++h) {
            const long qh = (static_cast<long>(b) * p.H + h) * nq * d;
            const float* kh = k + (static_cast<long>(b) * p.Hkv + h / group) * nk * d;
            const float* vh = v + (static_cast<long>(b) * p.Hkv + h / group) * nk * dv;
            const float slope = p.alibi ? slopes.p[h] : 0.f;
            for (int i = 0; i < p.Nq; ++i) {
                const float* qi = q + qh + i * d;
                if (cosine) {
                    const float n = std::sqrt(dot(qi, qi, p.D));
                    const float inv = 1.f / std::max(n, p.eps);
                    for (long c = 0; c < d; ++c) qrow.p[c] = qi[c] * inv;
                    qi = qrow.p;
                }
                int lo, hi;
                allowed_key_range(p, i, &lo, &hi);
                const long row = detail::mask_row(mask, b, h, i);
                const int ip = i + p.Nk - p.Nq;
                float m = detail::kNegInf, l = 0.f;
                bool row_nan = false;
                std::fill(acc.p, acc.p + dv, 0.f);
                for (int j0 = lo; j0 < hi; j0 += kFlashTile) {
                    const int n = std::min(kFlashTile, hi - j0);
                    if (!tile_has_allowed_key(mask, row, j0, n)) {
                        ++count.tiles_mask_skipped;
                        continue;
                    }
                    ++count.tiles_computed;
                    float tile_max = detail::kNegInf;
                    for (int t = 0; t < n; ++t) {
                        const float* kj = kh + (j0 + t) * d;
                        float raw = dot(qi, kj, p.D);
                        if (cosine) raw /= std::max(std::sqrt(dot(kj, kj, p.D)), p.eps);
                        s[t] = detail::biased_score(raw * factor, mask, row, j0 + t, slope, ip);
                        if (std::isnan(s[t])) row_nan = true;
                        if (s[t] > tile_max) tile_max = s[t];
                    }
                    if (tile_max == detail::kNegInf) continue;
                    const float m_new = std::max(m, tile_max);
                    const float corr = std::exp(m - m_new);  // 0 while m is -inf
                    l *= corr;
                    scale(acc.p, corr, p.Dv);
                    for (int t = 0; t < n; ++t) {
                        const float e = std::exp(s[t] - m_new);
                        if (e == 0.f) continue;
                        l += e;
                        axpy(acc.p, e, vh + (j0 + t) * dv, p.Dv);
                    }
                    m = m_new;
                }
                float* oi = out + (static_cast<long>(b) * p.H + h) * nq * dv + i * dv;
                if (row_nan) {
                    std::fill(oi, oi + dv, std::numeric_limits<float>::quiet_NaN());
                } else if (l == 0.f) {
                    std::fill(oi, oi + dv, 0.f);
                } else {
                    for (long c = 0; c < dv; ++c) oi[c] = acc.p[c] / l;
                }
            }
        }
    }
    if (stats) *stats = count;
    return Status::Ok;
}

}  // namespace attnscope
