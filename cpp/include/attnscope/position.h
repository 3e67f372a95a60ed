// Positional encodings. Legend: T positions, C model dim, D head dim.
#pragma once

namespace attnscope {

// out (T, C): out[t, 2i] = sin(t / base^(2i/C)), out[t, 2i+1] = cos(t / base^(2i/C)).
void sinusoidal_encoding(float* out, int T, int C, float base);

// cos, sin (T, D/2): angle[t, i] = (t + offset) * base^(-2i/D). D even.
void rope_frequencies(float* cos_out, float* sin_out, int T, int D, float base, int offset);

enum class RopeLayout : int { Interleaved = 0, Half = 1 };  // js: interleaved half

// x, out: (B, T, D), D even; may alias. Rotates pair p_i by angle[t, i]:
//   interleaved: p_i = (x[2i], x[2i+1]);  half: p_i = (x[i], x[i + D/2]).
//   (a, b) -> (a cos - b sin, a sin + b cos)
void apply_rope(float* out, const float* x, int B, int T, int D, float base,
                RopeLayout layout, int offset);

// The same rotation at explicit positions (T), any finite reals (non-integer
// or negative too): row t of every batch turns by angle = positions[t] *
// base^(-2i/D). apply_rope is this with positions[t] = t + offset.
void apply_rope_at(float* out, const float* x, int B, int T, int D, float base,
                   RopeLayout layout, const double* positions);

// slopes (H): the ALiBi geometric sequence 2^(-8/n), n the largest power of
// two <= H, then for H not a power of two the odd powers of 2^(-4/n).
void alibi_slopes(float* out, int H);

}  // namespace attnscope
