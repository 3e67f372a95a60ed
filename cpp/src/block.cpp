// A Transformer block in its three arrangements: pre-LN, post-LN, nGPT.
#include "attnscope/block.h"
#include <cstring>
#include <initializer_list>
#include "attnscope/linear.h"
#include "attnscope/matmul.h"
#include "attnscope/norm.h"
#include "block_parts.h"
#include "buffer.h"

namespace attnscope {

namespace {

// out = n(x) with the block's norm kind; out may alias x.
void norm(float* out, const float* x, const float* w, const float* b, const BlockConfig& cfg, int R) {
    if (cfg.norm == NormKind::RmsNorm)
        rms_norm(out, x, w, R, cfg.attn.C, cfg.eps);
    else
        layer_norm(out, x, w, b, R, cfg.attn.C, cfg.eps);
}

// nGPT's step on the hypersphere: out = N(h + alpha * (N(u) - h)), alpha (C)
// per channel. out must not alias h (it may alias u).
void ngpt_step(float* out, const float* h, const float* u, const float* alpha, int R, int C) {
    l2_normalize(out, u, R, C, kNgptEps);
    for (long r = 0; r < R; ++r)
        for (long c = 0; c < C; ++c) {
            const long i = r * C + c;
            out[i] = h[i] + alpha[c] * (out[i] - h[i]);
        }
    l2_normalize(out, out, R, C, kNgptEps);
}

Status check(const BlockWeights& w, const BlockConfig& cfg) {
    const MhaConfig& m = cfg.attn;
    if (m.cross || m.B < 0 || m.T < 0 || m.C <= 0 || cfg.F < 0) return Status::InvalidArgument;
    const int norm = static_cast<int>(cfg.norm), act = static_cast<int>(cfg.activation);
    if (norm < 0 || norm > static_cast<int>(NormKind::RmsNorm)) return Status::InvalidArgument;
    if (act < 0 || act > static_cast<int>(Activation::Relu2)) return Status::InvalidArgument;
    if (!w.ffn.w1 || !w.ffn.w2 || (cfg.activation == Activation::SwiGlu && !w.ffn.w3))
        return Status::InvalidArgument;
    if (cfg.normalized && (!w.alpha_attn || !w.alpha_ffn)) return Status::InvalidArgument;
    return Status::Ok;
}

}  // namespace

Status transformer_block(float* out, const float* x, const BlockWeights& w, const BlockConfig& cfg,
                         const MaskView& mask, KVCache* cache, int layer, const BlockTrace* trace) {
    if (Status s = check(w, cfg); s != Status::Ok) return s;
    const int C = cfg.attn.C, R = cfg.attn.B * cfg.attn.T;
    const std::uint64_t n = static_cast<std::uint64_t>(R) * C;
    const BlockTrace none;
    const BlockTrace& tr = trace ? *trace : none;
    const bool pre = cfg.prenorm && !cfg.normalized;
    // Output biases join the residual adds (add_biased) unless a trace wants
    // the half's output itself; the FFN then writes straight into out.
    const bool fuse_attn = !cfg.normalized && !tr.attention, fuse_ffn = !cfg.normalized && !tr.ffn;
    detail::Buffer normed1(tr.normed1, pre ? n : 0), a(tr.attention, n), h(tr.residual1, n),
        normed2(tr.normed2, pre ? n : 0), f(tr.ffn, fuse_ffn ? 0 : n);
    for (const detail::Buffer* b : {&normed1, &a, &h, &normed2, &f})
        if (!b->ok()) return Status::OutOfMemory;
    const int past = cache && layer >= 0 && layer < cache->n_layers ? cache->length[layer] : 0;

    // Attention and the first residual.
    const float* attn_in = x;
    if (pre) {
        norm(normed1.p, x, w.norm1_weight, w.norm1_bias, cfg, R);
        attn_in = normed1.p;
    } else if (tr.normed1 && n) {
        std::memcpy(tr.normed1, x, n * sizeof(float));
    }
    Status s = detail::multi_head_attention(a.p, attn_in, nullptr, w.attn, cfg.attn, mask, cache, layer,
                                            trace ? &tr.attn : nullptr, !fuse_attn);
    if (s != Status::Ok) return s;
    if (cfg.normalized) {
        ngpt_step(h.p, x, a.p, w.alpha_attn, R, C);
    } else {
        add_biased(h.p, x, a.p, fuse_attn ? w.attn.bo : nullptr, R, C);
        if (!pre) norm(h.p, h.p, w.norm1_weight, w.norm1_bias, cfg, R);
    }

    // Feed-forward and the second residual.
    const float* ffn_in = h.p;
    if (pre) {
        norm(normed2.p, h.p, w.norm2_weight, w.norm2_bias, cfg, R);
        ffn_in = normed2.p;
    } else if (tr.normed2 && n) {
        std::memcpy(tr.normed2, h.p, n * sizeof(float));
    }
    float* ffn_out = fuse_ffn ? out : f.p;
    s = detail::feed_forward(ffn_out, tr.ffn_hidden, ffn_in, w.ffn, R, C, cfg.F, cfg.activation, !fuse_ffn);
    if (s != Status::Ok) {
        if (cache) cache->length[layer] = past;  // leave the cache as it was
        return s;
    }
    if (cfg.normalized) {
        ngpt_step(out, h.p, f.p, w.alpha_ffn, R, C);
    } else {
        add_biased(out, h.p, ffn_out, fuse_ffn ? w.ffn.b2 : nullptr, R, C);
        if (!pre) norm(out, out, w.norm2_weight, w.norm2_bias, cfg, R);
    }
    return Status::Ok;
}

}  // namespace attnscope
