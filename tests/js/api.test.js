// The API's shared semantics: tensor(), matmul broadcasting, attention mask
// broadcasting, causal alignment with a KV cache, rank-2 heads.
import { test, expect, beforeAll } from 'vitest';
import { attn, rand, expectClose } from './helpers.js';

// Float32 sums of <= 9 products of values in [-1, 1): 1e-6 is ~16 ulps of 1.
const MATMUL = { atol: 1e-6, rtol: 1e-6 };
// The same kernel on the same data in two arrangements: bit-identical is
// expected, but 1e-6 allows a different (equally valid) summation order.
const SAME = { atol: 1e-6, rtol: 0 };
// Flash rescales its running sums by exp(m - m') once per 64-key tile: a few
// more roundings than the plain path on O(1) outputs (4 tiles here).
const FLASH_VS_PLAIN = { atol: 2e-6, rtol: 2e-6 };

const product = (dims) => dims.reduce((a, b) => a * b, 1);
const asRef = (t) => ({ data: Float64Array.from(t.data), shape: t.shape });

beforeAll(() => attn.ready());

test('ready() can be awaited again and backend() names the build', async () => {
  await attn.ready();
  expect(['wasm-simd', 'wasm-scalar', 'wasm-simd-threads', 'wasm-simd-fma']).toContain(attn.backend());
  if (process.env.ATTNSCOPE_BACKEND) expect(attn.backend()).toBe(process.env.ATTNSCOPE_BACKEND);
});

test('tensor() defaults the shape to [data.length] and keeps the data', () => {
  const data = new Float32Array([1, 2, 3]);
  const t = attn.tensor(data);
  expect(t.shape).toEqual([3]);
  expect(t.data).toBe(data);
});

test('tensor() copies the shape array', () => {
  const shape = [2, 3];
  const t = attn.tensor(new Float32Array(6), shape);
  shape[0] = 7;
  expect(t.shape).toEqual([2, 3]);
});

test('tensor() accepts empty and scalar shapes', () => {
  expect(attn.tensor(new Float32Array(0), [0, 5]).shape).toEqual([0, 5]);
  expect(attn.tensor(new Float32Array([4]), []).shape).toEqual([]);
});

test('tensor() rejects bad shapes and data', () => {
  expect(() => attn.tensor(new Float32Array(6), [4, 2])).toThrow(/tensor\.data has 6 elements but tensor\.shape \[4, 2\] needs 8/);
  expect(() => attn.tensor(new Float32Array(6), '2x3')).toThrow(/tensor\.shape must be an array/);
  expect(() => attn.tensor(new Float32Array(6), [2, NaN])).toThrow(/tensor\.shape\[1\]/);
  expect(() => attn.tensor(new Int32Array(6), [2, 3])).toThrow(attn.AttnscopeError);
});

// torch.matmul's rules, written out: a 1-D a is [1, K], a 1-D b is [K, 1]
// (that dim dropped after); leading dims broadcast right-aligned.
function matmul64(a, b) {
  const as = a.shape.length === 1 ? [1, ...a.shape] : a.shape;
  const bs = b.shape.length === 1 ? [...b.shape, 1] : b.shape;
  const [M, K] = as.slice(-2), N = bs[bs.length - 1];
  const ab = as.slice(0, -2), bb = bs.slice(0, -2);
  const n = Math.max(ab.length, bb.length);
  const pad = (d) => [...Array(n - d.length).fill(1), ...d];
  const pa = pad(ab), pb = pad(bb);
  const batch = pa.map((d, i) => (d === 1 ? pb[i] : d)); // 1 broadcasts to any size, 0 too
  const offset = (coords, dims) => coords.reduce((off, c, i) => off * dims[i] + (dims[i] === 1 ? 0 : c), 0);
  const out = new Float64Array(product(batch) * M * N);
  for (let t = 0; t < product(batch); t++) {
    const coords = [];
    for (let i = n - 1, r = t; i >= 0; i--) { coords.unshift(r % batch[i]); r = Math.floor(r / batch[i]); }
    const oa = offset(coords, pa) * M * K, ob = offset(coords, pb) * K * N;
    for (let i = 0; i < M; i++) {
      for (let j = 0; j < N; j++) {
        let s = 0;
        for (let k = 0; k < K; k++) s += a.data[oa + i * K + k] * b.data[ob + k * N + j];
        out[(t * M + i) * N + j] = s;
      }
    }
  }
  const shape = [...batch, M, N];
  if (a.shape.length === 1) shape.splice(-2, 1);
  if (b.shape.length === 1) shape.pop();
  return { data: out, shape };
}

