// out row t (ldo apart) = W (d,n) @ x row t (ldx apart), t < count: a weight
// matrix on a block of inputs (a prompt's rows), every value bit-identical
// to vec_dot(W_i, x_t), kernels.h's canonical order.
//
// AVX and scalar builds: per weight row, up to four inputs share each load of
// it (dots). sse4.1 / wasm SIMD: the canonical order keeps eight f32x4 sums
// per output (sum q takes floats 4q..4q+3 of every 32-block), 8 of the 16
// registers, so a tile of rows x inputs cannot keep all its sums in
// registers. Instead the rows' 32-blocks are packed by sum (sum q's floats of
// the tile's rows, block after block, in one run), and a register tile of 4
// weight rows x 2 inputs (eight sums, six loads per eight multiply-adds
// instead of two per one) runs over the eight sums in turn; their totals wait
// on the stack and are combined, with the 8-blocks and the tail, as vec_dot
// does.
#include <algorithm>
#include <cstddef>
#include "attnscope/model/kernels.h"
#include "lanes8.h"

namespace attnscope::model {
namespace {

using namespace lanes;

// vec_dot(w, x_t) for NT inputs x_t = x + t * ldx, sharing each load of w:
// per input the same four accumulators, blocks and tail as vec_dot.
template <int NT>
void dots(float* out, long ldo, const float* w, const float* x, long ldx, int n) {
    V8 acc[NT][4];
    for (int t = 0; t < NT; ++t) acc[t][0] = acc[t][1] = acc[t][2] = acc[t][3] = zero8();
    int j = 0;
    for (; j + 32 <= n; j += 32) {
        const V8 w0 = load8(w + j), w1 = load8(w + j + 8), w2 = load8(w + j + 16), w3 = load8(w + j + 24);
        for (int t = 0; t < NT; ++t) {
            const float* xt = x + t * ldx + j;
            acc[t][0] = acc[t][0] + w0 * load8(xt);
            acc[t][1] = acc[t][1] + w1 * load8(xt + 8);
            acc[t][2] = acc[t][2] + w2 * load8(xt + 16);
            acc[t][3] = acc[t][3] + w3 * load8(xt + 24);
        }
    }
    for (; j + 8 <= n; j += 8) {
        const V8 w0 = load8(w + j);
        for (int t = 0; t < NT; ++t) acc[t][0] = acc[t][0] + w0 * load8(x + t * ldx + j);
    }
    for (int t = 0; t < NT; ++t) {
        const float* xt = x + t * ldx;
        float s = sum8((acc[t][0] + acc[t][1]) + (acc[t][2] + acc[t][3]));
        for (int k = j; k < n; ++k) s += w[k] * xt[k];
        out[t * ldo] = s;
    }
}

#if ATTNSCOPE_SIMD && !XSIMD_WITH_AVX
constexpr int kTileRows = 4, kTileInputs = 2;  // 2 x 4 measured the same; 3 x 3 and unrolling spill

// G rows (ld apart) packed for one side of a tile: 4-float block b of sum q
// (floats 32b + 4q.. of the row) of row g goes to ((q * B + b) * G + g) * 4,
// B = n32 / 32; so a tile reads its G rows' next blocks as one run.
void pack_rows(float* dst, const float* src, long ld, int G, int n32) {
    const int B = n32 / 32;
    for (int g = 0; g < G; ++g)
        for (int b = 0; b < B; ++b)
            for (int q = 0; q < 8; ++q)
                V4::load_unaligned(src + g * ld + 32 * b + 4 * q).store_unaligned(dst + ((q * B + b) * G + g) * 4);
}

// A tile's weight rows and inputs: packed (pack_rows) and as given.
struct Tile {
    float* wp;
    const float *xp, *w, *x;
    long ldx;
    int n, n32;
};

template <int R, int T>
void tile(float* out, long ldo, const Tile& a) {
    const int B = a.n32 / 32;
    V4 sum[8][R][T];
    for (int q = 0; q < 8; ++q) {
        V4 acc[R][T];
        for (int r = 0; r < R; ++r)
            for (int t = 0; t < T; ++t) acc[r][t] = V4(0.f);
        const float* wq = a.wp + q * B * R * 4;
        const float* xq = a.xp + q * B * T * 4;
#ifdef __clang__
#pragma clang loop unroll(disable)  // unrolled twice it spilled in V8 (0.75x)
#endif
        for (int b = 0; b < B; ++b, wq += R * 4, xq += T * 4) {
            V4 wv[R];
            for (int r = 0; r < R; ++r) wv[r] = V4::load_unaligned(wq + r * 4);
            for (int t = 0; t < T; ++t) {
                const V4 xv = V4::load_unaligned(xq + t * 4);
                for (int r = 0; r < R; ++r) acc[r][t] = acc[r][t] + wv[r] * xv;
            }
        }
        for (int r = 0; r < R; ++r)
            for (int t = 0; t < T; ++t) sum[q][r][t] = acc[r][t];
    }
    const int n8 = a.n - a.n % 8;
    for (int k = a.n32; k < n8; k += 8)  // 8-blocks past the 32-blocks: sums 0 and 1, as vec_dot
        for (int r = 0; r < R; ++r)
            for (int t = 0; t < T; ++t) {
                const float *w = a.w + static_cast<std::size_t>(r) * a.n + k, *x = a.x + t * a.ldx + k;
                sum[0][r][t] = sum[0][r][t] + V4::load_unaligned(w) * V4::load_unaligned(x);
                sum[1][r][t] = sum[1][r][t] + V4::load_unaligned(w + 4) * V4::load_unaligned(x + 4);
            }
    for (int r = 0; r < R; ++r)
        for (int t = 0; t < T; ++t) {
            V8 s8{(sum[0][r][t] + sum[2][r][t]) + (sum[4][r][t] + sum[6][r][t]),
                  (sum[1][r][t] + sum[3][r][t]) + (sum[5][r][t] + sum[7][r][t])};
            float s = sum8(s8);
            const float *w = a.w + static_cast<std::size_t>(r) * a.n, *x = a.x + t * a.ldx;
            for (int k = n8; k < a.n; ++k) s += w[k] * x[k];
            out[t * ldo + r] = s;
        }
}

// Rows i..i+R-1 of W on every input (packed in groups of kTileInputs), the rows packed into a.wp first.
template <int R>
void row_tiles(float* out, long ldo, Tile a, int count) {
    pack_rows(a.wp, a.w, a.n, R, a.n32);
    int t = 0;
    for (; t + kTileInputs <= count; t += kTileInputs) {
        tile<R, kTileInputs>(out + t * ldo, ldo, a);
        a.xp += kTileInputs * a.n32, a.x += kTileInputs * a.ldx;
    }
    if (t < count) tile<R, 1>(out + t * ldo, ldo, a);  // packed alone: kTileInputs is 2
}
#endif

}  // namespace

// The packed inputs and one tile's packed weight rows (4 at most).
std::size_t matvec_rows_scratch(int n, int count) { return static_cast<std::size_t>(count + 4) * n; }

void matvec_rows(float* out, long ldo, const float* x, long ldx, const float* w, int n, int d, int count,
                 float* scratch) {
#if ATTNSCOPE_SIMD && !XSIMD_WITH_AVX
    const int n32 = n - n % 32;
    if (count >= kTileInputs && n32 > 0) {
        float* wp = scratch;
        float* xp = scratch + kTileRows * n32;
        for (int t = 0; t < count; t += kTileInputs)
            pack_rows(xp + static_cast<std::size_t>(t) * n32, x + t * ldx, ldx, std::min(kTileInputs, count - t), n32);
        Tile a{wp, xp, w, x, ldx, n, n32};
        int i = 0;
        for (; i + kTileRows <= d; i += kTileRows, a.w += static_cast<std::size_t>(kTileRows) * n)
            row_tiles<kTileRows>(out + i, ldo, a, count);
        for (; i < d; ++i, a.w += n) row_tiles<1>(out + i, ldo, a, count);
        return;
    }
    constexpr int kInputsPerLoad = 1;  // 8 f32x4 sums per input: a second would spill them
#elif ATTNSCOPE_SIMD
    constexpr int kInputsPerLoad = 4;  // 4 of the 16 ymm registers per input
#else
    constexpr int kInputsPerLoad = 1;
#endif
    (void)scratch;
    for (int i = 0; i < d; ++i) {
        const float* wi = w + static_cast<std::size_t>(i) * n;
        int t = 0;
        for (; t + kInputsPerLoad <= count; t += kInputsPerLoad)
            dots<kInputsPerLoad>(out + t * ldo + i, ldo, wi, x + t * ldx, ldx, n);
        for (; t < count; ++t) dots<1>(out + t * ldo + i, ldo, wi, x + t * ldx, ldx, n);
    }
}

}  // namespace attnscope::model
