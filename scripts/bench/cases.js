// The benchmark cases and how their FLOPs are counted (one multiply-add = 2 FLOPs).
// scripts/bench/native/bench.cpp runs the same list; report.js checks the names match.
// Three groups, one table each in the report:
//   kernel — GFLOP/s of single kernels, api and kernel timings;
//   block  — one pre-LN transformerBlock forward, FLOPs by attn.countFlops;
//   long   — plain vs flash attention at N = 2048: time, and the peak wasm heap
//            of one call measured in a fresh process (node/heap.js).
// FLOPs:
//   matmul (M,K)@(K,N):  2·M·K·N
//   attention, H heads of N queries and N keys, head dim D: QKᵀ and PV are
//   2·D FLOPs each per (query, key) pair the mask allows, so
//     non-causal: 4·H·N²·D            (N² pairs per head)
//     causal:     4·H·D·N(N+1)/2      (key j <= query i: N(N+1)/2 pairs per head)
//   softmax, exp, scaling and masking are not counted. The textbook path
//   (scaledDotProductAttention) still computes the masked-out half of QKᵀ and
//   PV when causal; that work is not counted, so its causal GFLOP/s is lower.
import { countFlops } from '../../web/lib/ops/count.js';

const H = 8, N = 512, D = 64;
const pairs = (causal) => (causal ? (N * (N + 1)) / 2 : N * N);

// The block: GPT-2-style pre-LN, LayerNorm with biases, GELU, not causal
// (transformerBlock's default), batch 1. countFlops counts its matmuls:
// 2·T·(4·C² + 2·C·F) for the projections and the FFN, 4·C·T² for QKᵀ and PV.
const BLOCK = { dModel: 256, nHeads: 4, dFF: 1024, norm: 'layernorm', activation: 'gelu', prenorm: true };
const BLOCK_T = 256;
// Long attention: 2 heads keep `npm run bench` short (plain attention holds
// one head's N×N scores at a time, so the head count does not change its
// extra memory); not causal, so both paths do all N² pairs.
const LONG = { H: 2, N: 2048, D: 64 };

export const CASES = [
  { name: 'matmul 256x256x256', group: 'kernel', op: 'matmul', M: 256, K: 256, N: 256, flops: 2 * 256 ** 3 },
  ...['sdpa', 'flash'].flatMap((op) => [false, true].map((causal) => ({
    name: `${op} H=${H} N=${N} D=${D}${causal ? ' causal' : ''}`,
    group: 'kernel', op, H, N, D, causal, flops: 4 * H * D * pairs(causal),
  }))),
  {
    name: `block C=${BLOCK.dModel} H=${BLOCK.nHeads} F=${BLOCK.dFF} T=${BLOCK_T}`, group: 'block', op: 'block',
    config: BLOCK, T: BLOCK_T, flops: countFlops(BLOCK, BLOCK_T).total,
  },
  ...['sdpa', 'flash'].map((op) => ({
    name: `${op} H=${LONG.H} N=${LONG.N} D=${LONG.D}`, group: 'long', op, ...LONG, causal: false,
    flops: 4 * LONG.H * LONG.D * LONG.N * LONG.N,
  })),
];