test.each([
  [[3, 4], [4, 5], [3, 5]], [[4], [4, 5], [5]], [[3, 4], [4], [3]], [[4], [4], []],
  [[2, 3, 4], [4, 5], [2, 3, 5]], [[3, 4], [2, 4, 5], [2, 3, 5]], [[2, 1, 3, 4], [5, 4, 6], [2, 5, 3, 6]],
  [[1, 3, 2, 4], [2, 1, 4, 3], [2, 3, 2, 3]], [[4], [2, 3, 4, 5], [2, 3, 5]], [[2, 3, 3, 4], [4], [2, 3, 3]],
  [[2, 3, 9], [1, 9, 17], [2, 3, 17]],
])('matmul %j @ %j broadcasts to %j like torch.matmul', (sa, sb, shape) => {
  const a = rand(sa, 31), b = rand(sb, 32);
  const want = matmul64(a, b);
  expect(want.shape).toEqual(shape);
  expectClose(attn.matmul(a, b), want, MATMUL, 'matmul');
});

// Known bug (reported): web/lib/ops/matmul.js broadcasts with Math.max, so
// 0 against 1 gives 1 and the kernel reads past a's empty buffer.
test('matmul broadcasts a size-0 batch dim against 1 or a missing dim (empty result)', () => {
  expect(attn.matmul(rand([0, 2, 3]), rand([3, 2])).shape, '[0,2,3] @ [3,2]').toEqual([0, 2, 2]);
  expect(attn.matmul(rand([3, 4]), rand([0, 4, 5])).shape, '[3,4] @ [0,4,5]').toEqual([0, 3, 5]);
  expect(attn.matmul(rand([1, 3, 4]), rand([0, 4, 5])).data.length, '[1,3,4] @ [0,4,5]').toBe(0);
});

test('matmul rejects batch dims that do not broadcast', () => {
  expect(() => attn.matmul(rand([2, 3, 4]), rand([3, 4, 5]))).toThrow(/batch dims \[2\] of a and \[3\] of b do not broadcast/);
});

// Broadcasts a mask to `target` in JS (right-aligned, size-1 dims repeat).
function materialise(mask, target) {
  const full = [...Array(target.length - mask.shape.length).fill(1), ...mask.shape];
  const data = new mask.data.constructor(product(target));
  for (let t = 0; t < data.length; t++) {
    let src = 0;
    for (let i = 0, r = t, stride = product(target); i < target.length; i++) {
      stride /= target[i];
      const c = Math.floor(r / stride);
      r %= stride;
      src = src * full[i] + (full[i] === 1 ? 0 : c);
    }
    data[t] = mask.data[src];
  }
  return { data, shape: target };
}

function boolMask(shape, seed) {
  const r = rand(shape, seed);
  return { data: Uint8Array.from(r.data, (x) => (x < 0.4 ? 1 : 0)), shape };
}

test.each([
  ['bool [Nq,Nk]', [2], 3, (Nq, Nk) => boolMask([Nq, Nk], 41)],
  ['float [1,Nk]', [2], 3, (Nq, Nk) => rand([1, Nk], 42)],
  ['bool [H,1,Nk]', [2], 3, (Nq, Nk) => boolMask([3, 1, Nk], 43)],
  ['float [B,1,Nq,Nk]', [2], 3, (Nq, Nk) => rand([2, 1, Nq, Nk], 44)],
  ['bool [2,1,H,Nq,Nk] on batch [2,3]', [2, 3], 2, (Nq, Nk) => boolMask([2, 1, 2, Nq, Nk], 45)],
  ['float [3,1,Nq,Nk] on batch [2,3]', [2, 3], 2, (Nq, Nk) => rand([3, 1, Nq, Nk], 46)],
  ['bool [1,3,H,Nq,Nk] on batch [2,3]', [2, 3], 2, (Nq, Nk) => boolMask([1, 3, 2, Nq, Nk], 47)],
])('mask %s gives the same result as the materialised full mask', (what, batch, H, makeMask) => {
  const Nq = 4, Nk = 5, D = 8;
  const q = rand([...batch, H, Nq, D], 51), k = rand([...batch, H, Nk, D], 52), v = rand([...batch, H, Nk, D], 53);
  const mask = makeMask(Nq, Nk);
  const full = materialise(mask, [...batch, H, Nq, Nk]);
  const got = attn.scaledDotProductAttention(q, k, v, { attnMask: mask, returnWeights: true });
  const want = attn.scaledDotProductAttention(q, k, v, { attnMask: full, returnWeights: true });
  expectClose(got.weights, asRef(want.weights), SAME, `${what}: weights`);
  expectClose(got.output, asRef(want.output), SAME, `${what}: output`);
  expectClose(attn.flashAttention(q, k, v, { attnMask: mask }).output, asRef(want.output), SAME, `${what}: flash`);
  const unmasked = attn.scaledDotProductAttention(q, k, v).output;
  expect(unmasked.data, 'the mask changes the result').not.toEqual(got.output.data);
});

