// Scaled dot-product attention, heads first (as torch SDPA).
// Legend: B flattened batch, H query heads, Hkv key/value heads (H % Hkv == 0),
// Nq queries, Nk keys, D head dim of q and k, Dv head dim of v.
//   q (B,H,Nq,D), k (B,Hkv,Nk,D), v (B,Hkv,Nk,Dv) -> out (B,H,Nq,Dv), weights (B,H,Nq,Nk)
//   s[i,j] = q_i.k_j * scale / temperature           (kind Dot)
//   s[i,j] = (q_i/|q_i|).(k_j/|k_j|) / temperature     (kind Cosine)
//   s += additive mask - alibi_slope[h] * |i' - j|,   w = softmax_j(s)
// i' = i + Nk - Nq aligns queries to the end of the keys. A key j is allowed
// when the boolean mask says 1, (causal) j <= i', (window > 0) |i' - j| < window.
// A row with no allowed key (or only -inf scores) gets zero weights and output.
#pragma once
#include <cstdint>
#include "attnscope/status.h"

namespace attnscope {

enum class AttentionKind : int { Dot = 0, Cosine = 1 };  // js: dot cosine

// A mask broadcast to (B,H,Nq,Nk) by strides in elements (0 = broadcast).
struct MaskView {
    const std::uint8_t* allow = nullptr;  // boolean: nonzero = may attend
    const float* add = nullptr;           // additive: added to the scores
    long stride_b = 0, stride_h = 0, stride_q = 0, stride_k = 0;
};

struct AttentionParams {
    int B = 1, H = 1, Hkv = 1, Nq = 0, Nk = 0, D = 0, Dv = 0;
    float scale = 0.f;        // used for kind Dot; caller passes 1/sqrt(D) by default
    float temperature = 1.f;  // divides the scores, both kinds
    AttentionKind kind = AttentionKind::Dot;
    bool causal = false;
    int window = 0;           // 0 = no window
    bool alibi = false;       // add -alibi_slopes(H)[h] * |i' - j| (= m (j - i') when j <= i')
    float eps = 1e-12f;       // for the cosine kind's normalisation
};

// Textbook path: materialises the (Nq,Nk) weights of one head at a time (or
// all of them into `weights` when it is non-null).
Status attention(float* out, float* weights, const float* q, const float* k,
                 const float* v, const MaskView& mask, const AttentionParams& p);

// The stages of the textbook path, each (B,H,Nq,Nk); any pointer may be null.
//   raw_scores    q.k (un-normalised q and k, also for kind Cosine)
//   scaled_scores raw * scale / temperature  (Cosine: q^.k^ / temperature)
//   masked_scores scaled + additive mask + alibi, -inf where a key is not allowed
struct AttentionTrace {
    float* raw_scores = nullptr;
    float* scaled_scores = nullptr;
    float* masked_scores = nullptr;
};

// attention() that also writes the stages above (for visualisations).
Status attention_traced(float* out, float* weights, const float* q, const float* k,
                        const float* v, const MaskView& mask, const AttentionParams& p,
                        const AttentionTrace& trace);

// FlashAttention: blocks of queries against tiles of kFlashTile keys with an
// online softmax; extra memory: bounded packs of K and V (flash_attention.cpp),
// a block of scores, and 12 bytes per query;
// tiles that causal/window rule out are skipped,
// and so are tiles whose keys the boolean mask hides (flash_attention.h counts them).
constexpr int kFlashTile = 64;
Status flash_attention(float* out, const float* q, const float* k, const float* v,
                       const MaskView& mask, const AttentionParams& p);

// Shared by both paths: validate sizes, the key range [lo, hi) that causal and
// window allow for query i, and the ALiBi slope of head h.
Status check_attention_params(const AttentionParams& p);
void allowed_key_range(const AttentionParams& p, int i, int* lo, int* hi);

}  // namespace attnscope
