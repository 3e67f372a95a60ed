#include "attnscope/position.h"
#include <cmath>

namespace attnscope {

void sinusoidal_encoding(float* out, int T, int C, float base) {
    for (int t = 0; t < T; ++t) {
        float* o = out + static_cast<long>(t) * C;
        for (int c = 0; c < C; ++c) {
            const int i2 = c - (c & 1);  // the even index 2i of this pair
            // Angles in double: t up to 1e5 times a frequency loses digits in float.
            const double angle = t * std::pow(static_cast<double>(base), -static_cast<double>(i2) / C);
            o[c] = static_cast<float>((c & 1) ? std::cos(angle) : std::sin(angle));
        }
    }
}

void rope_frequencies(float* cos_out, float* sin_out, int T, int D, float base, int offset) {
    const int half = D / 2;
    for (int t = 0; t < T; ++t) {
        for (int i = 0; i < half; ++i) {
            const double inv_freq = std::pow(static_cast<double>(base), -2.0 * i / D);
            const double angle = (static_cast<double>(t) + offset) * inv_freq;
            cos_out[static_cast<long>(t) * half + i] = static_cast<float>(std::cos(angle));
            sin_out[static_cast<long>(t) * half + i] = static_cast<float>(std::sin(angle));
        }
    }
}

namespace {

// Rotates every pair of row t (all batches) by position(t) * base^(-2i/D).
template <typename Position>
void rotate_rows(float* out, const float* x, int B, int T, int D, float base, RopeLayout layout,
                 Position position) {
    const int half = D / 2;
    for (int t = 0; t < T; ++t) {
        const double pos = position(t);
        for (int i = 0; i < half; ++i) {
            const double inv_freq = std::pow(static_cast<double>(base), -2.0 * i / D);
            const double angle = pos * inv_freq;
            const float c = static_cast<float>(std::cos(angle));
            const float s = static_cast<float>(std::sin(angle));
            const int ia = layout == RopeLayout::Interleaved ? 2 * i : i;
            const int ib = layout == RopeLayout::Interleaved ? 2 * i + 1 : i + half;
            for (int b = 0; b < B; ++b) {
                const long row = (static_cast<long>(b) * T + t) * D;
                const float xa = x[row + ia], xb = x[row + ib];
                out[row + ia] = xa * c - xb * s;
                out[row + ib] = xa * s + xb * c;
            }
        }
    }
}

}  // namespace

void apply_rope(float* out, const float* x, int B, int T, int D, float base,
                RopeLayout layout, int offset) {
    rotate_rows(out, x, B, T, D, base, layout, [offset](int t) { return static_cast<double>(t) + offset; });
}

void apply_rope_at(float* out, const float* x, int B, int T, int D, float base,
                   RopeLayout layout, const double* positions) {
    rotate_rows(out, x, B, T, D, base, layout, [positions](int t) { return positions[t]; });
}

void alibi_slopes(float* out, int H) {
    int n = 1;
    while (n * 2 <= H) n *= 2;
    const double r = std::pow(2.0, -8.0 / n);
    for (int h = 0; h < n; ++h) out[h] = static_cast<float>(std::pow(r, h + 1));
    // Heads past the largest power of two take every other slope of 2n heads.
    const double r2 = std::pow(2.0, -8.0 / (2 * n));
    for (int h = n; h < H; ++h) out[h] = static_cast<float>(std::pow(r2, 2 * (h - n) + 1));
}

}  // namespace attnscope
