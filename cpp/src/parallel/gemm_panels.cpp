#include "gemm_panels.h"
#include <algorithm>
#include "parallel_for.h"

namespace attnscope::detail {

namespace {
constexpr int kPanelRows = 64;   // gemm's row block (MC): splitting there repacks nothing extra
constexpr int kColumnStep = 16;  // column panels are multiples of this (the tile is 8 wide)
}  // namespace

void gemm_panels(float* out, long ldo, View a, View b, int M, int K, int N, bool accumulate) {
    const double work = 2.0 * M * K * N;
    const int slots = parallel::slots_for(static_cast<long>(M) * N, work);
    if (slots == 1 || M <= 0 || N <= 0) {
        gemm(out, ldo, a, b, M, K, N, accumulate);
        return;
    }
    const int row_panels = (M + kPanelRows - 1) / kPanelRows;
    // Few row blocks (e.g. 64 x 512 x 2048): cut the columns too, two items a slot.
    int col_panels = std::max(1, (2 * slots + row_panels - 1) / row_panels);
    const int width_min = (N + col_panels - 1) / col_panels;
    const int width = std::max(kColumnStep, (width_min + kColumnStep - 1) / kColumnStep * kColumnStep);
    col_panels = (N + width - 1) / width;
    parallel::parallel_for(0, static_cast<long>(row_panels) * col_panels, work, [&](long item, int) {
        const int i0 = static_cast<int>(item / col_panels) * kPanelRows;
        const int j0 = static_cast<int>(item % col_panels) * width;
        const int rows = std::min(kPanelRows, M - i0), cols = std::min(width, N - j0);
        gemm(out + i0 * ldo + j0, ldo, {a.p + i0 * a.rs, a.rs, a.cs}, {b.p + j0 * b.cs, b.rs, b.cs},
             rows, K, cols, accumulate);
    });
}

}  // namespace attnscope::detail
