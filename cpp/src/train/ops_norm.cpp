// RMSNorm and LayerNorm, forward and backward (ops.h). Row statistics in float;
// RMSNorm (the llama family's) as SIMD loops plus tails (vec.h).
#include <cmath>
#include "attnscope/train/ops.h"
#include "vec.h"

namespace attnscope::train {

using Z = std::size_t;

void rmsnorm_forward(float* out, float* rstd, const float* x, const float* w, int N, int C, float eps) {
    for (int n = 0; n < N; ++n) {
        const float* xr = x + Z(n) * C;
        float* o = out + Z(n) * C;
        const float r = 1.f / std::sqrt(vec::dot(xr, xr, C) / C + eps);
        int c = 0;
#if ATTNSCOPE_SIMD
        for (; c + vec::W <= C; c += vec::W)
            (vec::fb::load_unaligned(w + c) * (vec::fb(r) * vec::fb::load_unaligned(xr + c))).store_unaligned(o + c);
#endif
        for (; c < C; ++c) o[c] = w[c] * (r * xr[c]);
        rstd[n] = r;
    }
}

void rmsnorm_backward(float* dx, float* dw, const float* dout, const float* x, const float* w,
                      const float* rstd, int N, int C) {
    for (int n = 0; n < N; ++n) {
        const float* xr = x + Z(n) * C;
        const float* g = dout + Z(n) * C;
        const float r = rstd[n];
        const float dot = vec::dot3(w, g, xr, C);  // sum_c w dout x
        const float k = r * r * r * dot / C;
        int c = 0;
#if ATTNSCOPE_SIMD
        using vec::fb;
        const fb vr(r), vk(k);
        for (; c + vec::W <= C; c += vec::W) {
            const fb gc = fb::load_unaligned(g + c), xc = fb::load_unaligned(xr + c);
            if (dx) {
                float* d = dx + Z(n) * C + c;
                (fb::load_unaligned(d) + (vr * fb::load_unaligned(w + c) * gc - vk * xc)).store_unaligned(d);
            }
            if (dw) (fb::load_unaligned(dw + c) + gc * xc * vr).store_unaligned(dw + c);
        }
#endif
        for (; c < C; ++c) {
            if (dx) dx[Z(n) * C + c] += r * w[c] * g[c] - k * xr[c];
            if (dw) dw[c] += g[c] * xr[c] * r;
        }
    }
}

void layernorm_forward(float* out, float* mean, float* rstd, const float* x, const float* w,
                       const float* b, int N, int C, float eps) {
    for (int n = 0; n < N; ++n) {
        const float* xr = x + Z(n) * C;
        float* o = out + Z(n) * C;
        float s = 0.f;
        for (int c = 0; c < C; ++c) s += xr[c];
        const float m = s / C;
        float v = 0.f;
        for (int c = 0; c < C; ++c) v += (xr[c] - m) * (xr[c] - m);
        const float r = 1.f / std::sqrt(v / C + eps);
        for (int c = 0; c < C; ++c) o[c] = (xr[c] - m) * r * w[c] + (b ? b[c] : 0.f);
        mean[n] = m;
        rstd[n] = r;
    }
}

void layernorm_backward(float* dx, float* dw, float* db, const float* dout, const float* x,
                        const float* w, const float* mean, const float* rstd, int N, int C) {
    for (int n = 0; n < N; ++n) {
        const float* xr = x + Z(n) * C;
        const float* g = dout + Z(n) * C;
        const float m = mean[n], r = rstd[n];
        float g_mean = 0.f, gx_mean = 0.f;
        for (int c = 0; c < C; ++c) {
            const float gc = g[c] * w[c];
            g_mean += gc;
            gx_mean += gc * (xr[c] - m) * r;
        }
        g_mean /= C;
        gx_mean /= C;
        for (int c = 0; c < C; ++c) {
            const float xh = (xr[c] - m) * r;
            if (dx) dx[Z(n) * C + c] += r * (g[c] * w[c] - g_mean - xh * gx_mean);
            if (dw) dw[c] += g[c] * xh;
            if (db) db[c] += g[c];
        }
    }
}

}  // namespace attnscope::train
