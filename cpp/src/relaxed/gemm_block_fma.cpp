// The gemm engine's block loop with fused multiply-adds: attnscope-fma.wasm.
// The same tiles as gemm_tile.h (out[r, c] += sum_k A[r, k] B[k, c] over
// packed micro-panels; gemm_block.h), but each k step is
// f32x4.relaxed_madd(a, b, c) = a * b + c, one rounding where the engine
// fuses (Chromium and Firefox on x64 with FMA3: vfmadd), two where it does
// not. Sums run over k in order, so a result differs from the core's
// mul-then-add tile by rounding only.
//
// Built by clang-16 alone (CMakeLists.txt), not by Emscripten, whose clang 14
// emits a pre-standard opcode for relaxed_madd: no libc, no static data (the
// module runs on the core's memory, where a data segment would overwrite the
// core's own), every value in locals. JS (wasm_bindings/fma_post.js)
// instantiates it on the core's memory and puts gemm_block in the core's
// function table; the core calls it through a function pointer.
#include <wasm_simd128.h>
#include "../gemm_block.h"

namespace {

using attnscope::detail::kGemmMR;
constexpr int NR = attnscope::detail::kGemmWasmNR;
static_assert(kGemmMR == 4 && NR == 8, "the tile below is 4 rows of two f32x4");

typedef float f32x4 __attribute__((vector_size(16)));
inline v128_t madd(v128_t a, v128_t b, v128_t c) {
    return reinterpret_cast<v128_t>(__builtin_wasm_relaxed_madd_f32x4(reinterpret_cast<f32x4>(a),
                                                                      reinterpret_cast<f32x4>(b),
                                                                      reinterpret_cast<f32x4>(c)));
}

// Lane c (0..3) of v: extract_lane needs a constant index.
inline float lane(v128_t v, int c) {
    switch (c) {
        case 0: return wasm_f32x4_extract_lane(v, 0);
        case 1: return wasm_f32x4_extract_lane(v, 1);
        case 2: return wasm_f32x4_extract_lane(v, 2);
        default: return wasm_f32x4_extract_lane(v, 3);
    }
}

// One row of a tile (lo: columns 0-3, hi: 4-7) into nc <= 8 floats of o.
inline void store_row(float* o, v128_t lo, v128_t hi, int nc, bool load_c) {
    if (nc == NR) {
        if (load_c) lo = wasm_f32x4_add(lo, wasm_v128_load(o)), hi = wasm_f32x4_add(hi, wasm_v128_load(o + 4));
        wasm_v128_store(o, lo);
        wasm_v128_store(o + 4, hi);
        return;
    }
    for (int c = 0; c < nc; ++c) {
        const float t = c < 4 ? lane(lo, c) : lane(hi, c - 4);
        o[c] = load_c ? o[c] + t : t;
    }
}

// out (rows x nc) [+]= pa (MR x kc, k-major) @ bp (kc x NR, k-major).
void tile(float* out, long ldo, const float* pa, const float* bp, int kc, int rows, int nc, bool load_c) {
    v128_t c00 = wasm_f32x4_splat(0.f), c01 = c00, c10 = c00, c11 = c00;
    v128_t c20 = c00, c21 = c00, c30 = c00, c31 = c00;
    // Not unrolled (as gemm_tile.h): V8 unrolls it itself without spilling.
#pragma clang loop unroll(disable)
    for (const float* end = pa + kc * kGemmMR; pa != end; pa += kGemmMR, bp += NR) {
        const v128_t b0 = wasm_v128_load(bp), b1 = wasm_v128_load(bp + 4);
        v128_t x = wasm_v128_load32_splat(pa);
        c00 = madd(x, b0, c00), c01 = madd(x, b1, c01);
        x = wasm_v128_load32_splat(pa + 1);
        c10 = madd(x, b0, c10), c11 = madd(x, b1, c11);
        x = wasm_v128_load32_splat(pa + 2);
        c20 = madd(x, b0, c20), c21 = madd(x, b1, c21);
        x = wasm_v128_load32_splat(pa + 3);
        c30 = madd(x, b0, c30), c31 = madd(x, b1, c31);
    }
    store_row(out, c00, c01, nc, load_c);
    if (rows > 1) store_row(out + ldo, c10, c11, nc, load_c);
    if (rows > 2) store_row(out + 2 * ldo, c20, c21, nc, load_c);
    if (rows > 3) store_row(out + 3 * ldo, c30, c31, nc, load_c);
}

}  // namespace

// attnscope::detail::GemmBlockKernel: the micro-panels of A against each panel of B.
extern "C" __attribute__((export_name("gemm_block"))) void gemm_block(float* out, long ldo, const float* pa, int m,
                                                                      const float* bp, long pstride, int kc, int nc,
                                                                      int load_c) {
    for (int i = 0; i < m; i += kGemmMR, pa += static_cast<long>(kc) * kGemmMR) {
        const int rows = m - i < kGemmMR ? m - i : kGemmMR;
        for (int p = 0; p * NR < nc; ++p)
            tile(out + i * ldo + p * NR, ldo, pa, bp + p * pstride, kc, rows, nc - p * NR < NR ? nc - p * NR : NR,
                 load_c != 0);
    }
}
