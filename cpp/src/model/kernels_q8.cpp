// Q8_0 kernels (runq.c's quantize and matmul). Integer sums are exact however
// they are computed (|sum| < 2^31 because group_size <= 2^16), and the float
// part follows kernels.h's order, so every path gives the same bits. The
// activations are kept widened to int16, so the inner loop widens only the
// weights: i16x8.extend_{low,high}_i8x16_s + i32x4.dot_i16x8_s under wasm
// SIMD (written with wasm intrinsics: the sse4.1 spelling of extend_high costs
// an extra shuffle there), pmovsxbw + pmaddwd natively. xsimd 8.1 has no
// widening int8 multiply-add, hence intrinsics.
#include <cmath>
#include "attnscope/model/kernels.h"
#include "attnscope/simd.h"
#if ATTNSCOPE_SIMD && defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif ATTNSCOPE_SIMD
#include <smmintrin.h>
#endif

namespace attnscope::model {
namespace {

// Lane j (0..3) of a block's sum gets the products of the elements k with
// (k % 8) / 2 == j: what dot_i16x8 / madd_epi16 does to 8 widened pairs.
#if ATTNSCOPE_SIMD && defined(__wasm_simd128__)
using I32x4 = v128_t;
inline I32x4 zero() { return wasm_i32x4_splat(0); }
inline I32x4 add(I32x4 a, I32x4 b) { return wasm_i32x4_add(a, b); }
inline I32x4 block16(const std::int8_t* w, const std::int16_t* x) {
    const v128_t vw = wasm_v128_load(w);
    return wasm_i32x4_add(wasm_i32x4_dot_i16x8(wasm_i16x8_extend_low_i8x16(vw), wasm_v128_load(x)),
                          wasm_i32x4_dot_i16x8(wasm_i16x8_extend_high_i8x16(vw), wasm_v128_load(x + 8)));
}
inline I32x4 block8(const std::int8_t* w, const std::int16_t* x) {
    return wasm_i32x4_dot_i16x8(wasm_i16x8_load8x8(w), wasm_v128_load(x));
}
inline I32x4 load_lanes(const std::int32_t* t) { return wasm_v128_load(t); }
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
inline I32x4 zero() { return _mm_setzero_si128(); }
inline I32x4 add(I32x4 a, I32x4 b) { return _mm_add_epi32(a, b); }
inline I32x4 block16(const std::int8_t* w, const std::int16_t* x) {
    const __m128i vw = _mm_loadu_si128(reinterpret_cast<const __m128i*>(w));
    const __m128i x0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x));
    const __m128i x1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + 8));
    return _mm_add_epi32(_mm_madd_epi16(_mm_cvtepi8_epi16(vw), x0),
                         _mm_madd_epi16(_mm_cvtepi8_epi16(_mm_unpackhi_epi64(vw, vw)), x1));
}
inline I32x4 block8(const std::int8_t* w, const std::int16_t* x) {
    return _mm_madd_epi16(_mm_cvtepi8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(w))),
                          _mm_loadu_si128(reinterpret_cast<const __m128i*>(x)));
}
inline I32x4 load_lanes(const std::int32_t* t) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(t)); }
using F32x4 = __m128;
inline F32x4 fzero() { return _mm_setzero_ps(); }
inline F32x4 scale_add(F32x4 acc, I32x4 lanes, float scale) {
    return _mm_add_ps(acc, _mm_mul_ps(_mm_cvtepi32_ps(lanes), _mm_set1_ps(scale)));
}
inline void fstore(float* f, F32x4 v) { _mm_storeu_ps(f, v); }
#define ATTNSCOPE_Q8_SIMD 1
#endif

