// Q8_0 kernels (runq.c's quantize and matmul). Integer sums are exact however
// they are computed (|sum| < 2^31 because group_size <= 2^16), and the float
// part follows kernels.h's order, so every path gives the same bits. The
// activations are kept widened to int16, so the inner loop widens only the
// weights: i16x8.extend_{low,high}_i8x16_s + i32x4.dot_i16x8_s under wasm
// SIMD (written with wasm intrinsics: the sse4.1 spelling of extend_high costs
// an extra shuffle there), pmovsxbw + pmaddwd natively (q8_lanes.h). xsimd
// 8.1 has no widening int8 multiply-add, hence intrinsics.
// A weight row is widened once for up to kInputs inputs (a prompt's rows,
// matvec_q8_rows): each weight row is read from memory once per block of
// inputs, and its widening shared. A single input (a generated token) of
// group size 32 meets kRows weight rows at a time, each load of it shared. Groups smaller than 8
// (hidden_dim 172 of the 260K shape takes group size 4) go two or four to a
// dot product, each group's lanes moved to the lanes kernels.h gives them
// before scaling.
#include <cmath>
#include "attnscope/model/kernels.h"
#include "q8_lanes.h"

namespace attnscope::model {
namespace {

constexpr int kInputs = 4;  // inputs sharing one widened weight row

using namespace q8_lanes;  // q8_lanes.h: the vector lanes, and ATTNSCOPE_Q8_SIMD

// Where T inputs (rows of x and of xs, ldx and ldxs apart) meet one weight row.
struct Inputs {
    const std::int16_t* x;
    const float* xs;
    long ldx, ldxs;
};

#ifdef ATTNSCOPE_Q8_SIMD
// The last elements of a group [k, end) when gs % 8 != 0, lane by lane into
// the lanes dot8 gives them (k0: the group's start).
inline I32x4 tail_lanes(const std::int8_t* w, const std::int16_t* x, int k, int k0, int end) {
    alignas(16) std::int32_t s[4] = {0, 0, 0, 0};
    for (int j = k; j < end; ++j) s[((j - k0) % 8) / 2] += static_cast<std::int32_t>(w[j]) * x[j];
    return load_lanes(s);
}

// An accumulator's four float lanes summed in the kernels' fixed order.
inline float lane_total(F32x4 acc) {
    alignas(16) float f[4];
    fstore(f, acc);
    return (f[0] + f[1]) + (f[2] + f[3]);
}

// Groups of gs >= 8: per group the four integer lane sums of each input,
// scaled into its four float lanes. GS > 0 fixes gs at compile time.
template <int GS, int T>
void dots_wide(float* out, long ldo, const std::int8_t* w, const float* ws, Inputs in, int n, int gs_arg) {
    const int gs = GS > 0 ? GS : gs_arg;
    F32x4 acc[T];
    for (int t = 0; t < T; ++t) acc[t] = fzero();
    for (int g = 0, k0 = 0; k0 < n; ++g, k0 += gs) {
        I32x4 lanes[T];
        for (int t = 0; t < T; ++t) lanes[t] = zero();
        int k = k0;
        for (; k + 16 <= k0 + gs; k += 16) {
            I16x8 lo, hi;
            widen16(w + k, &lo, &hi);
            for (int t = 0; t < T; ++t) {
                const std::int16_t* x = in.x + t * in.ldx + k;
                lanes[t] = add(lanes[t], add(dot8(lo, x), dot8(hi, x + 8)));
            }
        }
        if (k + 8 <= k0 + gs) {
            const I16x8 v = widen8(w + k);
            for (int t = 0; t < T; ++t) lanes[t] = add(lanes[t], dot8(v, in.x + t * in.ldx + k));
            k += 8;
        }
        if (k < k0 + gs)  // gs % 8 != 0
            for (int t = 0; t < T; ++t) lanes[t] = add(lanes[t], tail_lanes(w, in.x + t * in.ldx, k, k0, k0 + gs));
        for (int t = 0; t < T; ++t) acc[t] = scale_add(acc[t], lanes[t], ws[g] * in.xs[t * in.ldxs + g]);
    }
    for (int t = 0; t < T; ++t) out[t * ldo] = lane_total(acc[t]);
}

constexpr int kRows = 2;  // weight rows sharing one input's loads (rows_wide; 4 was slower)

// One input against R weight rows (ldw apart; scales ldws apart), a
// generated token's product: each load of the input's lanes serves the R
// rows. Per row the lane sums, scaling and final adds of dots_wide<GS, 1>:
// the same bits.
template <int GS, int R>
void rows_wide(float* out, const std::int8_t* w, long ldw, const float* ws, long ldws, const std::int16_t* x,
               const float* xs, int n, int gs_arg) {
    const int gs = GS > 0 ? GS : gs_arg;
    F32x4 acc[R];
    for (int r = 0; r < R; ++r) acc[r] = fzero();
    for (int g = 0, k0 = 0; k0 < n; ++g, k0 += gs) {
        I32x4 lanes[R];
        for (int r = 0; r < R; ++r) lanes[r] = zero();
        int k = k0;
        for (; k + 16 <= k0 + gs; k += 16) {
            const I16x8 x0 = load16(x + k), x1 = load16(x + k + 8);
            for (int r = 0; r < R; ++r) {
                I16x8 lo, hi;
                widen16(w + r * ldw + k, &lo, &hi);
                lanes[r] = add(lanes[r], add(dot8(lo, x0), dot8(hi, x1)));
            }
        }
        if (k + 8 <= k0 + gs) {
            const I16x8 x0 = load16(x + k);
            for (int r = 0; r < R; ++r) lanes[r] = add(lanes[r], dot8(widen8(w + r * ldw + k), x0));
            k += 8;
        }
        if (k < k0 + gs)  // gs % 8 != 0
            for (int r = 0; r < R; ++r) lanes[r] = add(lanes[r], tail_lanes(w + r * ldw, x, k, k0, k0 + gs));
        for (int r = 0; r < R; ++r) acc[r] = scale_add(acc[r], lanes[r], ws[r * ldws + g] * xs[g]);
    }
    for (int r = 0; r < R; ++r) out[r] = lane_total(acc[r]);
}

// Groups of 4: one dot product covers two groups, lanes (0, 1) and (2, 3);
// each group's pair goes to float lanes 0 and 1 (lanes 2 and 3 add 0). An
// odd last group is summed lane by lane.
template <int T>
void dots_quads(float* out, long ldo, const std::int8_t* w, const float* ws, Inputs in, int n) {
    F32x4 acc[T];
    for (int t = 0; t < T; ++t) acc[t] = fzero();
    int k = 0, g = 0;
    for (; k + 8 <= n; k += 8, g += 2) {
        const I16x8 v = widen8(w + k);
        for (int t = 0; t < T; ++t) {
            const I32x4 d = dot8(v, in.x + t * in.ldx + k);
            const float* xs = in.xs + t * in.ldxs;
            acc[t] = scale_add(acc[t], pair_lanes<0>(d), ws[g] * xs[g]);
            acc[t] = scale_add(acc[t], pair_lanes<1>(d), ws[g + 1] * xs[g + 1]);
        }
    }
    if (k < n)
        for (int t = 0; t < T; ++t) {
            const std::int16_t* x = in.x + t * in.ldx;
            alignas(16) std::int32_t s[4] = {w[k] * x[k] + w[k + 1] * x[k + 1], w[k + 2] * x[k + 2] + w[k + 3] * x[k + 3], 0, 0};
            acc[t] = scale_add(acc[t], load_lanes(s), ws[g] * in.xs[t * in.ldxs + g]);
        }
    for (int t = 0; t < T; ++t) out[t * ldo] = lane_total(acc[t]);
}
#endif

// kernels.h's definition, element by element: the scalar build, and any
// group size the SIMD paths above do not take.
void dots_plain(float* out, long ldo, const std::int8_t* w, const float* ws, Inputs in, int T, int n, int gs) {
    for (int t = 0; t < T; ++t) {
        const std::int16_t* x = in.x + t * in.ldx;
        const float* xs = in.xs + t * in.ldxs;
        float f[4] = {0.f, 0.f, 0.f, 0.f};
        for (int g = 0; g < n / gs; ++g) {
            std::int32_t s[4] = {0, 0, 0, 0};
            for (int k = 0; k < gs; ++k) s[(k % 8) / 2] += static_cast<std::int32_t>(w[g * gs + k]) * x[g * gs + k];
            const float scale = ws[g] * xs[g];
            for (int l = 0; l < 4; ++l) f[l] = f[l] + static_cast<float>(s[l]) * scale;
        }
        out[t * ldo] = (f[0] + f[1]) + (f[2] + f[3]);
    }
}

// T inputs against weight row w (n int8, scales ws): out[t * ldo].
template <int T>
void dots(float* out, long ldo, const std::int8_t* w, const float* ws, Inputs in, int n, int gs) {
#ifdef ATTNSCOPE_Q8_SIMD
    if (gs == 32) return dots_wide<32, T>(out, ldo, w, ws, in, n, gs);
    if (gs == 64) return dots_wide<64, T>(out, ldo, w, ws, in, n, gs);
    if (gs >= 8) return dots_wide<0, T>(out, ldo, w, ws, in, n, gs);
    if (gs == 4) return dots_quads<T>(out, ldo, w, ws, in, n);
#endif
    dots_plain(out, ldo, w, ws, in, T, n, gs);
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
    matvec_q8_rows(out, 1, xq, xs, wq, ws, n, d, gs, 1);
}

void matvec_q8_rows(float* out, long ldo, const std::int16_t* xq, const float* xs, const std::int8_t* wq,
                    const float* ws, int n, int d, int gs, int count) {
    const long groups = n / gs;
    int i = 0;
#ifdef ATTNSCOPE_Q8_SIMD
    // One input of group size 32: kRows weight rows at a time share its loads
    // (at group size 64 the same kernel was 1.6x slower than one row at a
    // time, 15M- and GPT-2-shaped matvecs in Node on AMD; other sizes untried).
    if (count == 1 && gs == 32)
        for (; i + kRows <= d; i += kRows)
            rows_wide<32, kRows>(out + i, wq + static_cast<std::size_t>(i) * n, n,
                                 ws + static_cast<std::size_t>(i) * groups, groups, xq, xs, n, gs);
#endif
    for (; i < d; ++i) {
        const std::int8_t* wi = wq + static_cast<std::size_t>(i) * n;
        const float* wsi = ws + static_cast<std::size_t>(i) * groups;
        int t = 0;
        for (; t + kInputs <= count; t += kInputs)
            dots<kInputs>(out + t * ldo + i, ldo, wi, wsi, {xq + t * static_cast<long>(n), xs + t * groups, n, groups}, n, gs);
        for (; t < count; ++t)
            dots<1>(out + t * ldo + i, ldo, wi, wsi, {xq + t * static_cast<long>(n), xs + t * groups, n, groups}, n, gs);
    }
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
