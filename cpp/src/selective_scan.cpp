// Selective scan: one pass over the steps keeping the state x (Dch, N),
// either in the caller's `states` rows or in a scratch buffer; Euler or
// zero-order-hold discretisation; B, C per step, shared or made from u_t.
#include "attnscope/selective_scan.h"
#include <algorithm>
#include <cmath>
#include "attention_common.h"

namespace attnscope {

namespace {

float softplus(float x) { return x > 20.f ? x : std::log1p(std::exp(x)); }

float silu(float x) { return x / (1.f + std::exp(-x)); }

// B_t or C_t of step t: a row of the (L, N) values, the shared (N) one, or
// u_t (Dch) times the (Dch, N) weights into row (N) of `made`.
const float* step_input(const float* v, ScanInput kind, const float* ut, int t, int Dch, int N, float* made) {
    if (kind == ScanInput::PerStep) return v + static_cast<long>(t) * N;
    if (kind == ScanInput::Shared) return v;
    std::fill(made, made + N, 0.f);
    for (int c = 0; c < Dch; ++c)
        for (int n = 0; n < N; ++n) made[n] += ut[c] * v[static_cast<long>(c) * N + n];
    return made;
}

}  // namespace

Status selective_scan(float* out, float* states, const float* u, const float* delta, const float* A,
                      const float* B, const float* C, const float* D, const float* z,
                      const float* delta_bias, const SelectiveScanParams& p, float* b_used, float* c_used) {
    if (p.L < 0 || p.Dch < 0 || p.N < 0) return Status::InvalidArgument;
    if (p.L == 0) return Status::Ok;  // nothing to write (states has no row 0 to clear)
    const long state_size = static_cast<long>(p.Dch) * p.N;
    // The state (without `states`) and the B_t, C_t made from the input.
    detail::Scratch scratch(static_cast<std::uint64_t>((states ? 0 : state_size) + 2L * p.N));
    if (!scratch.p && (state_size || p.N)) return Status::OutOfMemory;
    float* x = states ? states : scratch.p;
    float* made_b = scratch.p + (states ? 0 : state_size);
    float* made_c = made_b + p.N;
    std::fill(x, x + state_size, 0.f);
    const bool zoh = p.discretization == Discretization::Zoh;

    for (int t = 0; t < p.L; ++t) {
        const float* ut = u + static_cast<long>(t) * p.Dch;
        const float* Bt = step_input(B, p.b, ut, t, p.Dch, p.N, made_b);
        const float* Ct = step_input(C, p.c, ut, t, p.Dch, p.N, made_c);
        if (b_used) std::copy(Bt, Bt + p.N, b_used + static_cast<long>(t) * p.N);
        if (c_used) std::copy(Ct, Ct + p.N, c_used + static_cast<long>(t) * p.N);
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
                if (zoh) {  // (e^{dA} - 1) / A, by expm1 (exact near dA = 0), d itself at A = 0
                    const float dA = d * Ac[n];
                    const float bbar = Ac[n] != 0.f ? std::expm1(dA) / Ac[n] : d;
                    xc[n] = std::exp(dA) * xp[n] + bbar * Bt[n] * u[tc];
                } else {
                    xc[n] = std::exp(d * Ac[n]) * xp[n] + du * Bt[n];
                }
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