// One row: for each group, its four integer lane sums scaled into four float
// lanes. GS > 0 fixes the group size at compile time (unrolled inner loop).
template <int GS>
float row_q8(const std::int8_t* w, const std::int16_t* x, const float* ws, const float* xs, int n, int gs_arg) {
    const int gs = GS > 0 ? GS : gs_arg;
    const int groups = n / gs;
#ifdef ATTNSCOPE_Q8_SIMD
    F32x4 acc = fzero();
    for (int g = 0; g < groups; ++g, w += gs, x += gs) {
        I32x4 lanes = zero();
        int k = 0;
        for (; k + 16 <= gs; k += 16) lanes = add(lanes, block16(w + k, x + k));
        if (k + 8 <= gs) lanes = add(lanes, block8(w + k, x + k)), k += 8;
        if (k < gs) {
            alignas(16) std::int32_t t[4] = {0, 0, 0, 0};
            for (; k < gs; ++k) t[(k % 8) / 2] += static_cast<std::int32_t>(w[k]) * x[k];
            lanes = add(lanes, load_lanes(t));
        }
        acc = scale_add(acc, lanes, ws[g] * xs[g]);
    }
    alignas(16) float f[4];
    fstore(f, acc);
#else
    float f[4] = {0.f, 0.f, 0.f, 0.f};
    for (int g = 0; g < groups; ++g, w += gs, x += gs) {
        std::int32_t t[4] = {0, 0, 0, 0};
        for (int k = 0; k < gs; ++k) t[(k % 8) / 2] += static_cast<std::int32_t>(w[k]) * x[k];
        const float scale = ws[g] * xs[g];
        for (int l = 0; l < 4; ++l) f[l] = f[l] + static_cast<float>(t[l]) * scale;
    }
#endif
    return (f[0] + f[1]) + (f[2] + f[3]);
}

template <int GS>
void rows_q8(float* out, const std::int16_t* xq, const float* xs, const std::int8_t* wq, const float* ws,
             int n, int d, int gs) {
    for (int i = 0; i < d; ++i)
        out[i] = row_q8<GS>(wq + static_cast<std::size_t>(i) * n, xq, ws + static_cast<std::size_t>(i) * (n / gs),
                            xs, n, gs);
}

template <typename Q>
void quantize_groups(Q* q, float* s, const float* x, std::int64_t n, int gs) {
    for (std::int64_t g = 0; g < n / gs; ++g) {
        const float* xg = x + g * gs;
        float wmax = 0.f;
        for (int k = 0; k < gs; ++k) {
            const float a = std::fabs(xg[k]);
            if (a > wmax) wmax = a;
        }
        const float scale = wmax / 127.f;
        s[g] = scale;
        for (int k = 0; k < gs; ++k) {
            const float r = scale > 0.f ? std::round(xg[k] / scale) : 0.f;
            // NaN and anything past ±127 (inf scales) never reach the int cast.
            q[g * gs + k] = static_cast<Q>(r >= 127.f ? 127 : r <= -127.f ? -127 : r == r ? r : 0);
        }
    }
}

}  // namespace

void matvec_q8(float* out, const std::int16_t* xq, const float* xs, const std::int8_t* wq,
               const float* ws, int n, int d, int gs) {
    if (gs == 32) rows_q8<32>(out, xq, xs, wq, ws, n, d, gs);
    else if (gs == 64) rows_q8<64>(out, xq, xs, wq, ws, n, d, gs);
    else rows_q8<0>(out, xq, xs, wq, ws, n, d, gs);
}

void quantize_q8(std::int8_t* q, float* s, const float* x, std::int64_t n, int gs) {
    quantize_groups(q, s, x, n, gs);
}

void quantize_q8_activations(std::int16_t* q, float* s, const float* x, std::int64_t n, int gs) {
    quantize_groups(q, s, x, n, gs);
}

void dequantize_q8(float* out, const std::int8_t* q, const float* s, int n, int gs) {
    for (int i = 0; i < n; ++i) out[i] = static_cast<float>(q[i]) * s[i / gs];
}

}  // namespace attnscope::model
