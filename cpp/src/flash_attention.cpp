// FlashAttention (Dao et al. 2022) on one core: for each block of BQ queries,
// walk the keys they may see in tiles of kFlashTile, keeping per query a
// running max m, normaliser l and output acc:
//   m' = max(m, max_j s_j);  l = l e^(m-m') + sum_j e^(s_j-m');
//   acc = acc e^(m-m') + sum_j e^(s_j-m') v_j;  out = acc / l.
// A tile's scores S = Q_blk K_tile^T and its update P V_tile are products on
// the packed engine (gemm.h); the exponentials are vectorised (vec_exp.h).
// Extra memory: BQ x (tile + D + Dv) floats, whatever N is.
// Tiles sit on a grid of kFlashTile keys from key 0. A query's tiles outside
// its causal/window range are never visited; a tile where the boolean mask
// allows the query no key is skipped for it, and for the whole block when it
// is skipped for every query of the block (before any product).
// A head whose v holds NaN or inf takes the per-row path below, which never
// multiplies a zero weight by v: a masked key's NaN never leaks.
#include "attnscope/flash_attention.h"
#include <algorithm>
#include "attention_common.h"
#include "attnscope/matmul.h"
#include "attnscope/position.h"
#include "gemm.h"
#include "parallel/parallel_for.h"
#include "vec_exp.h"

