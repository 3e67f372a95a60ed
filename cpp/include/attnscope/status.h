// Status codes returned by every core entry point. Append-only: the JS
// wrapper (web/lib/errors.js) maps the numbers to AttnscopeError messages
// through web/lib/enums.js, generated from this file and status.cpp
// (node scripts/gen_enums.js).
#pragma once

namespace attnscope {

enum class Status : int {
    Ok = 0,
    InvalidArgument = 1,  // a size or option the caller should have rejected
    OutOfMemory = 2,      // scratch allocation failed (malloc returned null)
    NonFinite = 3,        // a loss or gradient became NaN or infinite
};

const char* to_string(Status s);

}  // namespace attnscope
