#include "attnscope/status.h"

namespace attnscope {

const char* to_string(Status s) {
    switch (s) {
        case Status::Ok: return "ok";
        case Status::InvalidArgument: return "invalid argument";
        case Status::OutOfMemory: return "out of memory";
        case Status::NonFinite: return "a loss or gradient became NaN or infinite";
    }
    return "unknown status";
}

}  // namespace attnscope
