// A status with the sentence that explains it, for the model loaders and the
// model API: the core never throws or aborts on bad input, it returns one of
// these and web/lib turns a failure into an AttnscopeError with `message`.
#pragma once
#include <string>
#include "attnscope/status.h"

namespace attnscope::model {

struct Outcome {
    Status status = Status::Ok;
    std::string message;  // empty when ok; otherwise says what is wrong
    bool ok() const { return status == Status::Ok; }
};

// printf-style: failure(Status::InvalidArgument, "n_heads (%d) must be positive", h).
Outcome failure(Status status, const char* format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

}  // namespace attnscope::model
