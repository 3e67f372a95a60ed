// residentParameters: a block's (or attention's, or FFN's) tensors copied
// into wasm memory once. Calls given them compute the same bits as with the
// plain tensors and copy no parameter in; the copy is a snapshot; after
// dispose() a call is refused by name and the module keeps working.
import { beforeAll, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { module } from '../../web/lib/runtime.js';

const C = 32, F = 64, T = 8, H = 4;
const CONFIG = { nHeads: H, norm: 'layernorm', activation: 'gelu', prenorm: true };

function lcg(n, seed, scale = 1) {
  const d = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    d[i] = (s / 2 ** 31 - 1) * scale;
  }
  return d;
}
const t = (shape, seed, scale) => ({ data: lcg(shape.reduce((a, b) => a * b, 1), seed, scale), shape });
const params = () => ({
  norm1: { weight: t([C], 1), bias: t([C], 2) },
  attn: { wq: t([C, C], 3, 0.2), wk: t([C, C], 4, 0.2), wv: t([C, C], 5, 0.2), wo: t([C, C], 6, 0.2), bq: t([C], 7) },
  norm2: { weight: t([C], 8), bias: t([C], 9) },
  ffn: { w1: t([C, F], 10, 0.2), b1: t([F], 11), w2: t([F, C], 12, 0.2), b2: t([C], 13) },
});
const PARAM_BYTES = 4 * (4 * C + 4 * C * C + C + 2 * C * F + F + C);

// The bytes _malloc'ed during fn() (the copies a call makes).
function allocatedDuring(fn) {
  const M = module();
  const malloc = M._malloc;
  let bytes = 0;
  M._malloc = (n) => { bytes += n; return malloc(n); };
  try {
    fn();
  } finally {
    M._malloc = malloc;
  }
  return bytes;
}

beforeAll(() => attn.ready());

test('transformerBlock, multiHeadAttention and feedForward give the same bits with resident parameters', () => {
  const p = params(), r = attn.residentParameters(p), x = t([T, C], 20);
  expect(r.bytes).toBe(PARAM_BYTES);
  expect(Array.from(attn.transformerBlock(x, r, CONFIG).output.data)).toEqual(Array.from(attn.transformerBlock(x, p, CONFIG).output.data));
  expect(Array.from(attn.multiHeadAttention(x, r.attn, { nHeads: H }).output.data))
    .toEqual(Array.from(attn.multiHeadAttention(x, p.attn, { nHeads: H }).output.data));
  expect(Array.from(attn.feedForward(x, r.ffn).data)).toEqual(Array.from(attn.feedForward(x, p.ffn).data));
  r.dispose();
});

test('a call with resident parameters copies only x in (and makes room for the output)', () => {
  const p = params(), r = attn.residentParameters(p), x = t([T, C], 20);
  const plain = allocatedDuring(() => attn.transformerBlock(x, p, CONFIG));
  const resident = allocatedDuring(() => attn.transformerBlock(x, r, CONFIG));
  expect(plain).toBeGreaterThanOrEqual(PARAM_BYTES + 2 * 4 * T * C);
  expect(resident).toBe(2 * 4 * T * C); // x in, the output out: no parameter
  r.dispose();
});

test('the copy is a snapshot: later writes to the arrays are not seen', () => {
  const p = params(), r = attn.residentParameters(p), x = t([T, C], 20);
  const before = attn.transformerBlock(x, r, CONFIG).output.data;
  p.ffn.w2.data.fill(0);
  expect(Array.from(attn.transformerBlock(x, r, CONFIG).output.data)).toEqual(Array.from(before));
  expect(Array.from(attn.transformerBlock(x, p, CONFIG).output.data)).not.toEqual(Array.from(before));
  r.dispose();
});

test('after dispose() a call is refused, naming the parameter, and the module keeps working', () => {
  const p = params(), r = attn.residentParameters(p), x = t([T, C], 20);
  r.dispose();
  expect(r.bytes).toBe(0);
  expect(() => attn.transformerBlock(x, r, CONFIG)).toThrow(attn.AttnscopeError);
  expect(() => attn.transformerBlock(x, r, CONFIG)).toThrow(/params\.norm1\.weight: its residentParameters\(\) has been disposed/);
  expect(attn.transformerBlock(x, p, CONFIG).output.shape).toEqual([T, C]);
});

test('bad input is refused with an AttnscopeError naming it', () => {
  expect(() => attn.residentParameters(null)).toThrow(/params must be an object of tensors \(got null\)/);
  expect(() => attn.residentParameters({ w: { data: [1, 2], shape: [2] } })).toThrow(/params\.w\.data must be a Float32Array/);
  const r = attn.residentParameters({ attn: { wq: t([C, C], 3) } });
  expect(() => attn.transformerBlock(t([T, C], 20), r, CONFIG)).toThrow(/params\.attn\.wk is missing/);
  r.dispose();
});
