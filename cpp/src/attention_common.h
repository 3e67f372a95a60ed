// Pieces both attention paths share: scratch memory, masks and biases.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include "attnscope/attention.h"
#include "attnscope/simd.h"

namespace attnscope::detail {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();

// malloc-backed buffer: a failed allocation is a status, never an abort.
// Sizes are counted in 64 bits: on wasm32 size_t would wrap for Nq*Nk > 2^32.
struct Scratch {
    float* p = nullptr;
    explicit Scratch(std::uint64_t n) {
        if (n != 0 && n <= SIZE_MAX / sizeof(float))
            p = static_cast<float*>(std::malloc(static_cast<std::size_t>(n) * sizeof(float)));
    }
    ~Scratch() { std::free(p); }
    Scratch(const Scratch&) = delete;
    Scratch& operator=(const Scratch&) = delete;
};

// Offset of mask element (b, h, i, 0); step by stride_k along the keys.
inline long mask_row(const MaskView& m, int b, int h, int i) {
    return b * m.stride_b + h * m.stride_h + i * m.stride_q;
}

// The score of key j for query i once masks and biases are applied; -inf
// when the key is not allowed. `raw` is the already scaled dot product.
inline float biased_score(float raw, const MaskView& m, long row, int j,
                          float slope, int i_aligned) {
    if (m.allow && !m.allow[row + j * m.stride_k]) return kNegInf;
    float s = raw;
    if (m.add) s += m.add[row + j * m.stride_k];
    // ALiBi: -m|i' - j|, so later keys (bidirectional) are penalised like earlier ones.
    if (slope != 0.f) s -= slope * static_cast<float>(std::abs(j - i_aligned));
    return s;
}

// Whether every x[i] is finite: x - x is 0 for a finite x and NaN for an
// infinity or NaN, and a NaN stays in the lane sum (one pass, no branch a lane).
inline bool all_finite(const float* x, long n) {
    long i = 0;
    float bad = 0.f;
#if ATTNSCOPE_SIMD
    using fb = xsimd::batch<float>;
    constexpr long W = static_cast<long>(fb::size);
    fb acc(0.f);
    for (; i + W <= n; i += W) {
        const fb v = fb::load_unaligned(x + i);
        acc += v - v;
    }
    bad = xsimd::hadd(acc);
#endif
    for (; i < n; ++i) bad += x[i] - x[i];
    return bad == 0.f;
}

// Multiplier applied to q.k: scale/temperature for Dot, 1/temperature for Cosine.
inline float score_factor(const AttentionParams& p) {
    return (p.kind == AttentionKind::Dot ? p.scale : 1.f) / p.temperature;
}

}  // namespace attnscope::detail
