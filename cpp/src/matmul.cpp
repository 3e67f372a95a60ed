// out (M,N) = a (M,K) @ b (K,N) and its transposed forms, all through the
// packed register-tile engine of gemm.cpp; dot, axpy and scale are the
// vector helpers of the per-row paths (SIMD loop plus scalar tail).
// Threaded builds split the three products over output panels, and a batch
// of products over its items (parallel/).
#include "attnscope/matmul.h"
#include "attnscope/simd.h"
#include "gemm.h"
#include "parallel/gemm_panels.h"
#include "parallel/parallel_for.h"

namespace attnscope {

#if ATTNSCOPE_SIMD
using fb = xsimd::batch<float>;
constexpr int W = static_cast<int>(fb::size);
#endif

float dot(const float* a, const float* b, int n) {
    int i = 0;
    float s = 0.f;
#if ATTNSCOPE_SIMD
    fb acc0(0.f), acc1(0.f);
    for (; i + 2 * W <= n; i += 2 * W) {
        acc0 = xsimd::fma(fb::load_unaligned(a + i), fb::load_unaligned(b + i), acc0);
        acc1 = xsimd::fma(fb::load_unaligned(a + i + W), fb::load_unaligned(b + i + W), acc1);
    }
    for (; i + W <= n; i += W)
        acc0 = xsimd::fma(fb::load_unaligned(a + i), fb::load_unaligned(b + i), acc0);
    s = xsimd::hadd(acc0 + acc1);
#endif
    for (; i < n; ++i) s += a[i] * b[i];
    return s;
}

void axpy(float* y, float alpha, const float* x, int n) {
    int i = 0;
#if ATTNSCOPE_SIMD
    const fb va(alpha);
    for (; i + W <= n; i += W)
        xsimd::fma(va, fb::load_unaligned(x + i), fb::load_unaligned(y + i)).store_unaligned(y + i);
#endif
    for (; i < n; ++i) y[i] += alpha * x[i];
}

void scale(float* y, float alpha, int n) {
    int i = 0;
#if ATTNSCOPE_SIMD
    const fb va(alpha);
    for (; i + W <= n; i += W) (fb::load_unaligned(y + i) * va).store_unaligned(y + i);
#endif
    for (; i < n; ++i) y[i] *= alpha;
}

void matmul(float* out, const float* a, const float* b, int M, int K, int N) {
    detail::gemm_panels(out, N, {a, K, 1}, {b, N, 1}, M, K, N, false);
}

void matmul_batched(float* out, const float* a, const float* b, const int* a_index,
                    const int* b_index, int batch, int M, int K, int N) {
    const long mk = static_cast<long>(M) * K, kn = static_cast<long>(K) * N,
               mn = static_cast<long>(M) * N;
    // Enough items for every thread: one whole product each (gemm on one thread
    // equals its panel split bit for bit, so the thread count changes nothing).
    if (batch > 1 && batch >= parallel::slots()) {
        parallel::parallel_for(0, batch, 2.0 * mn * K * batch, [&](long t, int) {
            detail::gemm(out + t * mn, N, {a + a_index[t] * mk, K, 1}, {b + b_index[t] * kn, N, 1}, M, K, N, false);
        });
        return;
    }
    for (int t = 0; t < batch; ++t)
        matmul(out + t * mn, a + a_index[t] * mk, b + b_index[t] * kn, M, K, N);
}

void matmul_nt(float* out, const float* a, const float* bt, int M, int K, int N) {
    detail::gemm_panels(out, N, {a, K, 1}, {bt, 1, K}, M, K, N, false);  // B[k, j] = bt[j, k]
}

void matmul_tn(float* out, const float* at, const float* b, int M, int K, int N) {
    detail::gemm_panels(out, N, {at, 1, M}, {b, N, 1}, M, K, N, false);  // A[i, k] = at[k, i]
}

}  // namespace attnscope
