// x @ W on the matmul kernel, then the bias added to every row.
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

}  // namespace attnscope
