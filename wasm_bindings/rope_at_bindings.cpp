// Embind for RoPE at explicit positions (position.h, apply_rope_at).
// Conversion only: positions arrive as a float64 buffer web/lib allocated.
#include <emscripten/bind.h>
#include <cstdint>
#include "attnscope/position.h"

using namespace attnscope;
using Ptr = std::uintptr_t;

namespace {

void apply_rope_at_b(Ptr out, Ptr x, int B, int T, int D, float base, int layout, Ptr positions) {
    apply_rope_at(reinterpret_cast<float*>(out), reinterpret_cast<const float*>(x), B, T, D, base,
                  static_cast<RopeLayout>(layout), reinterpret_cast<const double*>(positions));
}

}  // namespace

EMSCRIPTEN_BINDINGS(rope_at) {
    emscripten::function("applyRopeAt", &apply_rope_at_b);
}
