// feedForward, multiHeadAttention and transformerBlock through the JS API:
// against float64 loops and against compositions of the package's smaller
// functions, and the relations between the intermediates they return.
import { test, expect, beforeAll, describe } from 'vitest';
import { attn, rand, expectClose, softmax64 } from './helpers.js';
import { mhaParams, ffnParams, normParams, blockParams, matmul64 } from './block_helpers.js';

// float32 results of short chains (dot products of <= 24 terms of O(1) values)
// against float64: each rounding is ~6e-8, so 2e-5 leaves ample room.
const F32 = { atol: 2e-5, rtol: 2e-5 };
// The same maths by two routes through the package (fused call vs. its parts):
// only the summation order and a few extra float32 roundings differ.
const ROUTES = { atol: 1e-5, rtol: 1e-5 };

beforeAll(() => attn.ready());

const t = (data, shape) => ({ data: Float32Array.from(data), shape });
const add = (a, b) => t(a.data.map((v, i) => v + b.data[i]), a.shape);
// erf by its Taylor series (|z| < 5 here): ~1e-9 accurate in float64.
function erf(z) {
  if (Math.abs(z) > 5) return Math.sign(z);
  let sum = 0, term = z;
  for (let n = 0; n < 100; n++) {
    sum += term / (2 * n + 1);
    term *= -z * z / (n + 1);
  }
  return (2 / Math.sqrt(Math.PI)) * sum;
}
const ACT64 = {
  relu: (z) => Math.max(z, 0),
  relu2: (z) => Math.max(z, 0) ** 2,
  gelu: (z) => 0.5 * z * (1 + erf(z / Math.SQRT2)),
  gelu_tanh: (z) => 0.5 * z * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (z + 0.044715 * z ** 3))),
};
const silu64 = (z) => z / (1 + Math.exp(-z));

// x [T, C] @ W + b through the package (matmul) plus a bias row.
function linear(x, w, b) {
  const y = attn.matmul(x, w);
  if (b) y.data.forEach((v, i) => { y.data[i] = v + b.data[i % b.data.length]; });
  return y;
}
// [T, n·D] -> [n, T, D] and back.
function split(x, n) {
  const [T, W] = x.shape, D = W / n, out = new Float32Array(x.data.length);
  for (let h = 0; h < n; h++) for (let i = 0; i < T; i++) for (let d = 0; d < D; d++) out[(h * T + i) * D + d] = x.data[i * W + h * D + d];
  return t(out, [n, T, D]);
}
function merge(x) {
  const [n, T, D] = x.shape, out = new Float32Array(x.data.length);
  for (let h = 0; h < n; h++) for (let i = 0; i < T; i++) for (let d = 0; d < D; d++) out[i * n * D + h * D + d] = x.data[(h * T + i) * D + d];
  return t(out, [T, n * D]);
}

// multiHeadAttention rebuilt from matmul, applyRope and scaledDotProductAttention (x [T, C]).
function mhaByParts(x, p, { nHeads: H, nKvHeads: Hkv = H, rope, memory, ...sdpa }) {
  const src = memory ?? x;
  let q = split(linear(x, p.wq, p.bq), H), k = split(linear(src, p.wk, p.bk), Hkv);
  const v = split(linear(src, p.wv, p.bv), Hkv);
  if (rope) [q, k] = [attn.applyRope(q, rope), attn.applyRope(k, rope)];
  const { output, weights } = attn.scaledDotProductAttention(q, k, v, { ...sdpa, enableGqa: true, returnWeights: true });
  return { output: linear(merge(output), p.wo, p.bo), weights, q, k };
}

