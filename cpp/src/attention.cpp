// Textbook attention: S = Q K^T * factor, masks and biases, softmax, S V.
// Materialises S (Nq, Nk) per head: the reference the flash path must equal;
// attention_traced also keeps each stage of S for the visualisations.
#include "attnscope/attention.h"
#include <algorithm>
#include "attention_common.h"
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

Status attention_traced(float* out, float* weights, const float* q, const float* k,
                        const float* v, const MaskView& mask, const AttentionParams& p,
                        const AttentionTrace& trace) {
    if (Status s = check_attention_params(p); s != Status::Ok) return s;
    const std::uint64_t nq = p.Nq, nk = p.Nk, d = p.D, dv = p.Dv;
    const bool cosine = p.kind == AttentionKind::Cosine;
    detail::Scratch scores(weights ? 0 : nq * nk);
    detail::Scratch qn(cosine ? nq * d : 0), kn(cosine ? nk * d : 0);
    detail::Scratch slopes(p.alibi ? p.H : 0);
    const bool scores_missing = !weights && nq * nk != 0 && !scores.p;
    const bool norms_missing = cosine && ((nq * d != 0 && !qn.p) || (nk * d != 0 && !kn.p));
    if (scores_missing || norms_missing || (p.alibi && !slopes.p)) return Status::OutOfMemory;
    if (p.alibi) alibi_slopes(slopes.p, p.H);
    const float factor = detail::score_factor(p);
    const int group = p.H / p.Hkv;

    for (int b = 0; b < p.B; ++b) {
        for (int h = 0; h < p.H; ++h) {
            const long qh = (static_cast<long>(b) * p.H + h) * nq * d;
            const long kvh = static_cast<long>(b) * p.Hkv + h / group;
            const long sh = (static_cast<long>(b) * p.H + h) * nq * nk;  // this head's scores
            float* S = weights ? weights + sh : scores.p;
            const float* qs = q + qh;
            const float* ks = k + kvh * nk * d;
            // Cosine's raw scores are the unnormalised q.k, a product of its own;
            // for Dot they are S itself, copied below before scaling.
            if (trace.raw_scores && cosine) matmul_nt(trace.raw_scores + sh, qs, ks, p.Nq, p.D, p.Nk);
            if (cosine) {
                l2_normalize(qn.p, qs, p.Nq, p.D, p.eps);
                l2_normalize(kn.p, ks, p.Nk, p.D, p.eps);
                qs = qn.p;
                ks = kn.p;
            }
            matmul_nt(S, qs, ks, p.Nq, p.D, p.Nk);
            if (trace.raw_scores && !cosine) std::copy(S, S + nq * nk, trace.raw_scores + sh);
            const float slope = p.alibi ? slopes.p[h] : 0.f;
            for (int i = 0; i < p.Nq; ++i) {
                int lo, hi;
                allowed_key_range(p, i, &lo, &hi);
                const long row = detail::mask_row(mask, b, h, i);
                const int ip = i + p.Nk - p.Nq;
                float* Si = S + static_cast<long>(i) * nk;
                float* scaled = trace.scaled_scores ? trace.scaled_scores + sh + i * nk : nullptr;
                for (int j = 0; j < p.Nk; ++j) {
                    const float s = Si[j] * factor;
                    if (scaled) scaled[j] = s;
                    Si[j] = (j < lo || j >= hi) ? detail::kNegInf
                                                : detail::biased_score(s, mask, row, j, slope, ip);
                }
                if (trace.masked_scores) std::copy(Si, Si + nk, trace.masked_scores + sh + i * nk);
            }
            softmax(S, S, p.Nq, p.Nk, 1.f);
            // out_i = sum_j w_ij v_j over the keys with w_ij != 0 only, as flash
            // does: a masked key's NaN/inf in v never leaks into the output.
            const float* vh = v + kvh * nk * dv;
            for (int i = 0; i < p.Nq; ++i) {
                float* oi = out + (static_cast<long>(b) * p.H + h) * nq * dv + i * dv;
                const float* Si = S + static_cast<long>(i) * nk;
                std::fill(oi, oi + dv, 0.f);
                for (int j = 0; j < p.Nk; ++j)
                    if (Si[j] != 0.f) axpy(oi, Si[j], vh + j * dv, p.Dv);
            }
        }
    }
    return Status::Ok;
}

}  // namespace attnscope
