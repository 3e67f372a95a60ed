// out[r, c] = exp(x[r, c] / T - m_r) / sum_c exp(x[r, c] / T - m_r), m_r the
// row max (so no exp overflows). NaN anywhere in a row gives a NaN row; a row
// of only -inf gives zeros. The max and the scaling run as SIMD loops plus a
// scalar tail; the exponentials are vec_exp.h's (scalar std::exp without SIMD).
#include "attnscope/softmax.h"
#include <cmath>
#include <limits>
#include "attnscope/matmul.h"
#include "attnscope/simd.h"
#include "vec_exp.h"

namespace attnscope {

namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();

// max_c x[c] * inv_t, or NaN when a scaled entry is NaN.
float scaled_row_max(const float* x, int n, float inv_t) {
    int c = 0;
    float m = kNegInf;
    bool nan = false;
#if ATTNSCOPE_SIMD
    using fb = xsimd::batch<float>;
    constexpr int W = static_cast<int>(fb::size);
    fb vm(kNegInf);
    auto vnan = fb(0.f) != fb(0.f);
    const fb vt(inv_t);
    for (; c + W <= n; c += W) {
        const fb s = fb::load_unaligned(x + c) * vt;
        vm = xsimd::max(vm, s);
        vnan = vnan || xsimd::isnan(s);
    }
    nan = xsimd::any(vnan);
    alignas(16) float lanes[W];
    vm.store_aligned(lanes);
    for (float v : lanes) m = v > m ? v : m;
#endif
    for (; c < n; ++c) {
        const float s = x[c] * inv_t;
        if (s > m) m = s;
        if (std::isnan(s)) nan = true;
    }
    return nan ? std::numeric_limits<float>::quiet_NaN() : m;
}

}  // namespace

void softmax(float* out, const float* x, int rows, int cols, float temperature) {
    const float inv_t = 1.f / temperature;
    for (int r = 0; r < rows; ++r) {
        const float* xr = x + static_cast<long>(r) * cols;
        float* orow = out + static_cast<long>(r) * cols;
        const float m = scaled_row_max(xr, cols, inv_t);
        if (std::isnan(m) || m == kNegInf) {
            // NaN propagates to the whole row; an all -inf row has no mass.
            const float fill = std::isnan(m) ? std::numeric_limits<float>::quiet_NaN() : 0.f;
            for (int c = 0; c < cols; ++c) orow[c] = fill;
            continue;
        }
        const float sum = detail::exp_affine_sum(orow, xr, cols, inv_t, m);
        scale(orow, 1.f / sum, cols);
    }
}

}  // namespace attnscope
