// Dropout masks drawn from the counter-based hash of random.h (ops.h): the
// backward draws again what the forward drew, so nothing is stored.
#include "attnscope/train/ops.h"
#include "random.h"
#include "vec.h"

namespace attnscope::train {

float Dropout::at(std::uint64_t i) const { return dropout_keeps(key, first + i, threshold) ? scale : 0.f; }

void dropout_forward(float* x, long n, const Dropout& d) {
    if (!d.on()) return;
    for (long i = 0; i < n; ++i) x[i] *= d.at(static_cast<std::uint64_t>(i));
}

void dropout_backward(float* dx, const float* dout, long n, const Dropout& d) {
    if (!d.on()) {
        vec::add_to(dx, dout, n);
        return;
    }
    for (long i = 0; i < n; ++i) dx[i] += dout[i] * d.at(static_cast<std::uint64_t>(i));
}

}  // namespace attnscope::train
