// The activation arena of one (B, T): filled in by train/forward.cpp.
#pragma once
#include <cstdint>

namespace attnscope::train {

struct Activations {
    int B = 0, T = 0;
};

}  // namespace attnscope::train
