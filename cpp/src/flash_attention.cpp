// FlashAttention (Dao et al. 2022) on one core: for each block of BQ queries,
// walk the keys they may see in tiles of kFlashTile, keeping per query a
// running max m, normaliser l and output acc:
//   m' = max(m, max_j s_j);  l = l e^(m-m') + sum_j e^(s_j-m');
//   acc = acc e^(m-m') + sum_j e^(s_j-m') v_j;  out = acc / l.
// A tile's scores S = Q_blk K_tile^T and its update P V_tile are products on
// the packed engine (gemm.h); the exponentials are vectorised (vec_exp.h).
// The keys go in ranges of up to kRangeFloats / max(D, Dv) (512 keys at D 64):
// a range's K^T and V are packed once and every query block then runs its
// tiles of the range (flash_block.cpp), so no block packs a tile again. acc
// is the output row itself; m, l and a NaN flag are kept per query. Extra
// memory: the two packs (bounded, whatever N is), 12 bytes per query (m, l,
// a NaN flag), and a block of BQ x 8 tiles of scores.
// Tiles sit on a grid of kFlashTile keys from key 0. A query's tiles outside
// its causal/window range are never visited; a tile where the boolean mask
// allows the query no key is skipped for it, and for the whole block when it
// is skipped for every query of the block (before any product).
// A head whose v holds NaN or inf takes the per-row path (flash_rows.cpp),
// which never multiplies a zero weight by v: a masked key's NaN never leaks.
// Threaded builds split the (batch, head) pairs over the pool (parallel/),
// each thread slot with its own buffers.
#include "attnscope/flash_attention.h"
#include <algorithm>
#include "attnscope/position.h"
#include "flash_common.h"
#include "gemm.h"
#include "parallel/parallel_for.h"

namespace attnscope {

namespace {

constexpr int BQ = detail::kFlashBQ, BK = kFlashTile;
constexpr long kRangeFloats = 32768;  // one pack: 128 KB

// o[c] /= l: a division in every lane gives the scalar one's bits.
void divide_row(float* o, float l, long dv) {
    long c = 0;
#if ATTNSCOPE_SIMD
    using fb = xsimd::batch<float>;
    constexpr long W = static_cast<long>(fb::size);
    const fb vl(l);
    for (; c + W <= dv; c += W) (fb::load_unaligned(o + c) / vl).store_unaligned(o + c);
#endif
    for (; c < dv; ++c) o[c] /= l;
}

// out = acc / l row by row once every range is done; NaN rows stay NaN, rows
// that saw no key are 0.
void finish_head(const detail::FlashHead& hd, int nq, long dv) {
    for (int i = 0; i < nq; ++i) {
        float* o = hd.out + i * dv;
        if (hd.nan[i]) std::fill(o, o + dv, std::numeric_limits<float>::quiet_NaN());
        else if (hd.l[i] == 0.f) std::fill(o, o + dv, 0.f);
        else divide_row(o, hd.l[i], dv);
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
    const int range = static_cast<int>(std::max<long>(BK, kRangeFloats / std::max<long>({d, dv, 1}) / BK * BK));
    const int span = static_cast<int>(std::min<long>(range, nk));
    const long heads = static_cast<long>(p.B) * p.H;
    const double work = 2.0 * heads * nq * nk * static_cast<double>(d + dv);
    const long slots = parallel::slots_for(heads, work);
    const long sb_size = BQ * BK * detail::kFlashWideTiles, qn_size = cosine ? BQ * d : 0;
    const long kt_size = static_cast<long>(detail::gemm_packed_size(p.D, span));
    const long vp_size = static_cast<long>(detail::gemm_packed_size(span, p.Dv));
    detail::Scratch sb(slots * sb_size), acc(slots * dv), qn(slots * qn_size), ml(slots * 2 * nq), flags(slots * nq),
        slopes(p.alibi ? p.H : 0);
    detail::Scratch kt(slots * kt_size), vp(slots * vp_size);
    const bool packs_missing = (span * d != 0 && !kt.p) || (span * dv != 0 && !vp.p);
    if (!sb.p || (dv && !acc.p) || (cosine && d && !qn.p) || (nq && (!ml.p || !flags.p)) || packs_missing ||
        (p.alibi && !slopes.p))
        return Status::OutOfMemory;
    if (p.alibi) alibi_slopes(slopes.p, p.H);
    const int group = p.H / p.Hkv;
    FlashStats counts[parallel::kMaxSlots];
    parallel::parallel_for(0, heads, work, [&](long item, int slot) {
        const int b = static_cast<int>(item / p.H), h = static_cast<int>(item % p.H);
        FlashStats& count = counts[slot];
        float* sb_s = sb.p + slot * sb_size;
        float* acc_s = acc.p ? acc.p + slot * dv : nullptr;
        float* qn_s = qn.p ? qn.p + slot * qn_size : nullptr;
        float* ml_s = ml.p ? ml.p + slot * 2 * nq : nullptr;
        float* kt_s = kt.p ? kt.p + slot * kt_size : nullptr;
        float* vp_s = vp.p ? vp.p + slot * vp_size : nullptr;
        auto* nan = flags.p ? reinterpret_cast<unsigned char*>(flags.p + slot * nq) : nullptr;
        const long kvh = static_cast<long>(b) * p.Hkv + h / group;
        const detail::FlashHead hd{q + (static_cast<long>(b) * p.H + h) * nq * d, k + kvh * nk * d,
                                   v + kvh * nk * dv, out + (static_cast<long>(b) * p.H + h) * nq * dv, b, h,
                                   p.alibi ? slopes.p[h] : 0.f, ml_s, ml_s ? ml_s + nq : nullptr, nan};
        if (!detail::all_finite(hd.v, nk * dv)) {
            detail::flash_rows(hd, mask, p, acc_s, qn_s ? qn_s : sb_s, count);
            return;
        }
        std::fill(hd.m, hd.m + nq, detail::kNegInf);
        std::fill(hd.l, hd.l + nq, 0.f);
        std::fill(nan, nan + nq, 0);
        std::fill(hd.out, hd.out + nq * dv, 0.f);
        for (int j_begin = 0; j_begin < p.Nk; j_begin += range) {
            const int j_end = std::min(p.Nk, j_begin + range);
            detail::gemm_pack_b(kt_s, {hd.k + j_begin * d, 1, p.D}, p.D, j_end - j_begin);
            detail::gemm_pack_b(vp_s, {hd.v + j_begin * dv, p.Dv, 1}, j_end - j_begin, p.Dv);
            const detail::FlashPacks pk{kt_s, vp_s, j_begin, j_end};
            for (int i0 = 0; i0 < p.Nq; i0 += BQ)
                detail::flash_block(hd, mask, p, pk, i0, std::min<int>(BQ, p.Nq - i0), sb_s, qn_s, count);
        }
        finish_head(hd, p.Nq, dv);
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