test('causal with Nq < Nk aligns queries to the end of the keys (KV-cache decoding)', () => {
  const N = 7, Nq = 3, D = 8;
  const x = rand([2, N, D], 61);
  const full = attn.scaledDotProductAttention(x, x, x, { isCausal: true, returnWeights: true });
  // The last Nq queries against all N keys, as when decoding with a cache.
  const last = { data: new Float32Array(2 * Nq * D), shape: [2, Nq, D] };
  for (let h = 0; h < 2; h++) last.data.set(x.data.subarray((h * N + N - Nq) * D, (h + 1) * N * D), h * Nq * D);
  const got = attn.scaledDotProductAttention(last, x, x, { isCausal: true, returnWeights: true });
  const tail = (t, width) => {
    const data = new Float64Array(2 * Nq * width);
    for (let h = 0; h < 2; h++) data.set(t.data.subarray((h * N + N - Nq) * width, (h + 1) * N * width), h * Nq * width);
    return { data, shape: [2, Nq, width] };
  };
  expectClose(got.output, tail(full.output, D), SAME, 'output');
  expectClose(got.weights, tail(full.weights, N), SAME, 'weights');
  for (let i = 0; i < Nq; i++) {
    for (let j = i + N - Nq + 1; j < N; j++) expect(got.weights.data[i * N + j], `w[${i},${j}]`).toBe(0);
  }
  expectClose(attn.flashAttention(last, x, x, { isCausal: true }).output, tail(full.output, D), SAME, 'flash');
});

test('causal with one query (a decode step) sees every key', () => {
  const q = rand([2, 1, 8], 62), k = rand([2, 6, 8], 63), v = rand([2, 6, 8], 64);
  const causal = attn.scaledDotProductAttention(q, k, v, { isCausal: true }).output;
  expectClose(causal, asRef(attn.scaledDotProductAttention(q, k, v).output), SAME, 'decode step');
});

test('rank-2 q/k/v are one head: same numbers as [1, N, D], shapes without the head dim', () => {
  const q = rand([4, 8], 71), k = rand([6, 8], 72), v = rand([6, 5], 73);
  const mask = boolMask([4, 6], 74);
  const got = attn.scaledDotProductAttention(q, k, v, { attnMask: mask, returnWeights: true });
  const head = (t) => ({ data: t.data, shape: [1, ...t.shape] });
  const want = attn.scaledDotProductAttention(head(q), head(k), head(v), { attnMask: mask, returnWeights: true });
  expect(got.output.shape).toEqual([4, 5]);
  expect(got.weights.shape).toEqual([4, 6]);
  expect(got.output.data).toEqual(want.output.data);
  expect(got.weights.data).toEqual(want.weights.data);
  expect(attn.flashAttention(q, k, v, { attnMask: mask }).output.shape).toEqual([4, 5]);
});

test('flashAttention equals scaledDotProductAttention across several key tiles', () => {
  const q = rand([2, 3, 40, 16], 81), k = rand([2, 3, 197, 16], 82), v = rand([2, 3, 197, 12], 83);
  for (const opts of [{}, { isCausal: true }, { window: 50, isCausal: true }, { alibi: true, temperature: 0.5 }]) {
    const want = attn.scaledDotProductAttention(q, k, v, opts).output;
    expectClose(attn.flashAttention(q, k, v, opts).output, asRef(want), FLASH_VS_PLAIN, JSON.stringify(opts));
  }
});
