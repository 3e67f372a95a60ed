// The worked examples of the lectures, recomputed here in float64 from the
// formulas (never typed in from lecture text) and checked against the package.
import { test, expect, beforeAll } from 'vitest';
import { attn, expectClose, softmax64 } from './helpers.js';

// One float32 rounding of O(1) results, plus a few for the sums: 1e-6 is
// ~16 ulps of 1 and far below any lecture-sized mistake.
const WORKED = { atol: 1e-6, rtol: 1e-6 };

const f32 = (values, shape = [values.length]) => attn.tensor(new Float32Array(values), shape);
const f64 = (values, shape = [values.length]) => ({ data: Float64Array.from(values), shape });

// PE[t, 2i] = sin(t / base^(2i/d)), PE[t, 2i+1] = cos(t / base^(2i/d)).
function sinusoidal64(t, d, base = 10000) {
  return Array.from({ length: d }, (_, c) => {
    const angle = t / base ** ((c - (c % 2)) / d);
    return c % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
  });
}

// Interleaved RoPE: pair (2i, 2i+1) rotated by pos * base^(-2i/d).
function rope64(x, pos, base = 10000) {
  const d = x.length, out = [...x];
  for (let i = 0; i < d / 2; i++) {
    const a = pos * base ** (-2 * i / d);
    out[2 * i] = x[2 * i] * Math.cos(a) - x[2 * i + 1] * Math.sin(a);
    out[2 * i + 1] = x[2 * i] * Math.sin(a) + x[2 * i + 1] * Math.cos(a);
  }
  return out;
}

// Self-attention with Q = K = V = X: softmax(X X^T / sqrt(d)) X.
function selfAttention64(X) {
  const d = X[0].length;
  const weights = X.map((qi) => softmax64(X.map((kj) => qi.reduce((s, q, c) => s + q * kj[c], 0) / Math.sqrt(d))));
  const output = weights.map((w) => X[0].map((_, c) => w.reduce((s, wj, j) => s + wj * X[j][c], 0)));
  return { weights, output };
}

beforeAll(() => attn.ready());

test('softmax([1, 2, -inf, 3]) gives exp(x - 3) / sum, with 0 for -inf', () => {
  const got = attn.softmax(f32([1, 2, -Infinity, 3]));
  expectClose(got, f64(softmax64([1, 2, -Infinity, 3])), WORKED, 'softmax');
  expect(got.data[2]).toBe(0);
});

test("softmax([1, 2, -inf, 3]) is not the lecture's [0.0116, 0.0315, 0, 0.8569]", () => {
  const got = attn.softmax(f32([1, 2, -Infinity, 3]));
  const wrong = [0.0116, 0.0315, 0, 0.8569];
  const maxDiff = Math.max(...wrong.map((w, i) => Math.abs(got.data[i] - w)));
  expect(maxDiff).toBeGreaterThan(0.05);
});

test('sinusoidal encoding, d_model = 4, positions 0 and 1', () => {
  const got = attn.sinusoidalPositionalEncoding(2, 4);
  expectClose(got, f64([...sinusoidal64(0, 4), ...sinusoidal64(1, 4)], [2, 4]), WORKED, 'PE');
  // Position 0 is [sin 0, cos 0, sin 0, cos 0] = [0, 1, 0, 1] exactly.
  expect([...got.data.slice(0, 4)]).toEqual([0, 1, 0, 1]);
});

test("sinusoidal encoding, d_model = 8: the second pair's divisor is 10000^(2/8)", () => {
  const got = attn.sinusoidalPositionalEncoding(2, 8);
  const divisor = 10000 ** (2 / 8);
  expect(got.data[8 + 2]).toBeCloseTo(Math.sin(1 / divisor), 6);
  expect(got.data[8 + 3]).toBeCloseTo(Math.cos(1 / divisor), 6);
});

test('the norm of a sinusoidal encoding vector is sqrt(D/2), not sqrt(D)', () => {
  for (const D of [4, 8, 64]) {
    const pe = attn.sinusoidalPositionalEncoding(50, D);
    for (let t = 0; t < 50; t++) {
      const row = pe.data.subarray(t * D, (t + 1) * D);
      const norm = Math.sqrt(row.reduce((s, x) => s + x * x, 0));
      expect(Math.abs(norm - Math.sqrt(D / 2)), `D=${D} t=${t} norm ${norm}`).toBeLessThan(1e-5);
      expect(Math.abs(norm - Math.sqrt(D))).toBeGreaterThan(0.5);
    }
  }
});

test('RoPE of q = [1, 0, 1, 0] at position 2 (head dim 4)', () => {
  const want = f64(rope64([1, 0, 1, 0], 2), [1, 4]);
  expectClose(attn.applyRope(f32([1, 0, 1, 0], [1, 4]), { positionOffset: 2 }), want, WORKED, 'positionOffset 2');
  // The same token as row 2 of a sequence gets the same rotation.
  const seq = attn.applyRope(f32([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0], [3, 4]));
  expectClose({ data: seq.data.slice(8), shape: [1, 4] }, want, WORKED, 'row 2');
});

test('RoPE scores depend only on n - m: (R(m)q).(R(n)k) = q.R(n-m)k', () => {
  const q = [0.3, -1.2, 0.8, 0.5], k = [1.1, 0.4, -0.7, 0.9];
  const dot = (a, b) => a.reduce((s, x, i) => s + x * b[i], 0);
  const score = (m, n) => dot(attn.applyRope(f32(q, [1, 4]), { positionOffset: m }).data,
    attn.applyRope(f32(k, [1, 4]), { positionOffset: n }).data);
  const relative = dot(q, rope64(k, 3)); // n - m = 3
  for (const [m, n] of [[0, 3], [2, 5], [10, 13], [100, 103]]) {
    expect(Math.abs(score(m, n) - relative), `m=${m} n=${n}`).toBeLessThan(1e-5);
  }
  expect(Math.abs(score(5, 2) - relative)).toBeGreaterThan(1e-2); // R(m - n) would be this
});

const X = [[1, 0.5, 0.2, 0.1], [0.3, 1, 0.4, 0.2], [0.2, 0.3, 1, 0.5]];

test('3-token self-attention Q = K = V = X: weights and output', () => {
  const want = selfAttention64(X);
  const x = f32(X.flat(), [3, 4]);
  const got = attn.scaledDotProductAttention(x, x, x, { returnWeights: true });
  expectClose(got.weights, f64(want.weights.flat(), [3, 3]), WORKED, 'weights');
  expectClose(got.output, f64(want.output.flat(), [3, 4]), WORKED, 'output');
  expectClose(attn.flashAttention(x, x, x).output, f64(want.output.flat(), [3, 4]), WORKED, 'flash output');
});

test('3-token self-attention weights rows sum to 1', () => {
  const x = f32(X.flat(), [3, 4]);
  const { weights } = attn.scaledDotProductAttention(x, x, x, { returnWeights: true });
  for (let i = 0; i < 3; i++) expect(weights.data[3 * i] + weights.data[3 * i + 1] + weights.data[3 * i + 2]).toBeCloseTo(1, 6);
});
