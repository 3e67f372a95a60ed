// nn.Linear forward and backward on the core's matmul kernels (the packed
// gemm behind matmul, matmul_nt, matmul_tn); bias rows as SIMD adds (vec.h).
#include <cstring>
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
    if (dx) matmul(dx, dout, w, N, O, I);      // (N,O) @ (O,I)
    if (dw) matmul_tn(dw, dout, x, O, N, I);   // (N,O)^T @ (N,I)
    if (db) {
        std::memset(db, 0, sizeof(float) * O);
        for (int n = 0; n < N; ++n) vec::add_to(db, dout + Z(n) * O, O);
    }
}

}  // namespace attnscope::train
