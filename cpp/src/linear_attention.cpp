// Linear attention: feature maps, then either the running sums S, z
// (recurrent) or the explicit a_ij = phi(q_i).phi(k_j) (quadratic).
#include "attnscope/linear_attention.h"
#include <algorithm>
#include <cmath>
#include "attention_common.h"
#include "attnscope/masks.h"
#include "attnscope/matmul.h"

namespace attnscope {

void linear_features(float* out, const float* x, int rows, int D, FeatureMap map,
                     const float* projection, int m) {
    if (map != FeatureMap::Performer) {
        const long n = static_cast<long>(rows) * D;
        if (map == FeatureMap::Identity) std::copy(x, x + n, out);
        else
            for (long c = 0; c < n; ++c)
                out[c] = map == FeatureMap::Relu ? std::max(x[c], 0.f) : x[c] > 0.f ? x[c] + 1.f : std::exp(x[c]);
        return;
    }
    // x' = c x with c = D^(-1/4): w.x' = c (w.x) and |x'|^2 / 2 = c^2 |x|^2 / 2.
    const float c = static_cast<float>(std::pow(static_cast<double>(D), -0.25));
    const float norm = static_cast<float>(1.0 / std::sqrt(static_cast<double>(m)));
    for (int r = 0; r < rows; ++r) {
        const float* xr = x + static_cast<long>(r) * D;
        const float half_sq = 0.5f * c * c * dot(xr, xr, D);
        float* o = out + static_cast<long>(r) * m;
        for (int f = 0; f < m; ++f) o[f] = std::exp(c * dot(projection + static_cast<long>(f) * D, xr, D) - half_sq) * norm;
    }
}

void performer_projection(float* out, int m, int D, std::uint64_t seed) {
    constexpr double kTwoPi = 6.283185307179586;  // M_PI is not standard C++
    SplitMix64 rng(seed);
    const long n = static_cast<long>(m) * D;
    for (long x = 0; x < n; ++x) {
        const double u1 = rng.uniform(), u2 = rng.uniform();
        out[x] = static_cast<float>(std::sqrt(-2.0 * std::log(1.0 - u1)) * std::cos(kTwoPi * u2));
    }
}

namespace {

// out_row (Dv) = phi_q^T S / (phi_q . z + eps), S (F, Dv), z (F); without normalize phi_q^T S.
void read_out(float* o, const float* phi_q, const float* S, const float* z, int F, int Dv,
              const LinearAttentionParams& p) {
    std::fill(o, o + Dv, 0.f);
    for (int f = 0; f < F; ++f) axpy(o, phi_q[f], S + static_cast<long>(f) * Dv, Dv);
    if (p.normalize) scale(o, 1.f / (dot(phi_q, z, F) + p.eps), Dv);
}

// One head, recurrent: S and z grow key by key; causal query i reads them once
// key i' is in, non-causal queries once every key is.
void head_recurrent(float* out, const float* phi_q, const float* phi_k, const float* v,
                    float* S, float* z, int F, const LinearAttentionParams& p) {
    const int shift = p.Nk - p.Nq;  // i' = i + shift
    std::fill(S, S + static_cast<long>(F) * p.Dv, 0.f);
    std::fill(z, z + F, 0.f);
    for (int j = 0; j < p.Nk; ++j) {
        const float* pk = phi_k + static_cast<long>(j) * F;
        for (int f = 0; f < F; ++f) axpy(S + static_cast<long>(f) * p.Dv, pk[f], v + static_cast<long>(j) * p.Dv, p.Dv);
        axpy(z, 1.f, pk, F);
        const int i = j - shift;
        if (p.causal && i >= 0 && i < p.Nq)
            read_out(out + static_cast<long>(i) * p.Dv, phi_q + static_cast<long>(i) * F, S, z, F, p.Dv, p);
    }
    for (int i = 0; i < p.Nq; ++i) {
        if (p.causal && i + shift >= 0) continue;  // written above
        float* o = out + static_cast<long>(i) * p.Dv;
        if (p.Nk == 0 || p.causal) std::fill(o, o + p.Dv, 0.f);  // no key: zero
        else read_out(o, phi_q + static_cast<long>(i) * F, S, z, F, p.Dv, p);
    }
}

// One head, quadratic: out_i = sum_j a_ij v_j / (sum_j a_ij + eps), or unnormalised sum_j a_ij v_j.
void head_quadratic(float* out, const float* phi_q, const float* phi_k, const float* v, int F,
                    const LinearAttentionParams& p) {
    for (int i = 0; i < p.Nq; ++i) {
        const int hi = p.causal ? std::clamp(i + p.Nk - p.Nq + 1, 0, p.Nk) : p.Nk;
        float* o = out + static_cast<long>(i) * p.Dv;
        std::fill(o, o + p.Dv, 0.f);
        if (hi == 0) continue;  // no key: zero
        float den = 0.f;
        for (int j = 0; j < hi; ++j) {
            const float a = dot(phi_q + static_cast<long>(i) * F, phi_k + static_cast<long>(j) * F, F);
            axpy(o, a, v + static_cast<long>(j) * p.Dv, p.Dv);
            den += a;
        }
        if (p.normalize) scale(o, 1.f / (den + p.eps), p.Dv);
    }
}

}  // namespace

Status linear_attention(float* out, const float* q, const float* k, const float* v,
                        const float* projection, const LinearAttentionParams& p) {
    const bool performer = p.feature_map == FeatureMap::Performer;
    if (p.B < 0 || p.H < 1 || p.Nq < 0 || p.Nk < 0 || p.D < 1 || p.Dv < 0 || !(p.eps >= 0.f))
        return Status::InvalidArgument;
    if (performer && (p.features < 1 || !projection)) return Status::InvalidArgument;
    const int F = performer ? p.features : p.D;
    const std::uint64_t fq = static_cast<std::uint64_t>(p.Nq) * F, fk = static_cast<std::uint64_t>(p.Nk) * F;
    const bool recurrent = p.form == LinearForm::Recurrent;
    const std::uint64_t fdv = recurrent ? static_cast<std::uint64_t>(F) * p.Dv : 0;
    detail::Scratch phi_q(fq), phi_k(fk), S(fdv), z(recurrent ? F : 0);
    if ((fq && !phi_q.p) || (fk && !phi_k.p) || (fdv && !S.p) || (recurrent && !z.p))
        return Status::OutOfMemory;

    for (long bh = 0; bh < static_cast<long>(p.B) * p.H; ++bh) {
        const float* vh = v + bh * p.Nk * p.Dv;
        float* oh = out + bh * p.Nq * p.Dv;
        linear_features(phi_q.p, q + bh * p.Nq * p.D, p.Nq, p.D, p.feature_map, projection, F);
        linear_features(phi_k.p, k + bh * p.Nk * p.D, p.Nk, p.D, p.feature_map, projection, F);
        if (recurrent) head_recurrent(oh, phi_q.p, phi_k.p, vh, S.p, z.p, F, p);
        else head_quadratic(oh, phi_q.p, phi_k.p, vh, F, p);
    }
    return Status::Ok;
}

}  // namespace attnscope
