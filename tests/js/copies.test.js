// Results are fresh copies: inputs are never modified, earlier results never
// change, and no result is a view into the wasm heap (which moves on growth).
import { test, expect, beforeAll } from 'vitest';
import { attn, rand } from './helpers.js';
import { module as wasmModule } from '../../web/lib/runtime.js';

beforeAll(() => attn.ready());

const snapshot = (t) => ({ data: t.data.slice(), shape: [...t.shape] });
const mask = { data: new Uint8Array([1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0]), shape: [3, 4] };

// Every public function, each with the inputs it reads.
const CALLS = {
  matmul: () => [[rand([3, 4], 1), rand([4, 5], 2)], (a, b) => attn.matmul(a, b)],
  softmax: () => [[rand([3, 5], 3)], (x) => attn.softmax(x, { temperature: 0.5 })],
  layerNorm: () => [[rand([3, 5], 4), rand([5], 5), rand([5], 6)], (x, w, b) => attn.layerNorm(x, { weight: w, bias: b })],
  rmsNorm: () => [[rand([3, 5], 7), rand([5], 8)], (x, w) => attn.rmsNorm(x, { weight: w })],
  l2Normalize: () => [[rand([3, 5], 9)], (x) => attn.l2Normalize(x)],
  gelu: () => [[rand([7], 10)], (x) => attn.gelu(x, { approximate: 'tanh' })],
  relu: () => [[rand([7], 11)], (x) => attn.relu(x)],
  silu: () => [[rand([7], 12)], (x) => attn.silu(x)],
  applyRope: () => [[rand([2, 3, 8], 13)], (x) => attn.applyRope(x, { layout: 'half' })],
  scaledDotProductAttention: () => [[rand([2, 3, 8], 14), rand([2, 4, 8], 15), rand([2, 4, 6], 16), mask],
    (q, k, v, m) => attn.scaledDotProductAttention(q, k, v, { attnMask: m, returnWeights: true })],
  flashAttention: () => [[rand([2, 3, 8], 17), rand([2, 4, 8], 18), rand([2, 4, 6], 19), rand([3, 4], 20)],
    (q, k, v, m) => attn.flashAttention(q, k, v, { attnMask: m })],
};

// Every tensor in a result ({data, shape}, {output, weights}, {cos, sin}).
const tensorsOf = (r) => ('data' in r ? [r] : Object.values(r));

test.each(Object.keys(CALLS))('%s does not modify its inputs', (name) => {
  const [inputs, call] = CALLS[name]();
  const before = inputs.map(snapshot);
  call(...inputs);
  inputs.forEach((t, i) => {
    expect(t.data, `input ${i}`).toEqual(before[i].data);
    expect(t.shape).toEqual(before[i].shape);
  });
});

test('a result shape is not the input shape array', () => {
  const x = rand([2, 3], 21);
  const y = attn.relu(x);
  y.shape.push(99);
  expect(x.shape).toEqual([2, 3]);
});

test('an earlier result is not changed by a later call of the same function', () => {
  const first = attn.softmax(rand([4, 6], 22));
  const kept = first.data.slice();
  attn.softmax(rand([4, 6], 23));
  attn.softmax(rand([40, 60], 24));
  expect(first.data).toEqual(kept);
});

test('results never share a buffer with each other', () => {
  const x = rand([4, 6], 25);
  const a = attn.silu(x), b = attn.silu(x);
  expect(a.data.buffer).not.toBe(b.data.buffer);
  b.data[0] = 123;
  expect(a.data[0]).not.toBe(123);
});

test('result data owns a buffer of its own size, not the wasm heap', () => {
  const heap = wasmModule().HEAPU8.buffer;
  const results = Object.keys(CALLS).flatMap((name) => {
    const [inputs, call] = CALLS[name]();
    return tensorsOf(call(...inputs));
  });
  results.push(attn.sinusoidalPositionalEncoding(3, 4), attn.alibiSlopes(4),
    ...tensorsOf(attn.ropeFrequencies(8, 3)));
  for (const t of results) {
    expect(t.data).toBeInstanceOf(Float32Array);
    expect(t.data.buffer).not.toBe(heap);
    expect(t.data.byteOffset).toBe(0);
    expect(t.data.buffer.byteLength).toBe(t.data.byteLength);
  }
});

test('earlier results survive wasm memory growth intact and readable', () => {
  const small = Object.keys(CALLS).map((name) => {
    const [inputs, call] = CALLS[name]();
    return call(...inputs);
  });
  const kept = small.map((r) => tensorsOf(r).map((t) => t.data.slice()));
  const heapBefore = wasmModule().HEAPU8.byteLength;
  // ~50M floats of output (200 MB) forces the heap to grow.
  const a = { data: new Float32Array(7072).fill(0.5), shape: [7072, 1] };
  const b = { data: Float32Array.from({ length: 7072 }, (_, i) => i), shape: [1, 7072] };
  const big = attn.matmul(a, b);
  expect(wasmModule().HEAPU8.byteLength).toBeGreaterThan(heapBefore);
  expect(big.shape).toEqual([7072, 7072]);
  expect(big.data.length).toBe(7072 * 7072);
  expect(big.data[7072 * 7071 + 7071]).toBe(0.5 * 7071);
  small.forEach((r, i) => tensorsOf(r).forEach((t, j) => {
    expect(t.data.length).toBe(kept[i][j].length);
    expect(t.data).toEqual(kept[i][j]);
  }));
  // And calls after growth still work (fresh heap views).
  const after = attn.softmax(attn.tensor(new Float32Array([0, 0])));
  expect([...after.data]).toEqual([0.5, 0.5]);
});
