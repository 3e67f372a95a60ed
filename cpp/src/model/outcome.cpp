#include "attnscope/model/outcome.h"
#include <cstdarg>
#include <cstdio>

namespace attnscope::model {

Outcome failure(Status status, const char* format, ...) {
    char buf[512];
    va_list args;
    va_start(args, format);
    std::vsnprintf(buf, sizeof buf, format, args);
    va_end(args);
    Outcome o;
    o.status = status;
    o.message = buf;
    return o;
}

}  // namespace attnscope::model
