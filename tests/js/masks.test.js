// Masks, position biases and linear attention through the package: they plug
// into attention as documented, and bad calls throw AttnscopeError naming the
// argument while the module keeps working.
import { test, expect, beforeAll } from 'vitest';
import { attn, rand, expectClose, expectStillWorks } from './helpers.js';

// The same maths along two routes (a mask vs an option, two forms): float32
// sums in different orders over <= 200 terms of O(1) values.
const SAME_MATHS = { atol: 2e-6, rtol: 2e-6 };
const asRef = (t) => ({ data: Float64Array.from(t.data), shape: t.shape });
const rows = (m) => Array.from({ length: m.shape[0] }, (_, i) => Array.from(m.data.subarray(i * m.shape[1], (i + 1) * m.shape[1])));

beforeAll(() => attn.ready());

test('causalMask defaults nK to nQ and aligns queries to the end of the keys', () => {
  expect(rows(attn.causalMask(3))).toEqual([[1, 0, 0], [1, 1, 0], [1, 1, 1]]);
  expect(rows(attn.causalMask(2, 4))).toEqual([[1, 1, 1, 0], [1, 1, 1, 1]]);
  const m = attn.causalMask(0);
  expect(m.shape).toEqual([0, 0]);
  expect(m.data).toBeInstanceOf(Uint8Array);
});

test('a causal mask and a window mask give what isCausal and window give, on both paths', () => {
  const q = rand([2, 3, 70, 8], 1), k = rand([2, 3, 150, 8], 2), v = rand([2, 3, 150, 8], 3);
  for (const [mask, opts] of [[attn.causalMask(70, 150), { isCausal: true }],
    [attn.slidingWindowMask(70, 150, 9, { causal: true }), { isCausal: true, window: 9 }],
    [attn.slidingWindowMask(70, 150, 65), { window: 65 }]]) {
    const want = asRef(attn.scaledDotProductAttention(q, k, v, opts).output);
    expectClose(attn.scaledDotProductAttention(q, k, v, { attnMask: mask }).output, want, SAME_MATHS, 'plain');
    expectClose(attn.flashAttention(q, k, v, { attnMask: mask }).output, want, SAME_MATHS, 'flash');
  }
});

test('alibiBias as a float mask equals the alibi option, and a T5 bias works on both paths', () => {
  const q = rand([5, 4, 8], 4), k = rand([5, 9, 8], 5);
  const want = attn.scaledDotProductAttention(q, k, k, { alibi: true, returnWeights: true });
  const got = attn.scaledDotProductAttention(q, k, k, { attnMask: attn.alibiBias(5, 4, 9), returnWeights: true });
  expectClose(got.weights, asRef(want.weights), SAME_MATHS, 'weights');
  const bias = attn.t5RelativeBias(rand([32, 5], 6), 4, 9);
  expect(bias.shape).toEqual([5, 4, 9]);
  expectClose(attn.flashAttention(q, k, k, { attnMask: bias }).output,
    asRef(attn.scaledDotProductAttention(q, k, k, { attnMask: bias }).output), SAME_MATHS, 't5 flash vs plain');
});

test('bigBirdMask: window + global + exactly randomPerRow seeded random keys per row', () => {
  const base = attn.bigBirdMask(40, { randomPerRow: 0 });
  const m = attn.bigBirdMask(40, { seed: 9 });  // defaults: window 3, globalTokens [0], randomPerRow 2
  expect(rows(base)[20].slice(16, 25)).toEqual([0, 0, 1, 1, 1, 1, 1, 0, 0]);
  expect(rows(base)[20][0]).toBe(1);
  rows(m).forEach((r, i) => {
    const added = r.reduce((s, x, j) => s + x - base.data[i * 40 + j], 0);
    expect(added, `row ${i}`).toBe(i === 0 ? 0 : 2);  // row 0 is global: nothing left to add
  });
  expect(attn.bigBirdMask(40, { seed: 9 }).data).toEqual(m.data);
  expect(attn.bigBirdMask(40, { seed: 10 }).data).not.toEqual(m.data);
});

test('combineMasks and intersectMasks work elementwise and return 0/1', () => {
  const a = { data: new Uint8Array([0, 2, 0, 1]), shape: [2, 2] };
  const b = { data: new Uint8Array([0, 0, 5, 1]), shape: [2, 2] };
  expect(Array.from(attn.combineMasks(a, b).data)).toEqual([0, 1, 1, 1]);
  expect(Array.from(attn.intersectMasks(a, b).data)).toEqual([0, 0, 0, 1]);
  expect(Array.from(attn.combineMasks(a).data)).toEqual([0, 1, 0, 1]);
  const union = attn.combineMasks(attn.stridedMask(6, 3), attn.globalTokensMask(6, [5]));
  expect(rows(union)[5]).toEqual([1, 1, 1, 1, 1, 1]);
});

