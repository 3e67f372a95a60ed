// What the pieces of the flash path share (flash_attention.cpp drives them).
#pragma once
#include "attention_common.h"
#include "attnscope/flash_attention.h"

namespace attnscope::detail {

constexpr int kFlashBQ = 64;   // queries per block
constexpr int kFlashSub = 8;   // queries per sub-block on a diagonal tile (flash_block.cpp); see kPlainSub
// Tiles in one wide step at most: where every row of a block sees several
// whole tiles (no boolean mask, all in every row's range), one product and
// one online update cover them, which saves the per-tile overheads of the
// online softmax (up to 8 x 64 keys: 4 was slower here, below the plain path).
constexpr int kFlashWideTiles = 8;

struct FlashHead {
    const float *q, *k, *v;  // this head's (Nq,D), its kv head's (Nk,D), (Nk,Dv)
    float* out;              // (Nq,Dv): the running accumulator until the head ends
    int b, h;
    float slope;
    float *m, *l;            // running max and normaliser per query (Nq each)
    unsigned char* nan;      // per query: some score was NaN
};

// K^T and V of keys [j_begin, j_end) packed for the gemm engine (gemm.h).
struct FlashPacks {
    const float *kt, *v;
    int j_begin, j_end;
};

// Whether the boolean mask (if any) allows at least one of keys [j0, j1).
inline bool any_allowed(const MaskView& m, long row, int j0, int j1) {
    if (!m.allow) return true;
    for (int j = j0; j < j1; ++j)
        if (m.allow[row + j * m.stride_k]) return true;
    return false;
}

// Queries [i0, i0 + rows) against the tiles of the packed keys; s: kFlashBQ x
// kFlashWideTiles * kFlashTile floats, qn: kFlashBQ x D (cosine only).
void flash_block(const FlashHead& hd, const MaskView& mask, const AttentionParams& p, const FlashPacks& pk,
                 int i0, int rows, float* s, float* qn, FlashStats& count);

// One query at a time with axpy over the allowed keys (heads whose v is not
// all finite); writes out itself.
void flash_rows(const FlashHead& hd, const MaskView& mask, const AttentionParams& p, float* acc, float* qrow,
                FlashStats& count);

}  // namespace attnscope::detail
