// Every number <attn-rope-dial> and <attn-rope-decay> show, asked of the
// core: rotations by applyRope, dot products by matmul, frequencies by
// ropeFrequencies. Only indexing (which dims form pair i) happens here.
import { attn } from './attention-source.js';

/** Dims (a, b) of pair i: (2i, 2i+1) interleaved, (i, i + D/2) half. */
export const pairDims = (i, D, layout) => (layout === 'half' ? [i, i + D / 2] : [2 * i, 2 * i + 1]);

/**
 * R(pos)·v for one vector v [D]: applyRope with positionOffset for a whole
 * position, with explicit positions (the core's `positions` option) for a
 * fractional one.
 */
export function rotate(v, pos, { base, layout }) {
  const x = attn.tensor(Float32Array.from(v), [1, v.length]);
  const opts = Number.isInteger(pos) && pos >= 0 ? { base, layout, positionOffset: pos } : { base, layout, positions: [pos] };
  return attn.applyRope(x, opts).data;
}

/** a·b through the core (matmul of [1, D] by [D, 1]). */
export function dot(a, b) {
  return attn.matmul(attn.tensor(Float32Array.from(a), [1, a.length]), attn.tensor(Float32Array.from(b), [b.length, 1])).data[0];
}

/** Σ over pairs: per-pair dot products [D/2] by a batched matmul [P, 1, 2] @ [P, 2, 1]. */
export function pairDots(a, b, layout) {
  const D = a.length, P = D / 2;
  const pa = new Float32Array(D), pb = new Float32Array(D);
  for (let i = 0; i < P; i++) {
    const [x, y] = pairDims(i, D, layout);
    pa[2 * i] = a[x]; pa[2 * i + 1] = a[y];
    pb[2 * i] = b[x]; pb[2 * i + 1] = b[y];
  }
  return attn.matmul(attn.tensor(pa, [P, 1, 2]), attn.tensor(pb, [P, 2, 1])).data;
}

/** θ_i = base^(−2i/D), read back from the core's cos and sin at position 1. */
export function pairFrequencies(D, base) {
  const { cos, sin } = attn.ropeFrequencies(D, 2, { base });
  const P = D / 2;
  return Float64Array.from({ length: P }, (_, i) => Math.atan2(sin.data[P + i], cos.data[P + i]));
}

/**
 * The dial's numbers for q, k [D] at positions m, n: the rotated vectors,
 * the score (R(m)q)·(R(n)k), the same score as qᵀR(n−m)k (one rotation by
 * the difference), per-pair contributions and the norms before and after.
 * direction 'flipped' (nanochat's sign): R(−m)q, R(−n)k and qᵀR(m−n)k.
 */
export function ropeDial(q, k, m, n, { direction = 'standard', ...opts }) {
  // nanochat turns the other way (y1 = x1·cos + x2·sin, y2 = −x1·sin + x2·cos): R(−m)q, R(−n)k,
  // and the score is qᵀR(m − n)k — still a function of n − m alone
  const sign = direction === 'flipped' ? -1 : 1;
  const rq = rotate(q, sign * m, opts), rk = rotate(k, sign * n, opts);
  const d = sign * (n - m);
  const relative = d >= 0 ? dot(q, rotate(k, d, opts)) : dot(rotate(q, -d, opts), k);
  return {
    rq, rk,
    score: dot(rq, rk),
    relative,
    pairs: pairDots(rq, rk, opts.layout),
    norms: { q: Math.sqrt(dot(q, q)), rq: Math.sqrt(dot(rq, rq)), k: Math.sqrt(dot(k, k)), rk: Math.sqrt(dot(rk, rk)) },
  };
}

/**
 * RoPE's long-distance tendency: for Δ = 0..maxDistance, qᵀR(Δ)k with q at
 * position 0 and k at position Δ, for q = k = all ones, and averaged over
 * `samples` random vectors v (q = k = v, seeded N(0, 1)). The rotations are
 * applyRope over positions 0..maxDistance; the products and the average are
 * matmuls. Returns {distances, ones, random, samples} (Float32Arrays [T]).
 */
export function ropeDecay({ headDim: D, base, maxDistance, samples, seed, layout = 'interleaved' }, normals) {
  const T = maxDistance + 1;
  const S = Math.max(1, Math.min(samples, Math.floor(2 ** 22 / (T * D))));
  const ones = new Float32Array(T * D).fill(1);
  const onesScores = attn.matmul(
    attn.applyRope(attn.tensor(ones, [T, D]), { base, layout }),
    attn.tensor(new Float32Array(D).fill(1), [D, 1]),
  ).data;
  const v = normals(S * D, seed);
  const rows = new Float32Array(S * T * D);
  for (let s = 0; s < S; s++) for (let j = 0; j < T; j++) rows.set(v.subarray(s * D, (s + 1) * D), (s * T + j) * D);
  const rotated = attn.applyRope(attn.tensor(rows, [S, T, D]), { base, layout });
  const scores = attn.matmul(rotated, attn.tensor(v, [S, D, 1])); // [S, T, 1]: v·R(Δ)v
  const mean = attn.matmul(attn.tensor(new Float32Array(S).fill(1 / S), [1, S]), attn.tensor(scores.data, [S, T])).data;
  return { distances: Float32Array.from({ length: T }, (_, i) => i), ones: onesScores, random: mean, samples: S };
}

/** ALiBi's penalty −m_h·Δ for Δ = 0..maxDistance, every head: [H][T], from alibiBias(H, 1, T) (the query last). */
export function alibiPenalty(heads, maxDistance) {
  const T = maxDistance + 1;
  const bias = attn.alibiBias(heads, 1, T).data;
  return Array.from({ length: heads }, (_, h) => Float32Array.from({ length: T }, (_, d) => bias[h * T + (T - 1 - d)]));
}
