// FlashAttention with a count of the key tiles it worked on, so tests (and
// benchmarks) can see which tiles were skipped. The maths and the arguments
// are those of flash_attention() in attention.h.
#pragma once
#include "attnscope/attention.h"

namespace attnscope {

// Counted per (batch, head, query row) and tile of kFlashTile keys (tiles on a
// grid from key 0) that meets the range causal/window allow the row (tiles
// outside it are never looked at).
struct FlashStats {
    long tiles_computed = 0;      // tiles whose dot products were computed
    long tiles_mask_skipped = 0;  // tiles skipped: the boolean mask allows none of their keys
};

// stats may be null; when set, it is reset and filled.
Status flash_attention(float* out, const float* q, const float* k, const float* v,
                       const MaskView& mask, const AttentionParams& p, FlashStats* stats);

}  // namespace attnscope
