// Position information added to the scores (ALiBi, T5 relative buckets) or
// to the token embeddings (learned absolute positions).
// Legend: H heads, Nq queries, Nk keys, B flattened batch, T tokens, C
// channels, L rows of a position table. i' = i + Nk - Nq aligns query i to
// the end of the keys, as attention() does (the same as i when Nq = Nk).
#pragma once
#include "attnscope/status.h"

namespace attnscope {

// out (H, Nq, Nk) = -alibi_slopes(H)[h] * |i' - j|: exactly what attention()
// adds for `alibi`, so passing it as an additive mask gives the same scores.
// A later key is penalised like an earlier one at the same distance (with a
// causal mask only j <= i' remain, where it is m (j - i')). Depends on j - i'
// and h only. InvalidArgument for H < 1 or sizes < 0.
Status alibi_bias(float* out, int H, int Nq, int Nk);

// T5 relative position buckets, as Hugging Face's
// T5Attention._relative_position_bucket(relative_position, bidirectional,
// num_buckets, max_distance), relative_position = key - query position:
//   bidirectional: n = num_buckets / 2, bucket = (rp > 0) * n, a = |rp|;
//   otherwise:     n = num_buckets,     bucket = 0,            a = max(-rp, 0);
//   e = n / 2 (exact buckets); a < e: bucket += a; else bucket += min(n - 1,
//   e + int(log(a / e) / log(max_distance / e) * (n - e)))  (float32, as HF).
// out[x] for rel[x], x < count. InvalidArgument unless num_buckets >= 2
// (>= 4 bidirectional) and max_distance > e.
Status t5_relative_position_bucket(int* out, const int* rel, long count, bool bidirectional,
                                   int num_buckets, int max_distance);

// out (H, Nq, Nk) = table[bucket(j - i'), h] with table (num_buckets, H), the
// weight of T5's nn.Embedding(num_buckets, H); the HF layout permuted to heads first.
Status t5_relative_bias(float* out, const float* table, int H, int Nq, int Nk, bool bidirectional,
                        int num_buckets, int max_distance);

// Learned absolute positions: out (B, T, C) = x + table[t + offset] with
// table (L, C); InvalidArgument unless 0 <= offset and offset + T <= L. out may alias x.
Status add_position_embeddings(float* out, const float* x, const float* table, int B, int T, int C,
                               int L, int offset);

}  // namespace attnscope