test('t5RelativePositionBucket follows HF T5 and accepts arrays and Int32Arrays', () => {
  expect(Array.from(attn.t5RelativePositionBucket([0, -1, 1, -16, 16, -1000]))).toEqual([0, 1, 17, 10, 26, 15]);
  expect(Array.from(attn.t5RelativePositionBucket(new Int32Array([3, -3]), { bidirectional: false }))).toEqual([0, 3]);
});

test('addPositionEmbeddings adds table rows from positionOffset on over batch dims', () => {
  const x = rand([2, 3, 4], 7), table = rand([6, 4], 8);
  const got = attn.addPositionEmbeddings(x, table, { positionOffset: 2 });
  expect(got.shape).toEqual([2, 3, 4]);
  for (let i = 0; i < 24; i++) expect(got.data[i]).toBe(Math.fround(x.data[i] + table.data[(2 + Math.floor(i / 4) % 3) * 4 + i % 4]));
});

test('causal linear attention: the recurrent form equals the quadratic form', () => {
  const q = rand([2, 200, 16], 9), k = rand([2, 200, 16], 10), v = rand([2, 200, 24], 11);
  for (const featureMap of ['elu1', 'relu', 'performer']) {
    const want = asRef(attn.linearAttention(q, k, v, { featureMap, isCausal: true, form: 'quadratic' }).output);
    const got = attn.linearAttention(q, k, v, { featureMap, isCausal: true }).output;
    expect(got.shape).toEqual([2, 200, 24]);
    expectClose(got, want, SAME_MATHS, featureMap);
  }
});

test('performer: seeded, and opts.projection equals the seeded projection it was built from', () => {
  const q = rand([6, 8], 12), k = rand([6, 8], 13);
  const bySeed = attn.linearAttention(q, k, k, { featureMap: 'performer', features: 32, seed: 4 }).output;
  const projection = attn.performerProjection(32, 8, { seed: 4 });
  expect(projection.shape).toEqual([32, 8]);
  expect(attn.linearAttention(q, k, k, { featureMap: 'performer', projection }).output.data).toEqual(bySeed.data);
  expect(attn.linearAttention(q, k, k, { featureMap: 'performer', features: 32, seed: 5 }).output.data).not.toEqual(bySeed.data);
});

