// LayerNorm, RMSNorm and L2 normalisation over the last dim (C) of each row.
// The statistics: LayerNorm's mean and centred variance are summed in double
// on purpose (scalar: offset data such as x = 1e4 + noise loses every digit
// in float sums; the layerNormOffsetData fixture checks it), RMSNorm's and
// L2's sums of squares use the SIMD dot. The per-element pass is a SIMD loop
// plus a scalar tail (affine_row).
#include "attnscope/norm.h"
#include <algorithm>
#include <cmath>
#include "attnscope/matmul.h"
#include "attnscope/simd.h"

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

}  // namespace

void layer_norm(float* out, const float* x, const float* w, const float* b,
                int rows, int C, float eps) {
    for (int r = 0; r < rows; ++r) {
        const float* xr = x + static_cast<long>(r) * C;
        // Two passes (mean, then centred variance) for accuracy on offset data.
        double mean = 0.0;
        for (int c = 0; c < C; ++c) mean += xr[c];
        mean /= C;
        double var = 0.0;
        for (int c = 0; c < C; ++c) var += (xr[c] - mean) * (xr[c] - mean);
        var /= C;
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
