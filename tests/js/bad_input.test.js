// Bad calls throw AttnscopeError naming the argument; the module keeps working.
// NaN inputs are not errors: they propagate to NaN outputs without a crash.
import { test, expect, beforeAll } from 'vitest';
import { attn, expectStillWorks, attention64, thrown } from './helpers.js';
import { module as wasmModule } from '../../web/lib/runtime.js';

const zeros = (shape) => ({ data: new Float32Array(shape.reduce((a, b) => a * b, 1)), shape });
const f32 = (values, shape) => attn.tensor(new Float32Array(values), shape);
const qkv = (q, k = q, v = k) => [zeros(q), zeros(k), zeros(v)];
const sdpa = (shapes, opts) => attn.scaledDotProductAttention(...shapes, opts);
const flash = (shapes, opts) => attn.flashAttention(...shapes, opts);

beforeAll(() => attn.ready());

// [what, call, pattern the message must match: it names the argument]
const BAD = [
  ['Float64Array data', () => attn.softmax({ data: new Float64Array(3), shape: [3] }), /x\.data must be a Float32Array.*new Float32Array/],
  ['plain array data', () => attn.relu({ data: [1, 2, 3], shape: [3] }), /x\.data must be a Float32Array.*plain Array/],
  ['a plain array as the tensor', () => attn.softmax([1, 2, 3]), /^x must be a tensor/],
  ['tensor() of a Float64Array', () => attn.tensor(new Float64Array(3)), /tensor\.data must be a Float32Array/],
  ['data length not matching shape', () => attn.matmul({ data: new Float32Array(5), shape: [2, 3] }, zeros([3, 2])), /a\.data has 5 elements but a\.shape \[2, 3\] needs 6/],
  ['matmul inner dims differ', () => attn.matmul(zeros([2, 3]), zeros([4, 2])), /a\.shape\[1\] is 3 but b\.shape\[0\] is 4/],
  ['mismatched head dims', () => sdpa(qkv([1, 2, 4, 63], [1, 2, 4, 64])), /q\.shape\[3\] is 63 but k\.shape\[3\] is 64/],
  ['mismatched head dims (flash)', () => flash(qkv([2, 4, 63], [2, 4, 64])), /q\.shape\[2\] is 63 but k\.shape\[2\] is 64/],
  ['keys and values of different lengths', () => sdpa(qkv([3, 8], [3, 8], [4, 8])), /k\.shape\[0\] is 3 but v\.shape\[0\] is 4/],
  ['odd head dim for applyRope', () => attn.applyRope(zeros([2, 5])), /x\.shape\[1\].*even/],
  ['odd head dim for ropeFrequencies', () => attn.ropeFrequencies(5, 3), /headDim must be even/],
  ['unknown RoPE layout', () => attn.applyRope(zeros([2, 4]), { layout: 'neox' }), /opts\.layout.*"neox"/],
  ['unknown attention kind', () => sdpa(qkv([2, 4]), { kind: 'linear' }), /opts\.kind.*"linear"/],
  ['unknown gelu approximation', () => attn.gelu(zeros([3]), { approximate: 'fast' }), /opts\.approximate.*"fast"/],
  ['unknown softmax option', () => attn.softmax(zeros([3]), { temp: 2 }), /opts\.temp is not an option/],
  ['unknown attention option', () => sdpa(qkv([2, 4]), { causal: true }), /opts\.causal is not an option/],
  ['unknown applyRope option', () => attn.applyRope(zeros([2, 4]), { offset: 2 }), /opts\.offset is not an option/],
  ['unknown layerNorm option', () => attn.layerNorm(zeros([2, 4]), { epsilon: 1e-5 }), /opts\.epsilon is not an option/],
  ['negative seqLen', () => attn.sinusoidalPositionalEncoding(-1, 4), /seqLen/],
  ['non-integer dModel', () => attn.sinusoidalPositionalEncoding(4, 2.5), /dModel/],
  ['negative shape dim', () => attn.tensor(new Float32Array(0), [-1, 0]), /tensor\.shape\[0\]/],
  ['non-integer shape dim', () => attn.tensor(new Float32Array(3), [1.5, 2]), /tensor\.shape\[0\]/],
  ['zero ALiBi heads', () => attn.alibiSlopes(0), /nHeads/],
  ['non-integer ALiBi heads', () => attn.alibiSlopes(2.5), /nHeads/],
  ['negative RoPE seqLen', () => attn.ropeFrequencies(4, -3), /seqLen/],
  ['negative positionOffset', () => attn.applyRope(zeros([2, 4]), { positionOffset: -1 }), /opts\.positionOffset/],
  ['absurd ropeFrequencies size', () => attn.ropeFrequencies(2 ** 20, 2 ** 20), /seqLen \* headDim/],
  ['absurd tensor shape', () => attn.tensor(new Float32Array(1), [1e9, 1e9]), /tensor\.shape/],
  ['absurd matmul result', () => attn.matmul(zeros([1, 1e5, 1]), zeros([1, 1, 1e5])), /matmul result shape/],
  ['absurd attention weight matrix', () => sdpa(qkv([20000, 1])), /20000 x 20000 weight matrix/],
  ['GQA without enableGqa', () => sdpa(qkv([4, 3, 8], [2, 3, 8])), /q has 4 heads but k and v have 2.*enableGqa/],
  ['heads not divisible', () => sdpa(qkv([3, 3, 8], [2, 3, 8]), { enableGqa: true }), /q's 3 heads.*k's 2 heads/],
  ['mask of the wrong shape', () => sdpa(qkv([2, 3, 8], [2, 4, 8]), { attnMask: zeros([3, 3]) }), /opts\.attnMask\.shape \[3, 3\] does not broadcast/],
  ['mask with too many dims', () => sdpa(qkv([2, 3, 8], [2, 4, 8]), { attnMask: zeros([2, 2, 2, 3, 4]) }), /opts\.attnMask has 5 dims/],
  ['mask of the wrong dtype', () => sdpa(qkv([2, 3, 8], [2, 4, 8]), { attnMask: { data: new Int8Array(12), shape: [3, 4] } }), /opts\.attnMask\.data.*Int8Array.*new Uint8Array\(values\) for a boolean mask/],
  ['negative layerNorm eps', () => attn.layerNorm(zeros([2, 4]), { eps: -1 }), /opts\.eps must not be negative/],
  ['negative rmsNorm eps', () => attn.rmsNorm(zeros([2, 4]), { eps: -1e-6 }), /opts\.eps must not be negative/],
  ['negative l2Normalize eps', () => attn.l2Normalize(zeros([2, 4]), { eps: -1 }), /opts\.eps must not be negative/],
  ['mask as a plain array', () => flash(qkv([2, 3, 8], [2, 4, 8]), { attnMask: [[1, 1, 1, 1]] }), /opts\.attnMask must be a tensor/],
  ['window 0', () => sdpa(qkv([3, 8]), { window: 0 }), /opts\.window must be at least 1/],
  ['negative window', () => flash(qkv([3, 8]), { window: -2 }), /opts\.window/],
  ['temperature 0', () => sdpa(qkv([3, 8]), { temperature: 0 }), /opts\.temperature must be greater than 0/],
  ['negative softmax temperature', () => attn.softmax(zeros([3]), { temperature: -1 }), /opts\.temperature/],
  ['flashAttention with returnWeights', () => flash(qkv([3, 8]), { returnWeights: true }), /opts\.returnWeights/],
  ['scale with kind cosine', () => sdpa(qkv([3, 8]), { kind: 'cosine', scale: 1 }), /opts\.scale/],
  ['isCausal not a boolean', () => sdpa(qkv([3, 8]), { isCausal: 'yes' }), /opts\.isCausal/],
  ['layerNorm weight of the wrong length', () => attn.layerNorm(zeros([2, 4]), { weight: zeros([3]) }), /opts\.weight\.shape is \[3\]/],
];

