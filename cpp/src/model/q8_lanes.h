// The Q8_0 kernels' vector lanes (kernels_q8.cpp): int8 weights widened to
// int16 and multiplied pairwise into four int32 lanes, then scaled into four
// float lanes; wasm SIMD intrinsics in the wasm build, SSE4.1 natively, and
// ATTNSCOPE_Q8_SIMD defined where either is there (the scalar build has none).
#pragma once
#include <cstdint>
#include "attnscope/simd.h"
#if ATTNSCOPE_SIMD && defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif ATTNSCOPE_SIMD
#include <smmintrin.h>
#endif

namespace attnscope::model::q8_lanes {

// Lane j (0..3) of a block's sum gets the products of the elements k with
// (k % 8) / 2 == j: what dot_i16x8 / madd_epi16 does to 8 widened pairs.
#if ATTNSCOPE_SIMD && defined(__wasm_simd128__)
using I32x4 = v128_t;
using I16x8 = v128_t;
inline I32x4 zero() { return wasm_i32x4_splat(0); }
inline I32x4 add(I32x4 a, I32x4 b) { return wasm_i32x4_add(a, b); }
inline void widen16(const std::int8_t* w, I16x8* lo, I16x8* hi) {
    const v128_t vw = wasm_v128_load(w);
    *lo = wasm_i16x8_extend_low_i8x16(vw);
    *hi = wasm_i16x8_extend_high_i8x16(vw);
}
inline I16x8 widen8(const std::int8_t* w) { return wasm_i16x8_load8x8(w); }
inline I16x8 load16(const std::int16_t* x) { return wasm_v128_load(x); }
inline I32x4 dot8(I16x8 w, I16x8 x) { return wasm_i32x4_dot_i16x8(w, x); }
inline I32x4 dot8(I16x8 w, const std::int16_t* x) { return dot8(w, load16(x)); }
inline I32x4 load_lanes(const std::int32_t* t) { return wasm_v128_load(t); }
// The lanes (0, 1) of a group of 4 moved to lanes 0, 1 from lanes 2h, 2h+1; the rest 0.
template <int H>
inline I32x4 pair_lanes(I32x4 v) { return wasm_i32x4_shuffle(v, wasm_i32x4_splat(0), 2 * H, 2 * H + 1, 4, 4); }
using F32x4 = v128_t;
inline F32x4 fzero() { return wasm_f32x4_splat(0.f); }
// acc + float(lanes) * scale, lane by lane (a mul, then an add: no fusing)
inline F32x4 scale_add(F32x4 acc, I32x4 lanes, float scale) {
    return wasm_f32x4_add(acc, wasm_f32x4_mul(wasm_f32x4_convert_i32x4(lanes), wasm_f32x4_splat(scale)));
}
inline void fstore(float* f, F32x4 v) { wasm_v128_store(f, v); }
#define ATTNSCOPE_Q8_SIMD 1
#elif ATTNSCOPE_SIMD
using I32x4 = __m128i;
using I16x8 = __m128i;
inline I32x4 zero() { return _mm_setzero_si128(); }
inline I32x4 add(I32x4 a, I32x4 b) { return _mm_add_epi32(a, b); }
inline void widen16(const std::int8_t* w, I16x8* lo, I16x8* hi) {
    const __m128i vw = _mm_loadu_si128(reinterpret_cast<const __m128i*>(w));
    *lo = _mm_cvtepi8_epi16(vw);
    *hi = _mm_cvtepi8_epi16(_mm_unpackhi_epi64(vw, vw));
}
inline I16x8 widen8(const std::int8_t* w) {
    return _mm_cvtepi8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(w)));
}
inline I16x8 load16(const std::int16_t* x) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(x)); }
inline I32x4 dot8(I16x8 w, I16x8 x) { return _mm_madd_epi16(w, x); }
inline I32x4 dot8(I16x8 w, const std::int16_t* x) { return dot8(w, load16(x)); }
inline I32x4 load_lanes(const std::int32_t* t) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(t)); }
template <int H>
inline I32x4 pair_lanes(I32x4 v) { return _mm_move_epi64(H == 0 ? v : _mm_srli_si128(v, 8)); }
using F32x4 = __m128;
inline F32x4 fzero() { return _mm_setzero_ps(); }
inline F32x4 scale_add(F32x4 acc, I32x4 lanes, float scale) {
    return _mm_add_ps(acc, _mm_mul_ps(_mm_cvtepi32_ps(lanes), _mm_set1_ps(scale)));
}
inline void fstore(float* f, F32x4 v) { _mm_storeu_ps(f, v); }
#define ATTNSCOPE_Q8_SIMD 1
#endif

}  // namespace attnscope::model::q8_lanes
