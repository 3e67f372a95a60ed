// The gemm engine (cpp/src/gemm.h) on strided views against float64 loops:
// every layout of A and B it packs (row-major with padded rows, transposed,
// neither), sizes off every tile and block edge, overwrite and accumulate,
// and the pre-packed B entry. Both builds run it (SIMD and scalar kernels).
#include <gtest/gtest.h>
#include <string>
#include <vector>
#include "../../cpp/src/gemm.h"
#include "reference.h"

namespace {

using attnscope::detail::View;

// A matrix of rows x cols stored with strides (rs, cs) in a buffer padded with NaN:
// the engine must read only the elements the view names.
struct Strided {
    std::vector<float> buf;
    View view;
    std::vector<double> dense;  // row-major float64 copy
};

enum class Layout { kRowPadded, kTransposed, kScattered };
const char* name(Layout l) {
    return l == Layout::kRowPadded ? "row-major padded" : l == Layout::kTransposed ? "transposed" : "scattered";
}

Strided make(ref::Rng& rng, int rows, int cols, Layout layout) {
    long rs = cols + 3, cs = 1;  // kRowPadded
    if (layout == Layout::kTransposed) rs = 1, cs = rows + 2;
    if (layout == Layout::kScattered) rs = 2, cs = 2L * rows + 1;
    const long size = (rows - 1) * rs + (cols - 1) * cs + 1;
    Strided m{std::vector<float>(size, ref::kNaNF), {}, std::vector<double>(rows * cols)};
    const auto values = rng.floats(rows * cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            m.buf[r * rs + c * cs] = values[r * cols + c];
            m.dense[r * cols + c] = values[r * cols + c];
        }
    m.view = {m.buf.data(), rs, cs};
    return m;
}

// Runs out (ldo = N + 4, padding holding a sentinel) [+]= A @ B and checks the
// product and that the padding is untouched.
void check(ref::Rng& rng, int M, int K, int N, Layout la, Layout lb, bool accumulate, bool prepacked) {
    const Strided a = make(rng, M, K, la), b = make(rng, K, N, lb);
    const long ldo = N + 4;
    const float sentinel = 123.f;
    std::vector<float> out(M * ldo, sentinel);
    std::vector<double> want = ref::matmul(a.dense, b.dense, M, K, N);
    if (accumulate) {
        const auto c0 = rng.floats(M * N);
        for (int i = 0; i < M; ++i)
            for (int j = 0; j < N; ++j) out[i * ldo + j] = c0[i * N + j], want[i * N + j] += c0[i * N + j];
    }
    if (prepacked) {
        std::vector<float> bp(attnscope::detail::gemm_packed_size(K, N));
        attnscope::detail::gemm_pack_b(bp.data(), b.view, K, N);
        attnscope::detail::gemm(out.data(), ldo, a.view,
                                attnscope::detail::PackedB{bp.data(), static_cast<long>(K) * attnscope::detail::kGemmNR},
                                M, K, N, accumulate);
    } else {
        attnscope::detail::gemm(out.data(), ldo, a.view, b.view, M, K, N, accumulate);
    }
    std::vector<float> got(M * N);
    for (int i = 0; i < M; ++i) {
        for (int j = 0; j < N; ++j) got[i * N + j] = out[i * ldo + j];
        for (int j = N; j < ldo; ++j) ASSERT_EQ(out[i * ldo + j], sentinel) << "wrote padding at row " << i;
    }
    const std::string what = std::string(name(la)) + " A @ " + name(lb) + " B, " + std::to_string(M) + "x" +
                             std::to_string(K) + "x" + std::to_string(N) + (accumulate ? " accumulate" : "") +
                             (prepacked ? " prepacked" : "");
    ref::expect_close(got, want, ref::kF32SumRel, what, {M, N});
}

constexpr Layout kLayouts[] = {Layout::kRowPadded, Layout::kTransposed, Layout::kScattered};

TEST(Gemm, EveryLayoutOnOddSizesInEveryDimension) {
    ref::Rng rng(ref::kSeed + 20);
    for (int M : {1, 3, 7, 17, 65})
        for (int K : {1, 3, 7, 17, 65})
            for (int N : {1, 3, 7, 17, 65})
                for (Layout la : kLayouts)
                    for (Layout lb : kLayouts)
                        for (bool accumulate : {false, true}) check(rng, M, K, N, la, lb, accumulate, false);
}

TEST(Gemm, PrepackedBOnOddSizes) {
    ref::Rng rng(ref::kSeed + 21);
    for (int M : {1, 3, 7, 17, 65})
        for (int K : {1, 7, 65})
            for (int N : {1, 3, 17, 65})
                for (Layout la : kLayouts)
                    for (bool accumulate : {false, true}) check(rng, M, K, N, la, Layout::kTransposed, accumulate, true);
}

TEST(Gemm, AcrossRowBlockKSliceAndChunkEdges) {
    // 130 rows: two blocks of packed A (128 rows at a K slice of 512) and a
    // partial micro-panel; K 600: two K slices (512); N 70: one full chunk of
    // B panels (64) and a partial panel.
    ref::Rng rng(ref::kSeed + 22);
    for (Layout la : kLayouts)
        for (Layout lb : kLayouts)
            for (bool accumulate : {false, true}) check(rng, 130, 600, 70, la, lb, accumulate, false);
    for (bool accumulate : {false, true}) check(rng, 130, 600, 70, Layout::kRowPadded, Layout::kRowPadded, accumulate, true);
    // A thin K takes taller blocks of A (256 KB of them: 504 rows at K 130):
    // 515 rows are one such block and a partial one.
    for (Layout la : kLayouts)
        for (bool accumulate : {false, true}) check(rng, 515, 130, 70, la, Layout::kRowPadded, accumulate, false);
}

}  // namespace
