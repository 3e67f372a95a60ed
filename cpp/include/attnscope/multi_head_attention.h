// Multi-head attention with its projections, on token-major inputs.
// Legend: B batch, T query tokens, S source tokens (T for self-attention, the
// memory's length for cross-attention), C model dim, H query heads, Hkv
// key/value heads (H % Hkv == 0: MHA, GQA, MQA), D = C / H head dim, Tk keys
// attended (S, or the cache length + T with a KV cache).
//   q = x Wq + bq -> heads (B,H,T,D);  k = src Wk + bk, v = src Wv + bv -> (B,Hkv,S,D)
//   qk-norm per head row: rms x/sqrt(mean x^2 + 1e-6) or l2 x/max(|x|, 1e-12), times its weight (D)
//   RoPE on q and k at positions offset + t (t the row in this call)
//   heads = attention(q, k, v) (attention.h: masks, alibi, window, cosine kind)
//   concat (B,T,H*D) = heads moved back to token-major;  out = concat Wo + bo (B,T,C)
#pragma once
#include "attnscope/attention.h"
#include "attnscope/kv_cache.h"
#include "attnscope/position.h"
#include "attnscope/status.h"

namespace attnscope {

// Append-only: web/lib sends these numbers.
enum class QkNorm : int { None = 0, Rms = 1, L2 = 2 };  // js: none rms l2
constexpr float kQkRmsEps = 1e-6f;
constexpr float kQkL2Eps = 1e-12f;

struct MhaWeights {
    const float* wq = nullptr;      // (C, H*D)
    const float* bq = nullptr;      // (H*D) or null
    const float* wk = nullptr;      // (C, Hkv*D)
    const float* bk = nullptr;      // (Hkv*D) or null
    const float* wv = nullptr;      // (C, Hkv*D)
    const float* bv = nullptr;      // (Hkv*D) or null
    const float* wo = nullptr;      // (H*D, C)
    const float* bo = nullptr;      // (C) or null
    const float* q_norm = nullptr;  // (D) qk-norm scale of q, or null (1)
    const float* k_norm = nullptr;  // (D) qk-norm scale of k, or null (1)
};

struct MhaConfig {
    int B = 1, T = 0, C = 0, H = 1, Hkv = 1;
    int S = 0;           // memory tokens; used only when cross
    bool cross = false;  // K/V from `memory` instead of x (no RoPE, no cache)
    // Options of the attention: kind, scale, temperature, causal, window,
    // alibi, eps. Its sizes are filled in from the fields above.
    AttentionParams attn;
    bool default_scale = true;  // true: scale 1/sqrt(D); false: attn.scale as given
    QkNorm qk_norm = QkNorm::None;
    bool rope = false;
    float rope_base = 10000.f;
    RopeLayout rope_layout = RopeLayout::Interleaved;
    int position_offset = 0;  // with a cache it must equal the layer's length
};

// Optional outputs, each null or room for its shape.
struct MhaTrace {
    float* q = nullptr;             // (B,H,T,D) after qk-norm and RoPE
    float* k = nullptr;             // (B,Hkv,Tk,D) after qk-norm and RoPE
    float* v = nullptr;             // (B,Hkv,Tk,D)
    AttentionTrace scores;          // raw, scaled, masked (B,H,T,Tk)
    float* weights = nullptr;       // (B,H,T,Tk)
    float* head_outputs = nullptr;  // (B,H,T,D)
    float* concat = nullptr;        // (B,T,H*D)
};

// out (B,T,C) from x (B,T,C) and, when cfg.cross, memory (B,S,C). With a
// cache, the new keys/values are appended to `layer` and all its tokens are
// attended (on failure the cache is left as it was). The mask broadcasts to
// (B,H,T,Tk). out must not alias x or memory. trace may be null.
Status multi_head_attention(float* out, const float* x, const float* memory, const MhaWeights& w,
                            const MhaConfig& cfg, const MaskView& mask, KVCache* cache, int layer,
                            const MhaTrace* trace);

}  // namespace attnscope
