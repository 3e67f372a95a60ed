// x @ W on the matmul kernel, then the bias added to every row; the
// elementwise helpers of the layers built on it (SIMD loop plus scalar tail).
#include "attnscope/linear.h"
#include "attnscope/matmul.h"
#include "attnscope/simd.h"

namespace attnscope {

void linear(float* out, const float* x, const float* W, const float* b, int R, int K, int N) {
    matmul(out, x, W, R, K, N);
    if (!b) return;
    for (int r = 0; r < R; ++r) axpy(out + static_cast<long>(r) * N, 1.f, b, N);
}

void multiply(float* out, const float* a, const float* b, long n) {
    long i = 0;
#if ATTNSCOPE_SIMD
    using fb = xsimd::batch<float>;
    constexpr long W = static_cast<long>(fb::size);
    for (; i + W <= n; i += W)
        (fb::load_unaligned(a + i) * fb::load_unaligned(b + i)).store_unaligned(out + i);
#endif
    for (; i < n; ++i) out[i] = a[i] * b[i];
}

void add_biased(float* out, const float* a, const float* b, const float* bias, long rows, int cols) {
    for (long r = 0; r < rows; ++r) {
        const long o = r * cols;
        float* y = out + o;
        const float* ar = a + o;
        const float* br = b ? b + o : nullptr;
        int c = 0;
#if ATTNSCOPE_SIMD
        using fb = xsimd::batch<float>;
        constexpr int W = static_cast<int>(fb::size);
        for (; c + W <= cols; c += W) {
            fb v = br ? fb::load_unaligned(br + c) : fb(0.f);
            if (bias) v = br ? v + fb::load_unaligned(bias + c) : fb::load_unaligned(bias + c);
            (fb::load_unaligned(ar + c) + v).store_unaligned(y + c);
        }
#endif
        for (; c < cols; ++c) {
            float v = br ? br[c] : 0.f;
            if (bias) v = br ? v + bias[c] : bias[c];
            y[c] = ar[c] + v;
        }
    }
}

}  // namespace attnscope
