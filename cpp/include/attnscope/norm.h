// Normalisations over the last dim of (rows, C). out may alias x.
#pragma once

namespace attnscope {

// (x - mean) / sqrt(var + eps) * w + b, biased var (torch.nn.functional.layer_norm).
// w, b may be null (then 1 and 0).
void layer_norm(float* out, const float* x, const float* w, const float* b,
                int rows, int C, float eps);

// x / sqrt(mean(x^2) + eps) * w (Llama's RMSNorm). w may be null.
void rms_norm(float* out, const float* x, const float* w, int rows, int C, float eps);

// x / max(||x||_2, eps) (torch.nn.functional.normalize(x, dim=-1, eps)).
void l2_normalize(float* out, const float* x, int rows, int C, float eps);

}  // namespace attnscope
