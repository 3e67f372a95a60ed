// detail::gemm split over panels of the output for parallel_for: blocks of
// kPanelRows rows (gemm's own row block) and, when there are few of those,
// column panels too (a multiple of the register tile's width). Every output
// element still sums over k in the same order: results equal the one-call
// gemm bit for bit, whatever the thread count.
#pragma once
#include "../gemm.h"

namespace attnscope::detail {

void gemm_panels(float* out, long ldo, View a, View b, int M, int K, int N, bool accumulate);

}  // namespace attnscope::detail
