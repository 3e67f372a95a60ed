// out (M,N) [+]= A (M,K) @ B (K,N), i.e. out[i,j] = sum_k A[i,k] B[k,j].
// Blocking (see gemm.h): for each K slice of kc <= KC and each block of mc
// rows, A is packed once into MR-row micro-panels (gemm_pack.cpp); then for
// each chunk of NP panels (NP * NR columns) B is packed (unless the caller
// packed it) and every micro-panel of A runs the register tile
// (gemm_tile.h, or the block kernel installed from outside the core)
// against each panel of the chunk: the A micro-panel (MR x kc, at most 8 KB)
// stays in L1, the chunk (at most 128 KB) and the A block (256 KB) in L2. A
// block holds as many rows as 256 KB allow at this kc (128 at K >= 512, 256
// at 256, 512 at 128), so B is packed once per block: a thin K packs it less
// often. Sums run over k in order within a K slice; K slices add to out in
// order (the blocking changes no result).
#include "gemm.h"
#include <algorithm>
#include "attnscope/gemm_kernel_choice.h"
#include "gemm_tile.h"

namespace attnscope::detail {

namespace {

constexpr int MR = kGemmMR, NR = kGemmNR, KC = kGemmKC;
constexpr int kABlockFloats = 65536;  // a packed block of A: 256 KB
constexpr int kMaxBlockRows = 512;
constexpr int NP = 8;  // panels per packed chunk of B: a row of B gives NP * NR floats (whole cache lines)
static_assert(kABlockFloats % (KC * MR) == 0, "a block of A holds whole micro-panels of a full K slice");

alignas(64) thread_local float a_block[kABlockFloats];
alignas(64) thread_local float b_chunk[KC * NP * NR];  // 128 KB

// Rows of A packed at once for a K slice of kc: a multiple of MR.
int block_rows(int kc) {
    return std::min(kMaxBlockRows, kABlockFloats / kc / MR * MR);
}

// The block kernel from outside the core, or null: set_gemm_block_kernel.
GemmBlockKernel external_block = nullptr;

// out rows [0, m) x the nc columns of one chunk of B, over one K slice.
void run_block(float* out, long ldo, const float* pa, int m, const float* bp, long pstride, int kc, int nc,
               bool load_c) {
    if (external_block) {
        external_block(out, ldo, pa, m, bp, pstride, kc, nc, load_c);
        return;
    }
    for (int i = 0; i < m; i += MR, pa += static_cast<long>(kc) * MR) {
        const int rows = std::min(MR, m - i);
        for (int p = 0; p * NR < nc; ++p)
            gemm_tile(out + i * ldo + p * NR, ldo, pa, bp + p * pstride, kc, rows, std::min(NR, nc - p * NR),
                      load_c);
    }
}

bool trivial(float* out, long ldo, int M, int K, int N, bool accumulate) {
    if (M <= 0 || N <= 0) return true;
    if (K > 0) return false;
    if (!accumulate)
        for (int i = 0; i < M; ++i) std::fill(out + i * ldo, out + i * ldo + N, 0.f);
    return true;
}

}  // namespace

bool set_gemm_block_kernel(GemmBlockKernel kernel) {
#if ATTNSCOPE_THREADS
    // Each pthread has its own function table: a pointer set here would not
    // name the same function in the workers.
    return kernel == nullptr;
#else
    if (kernel && NR != kGemmWasmNR) return false;  // packed for another tile width (a native AVX build)
    external_block = kernel;
    return true;
#endif
}

void gemm(float* out, long ldo, View a, View b, int M, int K, int N, bool accumulate) {
    if (trivial(out, ldo, M, K, N, accumulate)) return;
    for (int k0 = 0; k0 < K; k0 += KC) {
        const int kc = std::min(KC, K - k0), mc = block_rows(kc);
        for (int i0 = 0; i0 < M; i0 += mc) {
            const int m = std::min(mc, M - i0);
            gemm_pack_a(a_block, a, i0, m, k0, kc);
            for (int j0 = 0; j0 < N; j0 += NP * NR) {
                const int nc = std::min(NP * NR, N - j0);
                gemm_pack_b_slice(b_chunk, b, k0, kc, j0, nc);
                run_block(out + i0 * ldo + j0, ldo, a_block, m, b_chunk, static_cast<long>(kc) * NR, kc, nc,
                          accumulate || k0 > 0);
            }
        }
    }
}

void gemm(float* out, long ldo, View a, PackedB b, int M, int K, int N, bool accumulate) {
    if (trivial(out, ldo, M, K, N, accumulate)) return;
    for (int k0 = 0; k0 < K; k0 += KC) {
        const int kc = std::min(KC, K - k0), mc = block_rows(kc);
        for (int i0 = 0; i0 < M; i0 += mc) {
            const int m = std::min(mc, M - i0);
            gemm_pack_a(a_block, a, i0, m, k0, kc);
            for (int j0 = 0; j0 < N; j0 += NP * NR)
                run_block(out + i0 * ldo + j0, ldo, a_block, m, b.p + (j0 / NR) * b.pstride + k0 * NR, b.pstride,
                          kc, std::min(NP * NR, N - j0), accumulate || k0 > 0);
        }
    }
}

}  // namespace attnscope::detail

namespace attnscope {

bool use_gemm_block_kernel(std::uintptr_t kernel) {
    return detail::set_gemm_block_kernel(reinterpret_cast<detail::GemmBlockKernel>(kernel));
}

}  // namespace attnscope
