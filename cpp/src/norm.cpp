// LayerNorm, RMSNorm and L2 normalisation over the last dim (C) of each row.
// The statistics: LayerNorm's mean and centred variance are summed in double
// on purpose (scalar: offset data such as x = 1e4 + noise loses every digit
// in float sums; the layerNormOffsetData fixture checks it; the SIMD path
// widens each f32x4 into two f64x2), RMSNorm's and L2's sums of squares use
// the SIMD dot. The per-element pass is a SIMD loop
// plus a scalar tail (affine_row).
#include "attnscope/norm.h"
#include <algorithm>
#include <cmath>
#include "attnscope/matmul.h"
#include "attnscope/simd.h"
#if ATTNSCOPE_SIMD
#include <emmintrin.h>
#endif

namespace attnscope {

namespace {

// o[c] = (x[c] - mu) * inv * (w ? w[c] : 1) + (b ? b[c] : 0)
void affine_row(float* o, const float* x, float mu, float inv, const float* w, const float* b, int C) {
    int c = 0;
#if ATTNSCOPE_SIMD
    using fb = xsimd::batch<float>;
    constexpr int W = static_cast<int>(fb::size);
    const fb vmu(mu), vinv(inv);
    for (; c + W <= C; c += W) {
        fb y = (fb::load_unaligned(x + c) - vmu) * vinv;
        if (w) y *= fb::load_unaligned(w + c);
        if (b) y += fb::load_unaligned(b + c);
        y.store_unaligned(o + c);
    }
#endif
    for (; c < C; ++c) {
        float y = (x[c] - mu) * inv;
        if (w) y *= w[c];
        if (b) y += b[c];
        o[c] = y;
    }
}

// LayerNorm's statistics of one row in double: mean = sum x / C, then
// var = sum (x - mean)^2 / C. SIMD: each f32x4 is widened into two f64x2
// (one accumulator each, so two adds run at once), a scalar tail.
void row_moments(const float* x, int C, double& mean, double& var) {
    int c = 0;
    double s = 0.0;
#if ATTNSCOPE_SIMD
    __m128d s0 = _mm_setzero_pd(), s1 = _mm_setzero_pd();
    for (; c + 4 <= C; c += 4) {
        const __m128 v = _mm_loadu_ps(x + c);
        s0 = _mm_add_pd(s0, _mm_cvtps_pd(v));
        s1 = _mm_add_pd(s1, _mm_cvtps_pd(_mm_movehl_ps(v, v)));
    }
    s0 = _mm_add_pd(s0, s1);
    s = _mm_cvtsd_f64(s0) + _mm_cvtsd_f64(_mm_unpackhi_pd(s0, s0));
#endif
    for (; c < C; ++c) s += x[c];
    mean = s / C;
    c = 0;
    double q = 0.0;
#if ATTNSCOPE_SIMD
    const __m128d m = _mm_set1_pd(mean);
    __m128d q0 = _mm_setzero_pd(), q1 = _mm_setzero_pd();
    for (; c + 4 <= C; c += 4) {
        const __m128 v = _mm_loadu_ps(x + c);
        const __m128d d0 = _mm_sub_pd(_mm_cvtps_pd(v), m), d1 = _mm_sub_pd(_mm_cvtps_pd(_mm_movehl_ps(v, v)), m);
        q0 = _mm_add_pd(q0, _mm_mul_pd(d0, d0));
        q1 = _mm_add_pd(q1, _mm_mul_pd(d1, d1));
    }
    q0 = _mm_add_pd(q0, q1);
    q = _mm_cvtsd_f64(q0) + _mm_cvtsd_f64(_mm_unpackhi_pd(q0, q0));
#endif
    for (; c < C; ++c) q += (x[c] - mean) * (x[c] - mean);
    var = q / C;
}

}  // namespace

void layer_norm(float* out, const float* x, const float* w, const float* b,
                int rows, int C, float eps) {
    for (int r = 0; r < rows; ++r) {
        const float* xr = x + static_cast<long>(r) * C;
        // Two passes (mean, then centred variance) for accuracy on offset data.
        double mean, var;
        row_moments(xr, C, mean, var);
        const float inv = static_cast<float>(1.0 / std::sqrt(var + eps));
        affine_row(out + static_cast<long>(r) * C, xr, static_cast<float>(mean), inv, w, b, C);
    }
}

void rms_norm(float* out, const float* x, const float* w, int rows, int C, float eps) {
    for (int r = 0; r < rows; ++r) {
        const float* xr = x + static_cast<long>(r) * C;
        const float ms = dot(xr, xr, C) / static_cast<float>(C);
        affine_row(out + static_cast<long>(r) * C, xr, 0.f, 1.f / std::sqrt(ms + eps), w, nullptr, C);
    }
}

void l2_normalize(float* out, const float* x, int rows, int C, float eps) {
    for (int r = 0; r < rows; ++r) {
        const float* xr = x + static_cast<long>(r) * C;
        const float inv = 1.f / std::max(std::sqrt(dot(xr, xr, C)), eps);
        affine_row(out + static_cast<long>(r) * C, xr, 0.f, inv, nullptr, nullptr, C);
    }
}

}  // namespace attnscope
