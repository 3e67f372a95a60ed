// Boolean attention masks, (Nq, Nk) row-major bytes: 1 = query i may attend
// to key j, 0 = it may not (PyTorch's bool attn_mask). Each one is usable as
// the `allow` mask of attention() and flash_attention().
// Legend: Nq queries, Nk keys, N tokens (square masks), G global tokens.
// As everywhere in attnscope, i' = i + Nk - Nq aligns query i to the END of
// the keys (decoding with a KV cache); for square masks i' = i.
// Builders return InvalidArgument (and write nothing) for sizes < 0 and for
// window/stride < 1 or a global token outside [0, N).
#pragma once
#include <cstdint>
#include "attnscope/status.h"

namespace attnscope {

// allow[i, j] = j <= i'
Status causal_mask(std::uint8_t* out, int Nq, int Nk);

// allow[i, j] = |i' - j| < window (the token itself counts), and j <= i' when causal.
Status sliding_window_mask(std::uint8_t* out, int Nq, int Nk, int window, bool causal);

// Sparse Transformer "strided" pattern (Child et al. 2019), (N, N):
// allow[i, j] = j <= i and ((i - j) < stride or (i - j) % stride == 0).
Status strided_mask(std::uint8_t* out, int N, int stride);

// (N, N): allow[i, j] = i == j or i is global or j is global (a global token
// attends to every token and every token attends to it); and j <= i when causal.
// `global` lists G token indices (duplicates are harmless).
Status global_tokens_mask(std::uint8_t* out, int N, const int* global, int G, bool causal);

// BigBird-like (Zaheer et al. 2020), (N, N): the union of a sliding window
// (|i - j| < window), global tokens (as global_tokens_mask) and, for every
// row i, `random_per_row` random keys drawn without replacement from the keys
// that row does not already allow (all of them when fewer remain).
//
// The random links are reproducible everywhere: splitmix64 (state = seed;
// state += 0x9e3779b97f4a7c15, z = state, z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9,
// z = (z ^ z >> 27) * 0x94d049bb133111eb, output z ^ z >> 31), one stream for
// the whole mask. Rows are visited i = 0..N-1 and row i makes
// min(random_per_row, m0) picks (m0 = keys it does not allow yet); a pick
// draws x and allows the (x mod m)-th, counted from 0 in increasing j, of
// the m keys the row still does not allow.
Status big_bird_mask(std::uint8_t* out, int N, int window, const int* global, int G,
                     int random_per_row, std::uint64_t seed);

// Elementwise over n bytes: out = a | b (union) or a & b (intersection), as
// 0/1; out may alias a or b.
enum class MaskCombine : int { Union = 0, Intersection = 1 };  // js: union intersection
void combine_masks(std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b, long n,
                   MaskCombine how);

// The splitmix64 generator big_bird_mask and performer_projection draw from.
class SplitMix64 {
  public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    // Uniform in [0, 1): the top 53 bits.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  private:
    std::uint64_t state_;
};

}  // namespace attnscope
