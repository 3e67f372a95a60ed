// Two dense layers around an activation; SwiGLU gates with a third.
#include "attnscope/feed_forward.h"
#include "attnscope/activation.h"
#include "attnscope/linear.h"
#include "buffer.h"

namespace attnscope {

Status feed_forward(float* out, float* hidden, const float* x, const FeedForwardWeights& w,
                    int R, int C, int F, Activation act) {
    const bool swiglu = act == Activation::SwiGlu;
    if (R < 0 || C < 0 || F < 0 || !w.w1 || !w.w2 || (swiglu && !w.w3)) return Status::InvalidArgument;
    if (static_cast<int>(act) < 0 || static_cast<int>(act) > static_cast<int>(Activation::Relu2))
        return Status::InvalidArgument;
    const std::uint64_t n = static_cast<std::uint64_t>(R) * F;
    detail::Buffer h(hidden, n), gate(nullptr, swiglu ? n : 0);
    if (!h.ok() || !gate.ok()) return Status::OutOfMemory;
    const long len = static_cast<long>(n);

    linear(h.p, x, w.w1, w.b1, R, C, F);
    switch (act) {
        case Activation::Relu: relu(h.p, h.p, len); break;
        case Activation::Gelu: gelu(h.p, h.p, len); break;
        case Activation::GeluTanh: gelu_tanh(h.p, h.p, len); break;
        case Activation::Relu2:
            relu(h.p, h.p, len);
            multiply(h.p, h.p, h.p, len);
            break;
        case Activation::SwiGlu:
            silu(h.p, h.p, len);
            linear(gate.p, x, w.w3, w.b3, R, C, F);
            multiply(h.p, h.p, gate.p, len);
            break;
    }
    linear(out, h.p, w.w2, w.b2, R, F, C);
    return Status::Ok;
}

}  // namespace attnscope
