// Two dense layers around an activation; SwiGLU gates with a third. The
// first layer's bias is added in the activation's pass (gelu_biased ...).
#include "attnscope/feed_forward.h"
#include "attnscope/activation.h"
#include "attnscope/linear.h"
#include "attnscope/matmul.h"
#include "block_parts.h"
#include "buffer.h"

namespace attnscope {

Status feed_forward(float* out, float* hidden, const float* x, const FeedForwardWeights& w,
                    int R, int C, int F, Activation act) {
    return detail::feed_forward(out, hidden, x, w, R, C, F, act, true);
}

Status detail::feed_forward(float* out, float* hidden, const float* x, const FeedForwardWeights& w,
                            int R, int C, int F, Activation act, bool add_out_bias) {
    const bool swiglu = act == Activation::SwiGlu;
    if (R < 0 || C < 0 || F < 0 || !w.w1 || !w.w2 || (swiglu && !w.w3)) return Status::InvalidArgument;
    if (static_cast<int>(act) < 0 || static_cast<int>(act) > static_cast<int>(Activation::Relu2))
        return Status::InvalidArgument;
    const std::uint64_t n = static_cast<std::uint64_t>(R) * F;
    detail::Buffer h(hidden, n), gate(nullptr, swiglu ? n : 0);
    if (!h.ok() || !gate.ok()) return Status::OutOfMemory;
    const long len = static_cast<long>(n);

    if (swiglu) linear(h.p, x, w.w1, w.b1, R, C, F);
    else matmul(h.p, x, w.w1, R, C, F);  // b1 joins in the activation's pass
    switch (act) {
        case Activation::Relu: relu_biased(h.p, h.p, w.b1, R, F); break;
        case Activation::Gelu: gelu_biased(h.p, h.p, w.b1, R, F); break;
        case Activation::GeluTanh: gelu_tanh_biased(h.p, h.p, w.b1, R, F); break;
        case Activation::Relu2:
            relu_biased(h.p, h.p, w.b1, R, F);
            multiply(h.p, h.p, h.p, len);
            break;
        case Activation::SwiGlu:
            silu(h.p, h.p, len);
            linear(gate.p, x, w.w3, w.b3, R, C, F);
            multiply(h.p, h.p, gate.p, len);
            break;
    }
    linear(out, h.p, w.w2, add_out_bias ? w.b2 : nullptr, R, F, C);
    return Status::Ok;
}

}  // namespace attnscope
