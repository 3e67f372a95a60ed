// Textbook attention: S = Q K^T * factor, masks and biases, softmax, S V.
// Materialises S (Nq, Nk) per head: the reference the flash path must equal;
// attention_traced also keeps each stage of S for the visualisations.
// Both products run on the packed engine (gemm.h) for blocks of 64 queries
// (attention_block.cpp), each over the keys its queries may see (causal and
// window skip the rest), with K^T and V packed once per head. Without
// `weights` only one block's scores exist at a time (64 x Nk floats, in
// cache, instead of Nq x Nk).
// Threaded builds split the (batch, head, block of queries) items over the
// pool (parallel/), so a call with few heads still uses every thread.
#include "attnscope/attention.h"
#include <algorithm>
#include "attention_block.h"
#include "gemm.h"
#include "parallel/parallel_for.h"
#include "attnscope/matmul.h"
#include "attnscope/norm.h"
#include "attnscope/position.h"

namespace attnscope {

Status check_attention_params(const AttentionParams& p) {
    if (p.B < 0 || p.Nq < 0 || p.Nk < 0 || p.D < 0 || p.Dv < 0) return Status::InvalidArgument;
    if (p.H <= 0 || p.Hkv <= 0 || p.H % p.Hkv != 0) return Status::InvalidArgument;
    if (!(p.temperature > 0.f) || p.window < 0) return Status::InvalidArgument;
    return Status::Ok;
}

void allowed_key_range(const AttentionParams& p, int i, int* lo, int* hi) {
    const long ip = static_cast<long>(i) + p.Nk - p.Nq;  // i aligned to the end of the keys
    long a = 0, b = p.Nk;
    if (p.causal) b = std::min(b, ip + 1);
    if (p.window > 0) {
        a = std::max(a, ip - p.window + 1);
        b = std::min(b, ip + p.window);
    }
    a = std::clamp(a, 0L, static_cast<long>(p.Nk));
    b = std::clamp(b, a, static_cast<long>(p.Nk));
    *lo = static_cast<int>(a);
    *hi = static_cast<int>(b);
}

Status attention(float* out, float* weights, const float* q, const float* k,
                 const float* v, const MaskView& mask, const AttentionParams& p) {
    return attention_traced(out, weights, q, k, v, mask, p, AttentionTrace{});
}

Status attention_traced(float* out, float* weights, const float* q, const float* k,
                        const float* v, const MaskView& mask, const AttentionParams& p,
                        const AttentionTrace& trace) {
    if (Status s = check_attention_params(p); s != Status::Ok) return s;
    const std::uint64_t nq = p.Nq, nk = p.Nk, d = p.D, dv = p.Dv;
    const bool cosine = p.kind == AttentionKind::Cosine;
    // One item per (batch, head, block of queries), in that order; each thread
    // slot has its own scratch: K^T and V packed (gemm.h) when its item's kv
    // head differs from the one it packed last (once per kv head and slot), the
    // normalised queries (cosine) and, without `weights`, one block's scores.
    // An item computes the same bits on any slot: threads change no result.
    const long heads = static_cast<long>(p.B) * p.H;
    const long blocks = (p.Nq + detail::kPlainBlock - 1) / detail::kPlainBlock;
    const double work = 2.0 * heads * nq * nk * static_cast<double>(d + dv);
    const std::uint64_t slots = parallel::slots_for(heads * blocks, work);
    const std::uint64_t kp_size = detail::gemm_packed_size(p.D, p.Nk), vp_size = detail::gemm_packed_size(p.Nk, p.Dv);
    detail::Scratch kp(slots * kp_size), vp(slots * vp_size);
    detail::Scratch scores(weights ? 0 : slots * detail::kPlainBlock * nk);
    detail::Scratch qn(cosine ? slots * nq * d : 0), kn(cosine ? slots * nk * d : 0);
    detail::Scratch slopes(p.alibi ? p.H : 0);
    const bool scores_missing = !weights && nk != 0 && !scores.p;
    const bool packs_missing = (nk * d != 0 && !kp.p) || (nk * dv != 0 && !vp.p);
    const bool norms_missing = cosine && ((nq * d != 0 && !qn.p) || (nk * d != 0 && !kn.p));
    if (scores_missing || packs_missing || norms_missing || (p.alibi && !slopes.p)) return Status::OutOfMemory;
    if (p.alibi) alibi_slopes(slopes.p, p.H);
    const float factor = detail::score_factor(p);
    const int group = p.H / p.Hkv;
    // The traces show q.k for every pair: then no block skips keys it may not see.
    const bool full_products = trace.raw_scores || trace.scaled_scores;
    const bool plain_scores = !mask.allow && !mask.add && !p.alibi;
    long packed_kv[parallel::kMaxSlots];
    bool v_finite[parallel::kMaxSlots] = {};
    std::fill(packed_kv, packed_kv + parallel::kMaxSlots, -1L);

    parallel::parallel_for(0, heads * blocks, work, [&](long item, int slot) {
        const long head = item / blocks;
        const int b = static_cast<int>(head / p.H), h = static_cast<int>(head % p.H);
        const int i0 = static_cast<int>(item % blocks) * detail::kPlainBlock;
        const int rows = std::min(detail::kPlainBlock, p.Nq - i0);
        float* kp_s = kp.p ? kp.p + slot * kp_size : nullptr;
        float* vp_s = vp.p ? vp.p + slot * vp_size : nullptr;
        float* qn_s = qn.p ? qn.p + slot * nq * d : nullptr;
        float* kn_s = kn.p ? kn.p + slot * nk * d : nullptr;
        const long qh = (static_cast<long>(b) * p.H + h) * nq * d;
        const long kvh = static_cast<long>(b) * p.Hkv + h / group;
        const long sh = (static_cast<long>(b) * p.H + h) * nq * nk;  // this head's scores
        const float* qs = q + qh;
        const float* ks = k + kvh * nk * d;
        const float* vh = v + kvh * nk * dv;
        // Cosine's raw scores are the unnormalised q.k, a product of its own;
        // for Dot they are S itself, copied in plain_block before scaling.
        if (trace.raw_scores && cosine)
            matmul_nt(trace.raw_scores + sh + static_cast<long>(i0) * nk, qs + i0 * d, ks, rows, p.D, p.Nk);
        if (cosine) {  // the block's rows of the head's normalised queries
            l2_normalize(qn_s + i0 * d, qs + i0 * d, rows, p.D, p.eps);
            qs = qn_s;
        }
        if (packed_kv[slot] != kvh) {  // the blocks and the heads of one GQA group share it
            // A head whose v holds NaN or inf takes the per-row path of plain_block.
            v_finite[slot] = detail::all_finite(vh, static_cast<long>(nk * dv));
            if (cosine) l2_normalize(kn_s, ks, p.Nk, p.D, p.eps);
            detail::gemm_pack_b(kp_s, {cosine ? kn_s : ks, 1, p.D}, p.D, p.Nk);
            if (v_finite[slot]) detail::gemm_pack_b(vp_s, {vh, p.Dv, 1}, p.Nk, p.Dv);
            packed_kv[slot] = kvh;
        }
        const detail::PlainHead hd{qs, vh, kp_s, vp_s,
                                   out + (static_cast<long>(b) * p.H + h) * nq * dv,
                                   weights ? weights + sh : nullptr,
                                   scores.p ? scores.p + slot * detail::kPlainBlock * nk : nullptr,
                                   b, h, sh, factor, p.alibi ? slopes.p[h] : 0.f, v_finite[slot], plain_scores,
                                   full_products};
        detail::plain_block(hd, mask, p, trace, i0, rows);
    });
    return Status::Ok;
}

}  // namespace attnscope
