// KV-cache compression (selectKvPositions, groupKvHeads, mergeKvHeads)
// against float64 loops written here: the three eviction rules' scores, the
// expected-attention formula against a Monte Carlo average of exp(qᵀk/√D)
// (catches a missing ½ or /D), the QCQA grouping against brute force over
// every assignment, merging against the mean-pooled weights, and bad input.
import { beforeAll, describe, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { mulberry32 } from '../../web/lib/random.js';

beforeAll(() => attn.ready());

function normals(n, seed) {
  const r = mulberry32(seed);
  return Float32Array.from({ length: n }, () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r()));
}
const cache = (H, N, D, seed) => ({ keys: { data: normals(H * N * D, seed), shape: [H, N, D] }, values: { data: normals(H * N * D, seed + 1), shape: [H, N, D] } });

/** R(angle·θ_i) on interleaved pairs, float64, θ_i = 10000^(−2i/D). */
function rotate(v, pos) {
  const D = v.length, out = Array.from(v);
  for (let i = 0; i < D / 2; i++) {
    const a = pos * 10000 ** (-2 * i / D), c = Math.cos(a), s = Math.sin(a);
    out[2 * i] = v[2 * i] * c - v[2 * i + 1] * s;
    out[2 * i + 1] = v[2 * i] * s + v[2 * i + 1] * c;
  }
  return out;
}
const dot = (a, b) => a.reduce((s, x, i) => s + x * b[i], 0);
const rowOf = (t, h, j) => Array.from(t.data.subarray((h * t.shape[1] + j) * t.shape[2], (h * t.shape[1] + j + 1) * t.shape[2]));

