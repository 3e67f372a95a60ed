// The block's two halves with their output bias left out, so that
// transformer_block adds it in the residual's pass (add_biased) instead of a
// pass of its own. add_out_bias = true is the public function exactly.
#pragma once
#include "attnscope/feed_forward.h"
#include "attnscope/multi_head_attention.h"

namespace attnscope::detail {

Status multi_head_attention(float* out, const float* x, const float* memory, const MhaWeights& w,
                            const MhaConfig& cfg, const MaskView& mask, KVCache* cache, int layer,
                            const MhaTrace* trace, bool add_out_bias);

Status feed_forward(float* out, float* hidden, const float* x, const FeedForwardWeights& w, int R, int C,
                    int F, Activation act, bool add_out_bias);

}  // namespace attnscope::detail
