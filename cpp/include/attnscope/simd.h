// Which arithmetic the core was compiled with. ATTNSCOPE_SIMD=1 uses xsimd
// (sse4.1 natively; under Emscripten -msse4.1 -msimd128 maps it onto wasm
// SIMD). ATTNSCOPE_SIMD=0 is the plain scalar fallback build.
#pragma once

#if ATTNSCOPE_TESTS_COMMON
#error "a test including simd.h differs per core: list it in CMakeLists.txt's VARIANT_TEST_SOURCES"
#endif

#ifndef ATTNSCOPE_SIMD
#define ATTNSCOPE_SIMD 1
#endif

#if ATTNSCOPE_SIMD
#include <xsimd/xsimd.hpp>
#endif

namespace attnscope {

// "wasm-simd"/"wasm-scalar" in the browser; the same core natively.
inline const char* simd_arch_name() {
#if ATTNSCOPE_SIMD
    return xsimd::default_arch::name();
#else
    return "scalar";
#endif
}

}  // namespace attnscope
