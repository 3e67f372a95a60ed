// matmul, matmul_batched, matmul_nt, matmul_tn, dot, axpy, scale against float64 loops.
#include <gtest/gtest.h>
#include <string>
#include <vector>
#include "attnscope/matmul.h"
#include "reference.h"

namespace {

using ref::kF32Rel;
using ref::kF32SumRel;

std::string shape_name(int M, int K, int N) {
    return std::to_string(M) + "x" + std::to_string(K) + " @ " + std::to_string(K) + "x" +
           std::to_string(N);
}

TEST(Matmul, MatchesFloat64OnShapesWithSimdTails) {
    ref::Rng rng(ref::kSeed);
    for (int N : ref::kTailSizes)
        for (int K : {1, 7, 65, 130})
            for (int M : {1, 3}) {
                const auto a = rng.floats(M * K), b = rng.floats(K * N);
                std::vector<float> out(M * N);
                attnscope::matmul(out.data(), a.data(), b.data(), M, K, N);
                ref::expect_close(out, ref::matmul(ref::widen(a), ref::widen(b), M, K, N),
                                  kF32SumRel, shape_name(M, K, N), {M, N});
            }
}

TEST(Matmul, WritesExactlyItsOutput) {
    ref::Rng rng(ref::kSeed + 1);
    const int M = 3, K = 5, N = 17;
    const auto a = rng.floats(M * K), b = rng.floats(K * N);
    std::vector<float> buf(M * N + 8, 123.f);
    attnscope::matmul(buf.data() + 4, a.data(), b.data(), M, K, N);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(buf[i], 123.f) << "wrote before out at " << i;
        EXPECT_EQ(buf[4 + M * N + i], 123.f) << "wrote past out at " << i;
    }
}

TEST(MatmulNt, MatchesMatmulOfTheTranspose) {
    ref::Rng rng(ref::kSeed + 2);
    for (int K : ref::kTailSizes)
        for (int N : {1, 17, 65}) {
            const int M = 7;
            const auto a = rng.floats(M * K), bt = rng.floats(N * K);
            std::vector<double> b(K * N);  // b[k, j] = bt[j, k]
            for (int j = 0; j < N; ++j)
                for (int k = 0; k < K; ++k) b[k * N + j] = bt[j * K + k];
            std::vector<float> out(M * N);
            attnscope::matmul_nt(out.data(), a.data(), bt.data(), M, K, N);
            ref::expect_close(out, ref::matmul(ref::widen(a), b, M, K, N), kF32SumRel,
                              "a @ bt^T " + shape_name(M, K, N), {M, N});
        }
}

TEST(MatmulTn, MatchesMatmulOfTheTranspose) {
    ref::Rng rng(ref::kSeed + 3);
    for (int N : ref::kTailSizes)
        for (int K : {1, 7, 65}) {
            const int M = 5;
            const auto at = rng.floats(K * M), b = rng.floats(K * N);
            std::vector<double> a(M * K);  // a[i, k] = at[k, i]
            for (int k = 0; k < K; ++k)
                for (int i = 0; i < M; ++i) a[i * K + k] = at[k * M + i];
            std::vector<float> out(M * N);
            attnscope::matmul_tn(out.data(), at.data(), b.data(), M, K, N);
            ref::expect_close(out, ref::matmul(a, ref::widen(b), M, K, N), kF32SumRel,
                              "at^T @ b " + shape_name(M, K, N), {M, N});
        }
}

TEST(MatmulBatched, BroadcastsThroughIndexLists) {
    // a has 2 matrices, b has 3; out[t] = a[ai[t]] @ b[bi[t]] as torch.matmul broadcasting would.
    ref::Rng rng(ref::kSeed + 3);
    const int M = 3, K = 17, N = 7;
    const auto a = rng.floats(2 * M * K), b = rng.floats(3 * K * N);
    const std::vector<int> ai = {0, 1, 0, 1, 0, 1}, bi = {0, 0, 1, 1, 2, 2};
    const int batch = static_cast<int>(ai.size());
    std::vector<float> out(batch * M * N);
    attnscope::matmul_batched(out.data(), a.data(), b.data(), ai.data(), bi.data(), batch, M, K, N);
    for (int t = 0; t < batch; ++t) {
        const std::vector<double> at(a.begin() + ai[t] * M * K, a.begin() + (ai[t] + 1) * M * K);
        const std::vector<double> bt(b.begin() + bi[t] * K * N, b.begin() + (bi[t] + 1) * K * N);
        ref::expect_close(out.data() + t * M * N, ref::matmul(at, bt, M, K, N).data(), M * N,
                          kF32SumRel, "batch " + std::to_string(t), {M, N});
    }
}