describe('selectKvPositions', () => {
  test("'recent' keeps the last positions of every head, with their keys and values", () => {
    const c = cache(2, 10, 4, 1);
    const r = attn.selectKvPositions(c, { rule: 'recent', keep: 3 });
    expect(r.positions.map((p) => Array.from(p))).toEqual([[7, 8, 9], [7, 8, 9]]);
    expect(r.keys.shape).toEqual([2, 3, 4]);
    expect(rowOf(r.keys, 1, 0)).toEqual(rowOf(c.keys, 1, 7));
    expect(rowOf(r.values, 0, 2)).toEqual(rowOf(c.values, 0, 9));
  });

  test("'accumulated' keeps the positions with the most attention summed over the KV head's query heads", () => {
    const H = 4, Hkv = 2, Nq = 6, N = 6;
    const raw = normals(H * Nq * N, 5).map(Math.abs);
    const attention = { data: raw, shape: [H, Nq, N] };
    const r = attn.selectKvPositions(cache(Hkv, N, 4, 2), { rule: 'accumulated', keep: 2, attention });
    for (let g = 0; g < Hkv; g++) {
      const want = Array.from({ length: N }, (_, j) => {
        let s = 0;
        for (const h of [2 * g, 2 * g + 1]) for (let i = 0; i < Nq; i++) s += raw[(h * Nq + i) * N + j];
        return s;
      });
      want.forEach((w, j) => expect(r.scores[g][j]).toBeCloseTo(w, 5));
      const top = want.map((w, j) => [w, j]).sort((a, b) => b[0] - a[0]).slice(0, 2).map((x) => x[1]).sort((a, b) => a - b);
      expect(Array.from(r.positions[g])).toEqual(top);
    }
  });

  test("'expected': the mean query's softmax over R(−t)k (float64 loops), one future position, no covariance", () => {
    const N = 8, D = 4, t = 11;
    const c = cache(1, N, D, 7);
    const queries = { data: normals(5 * D, 9), shape: [1, 5, D] };
    const r = attn.selectKvPositions(c, { rule: 'expected', keep: 3, queries, futurePositions: [t], covariance: false });
    const mu = Array.from({ length: D }, (_, a) => Array.from({ length: 5 }, (_, i) => queries.data[i * D + a]).reduce((x, y) => x + y) / 5);
    const logits = Array.from({ length: N }, (_, j) => dot(rotate(mu, t), rowOf(c.keys, 0, j)) / Math.sqrt(D));
    const z = logits.reduce((s, l) => s + Math.exp(l), 0);
    logits.forEach((l, j) => expect(r.scores[0][j]).toBeCloseTo(Math.exp(l) / z, 5));
  });

  test("'expected' with the covariance is E softmax's numerator exp(μᵀk'/√D + k'ᵀΣk'/(2D)): a Monte Carlo average agrees, without the ½ it does not", () => {
    // one key position, so the score is the unnormalised expectation's log through a two-key ratio
    const D = 4, t = 3;
    const c = cache(1, 2, D, 21);
    const Q = 4000;
    const queries = { data: normals(Q * D, 33).map((x, i) => 0.6 * x + (i % D === 0 ? 0.5 : 0)), shape: [1, Q, D] };
    const r = attn.selectKvPositions(c, { rule: 'expected', keep: 1, queries, futurePositions: [t] });
    // Monte Carlo over the same queries: mean exp(q_tᵀ k_j / √D) with q_t = R(t) q
    const mc = [0, 1].map((j) => {
      let s = 0;
      for (let i = 0; i < Q; i++) s += Math.exp(dot(rotate(Array.from(queries.data.subarray(i * D, (i + 1) * D)), t), rowOf(c.keys, 0, j)) / Math.sqrt(D));
      return s / Q;
    });
    const ratio = r.scores[0][0] / r.scores[0][1];
    expect(Math.abs(Math.log(ratio) - Math.log(mc[0] / mc[1]))).toBeLessThan(0.02);
    // the mean alone (the ½k'ᵀΣk' term dropped) misses by more than that here
    const meanOnly = attn.selectKvPositions(c, { rule: 'expected', keep: 1, queries, futurePositions: [t], covariance: false });
    expect(Math.abs(Math.log(meanOnly.scores[0][0] / meanOnly.scores[0][1]) - Math.log(mc[0] / mc[1]))).toBeGreaterThan(0.02);
  });

  test('bad input names the argument and the module keeps working', () => {
    const c = cache(2, 5, 4, 3);
    expect(() => attn.selectKvPositions(c, { rule: 'oldest', keep: 2 })).toThrow(/opts\.rule/);
    expect(() => attn.selectKvPositions(c, { rule: 'recent', keep: 6 })).toThrow(/opts\.keep must be at most 5/);
    expect(() => attn.selectKvPositions(c, { rule: 'accumulated', keep: 2 })).toThrow(/opts\.attention/);
    expect(() => attn.selectKvPositions(c, { rule: 'accumulated', keep: 2, attention: { data: new Float32Array(3 * 5 * 5), shape: [3, 5, 5] } })).toThrow(/not a multiple of the cache's 2 KV heads/);
    expect(() => attn.selectKvPositions(c, { rule: 'expected', keep: 2, queries: { data: new Float32Array(2 * 3 * 4), shape: [2, 3, 4] } })).toThrow(/futurePositions/);
    expect(() => attn.selectKvPositions({ keys: c.keys, values: { data: new Float32Array(8), shape: [2, 1, 4] } }, { rule: 'recent', keep: 1 })).toThrow(/cache\.values/);
    expect(attn.selectKvPositions(c, { rule: 'recent', keep: 1 }).keys.shape).toEqual([2, 1, 4]);
  });
});

describe('groupKvHeads and mergeKvHeads', () => {
  const H = 6, D = 4, C = 5;
  const weights = { wk: { data: normals(H * D * C, 40), shape: [H, D, C] }, wv: { data: normals(H * D * C, 41), shape: [H, D, C] } };
  /** Σ_h ‖W_h − mean of its group‖² in float64, straight from the definition. */
  function sharingError(groups) {
    let e = 0;
    for (const t of Object.values(weights)) {
      const per = D * C;
      for (const g of groups) for (let i = 0; i < per; i++) {
        const m = g.reduce((s, h) => s + t.data[h * per + i], 0) / g.length;
        for (const h of g) e += (t.data[h * per + i] - m) ** 2;
      }
    }
    return e;
  }

  test("'qcqa' finds the least weight-sharing error over every assignment of 6 heads to 3 groups (brute force)", () => {
    const got = attn.groupKvHeads(weights, 3, { method: 'qcqa' });
    let best = Infinity;
    for (let code = 0; code < 3 ** H; code++) {
      const label = Array.from({ length: H }, (_, h) => Math.floor(code / 3 ** h) % 3);
      if (new Set(label).size !== 3) continue;
      best = Math.min(best, sharingError([0, 1, 2].map((c) => label.flatMap((l, h) => (l === c ? [h] : [])))));
    }
    expect(got.error).toBeCloseTo(best, 6);
    expect(got.error).toBeCloseTo(sharingError(got.groups), 6);
    expect(got.groups.flat().sort()).toEqual([0, 1, 2, 3, 4, 5]);
    const uniform = attn.groupKvHeads(weights, 3, { method: 'uniform' });
    expect(uniform.groups).toEqual([[0, 1], [2, 3], [4, 5]]);
    expect(uniform.error).toBeCloseTo(sharingError(uniform.groups), 6);
    expect(got.error).toBeLessThanOrEqual(uniform.error);
  });

  test('merging the cache equals the cache of the mean-pooled weights (keys after RoPE: both maps are linear)', () => {
    const N = 4, x = { data: normals(N * C, 50), shape: [N, C] };
    const headKeys = (w) => attn.applyRope({ data: attn.matmul(x, { data: transposeOf(w, D, C), shape: [C, D] }).data, shape: [1, N, D] });
    const perHead = (t, h) => ({ data: t.data.slice(h * D * C, (h + 1) * D * C), shape: [D, C] });
    const keys = { data: Float32Array.from(Array.from({ length: H }, (_, h) => Array.from(headKeys(perHead(weights.wk, h)).data)).flat()), shape: [H, N, D] };
    const groups = [[0, 3], [1, 2, 4], [5]];
    const merged = attn.mergeKvHeads({ keys, values: keys }, groups);
    expect(Array.from(merged.headGroup)).toEqual([0, 1, 1, 0, 1, 2]);
    const pooled = { data: Float32Array.from({ length: D * C }, (_, i) => (weights.wk.data[1 * D * C + i] + weights.wk.data[2 * D * C + i] + weights.wk.data[4 * D * C + i]) / 3), shape: [D, C] };
    const want = headKeys(pooled).data;
    for (let i = 0; i < N * D; i++) expect(merged.keys.data[N * D + i]).toBeCloseTo(want[i], 5);
  });

  test('bad input names the argument', () => {
    expect(() => attn.groupKvHeads(weights, 4, { method: 'uniform' })).toThrow(/groups \(4\) to divide the 6 heads/);
    expect(() => attn.groupKvHeads(weights, 7)).toThrow(/groups must be at most 6/);
    expect(() => attn.groupKvHeads({ wk: weights.wk, wv: { data: new Float32Array(10), shape: [2, 5] } }, 2)).toThrow(/weights\.wv has 2 heads/);
    const c = { keys: { data: new Float32Array(12), shape: [3, 1, 4] }, values: { data: new Float32Array(12), shape: [3, 1, 4] } };
    expect(() => attn.mergeKvHeads(c, [[0, 1], [1, 2]])).toThrow(/head 1 is in two groups/);
    expect(() => attn.mergeKvHeads(c, [[0, 1]])).toThrow(/heads 2 are in no group/);
  });
});

/** [D, C] (out, in) → [C, D]. */
function transposeOf(t, D, C) {
  const out = new Float32Array(D * C);
  for (let r = 0; r < D; r++) for (let c = 0; c < C; c++) out[c * D + r] = t.data[r * C + c];
  return out;
}
