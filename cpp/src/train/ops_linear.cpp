// nn.Linear forward and backward on the core's packed gemm (the engine
// behind matmul: matmul_nt forward, the panel split with accumulation for
// the backward's two products, so they add into their gradients); bias rows
// as SIMD adds (vec.h).
#include "../parallel/gemm_panels.h"
#include "attnscope/matmul.h"
#include "attnscope/train/ops.h"
#include "vec.h"

namespace attnscope::train {

using Z = std::size_t;

void linear_forward(float* out, const float* x, const float* w, const float* b, int N, int I, int O) {
    matmul_nt(out, x, w, N, I, O);  // out (N,O) = x (N,I) @ w (O,I)^T
    if (b)
        for (int n = 0; n < N; ++n) vec::add_to(out + Z(n) * O, b, O);
}

void linear_backward(float* dx, float* dw, float* db, const float* dout, const float* x,
                     const float* w, int N, int I, int O) {
    using detail::gemm_panels;
    if (dx) gemm_panels(dx, I, {dout, O, 1}, {w, I, 1}, N, O, I, true);  // += (N,O) @ (O,I)
    if (dw) gemm_panels(dw, I, {dout, 1, O}, {x, I, 1}, O, N, I, true);  // += (N,O)^T @ (N,I)
    if (db)
        for (int n = 0; n < N; ++n) vec::add_to(db, dout + Z(n) * O, O);
}

}  // namespace attnscope::train