// The packed engine's edges: rows not a multiple of the 4-row tile, columns
// not a multiple of the 8-wide panel, K over one 256-deep block; all three
// layouts (a @ b, a @ bt^T, at^T @ b) on each.
TEST(Matmul, AllLayoutsMatchFloat64AcrossTileAndBlockEdges) {
    ref::Rng rng(ref::kSeed + 4);
    for (int M : {5, 8, 11})
        for (int K : {255, 257, 600})
            for (int N : {9, 16, 23}) {
                const auto a = rng.floats(M * K), b = rng.floats(K * N);
                std::vector<float> at(K * M), bt(N * K);
                for (int i = 0; i < M; ++i)
                    for (int k = 0; k < K; ++k) at[k * M + i] = a[i * K + k];
                for (int k = 0; k < K; ++k)
                    for (int j = 0; j < N; ++j) bt[j * K + k] = b[k * N + j];
                const auto want = ref::matmul(ref::widen(a), ref::widen(b), M, K, N);
                std::vector<float> out(M * N, -7.f);
                attnscope::matmul(out.data(), a.data(), b.data(), M, K, N);
                ref::expect_close(out, want, kF32SumRel, "a @ b " + shape_name(M, K, N), {M, N});
                std::fill(out.begin(), out.end(), -7.f);
                attnscope::matmul_nt(out.data(), a.data(), bt.data(), M, K, N);
                ref::expect_close(out, want, kF32SumRel, "a @ bt^T " + shape_name(M, K, N), {M, N});
                std::fill(out.begin(), out.end(), -7.f);
                attnscope::matmul_tn(out.data(), at.data(), b.data(), M, K, N);
                ref::expect_close(out, want, kF32SumRel, "at^T @ b " + shape_name(M, K, N), {M, N});
            }
}

TEST(Matmul, ZeroKGivesZeros) {
    std::vector<float> out(6, 5.f);
    attnscope::matmul(out.data(), nullptr, nullptr, 2, 0, 3);
    for (float v : out) EXPECT_EQ(v, 0.f);
}

TEST(Dot, MatchesFloat64OnSimdTailLengths) {
    ref::Rng rng(ref::kSeed + 4);
    for (int n : {1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 65, 130, 1000}) {
        const auto a = rng.floats(n), b = rng.floats(n);
        double want = 0.0;
        for (int i = 0; i < n; ++i) want += static_cast<double>(a[i]) * b[i];
        const float got = attnscope::dot(a.data(), b.data(), n);
        ref::expect_close(&got, &want, 1, kF32SumRel, "dot n=" + std::to_string(n));
    }
}

TEST(Dot, OfEmptyVectorsIsZero) {
    const float x = 1.f;
    EXPECT_EQ(attnscope::dot(&x, &x, 0), 0.f);
}

TEST(Axpy, MatchesFloat64OnSimdTailLengths) {
    ref::Rng rng(ref::kSeed + 5);
    for (int n : ref::kTailSizes) {
        const auto x = rng.floats(n);
        auto y = rng.floats(n);
        std::vector<double> want(n);
        for (int i = 0; i < n; ++i) want[i] = y[i] + 0.37 * x[i];
        attnscope::axpy(y.data(), 0.37f, x.data(), n);
        ref::expect_close(y, want, kF32Rel, "axpy n=" + std::to_string(n));
    }
}

TEST(Scale, MatchesFloat64OnSimdTailLengths) {
    ref::Rng rng(ref::kSeed + 6);
    for (int n : ref::kTailSizes) {
        auto y = rng.floats(n);
        std::vector<double> want(n);
        for (int i = 0; i < n; ++i) want[i] = -2.5 * y[i];
        attnscope::scale(y.data(), -2.5f, n);
        ref::expect_close(y, want, kF32Rel, "scale n=" + std::to_string(n));
    }
}

}  // namespace
