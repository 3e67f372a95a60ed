// Linear (kernelised) attention, Katharopoulos et al. 2020; Performer
// features, Choromanski et al. 2021.
// Legend: B flattened batch, H heads (q, k and v share them), Nq queries,
// Nk keys, D head dim of q and k, Dv head dim of v, F features per token
// (F = D for elu1/relu, F = m for performer).
//   q (B,H,Nq,D), k (B,H,Nk,D), v (B,H,Nk,Dv) -> out (B,H,Nq,Dv)
//   out_i = phi(q_i)^T S_i / (phi(q_i)^T z_i + eps)   (normalize, the default)
//   out_i = phi(q_i)^T S_i                           (normalize = false: phi(Q) phi(K)^T V),
//   S_i = sum_j phi(k_j) v_j^T (F,Dv),  z_i = sum_j phi(k_j) (F)
// over every key j, or (causal) over j <= i' = i + Nk - Nq (queries aligned
// to the end of the keys, as attention()); a query with no key gets 0.
// Feature maps:
//   elu1:      phi(x) = elu(x) + 1 = (x > 0 ? x + 1 : e^x)
//   relu:      phi(x) = max(x, 0)
//   identity:  phi(x) = x (with normalize = false: Q K^T V, the form that
//              equals one gradient-descent step in the in-context-learning derivation)
//   performer: phi(x)_r = exp(w_r . x' - |x'|^2 / 2) / sqrt(m), x' = x / D^(1/4),
//              w (m, D) the projection (positive random features: phi(q).phi(k)
//              estimates exp(q.k / sqrt(D)); one projection for all heads).
// Forms (equal up to rounding):
//   Recurrent: the running sums S, z; O(Nk F Dv) per head, O(F Dv) memory.
//   Quadratic: a_ij = phi(q_i).phi(k_j), out_i = sum_j a_ij v_j / (sum_j a_ij + eps)
//              (or sum_j a_ij v_j unnormalised);
//              O(Nq Nk (F + Dv)) per head, the form that shows the "attention matrix".
#pragma once
#include <cstdint>
#include "attnscope/status.h"

namespace attnscope {

enum class FeatureMap : int { Elu1 = 0, Relu = 1, Performer = 2, Identity = 3 };  // js: elu1 relu performer identity
enum class LinearForm : int { Recurrent = 0, Quadratic = 1 };  // js: recurrent quadratic

struct LinearAttentionParams {
    int B = 1, H = 1, Nq = 0, Nk = 0, D = 1, Dv = 0;
    FeatureMap feature_map = FeatureMap::Elu1;
    int features = 0;  // m, performer only
    bool causal = false;
    LinearForm form = LinearForm::Recurrent;
    float eps = 1e-6f;
    bool normalize = true;  // false: no division by phi(q_i).z_i + eps (eps unused)
};

// projection (m, D) is read for FeatureMap::Performer only (may be null otherwise).
// InvalidArgument (nothing written) for sizes < 0, D < 1, eps < 0, or a
// performer call with m < 1 or no projection. OutOfMemory when scratch fails.
Status linear_attention(float* out, const float* q, const float* k, const float* v,
                        const float* projection, const LinearAttentionParams& p);

// phi of `rows` vectors x (rows, D) -> out (rows, F), the feature map above.
void linear_features(float* out, const float* x, int rows, int D, FeatureMap map,
                     const float* projection, int m);

// w (m, D) ~ N(0, 1) iid, reproducible: SplitMix64 (masks.h) seeded with
// `seed`; in row-major order each element draws u1 then u2 (53-bit uniforms
// in [0, 1)) and is sqrt(-2 ln(1 - u1)) cos(2 pi u2) (Box-Muller, in double,
// rounded to float).
void performer_projection(float* out, int m, int D, std::uint64_t seed);

}  // namespace attnscope
