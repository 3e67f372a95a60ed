// One Transformer block: attention and feed-forward with residuals and norms.
// Legend: B batch, T tokens, C model dim, F FFN width; x, out (B,T,C).
//   pre-LN  (GPT-2, Llama):   a = mha(n1(x));  h = x + a;      f = ffn(n2(h));  out = h + f
//   post-LN (Vaswani et al.): a = mha(x);      h = n1(x + a);  f = ffn(h);      out = n2(h + f)
//   nGPT (normalized, Loshchilov et al. 2024), N(x) = x / max(|x|, 1e-12), no norms:
//     a = mha(x); h = N(x + alpha_attn * (N(a) - x)); f = ffn(h); out = N(h + alpha_ffn * (N(f) - h))
// n1, n2 are LayerNorm (weight, bias) or RMSNorm (weight) over C with eps.
#pragma once
#include "attnscope/feed_forward.h"
#include "attnscope/multi_head_attention.h"

namespace attnscope {

// Append-only: web/lib sends these numbers.
enum class NormKind : int { LayerNorm = 0, RmsNorm = 1 };  // js: layernorm rmsnorm
constexpr float kNgptEps = 1e-12f;

struct BlockWeights {
    const float* norm1_weight = nullptr;  // (C); null = 1 (not used by nGPT)
    const float* norm1_bias = nullptr;    // (C) LayerNorm only; null = 0
    const float* norm2_weight = nullptr;  // (C)
    const float* norm2_bias = nullptr;    // (C)
    MhaWeights attn;
    FeedForwardWeights ffn;
    const float* alpha_attn = nullptr;  // (C) nGPT only: step size of the attention update
    const float* alpha_ffn = nullptr;   // (C) nGPT only: step size of the FFN update
};

struct BlockConfig {
    MhaConfig attn;  // B, T, C, heads and attention options (self-attention only)
    int F = 0;
    Activation activation = Activation::Gelu;
    NormKind norm = NormKind::LayerNorm;
    bool prenorm = true;
    bool normalized = false;  // nGPT; prenorm and norm are then ignored
    float eps = 1e-5f;
};

// Optional outputs, each null or room for its shape.
struct BlockTrace {
    float* normed1 = nullptr;     // (B,T,C) attention's input (x for post-LN and nGPT)
    float* attention = nullptr;   // (B,T,C) a
    float* residual1 = nullptr;   // (B,T,C) h
    float* normed2 = nullptr;     // (B,T,C) FFN's input (h for post-LN and nGPT)
    float* ffn_hidden = nullptr;  // (B,T,F) after the activation (SwiGLU: the gated product)
    float* ffn = nullptr;         // (B,T,C) f
    MhaTrace attn;                // multi_head_attention's stages
};

// out (B,T,C); the cache and mask as in multi_head_attention. out must not
// alias x. trace may be null.
Status transformer_block(float* out, const float* x, const BlockWeights& w, const BlockConfig& cfg,
                         const MaskView& mask, KVCache* cache, int layer, const BlockTrace* trace);

}  // namespace attnscope