test.each(BAD)('%s throws AttnscopeError naming the argument', (what, call, pattern) => {
  const err = thrown(call);
  expect(err, `${what}: no error thrown`).toBeInstanceOf(attn.AttnscopeError);
  expect(err).toBeInstanceOf(Error);
  expect(err.name).toBe('AttnscopeError');
  expect(err.message).toMatch(pattern);
  expectStillWorks();
});

test('sinusoidalPositionalEncoding(1e9, 64) throws at once without touching wasm memory', () => {
  const heapBytes = wasmModule().HEAPU8.byteLength;
  const t0 = performance.now();
  const err = thrown(() => attn.sinusoidalPositionalEncoding(1e9, 64));
  expect(performance.now() - t0).toBeLessThan(50);
  expect(err).toBeInstanceOf(attn.AttnscopeError);
  expect(err.message).toMatch(/seqLen \* dModel/);
  expect(wasmModule().HEAPU8.byteLength).toBe(heapBytes);
  expectStillWorks();
});

test('NaN in softmax input gives a NaN row; other rows are unaffected', () => {
  const got = attn.softmax(f32([1, NaN, 2, 1, 2, 3], [2, 3])).data;
  expect([...got.slice(0, 3)].every(Number.isNaN)).toBe(true);
  expect(got[3] + got[4] + got[5]).toBeCloseTo(1, 6);
  expectStillWorks();
});

