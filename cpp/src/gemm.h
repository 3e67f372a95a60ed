// The one dense-product engine behind matmul, matmul_nt, matmul_tn and the
// attention paths: out (M,N) [+]= A (M,K) @ B (K,N) on strided views.
// A and B are packed (gemm.cpp) into a static per-thread block and a stack
// panel, and a register tile of MR rows x NR columns accumulates over the
// panel. No allocation; out must not alias A or B.
#pragma once

namespace attnscope::detail {

// Element (r, c) of a matrix at p[r * rs + c * cs]; either rs or cs is 1.
struct View {
    const float* p;
    long rs, cs;
};

constexpr int kGemmMR = 4;    // rows of the register tile
constexpr int kGemmNR = 8;    // columns of the register tile (2 f32x4)
constexpr int kGemmKC = 256;  // K block: an 8 KB panel stays in L1

// out rows are ldo apart. accumulate: add to out instead of overwriting it.
void gemm(float* out, long ldo, View a, View b, int M, int K, int N, bool accumulate);

}  // namespace attnscope::detail
