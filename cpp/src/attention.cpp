// Textbook attention: S = Q K^T * factor, masks and biases, softmax, S V.
// Materialises S (Nq, Nk) per head: the reference the flash path must equal;
// attention_traced also keeps each stage of S for the visualisations.
// Both products run on the packed engine (gemm.h) for blocks of 64 queries,
// each over the keys its queries may see (causal and window skip the rest).
#include "attnscope/attention.h"
#include <algorithm>
#include "attention_common.h"
#include "gemm.h"
#include "parallel/parallel_for.h"
#include "vec_exp.h"
#include "attnscope/matmul.h"
#include "attnscope/norm.h"
#include "attnscope/position.h"
#include "attnscope/softmax.h"

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

namespace {

constexpr int kRowBlock = 64;  // queries per block: the block's key range bounds its products

// Keys [lo, hi) that any of queries [i0, i0 + rows) may see (empty: lo == hi).
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

bool all_finite(const float* x, long n) {
    for (long i = 0; i < n; ++i)
        if (!std::isfinite(x[i])) return false;
    return true;
}

}  // namespace

Status attention_traced(float* out, float* weights, const float* q, const float* k,
                        const float* v, const MaskView& mask, const AttentionParams& p,
                        const AttentionTrace& trace) {
    if (Status s = check_attention_params(p); s != Status::Ok) return s;
    const std::uint64_t nq = p.Nq, nk = p.Nk, d = p.D, dv = p.Dv;
    const bool cosine = p.kind == AttentionKind::Cosine;
    // One item per (batch, head); each thread slot has its own scratch.
    const long heads = static_cast<long>(p.B) * p.H;
    const double work = 2.0 * heads * nq * nk * static_cast<double>(d + dv);
    const std::uint64_t slots = parallel::slots_for(heads, work);
    detail::Scratch scores(weights ? 0 : slots * nq * nk);
    detail::Scratch qn(cosine ? slots * nq * d : 0), kn(cosine ? slots * nk * d : 0);
    detail::Scratch slopes(p.alibi ? p.H : 0);
    const bool scores_missing = !weights && nq * nk != 0 && !scores.p;
    const bool norms_missing = cosine && ((nq * d != 0 && !qn.p) || (nk * d != 0 && !kn.p));
    if (scores_missing || norms_missing || (p.alibi && !slopes.p)) return Status::OutOfMemory;
    if (p.alibi) alibi_slopes(slopes.p, p.H);
    const float factor = detail::score_factor(p);
    const int group = p.H / p.Hkv;
    // The traces show q.k for every pair: then no block skips keys it may not see.
    const bool full_products = trace.raw_scores || trace.scaled_scores;
    const bool plain_scores = !mask.allow && !mask.add && !p.alibi;

    parallel::parallel_for(0, heads, work, [&](long item, int slot) {
        {  // one head (the body kept its place from the former b, h loops)
            const int b = static_cast<int>(item / p.H), h = static_cast<int>(item % p.H);
            float* qn_p = qn.p ? qn.p + slot * nq * d : nullptr;
            float* kn_p = kn.p ? kn.p + slot * nk * d : nullptr;
            const long qh = (static_cast<long>(b) * p.H + h) * nq * d;
            const long kvh = static_cast<long>(b) * p.Hkv + h / group;
            const long sh = (static_cast<long>(b) * p.H + h) * nq * nk;  // this head's scores
            float* S = weights ? weights + sh : scores.p + slot * nq * nk;
            const float* qs = q + qh;
            const float* ks = k + kvh * nk * d;
            const float* vh = v + kvh * nk * dv;
            // Cosine's raw scores are the unnormalised q.k, a product of its own;
            // for Dot they are S itself, copied below before scaling.
            if (trace.raw_scores && cosine) matmul_nt(trace.raw_scores + sh, qs, ks, p.Nq, p.D, p.Nk);
            if (cosine) {
                l2_normalize(qn_p, qs, p.Nq, p.D, p.eps);
                l2_normalize(kn_p, ks, p.Nk, p.D, p.eps);
                qs = qn_p;
                ks = kn_p;
            }
            // S = Q K^T, block by block of queries over the keys the block may see.
            for (int i0 = 0; i0 < p.Nq; i0 += kRowBlock) {
                const int rows = std::min(kRowBlock, p.Nq - i0);
                int lo = 0, hi = p.Nk;
                if (!full_products) block_key_range(p, i0, rows, &lo, &hi);
                detail::gemm(S + static_cast<long>(i0) * nk + lo, p.Nk, {qs + i0 * d, p.D, 1},
                             {ks + lo * d, 1, p.D}, rows, p.D, hi - lo, false);
            }
            if (trace.raw_scores && !cosine) std::copy(S, S + nq * nk, trace.raw_scores + sh);
            const float slope = p.alibi ? slopes.p[h] : 0.f;
            for (int i = 0; i < p.Nq; ++i) {
                int lo, hi;
                allowed_key_range(p, i, &lo, &hi);
                const long row = detail::mask_row(mask, b, h, i);
                const int ip = i + p.Nk - p.Nq;
                float* Si = S + static_cast<long>(i) * nk;
                float* scaled = trace.scaled_scores ? trace.scaled_scores + sh + i * nk : nullptr;
                if (scaled)
                    for (int j = 0; j < p.Nk; ++j) scaled[j] = Si[j] * factor;
                std::fill(Si, Si + lo, detail::kNegInf);
                std::fill(Si + hi, Si + p.Nk, detail::kNegInf);
                if (plain_scores && !trace.masked_scores) {
                    detail::softmax_row(Si + lo, Si + lo, hi - lo, factor);  // scaling folded in
                } else {
                    for (int j = lo; j < hi; ++j)
                        Si[j] = plain_scores ? Si[j] * factor
                                             : detail::biased_score(Si[j] * factor, mask, row, j, slope, ip);
                    if (trace.masked_scores) std::copy(Si, Si + nk, trace.masked_scores + sh + i * nk);
                    // Softmax over the allowed range only; the keys outside get 0.
                    detail::softmax_row(Si + lo, Si + lo, hi - lo, 1.f);
                }
                const float rest = hi > lo && std::isnan(Si[lo]) ? Si[lo] : 0.f;  // a NaN row stays NaN
                std::fill(Si, Si + lo, rest);
                std::fill(Si + hi, Si + p.Nk, rest);
            }
            float* oh = out + (static_cast<long>(b) * p.H + h) * nq * dv;
            if (all_finite(vh, static_cast<long>(nk * dv))) {
                // out = W V block by block; a weight of 0 times a finite v adds nothing.
                for (int i0 = 0; i0 < p.Nq; i0 += kRowBlock) {
                    const int rows = std::min(kRowBlock, p.Nq - i0);
                    int lo, hi;
                    block_key_range(p, i0, rows, &lo, &hi);
                    detail::gemm(oh + i0 * dv, p.Dv, {S + static_cast<long>(i0) * nk + lo, p.Nk, 1},
                                 {vh + lo * dv, p.Dv, 1}, rows, hi - lo, p.Dv, false);
                }
            } else {
                // out_i = sum_j w_ij v_j over the keys with w_ij != 0 only, as flash
                // does: a masked key's NaN/inf in v never leaks into the output.
                for (int i = 0; i < p.Nq; ++i) {
                    float* oi = oh + i * dv;
                    const float* Si = S + static_cast<long>(i) * nk;
                    std::fill(oi, oi + dv, 0.f);
                    for (int j = 0; j < p.Nk; ++j)
                        if (Si[j] != 0.f) axpy(oi, Si[j], vh + j * dv, p.Dv);
                }
            }
        }
    });
    return Status::Ok;
}

}  // namespace attnscope
