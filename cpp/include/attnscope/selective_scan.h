// The selective state-space scan of Mamba (Gu & Dao 2023) for one sequence,
// with the semantics of mamba_ssm's selective_scan_ref, and the convolution
// kernel of its time-invariant case (S4-style).
// Legend: L steps (tokens), Dch channels, N state size per channel.
//   u, delta (L, Dch); A (Dch, N); B, C (L, N) one per step, (N) shared, or
//   (Dch, N) weights making them linear functions of the input,
//   B_t[n] = sum_c u_t[c] W_B[c, n] (Mamba's x_proj, no bias); D,
//   delta_bias (Dch); z (L, Dch) -> out (L, Dch), states (L, Dch, N) optional.
//   d_t = delta[t] (+ delta_bias), then softplus(d_t) if delta_softplus
//   Euler (the default, mamba_ssm's selective_scan_ref):
//     x_t[c, n] = exp(d_t[c] A[c, n]) x_{t-1}[c, n] + d_t[c] B_t[n] u_t[c]
//   zero-order hold (the exact discretisation of dx/dt = A x + B u with u held
//   over the step, diagonal A):
//     x_t[c, n] = exp(d A) x_{t-1}[c, n] + (exp(d A) - 1) / A B_t[n] u_t[c]
//     ((exp(d A) - 1) / A is d where A = 0, its limit)
//   x_{-1} = 0;  y_t[c] = sum_n C_t[n] x_t[c, n] + D[c] u_t[c]  (times silu(z_t[c]) with z)
// softplus(x) = log(1 + e^x), and x itself above 20 (as torch's F.softplus).
#pragma once
#include "attnscope/status.h"

namespace attnscope {

enum class ScanInput : int {  // js SCAN_INPUT: per_step shared from_input
    PerStep = 0,    // (L, N): a value per step
    Shared = 1,     // (N): the same at every step (time-invariant)
    FromInput = 2,  // (Dch, N) weights W: B_t = u_t W, a linear function of the input
};

enum class Discretization : int { Euler = 0, Zoh = 1 };  // js: euler zoh

struct SelectiveScanParams {
    int L = 0, Dch = 0, N = 0;
    ScanInput b = ScanInput::PerStep;
    ScanInput c = ScanInput::PerStep;
    bool delta_softplus = false;
    Discretization discretization = Discretization::Euler;
};

// D, z, delta_bias, states, b_used and c_used may be null (absent). b_used,
// c_used (L, N) receive the B_t, C_t each step used. InvalidArgument (nothing
// written) for L, Dch or N < 0; OutOfMemory when the scratch fails.
Status selective_scan(float* out, float* states, const float* u, const float* delta, const float* A,
                      const float* B, const float* C, const float* D, const float* z,
                      const float* delta_bias, const SelectiveScanParams& p, float* b_used = nullptr,
                      float* c_used = nullptr);

// Time-invariant case with step sizes delta (Dch) (already positive: no bias,
// no softplus), A (Dch, N), B, C (N) -> K (length, Dch):
//   K[k, c] = sum_n C[n] exp(k delta[c] A[c, n]) delta[c] B[n],
// so that the scan's y_t[c] (without D) = sum_{k=0..t} K[k, c] u_{t-k}[c],
// the causal convolution y = K * u. InvalidArgument for negative sizes.
Status ssm_convolution_kernel(float* K, const float* delta, const float* A, const float* B,
                              const float* C, int length, int Dch, int N);

}  // namespace attnscope
