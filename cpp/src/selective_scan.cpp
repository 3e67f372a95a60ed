// Selective scan: one pass over the steps keeping the state x (Dch, N),
// either in the caller's `states` rows or in a scratch buffer.
#include "attnscope/selective_scan.h"
#include <algorithm>
#include <cmath>
#include "attention_common.h"

namespace attnscope {

namespace {

float softplus(float x) { return x > 20.f ? x : std::log1p(std::exp(x)); }

float silu(float x) { return x / (1.f + std::exp(-x)); }

}  // namespace

Status selective_scan(float* out, float* states, const float* u, const float* delta, const float* A,
                      const float* B, const float* C, const float* D, const float* z,
                      const float* delta_bias, const SelectiveScanParams& p) {
    if (p.L < 0 || p.Dch < 0 || p.N < 0) return Status::InvalidArgument;
    if (p.L == 0) return Status::Ok;  // nothing to write (states has no row 0 to clear)
    const long state_size = static_cast<long>(p.Dch) * p.N;
    detail::Scratch scratch(states ? 0 : static_cast<std::uint64_t>(state_size));
    if (!states && state_size && !scratch.p) return Status::OutOfMemory;
    float* x = states ? states : scratch.p;
    std::fill(x, x + state_size, 0.f);

    for (int t = 0; t < p.L; ++t) {
        const float* Bt = B + (p.b_varies ? static_cast<long>(t) * p.N : 0);
        const float* Ct = C + (p.c_varies ? static_cast<long>(t) * p.N : 0);
        // With `states`, step t reads row t-1 and writes row t; step 0 reads the cleared row 0.
        const float* prev = states && t > 0 ? states + (t - 1) * state_size : x;
        float* cur = states ? states + t * state_size : x;
        for (int c = 0; c < p.Dch; ++c) {
            const long tc = static_cast<long>(t) * p.Dch + c;
            float d = delta[tc] + (delta_bias ? delta_bias[c] : 0.f);
            if (p.delta_softplus) d = softplus(d);
            const float du = d * u[tc];
            const float* Ac = A + static_cast<long>(c) * p.N;
            const float* xp = prev + static_cast<long>(c) * p.N;
            float* xc = cur + static_cast<long>(c) * p.N;
            float y = 0.f;
            for (int n = 0; n < p.N; ++n) {
                xc[n] = std::exp(d * Ac[n]) * xp[n] + du * Bt[n];
                y += Ct[n] * xc[n];
            }
            if (D) y += D[c] * u[tc];
            if (z) y *= silu(z[tc]);
            out[tc] = y;
        }
    }
    return Status::Ok;
}

Status ssm_convolution_kernel(float* K, const float* delta, const float* A, const float* B,
                              const float* C, int length, int Dch, int N) {
    if (length < 0 || Dch < 0 || N < 0) return Status::InvalidArgument;
    for (int k = 0; k < length; ++k)
        for (int c = 0; c < Dch; ++c) {
            // exp(k d A) in double: k up to thousands makes k d A large before exp.
            const double d = delta[c];
            double s = 0.0;
            for (int n = 0; n < N; ++n)
                s += static_cast<double>(C[n]) * std::exp(k * d * A[static_cast<long>(c) * N + n]) * d * B[n];
            K[static_cast<long>(k) * Dch + c] = static_cast<float>(s);
        }
    return Status::Ok;
}

}  // namespace attnscope