namespace attnscope {

namespace {

constexpr int BQ = 64;  // queries per block
constexpr int BK = kFlashTile;

// Whether the boolean mask (if any) allows at least one of keys [j0, j1).
bool any_allowed(const MaskView& m, long row, int j0, int j1) {
    if (!m.allow) return true;
    for (int j = j0; j < j1; ++j)
        if (m.allow[row + j * m.stride_k]) return true;
    return false;
}

bool all_finite(const float* x, long n) {
    for (long i = 0; i < n; ++i)
        if (!std::isfinite(x[i])) return false;
    return true;
}

struct Head {
    const float *q, *k, *v;  // this head's (Nq,D), its kv head's (Nk,D), (Nk,Dv)
    float* out;              // (Nq,Dv)
    int b, h;
    float slope;
};

struct Buffers {
    float *s, *acc, *qn, *m, *l;  // BQ x BK, BQ x Dv, BQ x D (cosine), BQ, BQ
};

// Scores of row r of the tile (raw q.k in s, already computed): scaled,
// biased, -inf outside [lo, hi); returns whether any is NaN.
bool finish_scores(float* s, int n, int j0, int lo, int hi, const MaskView& mask, long row,
                   float slope, int ip, float factor, bool plain) {
    bool nan = false;
    for (int t = 0; t < n; ++t) {
        const int j = j0 + t;
        float x = detail::kNegInf;
        if (j >= lo && j < hi) x = plain ? s[t] * factor : detail::biased_score(s[t] * factor, mask, row, j, slope, ip);
        nan = nan || std::isnan(x);
        s[t] = x;
    }
    return nan;
}

void block(const Head& hd, const MaskView& mask, const AttentionParams& p, int i0, int rows,
           const Buffers& w, FlashStats& count) {
    const long d = p.D, dv = p.Dv;
    const bool cosine = p.kind == AttentionKind::Cosine;
    const bool plain = !mask.allow && !mask.add && !p.alibi;
    const float factor = detail::score_factor(p);
    int lo[BQ], hi[BQ], need[BQ];
    bool nan[BQ];
    int jlo = p.Nk, jhi = 0;
    for (int r = 0; r < rows; ++r) {
        allowed_key_range(p, i0 + r, &lo[r], &hi[r]);
        if (lo[r] < hi[r]) jlo = std::min(jlo, lo[r]), jhi = std::max(jhi, hi[r]);
        w.m[r] = detail::kNegInf, w.l[r] = 0.f, nan[r] = false;
    }
    std::fill(w.acc, w.acc + rows * dv, 0.f);
    const float* qb = hd.q + i0 * d;
    if (cosine) {
        for (int r = 0; r < rows; ++r) {
            const float inv = 1.f / std::max(std::sqrt(dot(qb + r * d, qb + r * d, p.D)), p.eps);
            for (long c = 0; c < d; ++c) w.qn[r * d + c] = qb[r * d + c] * inv;
        }
        qb = w.qn;
    }
    for (int j0 = jlo / BK * BK; j0 < jhi; j0 += BK) {
        const int n = std::min(BK, p.Nk - j0);
        bool any = false;
        for (int r = 0; r < rows; ++r) {
            const int a = std::max(j0, lo[r]), b = std::min(j0 + n, hi[r]);
            need[r] = 0;
            if (a >= b) continue;  // outside the row's range: not a tile of this row
            const long row = detail::mask_row(mask, hd.b, hd.h, i0 + r);
            need[r] = any_allowed(mask, row, a, b);
            ++(need[r] ? count.tiles_computed : count.tiles_mask_skipped);
            any = any || need[r];
        }
        if (!any) continue;
        detail::gemm(w.s, BK, {qb, p.D, 1}, {hd.k + j0 * d, 1, p.D}, rows, p.D, n, false);
        float kinv[BK];
        if (cosine)
            for (int t = 0; t < n; ++t) {
                const float* kj = hd.k + (j0 + t) * d;
                kinv[t] = 1.f / std::max(std::sqrt(dot(kj, kj, p.D)), p.eps);
            }
        for (int r = 0; r < rows; ++r) {
            float* s = w.s + r * BK;
            if (!need[r]) {
                std::fill(s, s + n, 0.f);
                continue;
            }
            if (cosine)
                for (int t = 0; t < n; ++t) s[t] *= kinv[t];
            if (plain && j0 >= lo[r] && j0 + n <= hi[r]) {
                // Every key of the tile in range, no mask or bias: scale inside the exp.
                const float tile_max = detail::max_scaled(s, n, factor);
                if (std::isnan(tile_max)) {
                    nan[r] = true;
                    std::fill(s, s + n, 0.f);
                    continue;
                }
                const float m_new = std::max(w.m[r], tile_max);
                const float corr = std::exp(w.m[r] - m_new);
                if (corr != 1.f) {
                    w.l[r] *= corr;
                    scale(w.acc + r * dv, corr, p.Dv);
                }
                w.l[r] += detail::exp_affine_sum(s, s, n, factor, m_new);
                w.m[r] = m_new;
                continue;
            }
            const long row = detail::mask_row(mask, hd.b, hd.h, i0 + r);
            const int ip = i0 + r + p.Nk - p.Nq;
            nan[r] = finish_scores(s, n, j0, lo[r], hi[r], mask, row, hd.slope, ip, factor, plain) || nan[r];
            float tile_max = detail::kNegInf;
            for (int t = 0; t < n; ++t) tile_max = std::max(tile_max, s[t]);
            if (tile_max == detail::kNegInf) {  // every allowed key scored -inf
                std::fill(s, s + n, 0.f);
                continue;
            }
            const float m_new = std::max(w.m[r], tile_max);
            const float corr = std::exp(w.m[r] - m_new);  // 0 while m is -inf
            if (corr != 1.f) {
                w.l[r] *= corr;
                scale(w.acc + r * dv, corr, p.Dv);
            }
            w.l[r] += detail::exp_affine_sum(s, s, n, 1.f, m_new);
            w.m[r] = m_new;
        }
        detail::gemm(w.acc, p.Dv, {w.s, BK, 1}, {hd.v + j0 * dv, p.Dv, 1}, rows, n, p.Dv, true);
    }
    for (int r = 0; r < rows; ++r) {
        float* o = hd.out + (i0 + r) * dv;
        const float* a = w.acc + r * dv;
        if (nan[r]) std::fill(o, o + dv, std::numeric_limits<float>::quiet_NaN());
        else if (w.l[r] == 0.f) std::fill(o, o + dv, 0.f);
        else for (long c = 0; c < dv; ++c) o[c] = a[c] / w.l[r];
    }
}

// One query at a time with axpy over the allowed keys (heads whose v is not
// all finite): the same recurrence, skipping keys of weight 0.
void rows_path(const Head& hd, const MaskView& mask, const AttentionParams& p, float* acc,
               float* qrow, FlashStats& count) {
    const long d = p.D, dv = p.Dv;
    const bool cosine = p.kind == AttentionKind::Cosine;
    const float factor = detail::score_factor(p);
    float s[BK];
    for (int i = 0; i < p.Nq; ++i) {
        const float* qi = hd.q + i * d;
        if (cosine) {
            const float inv = 1.f / std::max(std::sqrt(dot(qi, qi, p.D)), p.eps);
            for (long c = 0; c < d; ++c) qrow[c] = qi[c] * inv;
            qi = qrow;
        }
        int lo, hi;
        allowed_key_range(p, i, &lo, &hi);
        const long row = detail::mask_row(mask, hd.b, hd.h, i);
        const int ip = i + p.Nk - p.Nq;
        float m = detail::kNegInf, l = 0.f;
        bool row_nan = false;
        std::fill(acc, acc + dv, 0.f);
        for (int j0 = lo / BK * BK; j0 < hi; j0 += BK) {
            const int a = std::max(j0, lo), b = std::min(j0 + BK, hi);
            if (!any_allowed(mask, row, a, b)) {
                ++count.tiles_mask_skipped;
                continue;
            }
            ++count.tiles_computed;
            float tile_max = detail::kNegInf;
            for (int j = a; j < b; ++j) {
                const float* kj = hd.k + j * d;
                float raw = dot(qi, kj, p.D);
                if (cosine) raw /= std::max(std::sqrt(dot(kj, kj, p.D)), p.eps);
                s[j - a] = detail::biased_score(raw * factor, mask, row, j, hd.slope, ip);
                row_nan = row_nan || std::isnan(s[j - a]);
                tile_max = std::max(tile_max, s[j - a]);
            }
            if (tile_max == detail::kNegInf) continue;
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

}  // namespace

Status flash_attention(float* out, const float* q, const float* k, const float* v,
                       const MaskView& mask, const AttentionParams& p) {
    return flash_attention(out, q, k, v, mask, p, nullptr);
}

Status flash_attention(float* out, const float* q, const float* k, const float* v,
                       const MaskView& mask, const AttentionParams& p, FlashStats* stats) {
    if (Status s = check_attention_params(p); s != Status::Ok) return s;
    const long nq = p.Nq, nk = p.Nk, d = p.D, dv = p.Dv;
    const bool cosine = p.kind == AttentionKind::Cosine;
    // Items are (batch.head, query block) pairs; each thread slot has its buffers.
    const long blocks = (nq + BQ - 1) / BQ, items = static_cast<long>(p.B) * p.H * blocks;
    const double work = 2.0 * p.B * p.H * nq * nk * static_cast<double>(d + dv);
    const long slots = parallel::slots_for(items, work);
    detail::Scratch sb(slots * BQ * BK), acc(slots * BQ * dv), qn(cosine ? slots * BQ * d : 0),
        ml(slots * 2 * BQ), slopes(p.alibi ? p.H : 0);
    if (!sb.p || (dv && !acc.p) || (cosine && d && !qn.p) || !ml.p || (p.alibi && !slopes.p))
        return Status::OutOfMemory;
    if (p.alibi) alibi_slopes(slopes.p, p.H);
    FlashStats counts[parallel::kMaxSlots];
    const int group = p.H / p.Hkv;
    parallel::parallel_for(0, items, work, [&](long item, int slot) {
        const int b = static_cast<int>(item / blocks / p.H), h = static_cast<int>(item / blocks % p.H);
        const int i0 = static_cast<int>(item % blocks) * BQ;
        const Buffers w{sb.p + slot * BQ * BK, acc.p + slot * BQ * dv, qn.p ? qn.p + slot * BQ * d : nullptr,
                        ml.p + slot * 2 * BQ, ml.p + slot * 2 * BQ + BQ};
        FlashStats& count = counts[slot];
        const long kvh = static_cast<long>(b) * p.Hkv + h / group;
        const Head hd{q + (static_cast<long>(b) * p.H + h) * nq * d, k + kvh * nk * d, v + kvh * nk * dv,
                      out + (static_cast<long>(b) * p.H + h) * nq * dv, b, h,
                      p.alibi ? slopes.p[h] : 0.f};
        if (!all_finite(hd.v, nk * dv)) {  // the whole head, once, from its first block's item
            if (i0 == 0) rows_path(hd, mask, p, w.acc, w.qn ? w.qn : w.s, count);
            return;
        }
        block(hd, mask, p, i0, std::min(BQ, p.Nq - i0), w, count);
    });
    FlashStats count;
    for (const FlashStats& c : counts) {
        count.tiles_computed += c.tiles_computed;
        count.tiles_mask_skipped += c.tiles_mask_skipped;
    }
    if (stats) *stats = count;
    return Status::Ok;
}

}  // namespace attnscope
