// A float buffer that is either the caller's (an optional trace output) or
// malloc-backed scratch, for the operators that build on the kernels.
#pragma once
#include <cstdint>
#include "attention_common.h"

namespace attnscope::detail {

struct Buffer {
    Scratch own;
    float* p;
    std::uint64_t n;
    // given non-null: write there (it holds n floats); else allocate n floats.
    Buffer(float* given, std::uint64_t count)
        : own(given ? 0 : count), p(given ? given : own.p), n(count) {}
    bool ok() const { return n == 0 || p != nullptr; }
};

}  // namespace attnscope::detail
