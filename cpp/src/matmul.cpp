// out (M,N) = a (M,K) @ b (K,N), i-k-j order so the inner loop runs along
// contiguous rows of b and out; SIMD keeps a 4-batch strip of out in registers.
#include "attnscope/matmul.h"
#include "attnscope/simd.h"

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
    for (int i = 0; i < M; ++i) {
        const float* ai = a + static_cast<long>(i) * K;
        float* oi = out + static_cast<long>(i) * N;
        int j = 0;
#if ATTNSCOPE_SIMD
        // Strip of 4 batches of out[i, j..j+4W) accumulated over all k.
        for (; j + 4 * W <= N; j += 4 * W) {
            fb c0(0.f), c1(0.f), c2(0.f), c3(0.f);
            const float* bk = b + j;
            for (int k = 0; k < K; ++k, bk += N) {
                const fb aik(ai[k]);
                c0 = xsimd::fma(aik, fb::load_unaligned(bk), c0);
                c1 = xsimd::fma(aik, fb::load_unaligned(bk + W), c1);
                c2 = xsimd::fma(aik, fb::load_unaligned(bk + 2 * W), c2);
                c3 = xsimd::fma(aik, fb::load_unaligned(bk + 3 * W), c3);
            }
            c0.store_unaligned(oi + j);
            c1.store_unaligned(oi + j + W);
            c2.store_unaligned(oi + j + 2 * W);
            c3.store_unaligned(oi + j + 3 * W);
        }
        for (; j + W <= N; j += W) {
            fb c(0.f);
            const float* bk = b + j;
            for (int k = 0; k < K; ++k, bk += N) c = xsimd::fma(fb(ai[k]), fb::load_unaligned(bk), c);
            c.store_unaligned(oi + j);
        }
#endif
        // Scalar tail (and the whole row in the scalar build).
        for (int jj = j; jj < N; ++jj) oi[jj] = 0.f;
        for (int k = 0; k < K; ++k) {
            const float aik = ai[k];
            const float* bk = b + static_cast<long>(k) * N;
            for (int jj = j; jj < N; ++jj) oi[jj] += aik * bk[jj];
        }
    }
}

void matmul_batched(float* out, const float* a, const float* b, const int* a_index,
                    const int* b_index, int batch, int M, int K, int N) {
    const long mk = static_cast<long>(M) * K, kn = static_cast<long>(K) * N,
               mn = static_cast<long>(M) * N;
    for (int t = 0; t < batch; ++t)
        matmul(out + t * mn, a + a_index[t] * mk, b + b_index[t] * kn, M, K, N);
}

void matmul_nt(float* out, const float* a, const float* bt, int M, int K, int N) {
    for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j)
            out[static_cast<long>(i) * N + j] =
                dot(a + static_cast<long>(i) * K, bt + static_cast<long>(j) * K, K);
}

void matmul_tn(float* out, const float* at, const float* b, int M, int K, int N) {
    for (long i = 0; i < static_cast<long>(M) * N; ++i) out[i] = 0.f;
    for (int k = 0; k < K; ++k) {
        const float* atk = at + static_cast<long>(k) * M;
        const float* bk = b + static_cast<long>(k) * N;
        for (int i = 0; i < M; ++i) axpy(out + static_cast<long>(i) * N, atk[i], bk, N);
    }
}

}  // namespace attnscope
