// The benchmark cases and how their FLOPs are counted (one multiply-add = 2 FLOPs).
// scripts/bench/native/bench.cpp runs the same list; report.js checks the names match.
//   matmul (M,K)@(K,N):  2·M·K·N
//   attention, H heads of N queries and N keys, head dim D: QKᵀ and PV are
//   2·D FLOPs each per (query, key) pair the mask allows, so
//     non-causal: 4·H·N²·D            (N² pairs per head)
//     causal:     4·H·D·N(N+1)/2      (key j <= query i: N(N+1)/2 pairs per head)
//   softmax, exp, scaling and masking are not counted. The textbook path
//   (scaledDotProductAttention) still computes the masked-out half of QKᵀ and
//   PV when causal; that work is not counted, so its causal GFLOP/s is lower.
const H = 8, N = 512, D = 64;
const pairs = (causal) => (causal ? (N * (N + 1)) / 2 : N * N);

export const CASES = [
  { name: 'matmul 256x256x256', op: 'matmul', M: 256, K: 256, N: 256, flops: 2 * 256 ** 3 },
  ...['sdpa', 'flash'].flatMap((op) => [false, true].map((causal) => ({
    name: `${op} H=${H} N=${N} D=${D}${causal ? ' causal' : ''}`,
    op, H, N, D, causal, flops: 4 * H * D * pairs(causal),
  }))),
];