test('NaN propagates through matmul, layerNorm, rmsNorm and applyRope', () => {
  expect([...attn.matmul(f32([1, NaN, 2, 1], [2, 2]), f32([1, 2, 3, 4], [2, 2])).data].map(Number.isNaN)).toEqual([true, true, false, false]);
  expect(attn.layerNorm(f32([1, NaN, 2, 1, 2, 3], [2, 3])).data.map(Number.isNaN)).toEqual(new Float32Array([1, 1, 1, 0, 0, 0]));
  expect(attn.rmsNorm(f32([1, NaN, 2, 1, 2, 3], [2, 3])).data.map(Number.isNaN)).toEqual(new Float32Array([1, 1, 1, 0, 0, 0]));
  expect(attn.applyRope(f32([NaN, 1, 2, 3], [1, 4])).data.map(Number.isNaN)).toEqual(new Float32Array([1, 1, 0, 0]));
  expectStillWorks();
});

const X = [0.8, -0.3, 0.5, 1.1, -0.6, 0.9, 0.2, -1.0, 0.4, 0.7, -0.2, 0.3];

test.each(['scaledDotProductAttention', 'flashAttention'])('%s: NaN in one query gives NaN in that output row only', (fn) => {
  const q = [...X];
  q[4] = NaN; // query 1
  const out = attn[fn](f32(q, [3, 4]), f32(X, [3, 4]), f32(X, [3, 4])).output.data;
  const want = attention64(q, X, X, { Nq: 3, Nk: 3, D: 4, Dv: 4 }).output;
  expect([...out.slice(4, 8)].every(Number.isNaN)).toBe(true);
  for (const i of [0, 1, 2, 3, 8, 9, 10, 11]) expect(Math.abs(out[i] - want[i])).toBeLessThan(1e-5);
  expectStillWorks();
});

// Known bug (reported, the next two tests fail for scaledDotProductAttention):
// it computes weights @ v over every key, and 0·NaN = NaN, so a NaN (or
// Inf) value at a key a query may not attend still reaches its output,
// even a fully masked row's; flashAttention skips masked keys and is right.
test.each(['scaledDotProductAttention', 'flashAttention'])('%s: a NaN value at a masked-out key does not reach the queries that cannot see it', (fn) => {
  const v = [...X];
  v[8] = NaN; // value of key 2, which queries 0 and 1 cannot see under isCausal
  const out = attn[fn](f32(X, [3, 4]), f32(X, [3, 4]), f32(v, [3, 4]), { isCausal: true }).output.data;
  const want = attention64(X, X, v, { Nq: 3, Nk: 3, D: 4, Dv: 4, allowed: (i, j) => j <= i }).output;
  const nanRows = [0, 1, 2].filter((i) => out.slice(4 * i, 4 * i + 4).some(Number.isNaN));
  expect(nanRows, 'rows whose output has a NaN (only query 2 sees key 2)').toEqual([2]);
  for (let i = 0; i < 8; i++) expect(Math.abs(out[i] - want[i])).toBeLessThan(1e-5);
  expectStillWorks();
});

test.each(['scaledDotProductAttention', 'flashAttention'])('%s: a row with no key allowed has a zero output even when v holds NaN', (fn) => {
  const v = [NaN, 1, 2, 3, 4, 5, 6, 7];
  // Nq 3 > Nk 2 with isCausal: query 0 sees no key (aligned to the end).
  const out = attn[fn](f32(X, [3, 4]), f32(X.slice(0, 8), [2, 4]), f32(v, [2, 4]), { isCausal: true }).output.data;
  expect([...out.slice(0, 4)], 'output row of the fully masked query').toEqual([0, 0, 0, 0]);
  expectStillWorks();
});
