// The flash path for a head whose v holds NaN or inf: one query at a time,
// the same online recurrence over the same tiles, but each key's v added with
// axpy only when its weight is not 0, so a masked key's NaN never leaks into
// the output (a product would give 0 * NaN = NaN).
#include <algorithm>
#include "attnscope/matmul.h"
#include "flash_common.h"

namespace attnscope::detail {

void flash_rows(const FlashHead& hd, const MaskView& mask, const AttentionParams& p, float* acc,
               float* qrow, FlashStats& count) {
    const long d = p.D, dv = p.Dv;
    const bool cosine = p.kind == AttentionKind::Cosine;
    const float factor = score_factor(p);
    float s[kFlashTile];
    for (int i = 0; i < p.Nq; ++i) {
        const float* qi = hd.q + i * d;
        if (cosine) {
            const float inv = 1.f / std::max(std::sqrt(dot(qi, qi, p.D)), p.eps);
            for (long c = 0; c < d; ++c) qrow[c] = qi[c] * inv;
            qi = qrow;
        }
        int lo, hi;
        allowed_key_range(p, i, &lo, &hi);
        const long row = mask_row(mask, hd.b, hd.h, i);
        const int ip = i + p.Nk - p.Nq;
        float m = kNegInf, l = 0.f;
        bool row_nan = false;
        std::fill(acc, acc + dv, 0.f);
        for (int j0 = lo / kFlashTile * kFlashTile; j0 < hi; j0 += kFlashTile) {
            const int a = std::max(j0, lo), b = std::min(j0 + kFlashTile, hi);
            if (!any_allowed(mask, row, a, b)) {
                ++count.tiles_mask_skipped;
                continue;
            }
            ++count.tiles_computed;
            float tile_max = kNegInf;
            for (int j = a; j < b; ++j) {
                const float* kj = hd.k + j * d;
                float raw = dot(qi, kj, p.D);
                if (cosine) raw /= std::max(std::sqrt(dot(kj, kj, p.D)), p.eps);
                s[j - a] = biased_score(raw * factor, mask, row, j, hd.slope, ip);
                row_nan = row_nan || std::isnan(s[j - a]);
                tile_max = std::max(tile_max, s[j - a]);
            }
            if (tile_max == kNegInf) continue;
            const float m_new = std::max(m, tile_max);
            const float corr = std::exp(m - m_new);
            l *= corr;
            scale(acc, corr, p.Dv);
            for (int j = a; j < b; ++j) {
                const float e = std::exp(s[j - a] - m_new);
                if (e == 0.f) continue;
                l += e;
                axpy(acc, e, hd.v + j * dv, p.Dv);
            }
            m = m_new;
        }
        float* oi = hd.out + i * dv;
        if (row_nan) std::fill(oi, oi + dv, std::numeric_limits<float>::quiet_NaN());
        else if (l == 0.f) std::fill(oi, oi + dv, 0.f);
        else for (long c = 0; c < dv; ++c) oi[c] = acc[c] / l;
    }
}

}  // namespace attnscope::detail
