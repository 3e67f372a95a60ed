// One block of queries of the plain attention path (attention.cpp drives the
// heads, attention_block.cpp computes a block).
#pragma once
#include "attention_common.h"

namespace attnscope::detail {

constexpr int kPlainBlock = 64;  // queries per block: one product covers the keys all of them see
constexpr int kPlainSub = 8;     // queries per sub-block: each adds the keys only it sees (causal diagonal);
                                 // a multiple of the gemm row tile (4); 16 was 1-3% slower on causal/window

// What the blocks of one head share.
struct PlainHead {
    const float* q;        // (Nq, D) this head's queries (L2-normalised for cosine)
    const float* v;        // (Nk, Dv) its kv head's values
    const float *kp, *vp;  // K^T and V packed (gemm.h); vp unused when !v_finite
    float* out;            // (Nq, Dv) this head's output
    float* weights;        // (Nq, Nk) this head's weights, or null: then `scores` holds one block
    float* scores;         // kPlainBlock x Nk floats of scratch
    int b, h;
    long sh;               // offset of this head's (Nq, Nk) in the traces
    float factor, slope;   // score_factor(p); the head's ALiBi slope (0 without)
    bool v_finite;         // false: out = sum of w v over the keys with w != 0 only
    bool plain_scores;     // no mask or bias changes the scaled scores
    bool full_products;    // a trace shows q.k for every pair: no key range is skipped
};

// Keys [lo, hi) that any of queries [i0, i0 + rows) may see (empty: lo == hi == 0).
void block_key_range(const AttentionParams& p, int i0, int rows, int* lo, int* hi);

// Queries [i0, i0 + rows), rows <= kPlainBlock: their rows of out, of the
// weights and of the traces.
void plain_block(const PlainHead& hd, const MaskView& mask, const AttentionParams& p, const AttentionTrace& trace,
                 int i0, int rows);

}  // namespace attnscope::detail