describe('feedForward', () => {
  test.each(['relu', 'gelu', 'gelu_tanh', 'relu2', 'swiglu'])('%s equals its formula in float64, with and without biases', (activation) => {
    for (const bias of [false, true]) {
      const x = rand([2, 3, 8], 5), p = ffnParams(8, 12, activation, { bias });
      const got = attn.feedForward(x, p, { activation });
      const z = matmul64(x.data, p.w1.data, 6, 8, 12, p.b1?.data);
      const g = activation === 'swiglu' ? matmul64(x.data, p.w3.data, 6, 8, 12, p.b3?.data) : null;
      const hidden = z.map((v, i) => (g ? silu64(v) * g[i] : ACT64[activation](v)));
      expectClose(got, { data: matmul64(hidden, p.w2.data, 6, 12, 8, p.b2?.data), shape: [2, 3, 8] }, F32, `${activation} bias=${bias}`);
    }
  });

  test('the default activation is gelu', () => {
    const x = rand([4, 8], 6), p = ffnParams(8, 16, 'gelu');
    expect(attn.feedForward(x, p).data).toEqual(attn.feedForward(x, p, { activation: 'gelu' }).data);
  });
});

describe('multiHeadAttention', () => {
  const C = 16, H = 4, Hkv = 2; // D = 4: even, for RoPE
  const p = mhaParams(C, H, Hkv, { bias: true, seed: 40 });

  test('intermediates have the documented shapes, batch dims in front', () => {
    const { output, intermediates: m } = attn.multiHeadAttention(rand([2, 5, 12], 1), mhaParams(12, 3, 1), { nHeads: 3, nKvHeads: 1, returnIntermediates: true });
    expect(output.shape).toEqual([2, 5, 12]);
    const shapes = Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v.shape]));
    expect(shapes).toEqual({
      q: [2, 3, 5, 4], k: [2, 1, 5, 4], v: [2, 1, 5, 4], rawScores: [2, 3, 5, 5], scaledScores: [2, 3, 5, 5],
      maskedScores: [2, 3, 5, 5], weights: [2, 3, 5, 5], headOutputs: [2, 3, 5, 4], concat: [2, 5, 12],
    });
    expect(attn.multiHeadAttention(rand([5, C], 1), p, { nHeads: H, nKvHeads: Hkv }).intermediates).toBeUndefined();
  });

  test('intermediates are consistent: softmax, weights @ v, concat @ wo + bo = output', () => {
    const T = 6, D = C / H, temperature = 0.5;
    const { output, intermediates: m } = attn.multiHeadAttention(rand([2, T, C], 2), p,
      { nHeads: H, nKvHeads: Hkv, isCausal: true, temperature, returnIntermediates: true });
    const scores = [], heads = [], concat = new Float64Array(2 * T * C);
    for (let b = 0; b < 2; b++) for (let h = 0; h < H; h++) for (let i = 0; i < T; i++) {
      const row = ((b * H + h) * T + i) * T, hk = b * Hkv + Math.floor(h / (H / Hkv));
      const masked = Array.from(m.maskedScores.data.subarray(row, row + T));
      const w = softmax64(masked);
      scores.push(...w);
      for (let j = 0; j < T; j++) {
        let dot = 0;
        for (let d = 0; d < D; d++) dot += m.q.data[(row / T) * D + d] * m.k.data[(hk * T + j) * D + d];
        expect(Math.abs(m.rawScores.data[row + j] - dot)).toBeLessThan(F32.atol);
        expect(m.scaledScores.data[row + j]).toBeCloseTo(m.rawScores.data[row + j] / Math.sqrt(D) / temperature, 5);
        expect(masked[j]).toBe(j > i ? -Infinity : m.scaledScores.data[row + j]);
      }
      for (let d = 0; d < D; d++) {
        let o = 0;
        for (let j = 0; j < T; j++) o += w[j] * m.v.data[(hk * T + j) * D + d];
        heads.push(o);
        concat[(b * T + i) * C + h * D + d] = o;
      }
    }
    expectClose(m.weights, { data: scores, shape: m.weights.shape }, F32, 'weights = softmax(maskedScores)');
    expectClose(m.headOutputs, { data: heads, shape: m.headOutputs.shape }, F32, 'headOutputs = weights @ v');
    expectClose(m.concat, { data: concat, shape: [2, T, C] }, F32, 'concat = heads side by side');
    expectClose(output, { data: matmul64(m.concat.data, p.wo.data, 2 * T, C, C, p.bo.data), shape: [2, T, C] }, F32, 'concat @ wo + bo');
  });

  test.each([
    ['bidirectional', {}],
    ['causal with RoPE (interleaved) at an offset', { isCausal: true, rope: { positionOffset: 3 } }],
    ['RoPE (half, base 500)', { rope: { layout: 'half', base: 500, positionOffset: 2 } }],
    ['ALiBi and a window', { alibi: true, window: 2, isCausal: true }],
    ['a boolean mask', { attnMask: { data: Uint8Array.from({ length: 25 }, (_, i) => (i * 7) % 3 !== 1), shape: [5, 5] } }],
    ['an additive mask', { attnMask: rand([5, 5], 9) }],
    ['cosine kind with temperature', { kind: 'cosine', temperature: 0.2 }],
    ['an explicit scale', { scale: 0.3 }],
  ])('output equals projections + scaledDotProductAttention + wo: %s', (_, opts) => {
    const x = rand([5, C], 3);
    const { rope: r, ...rest } = opts;
    const mhaOpts = { nHeads: H, nKvHeads: Hkv, ...rest, returnIntermediates: true };
    if (r) Object.assign(mhaOpts, { rope: { layout: r.layout, base: r.base }, positionOffset: r.positionOffset });
    const got = attn.multiHeadAttention(x, p, mhaOpts);
    const want = mhaByParts(x, p, { nHeads: H, nKvHeads: Hkv, ...rest, rope: r && { layout: r.layout, base: r.base, positionOffset: r.positionOffset } });
    expectClose(got.intermediates.q, want.q, ROUTES, 'q');
    expectClose(got.intermediates.weights, want.weights, ROUTES, 'weights');
    expectClose(got.output, want.output, ROUTES, 'output');
  });

  test('scale 0 is taken literally: every allowed key gets the same weight', () => {
    const { weights } = attn.multiHeadAttention(rand([4, C], 3), p, { nHeads: H, nKvHeads: Hkv, scale: 0, isCausal: true, returnIntermediates: true }).intermediates;
    for (let i = 0; i < 4; i++) expect(weights.data[i * 4]).toBeCloseTo(1 / (i + 1), 6);
  });

  test('cross-attention takes keys and values from memory', () => {
    const x = rand([4, C], 4), memory = rand([7, C], 5);
    const got = attn.multiHeadAttention(x, p, { nHeads: H, nKvHeads: Hkv, memory, returnIntermediates: true });
    expect(got.intermediates.k.shape).toEqual([Hkv, 7, C / H]);
    expect(got.intermediates.weights.shape).toEqual([H, 4, 7]);
    expectClose(got.output, mhaByParts(x, p, { nHeads: H, nKvHeads: Hkv, memory }).output, ROUTES, 'cross-attention output');
  });

  test.each(['rms', 'l2'])('qkNorm %s normalises each head of q and k, times its weight', (qkNorm) => {
    const D = C / H, qw = rand([D], 7), kw = rand([D], 8);
    const x = rand([5, C], 6);
    const got = attn.multiHeadAttention(x, { ...p, qNorm: { weight: qw }, kNorm: { weight: kw } },
      { nHeads: H, nKvHeads: Hkv, qkNorm, returnIntermediates: true }).intermediates;
    const norm = (h, w) => (qkNorm === 'rms' ? attn.rmsNorm(h, { weight: w, eps: 1e-6 })
      : t(attn.l2Normalize(h).data.map((v, i) => v * w.data[i % D]), h.shape));
    expectClose(got.q, norm(split(linear(x, p.wq, p.bq), H), qw), ROUTES, 'q');
    expectClose(got.k, norm(split(linear(x, p.wk, p.bk), Hkv), kw), ROUTES, 'k');
  });
});

