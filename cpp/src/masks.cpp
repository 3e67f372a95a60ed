// Boolean mask builders: each row is written by one rule, read in masks.h.
#include "attnscope/masks.h"
#include <algorithm>
#include <cstdlib>

namespace attnscope {

namespace {

// Row i of an (Nq, Nk) mask.
std::uint8_t* row(std::uint8_t* out, int Nk, int i) { return out + static_cast<long>(i) * Nk; }

bool globals_valid(int N, const int* global, int G) {
    if (G < 0 || (G > 0 && !global)) return false;
    for (int g = 0; g < G; ++g)
        if (global[g] < 0 || global[g] >= N) return false;
    return true;
}

// Adds the global-token links to an (N, N) mask; with causal only j <= i.
void add_globals(std::uint8_t* out, int N, const int* global, int G, bool causal) {
    for (int g = 0; g < G; ++g) {
        const int t = global[g];
        for (int x = 0; x < N; ++x) {
            if (!causal || x <= t) row(out, N, t)[x] = 1;  // t attends to x
            if (!causal || t <= x) row(out, N, x)[t] = 1;  // x attends to t
        }
    }
}

}  // namespace

Status causal_mask(std::uint8_t* out, int Nq, int Nk) {
    if (Nq < 0 || Nk < 0) return Status::InvalidArgument;
    for (int i = 0; i < Nq; ++i) {
        const long ip = static_cast<long>(i) + Nk - Nq;
        for (int j = 0; j < Nk; ++j) row(out, Nk, i)[j] = j <= ip;
    }
    return Status::Ok;
}

Status sliding_window_mask(std::uint8_t* out, int Nq, int Nk, int window, bool causal) {
    if (Nq < 0 || Nk < 0 || window < 1) return Status::InvalidArgument;
    for (int i = 0; i < Nq; ++i) {
        const long ip = static_cast<long>(i) + Nk - Nq;
        for (int j = 0; j < Nk; ++j)
            row(out, Nk, i)[j] = std::labs(ip - j) < window && (!causal || j <= ip);
    }
    return Status::Ok;
}

Status strided_mask(std::uint8_t* out, int N, int stride) {
    if (N < 0 || stride < 1) return Status::InvalidArgument;
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j) {
            const int back = i - j;  // how far key j lies behind query i
            row(out, N, i)[j] = back >= 0 && (back < stride || back % stride == 0);
        }
    return Status::Ok;
}

Status global_tokens_mask(std::uint8_t* out, int N, const int* global, int G, bool causal) {
    if (N < 0 || !globals_valid(N, global, G)) return Status::InvalidArgument;
    std::fill(out, out + static_cast<long>(N) * N, 0);
    for (int i = 0; i < N; ++i) row(out, N, i)[i] = 1;
    add_globals(out, N, global, G, causal);
    return Status::Ok;
}

Status big_bird_mask(std::uint8_t* out, int N, int window, const int* global, int G,
                     int random_per_row, std::uint64_t seed) {
    if (N < 0 || window < 1 || random_per_row < 0 || !globals_valid(N, global, G))
        return Status::InvalidArgument;
    sliding_window_mask(out, N, N, window, false);
    add_globals(out, N, global, G, false);
    SplitMix64 rng(seed);
    for (int i = 0; i < N; ++i) {
        std::uint8_t* r = row(out, N, i);
        int free = static_cast<int>(std::count(r, r + N, 0));
        for (int pick = std::min(random_per_row, free); pick > 0; --pick, --free) {
            std::uint64_t skip = rng.next() % static_cast<std::uint64_t>(free);
            int j = 0;
            for (;; ++j)  // the skip-th key still at 0
                if (!r[j] && skip-- == 0) break;
            r[j] = 1;
        }
    }
    return Status::Ok;
}

void combine_masks(std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b, long n,
                   MaskCombine how) {
    for (long x = 0; x < n; ++x)
        out[x] = how == MaskCombine::Union ? (a[x] != 0) | (b[x] != 0) : (a[x] != 0) & (b[x] != 0);
}

}  // namespace attnscope
