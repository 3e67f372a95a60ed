// Replays the PyTorch fixtures of masks, position biases and linear attention
// (tests/fixtures/{masks,bias,linear_attention}_*.json, written by
// scripts/gen_fixtures_masks.py and gen_fixtures_linear_attention.py) on the
// backend ATTNSCOPE_BACKEND selects.
import { describe, test, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { attn, decode, expectClose, compare } from './helpers.js';

// An element passes when |got - expected| <= atol + rtol·|expected|. The
// references are float64 maths on the same float32 inputs, written to 9
// digits (5e-9 relative, under a tenth of u = 2^-24 ≈ 6e-8).
const U = 2 ** -24;
const TOL = {
  // As fixtures.test.js's attention: a dot of D <= 8 terms, a softmax over
  // <= 150 keys, a weighted sum of O(1) values, both summation orders.
  attention: { atol: 4e-6, rtol: 4e-6 },
  // A float slope (rounded once from double) times an integer: two roundings.
  alibiBias: { atol: 0, rtol: 4 * U },
  // A copy of a table entry: exact up to the fixtures' 9-digit rounding.
  t5RelativeBias: { atol: 0, rtol: 1e-8 },
  // One float addition, correctly rounded.
  addPositionEmbeddings: { atol: 0, rtol: 2 * U },
  // phi (an exp or a max), dots of <= 33 features, sums over <= 65 keys of
  // positive weights times O(1) values, one divide: ~sqrt(n)·u relative on
  // O(1) outputs; 32u ≈ 2e-6 leaves room for both backends' orders.
  linearAttention: { atol: 32 * U, rtol: 32 * U },
  // A double Box-Muller rounded to float once: half an ulp, up to u relative
  // at the bottom of a binade (libm's last-bit differences vanish there).
  performerProjection: { atol: 0, rtol: 2 * U },
};

const load = (stem) => JSON.parse(readFileSync(new URL(`../fixtures/${stem}.json`, import.meta.url), 'utf8'));

// ATTNSCOPE_FIXTURE_REPORT=1 prints the largest share of its tolerance any element used.
const share = {};
function note(key, got, want) {
  const { atol, rtol } = TOL[key];
  for (let i = 0; i < want.data.length; i++) {
    const w = want.data[i];
    if (!Number.isFinite(w) || got.data[i] === w) continue;
    share[key] = Math.max(share[key] ?? 0, Math.abs(got.data[i] - w) / (atol + rtol * Math.abs(w)));
  }
}

beforeAll(() => attn.ready());
afterAll(() => {
  if (process.env.ATTNSCOPE_FIXTURE_REPORT) {
    console.log(`worst share of tolerance on ${attn.backend()}:\n${Object.entries(share).map(([k, s]) => `  ${k}: ${(100 * s).toFixed(1)}%`).join('\n')}`);
  }
});

/** Boolean masks must match exactly; the message names the first wrong entry. */
function expectSameMask(got, want, label) {
  expect(got.shape, `${label}: shape`).toEqual(want.shape);
  expect(got.data, `${label}: data type`).toBeInstanceOf(Uint8Array);
  const { nBad, worstAt } = compare(got.data, want.data, { atol: 0, rtol: 0 });
  expect(nBad, `${label}: ${nBad} entries differ, first at flat index ${worstAt}`).toBe(0);
}

describe('mask builders', () => {
  const fx = load('masks_builders');
  test.each(fx.cases.map((c) => [c.name, c]))('%s', (name, c) => {
    expectSameMask(attn[c.function](...decode(c.args)), decode(c.expected), name);
  });
});

describe('attention with built masks and biases (plain and flash)', () => {
  const fx = load('masks_attention');
  test.each(fx.cases.map((c) => [c.name, c]))('%s', (name, c) => {
    const mask = attn[c.mask.function](...decode(c.mask.args));
    const [q, k, v, opts = {}] = decode(c.args);
    const want = decode(c.expected);
    const plain = attn.scaledDotProductAttention(q, k, v, { ...opts, attnMask: mask, returnWeights: true });
    expectClose(plain.output, want.output, TOL.attention, `${name}: output`);
    note('attention', plain.output, want.output);
    if (want.weights) expectClose(plain.weights, want.weights, TOL.attention, `${name}: weights`);
    const flash = attn.flashAttention(q, k, v, { ...opts, attnMask: mask });
    expectClose(flash.output, want.output, TOL.attention, `${name}: flash output`);
    note('attention', flash.output, want.output);
  });
});

for (const [stem, fn] of [['bias_alibi', 'alibiBias'], ['bias_t5', 't5RelativeBias'],
  ['bias_position_embeddings', 'addPositionEmbeddings'], ['linear_attention_projection', 'performerProjection']]) {
  describe(fn, () => {
    const fx = load(stem);
    test.each(fx.cases.map((c) => [c.name, c]))('%s', (name, c) => {
      const got = attn[fn](...decode(c.args));
      expectClose(got, decode(c.expected), TOL[fn], `${fn} ${name}`);
      note(fn, got, decode(c.expected));
    });
  });
}

describe('t5RelativePositionBucket', () => {
  const fx = load('bias_t5_bucket');
  test.each(fx.cases.map((c) => [c.name, c]))('%s', (name, c) => {
    const got = attn.t5RelativePositionBucket(...c.args);
    expect(got).toBeInstanceOf(Int32Array);
    const wrong = c.expected.findIndex((b, i) => got[i] !== b);
    expect(wrong, wrong < 0 ? '' : `relative position ${c.args[0][wrong]}: bucket ${got[wrong]}, HF says ${c.expected[wrong]}`).toBe(-1);
    expect(got.length).toBe(c.expected.length);
  });
});

describe('linearAttention', () => {
  const fx = load('linear_attention');
  test.each(fx.cases.map((c) => [c.name, c]))('%s', (name, c) => {
    const [q, k, v, opts] = decode(c.args);
    const want = decode(c.expected);
    for (const form of ['recurrent', 'quadratic']) {
      const got = attn.linearAttention(q, k, v, { ...opts, form }).output;
      expectClose(got, want, TOL.linearAttention, `${name} (${form})`);
      note('linearAttention', got, want);
    }
  });
});
