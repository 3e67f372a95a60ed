// The selective state-space scan of Mamba (Gu & Dao 2023) for one sequence,
// with the semantics of mamba_ssm's selective_scan_ref, and the convolution
// kernel of its time-invariant case (S4-style).
// Legend: L steps (tokens), Dch channels, N state size per channel.
//   u, delta (L, Dch); A (Dch, N); B, C (L, N) input-dependent or (N)
//   time-invariant; D, delta_bias (Dch); z (L, Dch) -> out (L, Dch),
//   states (L, Dch, N) optional.
//   d_t = delta[t] (+ delta_bias), then softplus(d_t) if delta_softplus
//   x_t[c, n] = exp(d_t[c] A[c, n]) x_{t-1}[c, n] + d_t[c] B_t[n] u_t[c],  x_{-1} = 0
//   y_t[c]    = sum_n C_t[n] x_t[c, n] + D[c] u_t[c]   (times silu(z_t[c]) with z)
// softplus(x) = log(1 + e^x), and x itself above 20 (as torch's F.softplus).
#pragma once
#include "attnscope/status.h"

namespace attnscope {

struct SelectiveScanParams {
    int L = 0, Dch = 0, N = 0;
    bool b_varies = true;   // B is (L, N); false: (N), the same at every step
    bool c_varies = true;   // C likewise
    bool delta_softplus = false;
};

// D, z, delta_bias and states may be null (absent). InvalidArgument (nothing
// written) for L, Dch or N < 0; OutOfMemory when the state scratch fails.
Status selective_scan(float* out, float* states, const float* u, const float* delta, const float* A,
                      const float* B, const float* C, const float* D, const float* z,
                      const float* delta_bias, const SelectiveScanParams& p);

// Time-invariant case with step sizes delta (Dch) (already positive: no bias,
// no softplus), A (Dch, N), B, C (N) -> K (length, Dch):
//   K[k, c] = sum_n C[n] exp(k delta[c] A[c, n]) delta[c] B[n],
// so that the scan's y_t[c] (without D) = sum_{k=0..t} K[k, c] u_{t-k}[c],
// the causal convolution y = K * u. InvalidArgument for negative sizes.
Status ssm_convolution_kernel(float* K, const float* delta, const float* A, const float* B,
                              const float* C, int length, int Dch, int N);

}  // namespace attnscope
