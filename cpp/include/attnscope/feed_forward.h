// Position-wise feed-forward network, applied to each row independently.
// Legend: R rows (tokens, batch flattened), C model dim, F hidden width.
//   relu | gelu | gelu_tanh | relu2:  out = act(x W1 + b1) W2 + b2
//   swiglu:                           out = (silu(x W1 + b1) * (x W3 + b3)) W2 + b2
// relu2 is relu(z)^2 (Primer). Shapes: x (R,C), W1 W3 (C,F), W2 (F,C),
// b1 b3 (F), b2 (C); every bias may be null (no bias).
#pragma once
#include "attnscope/status.h"

namespace attnscope {

// Append-only: web/lib/ops/feed_forward.js sends these numbers.
enum class Activation : int { Relu = 0, Gelu = 1, GeluTanh = 2, SwiGlu = 3, Relu2 = 4 };  // js: relu gelu gelu_tanh swiglu relu2

struct FeedForwardWeights {
    const float* w1 = nullptr;  // (C, F)
    const float* b1 = nullptr;  // (F) or null
    const float* w3 = nullptr;  // (C, F), SwiGLU only
    const float* b3 = nullptr;  // (F) or null, SwiGLU only
    const float* w2 = nullptr;  // (F, C)
    const float* b2 = nullptr;  // (C) or null
};

// out (R,C); hidden (R,F) receives the activated hidden layer (for SwiGLU the
// gated product) when non-null. out must not alias x. InvalidArgument for a
// missing weight or a negative size; OutOfMemory when scratch fails.
Status feed_forward(float* out, float* hidden, const float* x, const FeedForwardWeights& w,
                    int R, int C, int F, Activation act);

}  // namespace attnscope
