// One block of queries against the key tiles of one packed range (see
// flash_attention.cpp): per tile (or wide step of several), S = Q_blk K_tile^T on the gemm engine,
// the online-softmax update of each row's m and l (and of its accumulator,
// the row of out, when m grows), then acc += P V_tile on the engine. A tile
// the rows see in different parts (the causal or window diagonal) goes in
// sub-blocks of kFlashSub rows, each on the keys its rows see: 16 x 16
// triangles of masked pairs are computed there instead of 64 x 64.
#include <algorithm>
#include "attnscope/matmul.h"
#include "flash_common.h"
#include "gemm.h"
#include "vec_exp.h"

namespace attnscope::detail {

namespace {

constexpr int BK = kFlashTile, NR = kGemmNR;
constexpr int WIDE = kFlashWideTiles * BK;  // keys of a wide step (flash_common.h)

// Scores of row r of the tile (raw q.k in s, already computed): scaled,
// biased, -inf outside [lo, hi); returns whether any is NaN.
bool finish_scores(float* s, int n, int j0, int lo, int hi, const MaskView& mask, long row, float slope, int ip,
                   float factor, bool plain) {
    bool nan = false;
    for (int t = 0; t < n; ++t) {
        const int j = j0 + t;
        float x = kNegInf;
        if (j >= lo && j < hi) x = plain ? s[t] * factor : biased_score(s[t] * factor, mask, row, j, slope, ip);
        nan = nan || std::isnan(x);
        s[t] = x;
    }
    return nan;
}

// s <- exp(a s - m') with m' the new running max (tile_max already scaled by
// a); the accumulator row is rescaled by e^(m - m') when m grows.
void online_update(float* s, int n, float a, float tile_max, float* m, float* l, float* acc, int dv) {
    const float m_new = std::max(*m, tile_max);
    const float corr = std::exp(*m - m_new);  // 0 while m is -inf
    if (corr != 1.f) {
        *l *= corr;
        scale(acc, corr, dv);
    }
    *l += exp_affine_sum(s, s, n, a, m_new);
    *m = m_new;
}

}  // namespace

void flash_block(const FlashHead& hd, const MaskView& mask, const AttentionParams& p, const FlashPacks& pk,
                 int i0, int rows, float* sb, float* qn, FlashStats& count) {
    const long d = p.D, dv = p.Dv;
    const bool cosine = p.kind == AttentionKind::Cosine;
    const bool plain = !mask.allow && !mask.add && !p.alibi;
    const float factor = score_factor(p);
    int lo[kFlashBQ], hi[kFlashBQ];
    bool need[kFlashBQ];
    int jlo = pk.j_end, jhi = pk.j_begin, common_lo = 0, common_hi = p.Nk;
    for (int r = 0; r < rows; ++r) {
        allowed_key_range(p, i0 + r, &lo[r], &hi[r]);
        common_lo = std::max(common_lo, lo[r]), common_hi = std::min(common_hi, hi[r]);
        const int a = std::max(lo[r], pk.j_begin), b = std::min(hi[r], pk.j_end);
        if (a < b) jlo = std::min(jlo, a), jhi = std::max(jhi, b);
    }
    if (jlo >= jhi) return;
    const float* qb = hd.q + i0 * d;
    if (cosine) {
        for (int r = 0; r < rows; ++r) {
            const float inv = 1.f / std::max(std::sqrt(dot(qb + r * d, qb + r * d, p.D)), p.eps);
            for (long c = 0; c < d; ++c) qn[r * d + c] = qb[r * d + c] * inv;
        }
        qb = qn;
    }
    const long kstride = d * NR, vstride = static_cast<long>(pk.j_end - pk.j_begin) * NR;
    float* acc = hd.out + i0 * dv;
    // Row r's scores on keys [j0 + xa, j0 + xb) of a step (raw q.k, computed;
    // its own keys among them when `need`): the online update, 0 elsewhere.
    auto update_row = [&](float* s_row, int xa, int xb, int j0, bool need, int r, const float* kinv) {
        float* s = s_row + xa;
        const int n = xb - xa, j = j0 + xa, i = i0 + r;  // keys [j, j + n)
        if (!need) {
            std::fill(s, s + n, 0.f);
            return;
        }
        if (kinv)
            for (int t = 0; t < n; ++t) s[t] *= kinv[xa + t];
        if (plain) {  // no mask or bias: the row's own keys [a, b), scaling inside the exp
            const int a = std::max(j, lo[r]) - j, b = std::min(j + n, hi[r]) - j;
            const float tile_max = max_scaled(s + a, b - a, factor);
            if (std::isnan(tile_max)) {
                hd.nan[i] = 1;
                std::fill(s, s + n, 0.f);
                return;
            }
            std::fill(s, s + a, 0.f);
            std::fill(s + b, s + n, 0.f);
            online_update(s + a, b - a, factor, tile_max, &hd.m[i], &hd.l[i], acc + r * dv, p.Dv);
            return;
        }
        const long row = mask_row(mask, hd.b, hd.h, i);
        if (finish_scores(s, n, j, lo[r], hi[r], mask, row, hd.slope, i + p.Nk - p.Nq, factor, plain)) hd.nan[i] = 1;
        float tile_max = kNegInf;
        for (int t = 0; t < n; ++t) tile_max = std::max(tile_max, s[t]);
        if (tile_max == kNegInf) {  // every allowed key scored -inf
            std::fill(s, s + n, 0.f);
            return;
        }
        online_update(s, n, 1.f, tile_max, &hd.m[i], &hd.l[i], acc + r * dv, p.Dv);
    };
    for (int j0 = jlo / BK * BK, n = 0; j0 < jhi; j0 += n) {
        // Wide step: kFlashWideTiles tiles that every row sees whole, with no
        // boolean mask to skip any of them; counted tile by tile all the same.
        int whole = 0;  // keys from j0 on, in whole tiles, that every row sees
        if (!mask.allow && j0 >= common_lo) whole = std::min({WIDE, pk.j_end - j0, common_hi - j0}) / BK * BK;
        const bool wide = whole > BK;
        n = wide ? whole : std::min(BK, p.Nk - j0);
        bool any = wide;
        if (wide) count.tiles_computed += static_cast<long>(rows) * (whole / BK);
        for (int r = 0; r < rows; ++r) {
            need[r] = wide;
            if (wide) continue;
            const int a = std::max(j0, lo[r]), b = std::min(j0 + n, hi[r]);
            if (a >= b) continue;  // outside the row's range: not a tile of this row
            need[r] = any_allowed(mask, mask_row(mask, hd.b, hd.h, i0 + r), a, b);
            ++(need[r] ? count.tiles_computed : count.tiles_mask_skipped);
            any = any || need[r];
        }
        if (!any) continue;
        const int t0 = j0 - pk.j_begin;  // the tile's first key in the packs
        float kinv[WIDE];
        if (cosine)
            for (int t = 0; t < n; ++t) {
                const float* kj = hd.k + (j0 + t) * d;
                kinv[t] = 1.f / std::max(std::sqrt(dot(kj, kj, p.D)), p.eps);
            }
        // Rows [r0, r1) on keys [ca, cb) of the step: S = Q K^T from the panel
        // holding ca, the online update of each row on its own keys, acc += P V.
        auto group = [&](int r0, int r1, int ca, int cb) {
            const int x0 = (ca - j0) / NR * NR, xa = ca - j0, xb = cb - j0;
            gemm(sb + r0 * WIDE + x0, WIDE, {qb + r0 * d, p.D, 1}, PackedB{pk.kt + (t0 + x0) / NR * kstride, kstride},
                 r1 - r0, p.D, xb - x0, false);
            for (int r = r0; r < r1; ++r)
                update_row(sb + r * WIDE, xa, xb, j0, need[r], r, cosine ? kinv : nullptr);
            gemm(acc + r0 * dv, p.Dv, {sb + r0 * WIDE + xa, WIDE, 1}, PackedB{pk.v + (t0 + xa) * NR, vstride},
                 r1 - r0, xb - xa, p.Dv, true);
        };
        // Rows whose keys in the tile differ (the causal or window diagonal)
        // go in sub-blocks of kFlashSub, each on the keys its rows see.
        bool whole_tile = true;
        for (int r = 0; r < rows && whole_tile; ++r)
            whole_tile = !need[r] || (lo[r] <= j0 && hi[r] >= j0 + n);
        if (whole_tile) {
            group(0, rows, j0, j0 + n);
            continue;
        }
        for (int r0 = 0; r0 < rows; r0 += kFlashSub) {
            const int r1 = std::min(rows, r0 + kFlashSub);
            int ca = j0 + n, cb = j0;
            for (int r = r0; r < r1; ++r)
                if (need[r]) ca = std::min(ca, std::max(j0, lo[r])), cb = std::max(cb, std::min(j0 + n, hi[r]));
            if (ca < cb) group(r0, r1, ca, cb);
        }
    }
}

}  // namespace attnscope::detail