const zeros = (shape) => ({ data: new Float32Array(shape.reduce((a, b) => a * b, 1)), shape });
const q8 = zeros([2, 4, 8]);
const BAD = [
  ['negative nQ', () => attn.causalMask(-1), /^nQ must be at least 0/],
  ['fractional nK', () => attn.causalMask(2, 2.5), /^nK must be an integer/],
  ['window 0', () => attn.slidingWindowMask(4, 4, 0), /^window must be at least 1 \(got 0\)/],
  ['unknown slidingWindowMask option', () => attn.slidingWindowMask(4, 4, 2, { casual: true }), /opts\.casual is not an option/],
  ['stride 0', () => attn.stridedMask(8, 0), /^stride must be at least 1/],
  ['negative stride', () => attn.stridedMask(8, -2), /^stride must be at least 1/],
  ['global token past the end', () => attn.globalTokensMask(4, [1, 4]), /^globalTokens\[1\] is 4, out of range for n = 4/],
  ['negative global token', () => attn.globalTokensMask(4, [-1]), /^globalTokens\[0\] must be at least 0/],
  ['global tokens not an array', () => attn.globalTokensMask(4, 2), /^globalTokens must be an array/],
  ['bigBird window 0', () => attn.bigBirdMask(8, { window: 0 }), /^opts\.window must be at least 1/],
  ['bigBird global out of range', () => attn.bigBirdMask(8, { globalTokens: [9] }), /^opts\.globalTokens\[0\] is 9/],
  ['bigBird negative randomPerRow', () => attn.bigBirdMask(8, { randomPerRow: -1 }), /^opts\.randomPerRow/],
  ['bigBird fractional seed', () => attn.bigBirdMask(8, { seed: 1.5 }), /^opts\.seed must be an integer/],
  ['huge mask', () => attn.causalMask(1e5, 1e5), /causalMask: a 100000 x 100000 mask is over the limit/],
  ['combine nothing', () => attn.combineMasks(), /combineMasks: give at least one mask/],
  ['combine different shapes', () => attn.combineMasks(attn.causalMask(3), attn.causalMask(4)), /masks\[1\]\.shape \[4, 4\] differs from masks\[0\]\.shape \[3, 3\]/],
  ['combine a float mask', () => attn.intersectMasks(zeros([2, 2])), /masks\[0\]\.data must be a Uint8Array/],
  ['alibiBias with 0 heads', () => attn.alibiBias(0, 3), /^nHeads must be at least 1/],
  ['fractional relative position', () => attn.t5RelativePositionBucket([0, 1.5]), /^relativePosition\[1\] must be an integer/],
  ['too few buckets', () => attn.t5RelativePositionBucket([1], { numBuckets: 3 }), /^opts\.numBuckets must be at least 4/],
  ['maxDistance inside the exact buckets', () => attn.t5RelativePositionBucket([1], { maxDistance: 8 }), /opts\.maxDistance must be greater than 8/],
  ['table rows differ from numBuckets', () => attn.t5RelativeBias(zeros([8, 2]), 3, 3, { numBuckets: 16 }), /table\.shape\[0\] is 8 but opts\.numBuckets is 16/],
  ['rank-1 T5 table', () => attn.t5RelativeBias(zeros([8]), 3), /^table must be \[numBuckets, nHeads\]/],
  ['positions past the table', () => attn.addPositionEmbeddings(zeros([5, 4]), zeros([4, 4])), /positions 0\.\.4 .* past table\.shape\[0\] = 4/],
  ['table width differs from x', () => attn.addPositionEmbeddings(zeros([2, 4]), zeros([4, 3])), /table\.shape\[1\] is 3 but x\.shape\[1\] is 4/],
  ['negative positionOffset', () => attn.addPositionEmbeddings(zeros([2, 4]), zeros([4, 4]), { positionOffset: -1 }), /^opts\.positionOffset must be at least 0/],
  ['unknown featureMap', () => attn.linearAttention(q8, q8, q8, { featureMap: 'softmax' }), /^opts\.featureMap must be one of 'elu1', 'relu', 'performer', 'identity' \(got "softmax"\)/],
  ['features 0', () => attn.linearAttention(q8, q8, q8, { featureMap: 'performer', features: 0 }), /^opts\.features must be at least 1/],
  ['features without performer', () => attn.linearAttention(q8, q8, q8, { features: 16 }), /opts\.features is only used with featureMap 'performer'/],
  ['projection of the wrong width', () => attn.linearAttention(q8, q8, q8, { featureMap: 'performer', projection: zeros([4, 3]) }), /^opts\.projection must be \[features, 8\]/],
  ['seed with a projection', () => attn.linearAttention(q8, q8, q8, { featureMap: 'performer', projection: zeros([4, 8]), seed: 1 }), /opts\.seed has no meaning with opts\.projection/],
  ['unknown form', () => attn.linearAttention(q8, q8, q8, { form: 'cumsum' }), /^opts\.form must be one of 'recurrent', 'quadratic'/],
  ['negative eps', () => attn.linearAttention(q8, q8, q8, { eps: -1 }), /^opts\.eps must not be negative/],
  ['q and k head dims differ', () => attn.linearAttention(q8, zeros([2, 4, 4]), zeros([2, 4, 4])), /q\.shape\[2\] is 8 but k\.shape\[2\] is 4/],
  ['heads differ', () => attn.linearAttention(q8, zeros([1, 4, 8]), zeros([1, 4, 8])), /same number of heads \(got 2, 1, 1\)/],
  ['keys and values differ in length', () => attn.linearAttention(q8, q8, zeros([2, 5, 8])), /k\.shape\[1\] is 4 but v\.shape\[1\] is 5/],
  ['performerProjection with 0 features', () => attn.performerProjection(0, 4), /^features must be at least 1/],
  ['a mask of the wrong size for attention', () => attn.flashAttention(q8, q8, q8, { attnMask: attn.causalMask(3) }), /opts\.attnMask\.shape \[3, 3\] does not broadcast/],
];

test.each(BAD)('%s throws AttnscopeError naming the argument; the module keeps working', (what, call, pattern) => {
  let error = null;
  try {
    call();
  } catch (e) {
    error = e;
  }
  expect(error, `${what} should throw`).toBeInstanceOf(attn.AttnscopeError);
  expect(error.message).toMatch(pattern);
  expectStillWorks();
});
