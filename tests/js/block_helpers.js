// Random parameters for the block tests, and float64 loops used to check the
// relations between intermediates. Shared by blocks.test.js and kv_cache.test.js.
import { rand } from './helpers.js';

/** Scaled random weight [inDim, outDim] (entries in +-1/sqrt(inDim)): activations stay O(1). */
export function weight(inDim, outDim, seed) {
  const t = rand([inDim, outDim], seed);
  const a = 1 / Math.sqrt(inDim);
  t.data.forEach((v, i) => { t.data[i] = v * a; });
  return t;
}

/** { wq, wk, wv, wo } (+ biases) for dModel C, H heads, Hkv kv heads. */
export function mhaParams(C, H, Hkv, { bias = false, seed = 1 } = {}) {
  const D = C / H;
  const p = { wq: weight(C, H * D, seed), wk: weight(C, Hkv * D, seed + 1), wv: weight(C, Hkv * D, seed + 2), wo: weight(H * D, C, seed + 3) };
  if (bias) Object.assign(p, { bq: rand([H * D], seed + 4), bk: rand([Hkv * D], seed + 5), bv: rand([Hkv * D], seed + 6), bo: rand([C], seed + 7) });
  return p;
}

/** FFN params; w3 for 'swiglu'. */
export function ffnParams(C, F, activation, { bias = false, seed = 11 } = {}) {
  const p = { w1: weight(C, F, seed), w2: weight(F, C, seed + 1) };
  if (activation === 'swiglu') p.w3 = weight(C, F, seed + 2);
  if (bias) {
    Object.assign(p, { b1: rand([F], seed + 3), b2: rand([C], seed + 4) });
    if (activation === 'swiglu') p.b3 = rand([F], seed + 5);
  }
  return p;
}

/** A norm's params: weight around 1, bias for LayerNorm when asked. */
export function normParams(C, { bias = false, seed = 21 } = {}) {
  const w = rand([C], seed);
  w.data.forEach((v, i) => { w.data[i] = 1 + 0.5 * v; });
  return bias ? { weight: w, bias: rand([C], seed + 1) } : { weight: w };
}

/** Standard block params (pre- or post-LN). */
export function blockParams(C, H, Hkv, F, activation, { bias = false, seed = 31 } = {}) {
  return {
    norm1: normParams(C, { bias, seed }), attn: mhaParams(C, H, Hkv, { bias, seed: seed + 2 }),
    norm2: normParams(C, { bias, seed: seed + 10 }), ffn: ffnParams(C, F, activation, { bias, seed: seed + 12 }),
  };
}

/** float64 a [M, K] @ b [K, N] on flat arrays; bias [N] optional. */
export function matmul64(a, b, M, K, N, bias = null) {
  const out = new Float64Array(M * N);
  for (let i = 0; i < M; i++) {
    for (let j = 0; j < N; j++) {
      let s = bias ? bias[j] : 0;
      for (let k = 0; k < K; k++) s += a[i * K + k] * b[k * N + j];
      out[i * N + j] = s;
    }
  }
  return out;
}

/** Tokens [start, start + count) of t [...batch, T, n], as [...batch, count, n]. */
export function tokensOf(t, start, count) {
  const n = t.shape[t.shape.length - 1], T = t.shape[t.shape.length - 2];
  const batch = t.shape.slice(0, -2), B = batch.reduce((a, b) => a * b, 1);
  const data = new Float32Array(B * count * n);
  for (let b = 0; b < B; b++) data.set(t.data.subarray((b * T + start) * n, (b * T + start + count) * n), b * count * n);
  return { data, shape: [...batch, count, n] };
}

/** Largest |a - b| over two equally long arrays. */
export function maxDiff(a, b) {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}
