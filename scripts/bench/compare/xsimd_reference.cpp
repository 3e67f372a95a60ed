// The plain xsimd register-tile matmul that the side-by-side harness times
// next to attnscope's gemm (measurement only: built into build/wasm/bench/,
// never shipped). C (M,N) = A (M,K) @ B (K,N), row-major, read in place: no
// packing, no cache blocking. Each 4-row x 8-column tile of C keeps eight
// batch accumulators over all of K; per k one splat of A per row and two
// loads of B's row. Leftover rows go one at a time, leftover columns four
// at a time, then one at a time. Built with the same Emscripten and flags
// as the core (-O3 -msimd128 -msse4.1: xsimd's sse4.1 arch on wasm SIMD).
#include <xsimd/xsimd.hpp>

namespace {

using fb = xsimd::batch<float>;
constexpr int W = static_cast<int>(fb::size);
static_assert(W == 4, "the tile is written for 4-float batches");

// Rows [i, i + R) x columns [j, j + 8) of C.
template <int R>
void tile8(float* c, const float* a, const float* b, int i, int j, int K, int N) {
    fb lo[R], hi[R];
    for (int r = 0; r < R; ++r) lo[r] = fb(0.f), hi[r] = fb(0.f);
    const float* bk = b + j;
    for (int k = 0; k < K; ++k, bk += N) {
        const fb b0 = fb::load_unaligned(bk), b1 = fb::load_unaligned(bk + W);
        for (int r = 0; r < R; ++r) {
            const fb x(a[(i + r) * K + k]);
            lo[r] = xsimd::fma(x, b0, lo[r]);
            hi[r] = xsimd::fma(x, b1, hi[r]);
        }
    }
    for (int r = 0; r < R; ++r) {
        lo[r].store_unaligned(c + (i + r) * N + j);
        hi[r].store_unaligned(c + (i + r) * N + j + W);
    }
}

// Row i, columns [j, N): batches of 4, then single floats.
void row_tail(float* c, const float* a, const float* b, int i, int j, int K, int N) {
    for (; j + W <= N; j += W) {
        fb acc(0.f);
        for (int k = 0; k < K; ++k) acc = xsimd::fma(fb(a[i * K + k]), fb::load_unaligned(b + k * N + j), acc);
        acc.store_unaligned(c + i * N + j);
    }
    for (; j < N; ++j) {
        float s = 0.f;
        for (int k = 0; k < K; ++k) s += a[i * K + k] * b[k * N + j];
        c[i * N + j] = s;
    }
}

}  // namespace

extern "C" void xsimd_reference_matmul(float* c, const float* a, const float* b, int M, int K, int N) {
    const int n8 = N - N % 8;
    int i = 0;
    for (; i + 4 <= M; i += 4) {
        for (int j = 0; j < n8; j += 8) tile8<4>(c, a, b, i, j, K, N);
        for (int r = 0; r < 4; ++r) row_tail(c, a, b, i + r, n8, K, N);
    }
    for (; i < M; ++i) {
        for (int j = 0; j < n8; j += 8) tile8<1>(c, a, b, i, j, K, N);
        row_tail(c, a, b, i, n8, K, N);
    }
}