describe('transformerBlock', () => {
  const C = 12, H = 3, F = 20;
  const x = rand([5, C], 50);
  const mha = (input, params, o) => attn.multiHeadAttention(input, params.attn, { nHeads: H, isCausal: true, ...o }).output;

  test.each([['layernorm', true], ['rmsnorm', false]])('pre-LN with %s follows a = mha(n1(x)); h = x + a; out = h + ffn(n2(h))', (norm, bias) => {
    const params = blockParams(C, H, H, F, 'gelu', { bias });
    const n = (v, w) => (norm === 'rmsnorm' ? attn.rmsNorm(v, w) : attn.layerNorm(v, w));
    const { output, intermediates: m } = attn.transformerBlock(x, params, { nHeads: H, norm, isCausal: true, returnIntermediates: true });
    expectClose(m.normed1, n(x, params.norm1), ROUTES, 'normed1');
    expectClose(m.attention, mha(m.normed1, params), ROUTES, 'attention');
    expect(m.residual1.data).toEqual(add(x, m.attention).data);
    expectClose(m.normed2, n(m.residual1, params.norm2), ROUTES, 'normed2');
    expectClose(m.ffn, attn.feedForward(m.normed2, params.ffn), ROUTES, 'ffn');
    expect(output.data).toEqual(add(m.residual1, m.ffn).data);
    expect(m.output.data).toEqual(output.data);
  });

  test('post-LN follows a = mha(x); h = n1(x + a); out = n2(h + ffn(h))', () => {
    const params = blockParams(C, H, H, F, 'relu', { bias: true });
    const { output, intermediates: m } = attn.transformerBlock(x, params, { nHeads: H, prenorm: false, activation: 'relu', isCausal: true, returnIntermediates: true });
    expect(m.normed1.data).toEqual(x.data);
    expectClose(m.attention, mha(x, params), ROUTES, 'attention');
    expectClose(m.residual1, attn.layerNorm(add(x, m.attention), params.norm1), ROUTES, 'residual1');
    expect(m.normed2.data).toEqual(m.residual1.data);
    expectClose(output, attn.layerNorm(add(m.residual1, m.ffn), params.norm2), ROUTES, 'output');
  });

  test('nGPT keeps the hidden states on the unit sphere and follows its formulas', () => {
    const u = attn.l2Normalize(x);
    const params = { attn: mhaParams(C, H, H, { seed: 60 }), ffn: ffnParams(C, F, 'swiglu'), alphaAttn: rand([C], 61), alphaFfn: rand([C], 62) };
    const { output, intermediates: m } = attn.transformerBlock(u, params, { nHeads: H, normalized: true, activation: 'swiglu', qkNorm: 'l2', isCausal: true, returnIntermediates: true });
    const step = (h, d, alpha) => attn.l2Normalize(t(h.data.map((v, i) => v + alpha.data[i % C] * (attn.l2Normalize(d).data[i] - v)), h.shape));
    expectClose(m.residual1, step(u, m.attention, params.alphaAttn), ROUTES, 'h');
    expectClose(output, step(m.residual1, m.ffn, params.alphaFfn), ROUTES, 'output');
    for (let r = 0; r < 5; r++) expect(Math.hypot(...output.data.subarray(r * C, (r + 1) * C))).toBeCloseTo(1, 5);
  });

  test('intermediates keep the batch dims; ffnHidden is [..., T, F]', () => {
    const params = blockParams(C, H, 1, F, 'swiglu');
    const { intermediates: m } = attn.transformerBlock(rand([2, 4, C], 70), params, { nHeads: H, nKvHeads: 1, norm: 'rmsnorm', activation: 'swiglu', returnIntermediates: true });
    for (const k of ['normed1', 'attention', 'residual1', 'normed2', 'ffn', 'output']) expect(m[k].shape, k).toEqual([2, 4, C]);
    expect(m.ffnHidden.shape).toEqual([2, 4, F]);
    expect(m.attentionIntermediates.weights.shape).toEqual([2, H, 4, 4]);
  });
});
