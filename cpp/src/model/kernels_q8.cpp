// Q8_0 kernels (runq.c's quantize and matmul). The integer sum of a group is
// exact however it is computed (|sum| < 2^31 because group_size <= 2^16), so
// the SIMD path (sse4.1 intrinsics, which Emscripten maps onto wasm SIMD:
// i16x8.extend + i32x4.dot_i16x8_s) and the scalar path give the same bits.
// xsimd 8.1 has no widening int8 multiply-add, hence the intrinsics.
#include <cmath>
#include "attnscope/model/kernels.h"
#include "attnscope/simd.h"
#if ATTNSCOPE_SIMD
#include <smmintrin.h>
#endif

namespace attnscope::model {
namespace {

#if ATTNSCOPE_SIMD
// Four int32 lanes whose sum is sum_k a[k] * b[k] over 16 int8 pairs.
inline __m128i madd16(const std::int8_t* a, const std::int8_t* b) {
    const __m128i va = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a));
    const __m128i vb = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b));
    const __m128i lo = _mm_madd_epi16(_mm_cvtepi8_epi16(va), _mm_cvtepi8_epi16(vb));
    const __m128i hi = _mm_madd_epi16(_mm_cvtepi8_epi16(_mm_unpackhi_epi64(va, va)),
                                      _mm_cvtepi8_epi16(_mm_unpackhi_epi64(vb, vb)));
    return _mm_add_epi32(lo, hi);
}
inline __m128i madd8(const std::int8_t* a, const std::int8_t* b) {
    const __m128i va = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(a));
    const __m128i vb = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(b));
    return _mm_madd_epi16(_mm_cvtepi8_epi16(va), _mm_cvtepi8_epi16(vb));
}
// Lanes of a partial sum; the scalar tail of the group is added afterwards.
inline __m128i group_lanes(const std::int8_t* a, const std::int8_t* b, int gs, int* done) {
    __m128i acc = _mm_setzero_si128();
    int k = 0;
    for (; k + 16 <= gs; k += 16) acc = _mm_add_epi32(acc, madd16(a + k, b + k));
    if (k + 8 <= gs) {
        acc = _mm_add_epi32(acc, madd8(a + k, b + k));
        k += 8;
    }
    *done = k;
    return acc;
}
#endif

inline std::int32_t group_dot(const std::int8_t* a, const std::int8_t* b, int gs) {
    std::int32_t s = 0;
    int k = 0;
#if ATTNSCOPE_SIMD
    alignas(16) std::int32_t l[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(l), group_lanes(a, b, gs, &k));
    s = l[0] + l[1] + l[2] + l[3];
#endif
    for (; k < gs; ++k) s += static_cast<std::int32_t>(a[k]) * b[k];
    return s;
}

}  // namespace

void matvec_q8(float* out, const std::int8_t* xq, const float* xs, const std::int8_t* wq,
               const float* ws, int n, int d, int gs) {
    const int groups = n / gs;
    const long nl = n;
    int i = 0;
#if ATTNSCOPE_SIMD
    // Four rows at once: their four group sums leave the integer unit together.
    if (gs >= 8) {
        for (; i + 4 <= d; i += 4) {
            const std::int8_t* w0 = wq + i * nl;
            const float* s0 = ws + static_cast<long>(i) * groups;
            __m128 val = _mm_setzero_ps();
            for (int g = 0; g < groups; ++g) {
                const long o = static_cast<long>(g) * gs;
                int k = 0;
                __m128i a0 = group_lanes(w0 + o, xq + o, gs, &k);
                __m128i a1 = group_lanes(w0 + nl + o, xq + o, gs, &k);
                __m128i a2 = group_lanes(w0 + 2 * nl + o, xq + o, gs, &k);
                __m128i a3 = group_lanes(w0 + 3 * nl + o, xq + o, gs, &k);
                __m128i sums = _mm_hadd_epi32(_mm_hadd_epi32(a0, a1), _mm_hadd_epi32(a2, a3));
                if (k < gs) {
                    alignas(16) std::int32_t t[4] = {0, 0, 0, 0};
                    for (int r = 0; r < 4; ++r)
                        for (int kk = k; kk < gs; ++kk)
                            t[r] += static_cast<std::int32_t>(w0[r * nl + o + kk]) * xq[o + kk];
                    sums = _mm_add_epi32(sums, _mm_load_si128(reinterpret_cast<const __m128i*>(t)));
                }
                const __m128 scales = _mm_set_ps(s0[3 * groups + g], s0[2 * groups + g],
                                                 s0[groups + g], s0[g]);
                // val += (float(sum) * w_scale) * x_scale, lane by lane as the scalar loop.
                val = _mm_add_ps(val, _mm_mul_ps(_mm_mul_ps(_mm_cvtepi32_ps(sums), scales),
                                                 _mm_set1_ps(xs[g])));
            }
            _mm_storeu_ps(out + i, val);
        }
    }
#endif
    for (; i < d; ++i) {
        const std::int8_t* wr = wq + i * nl;
        const float* sr = ws + static_cast<long>(i) * groups;
        float val = 0.f;
        for (int g = 0; g < groups; ++g) {
            const long o = static_cast<long>(g) * gs;
            val += static_cast<float>(group_dot(wr + o, xq + o, gs)) * sr[g] * xs[g];
        }
        out[i] = val;
    }
}

void quantize_q8(std::int8_t* q, float* s, const float* x, std::int64_t n, int gs) {
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
            q[g * gs + k] = static_cast<std::int8_t>(r >= 127.f ? 127 : r <= -127.f ? -127 : r == r ? r : 0);
        }
    }
}

void dequantize_q8(float* out, const std::int8_t* q, const float* s, int n, int gs) {
    for (int i = 0; i < n; ++i) out[i] = static_cast<float>(q[i]) * s[i / gs];
}

}  // namespace attnscope::model
