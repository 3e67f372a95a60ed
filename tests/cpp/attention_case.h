// Random attention problems shared by the attention and flash attention tests,
// and thin runners that call the two core paths on them.
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>
#include "attnscope/attention.h"
#include "reference.h"

namespace ref {

// Strides (elements) of a mask broadcast over (B,H,Nq,Nk); 0 = broadcast.
struct Strides {
    long b = 0, h = 0, q = 0, k = 0;
};
inline Strides full_strides(const attnscope::AttentionParams& p) {
    return {static_cast<long>(p.H) * p.Nq * p.Nk, static_cast<long>(p.Nq) * p.Nk, p.Nk, 1};
}
inline Strides query_key_strides(const attnscope::AttentionParams& p) { return {0, 0, p.Nk, 1}; }
inline Strides key_padding_strides(const attnscope::AttentionParams& p) { return {p.Nk, 0, 0, 1}; }
// A (Nk, Nq) mask read transposed: strides need not follow the key axis.
inline Strides transposed_strides(const attnscope::AttentionParams& p) { return {0, 0, 1, p.Nq}; }

struct AttnCase {
    attnscope::AttentionParams p;
    std::vector<float> q, k, v;       // (B,H,Nq,D), (B,Hkv,Nk,D), (B,Hkv,Nk,Dv)
    std::vector<std::uint8_t> allow;  // boolean mask storage (empty = none)
    std::vector<float> add;           // additive mask storage (empty = none)
    Strides strides;

    attnscope::MaskView mask() const {
        attnscope::MaskView m;
        m.allow = allow.empty() ? nullptr : allow.data();
        m.add = add.empty() ? nullptr : add.data();
        m.stride_b = strides.b, m.stride_h = strides.h, m.stride_q = strides.q, m.stride_k = strides.k;
        return m;
    }
    std::size_t mask_size() const {
        return static_cast<std::size_t>((p.B - 1) * strides.b + (p.H - 1) * strides.h +
                                        (p.Nq - 1) * strides.q + (p.Nk - 1) * strides.k + 1);
    }
    std::vector<int> out_shape() const { return {p.B, p.H, p.Nq, p.Dv}; }
    std::vector<int> weights_shape() const { return {p.B, p.H, p.Nq, p.Nk}; }
};

// q, k, v uniform in [-1, 1]; scale 1/sqrt(D) unless p sets one.
inline AttnCase make_case(attnscope::AttentionParams p, std::uint64_t seed) {
    AttnCase c;
    if (p.scale == 0.f) p.scale = 1.f / std::sqrt(static_cast<float>(p.D));
    c.p = p;
    Rng rng(seed);
    c.q = rng.floats(static_cast<std::size_t>(p.B) * p.H * p.Nq * p.D);
    c.k = rng.floats(static_cast<std::size_t>(p.B) * p.Hkv * p.Nk * p.D);
    c.v = rng.floats(static_cast<std::size_t>(p.B) * p.Hkv * p.Nk * p.Dv);
    return c;
}

// A boolean mask with the given strides; each entry allows with probability keep.
inline void set_bool_mask(AttnCase& c, Strides s, double keep, std::uint64_t seed) {
    c.strides = s;
    Rng rng(seed);
    c.allow.resize(c.mask_size());
    for (auto& a : c.allow) a = rng.uniform(0, 1) < keep ? 1 : 0;
}

// An additive mask in [-2, 2] with the given strides; -inf with probability p_inf.
inline void set_additive_mask(AttnCase& c, Strides s, double p_inf, std::uint64_t seed) {
    c.strides = s;
    Rng rng(seed);
    c.add.resize(c.mask_size());
    for (auto& a : c.add) a = rng.uniform(0, 1) < p_inf ? kNegInfF : static_cast<float>(rng.uniform(-2, 2));
}

struct AttnRun {
    attnscope::Status status;
    std::vector<float> out, weights;
};

inline AttnRun run_attention(const AttnCase& c, bool with_weights = true) {
    const auto& p = c.p;
    AttnRun r;
    r.out.assign(static_cast<std::size_t>(p.B) * p.H * p.Nq * p.Dv, -7.f);
    if (with_weights) r.weights.assign(static_cast<std::size_t>(p.B) * p.H * p.Nq * p.Nk, -7.f);
    r.status = attnscope::attention(r.out.data(), with_weights ? r.weights.data() : nullptr,
                                    c.q.data(), c.k.data(), c.v.data(), c.mask(), p);
    return r;
}

inline AttnRun run_flash(const AttnCase& c) {
    const auto& p = c.p;
    AttnRun r;
    r.out.assign(static_cast<std::size_t>(p.B) * p.H * p.Nq * p.Dv, -7.f);
    r.status = attnscope::flash_attention(r.out.data(), c.q.data(), c.k.data(), c.v.data(),
                                          c.mask(), p);
    return r;
}

inline Attention reference(const AttnCase& c) { return attention(c.q, c.k, c.v, c.mask(), c.p); }

// Short description of a case for SCOPED_TRACE.
inline std::string describe(const attnscope::AttentionParams& p) {
    std::ostringstream s;
    s << "B=" << p.B << " H=" << p.H << " Hkv=" << p.Hkv << " Nq=" << p.Nq << " Nk=" << p.Nk
      << " D=" << p.D << " Dv=" << p.Dv << " kind=" << static_cast<int>(p.kind)
      << " causal=" << p.causal << " window=" << p.window << " alibi=" << p.alibi
      << " scale=" << p.scale << " T=" << p.temperature;
    return s.str();
}

}  // namespace ref
