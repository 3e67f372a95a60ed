// V8, "8 float lanes", the unit of the canonical dot order (kernels.h): one
// AVX batch, two sse4.1 / wasm SIMD batches, or eight scalars. All three give
// the same bits: each lane does the same float operations in the same order.
#pragma once
#include "attnscope/simd.h"

namespace attnscope::model::lanes {

#if ATTNSCOPE_SIMD && XSIMD_WITH_AVX
using V8 = xsimd::batch<float, xsimd::avx>;
inline V8 zero8() { return V8(0.f); }
inline V8 load8(const float* p) { return V8::load_unaligned(p); }
inline float sum8(const V8& v) {
    const __m256 r = v;
    const __m128 t = _mm_add_ps(_mm256_castps256_ps128(r), _mm256_extractf128_ps(r, 1));
    alignas(16) float a[4];
    _mm_store_ps(a, t);
    return (a[0] + a[1]) + (a[2] + a[3]);
}
#elif ATTNSCOPE_SIMD
using V4 = xsimd::batch<float, xsimd::sse4_1>;
struct V8 {
    V4 lo, hi;
};
inline V8 zero8() { return {V4(0.f), V4(0.f)}; }
inline V8 load8(const float* p) { return {V4::load_unaligned(p), V4::load_unaligned(p + 4)}; }
inline V8 operator+(const V8& a, const V8& b) { return {a.lo + b.lo, a.hi + b.hi}; }
inline V8 operator*(const V8& a, const V8& b) { return {a.lo * b.lo, a.hi * b.hi}; }
inline float sum8(const V8& v) {
    alignas(16) float a[4];
    (v.lo + v.hi).store_aligned(a);
    return (a[0] + a[1]) + (a[2] + a[3]);
}
#else
struct V8 {
    float v[8];
};
inline V8 zero8() { return V8{}; }
inline V8 load8(const float* p) {
    V8 r;
    for (int k = 0; k < 8; ++k) r.v[k] = p[k];
    return r;
}
inline V8 operator+(const V8& a, const V8& b) {
    V8 r;
    for (int k = 0; k < 8; ++k) r.v[k] = a.v[k] + b.v[k];
    return r;
}
inline V8 operator*(const V8& a, const V8& b) {
    V8 r;
    for (int k = 0; k < 8; ++k) r.v[k] = a.v[k] * b.v[k];
    return r;
}
inline float sum8(const V8& v) {
    float a[4];
    for (int k = 0; k < 4; ++k) a[k] = v.v[k] + v.v[k + 4];
    return (a[0] + a[1]) + (a[2] + a[3]);
}
#endif

}  // namespace attnscope::model::lanes
