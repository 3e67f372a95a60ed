// Replays the PyTorch fixtures of the block parts (tests/fixtures/blocks_*.json,
// written by scripts/gen_fixtures_blocks.py) against the package, on the
// backend ATTNSCOPE_BACKEND selects: feedForward, multiHeadAttention with
// every intermediate, transformerBlock with every intermediate.
import { describe, test, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { attn, decode, expectClose } from './helpers.js';

// Tolerances: an element passes when |got - expected| <= atol + rtol·|expected|.
// The references are float64 maths on the same float32 inputs (9 significant
// digits), so the error is the package's float32 rounding. u = 2^-24 ≈ 6e-8.
// Inputs are O(1) and the weights have a 1/sqrt(fan-in) spread, so every
// stage's values are O(1)-O(10). Each bound is three to six times the worst
// error seen on either backend (run with ATTNSCOPE_FIXTURE_REPORT=1 to see
// the share of its bound each result uses), which leaves room for a change of
// summation order but not for a wrong formula: near misses such as gelu for
// gelu_tanh (off by 4e-4 here) or a wrong RoPE offset or layout (O(1) in q
// and k) are far outside.
const U = 2 ** -24;
const TOL = {
  // Two matmuls (C <= 17, then F <= 24 terms of O(1) products) and one
  // activation: ~sqrt(K)·u·Σ|a·b| each, the first carried through w2.
  // Seen: 1.8e-6 (23% of the bound) on both backends.
  feedForward: { atol: 32 * U, rtol: 32 * U },
  // Projections, qk-norm, RoPE (cos/sin rounded once), a dot of D terms,
  // scaling (temperature 0.1 turns the dot's error into 10x in the scaled
  // scores), softmax, a weighted sum of values and the output projection:
  // about ten chained float32 steps. Seen: at most 30% of the bound (2.4e-6
  // in rawScores, 1.7e-6 in scaledScores, 6e-7 in the output).
  multiHeadAttention: { atol: 64 * U, rtol: 64 * U },
  // A block chains two norms, the attention above and the FFN with residuals;
  // post-LN and nGPT renormalise O(1) rows, which does not amplify absolute
  // error. Seen: at most 16% of the bound (1.5e-6 on outputs, 3.6e-6 on
  // ffnHidden, whose values reach ~10).
  transformerBlock: { atol: 64 * U, rtol: 64 * U },
};

const FIXTURES = ['feedForward', 'multiHeadAttention', 'transformerBlock'];
const fixtures = Object.fromEntries(FIXTURES.map((fn) => [fn,
  JSON.parse(readFileSync(new URL(`../fixtures/blocks_${fn}.json`, import.meta.url), 'utf8'))]));

// ATTNSCOPE_FIXTURE_REPORT=1 prints each result's worst absolute error and the
// largest share of its tolerance any element used.
const worstSeen = {};
function note(key, got, want, tol) {
  const seen = worstSeen[key] ?? { abs: 0, share: 0 };
  for (let i = 0; i < want.data.length; i++) {
    const w = want.data[i];
    if (!Number.isFinite(w)) continue;
    const err = Math.abs(got.data[i] - w);
    seen.abs = Math.max(seen.abs, err);
    seen.share = Math.max(seen.share, err / (tol.atol + tol.rtol * Math.abs(w)));
  }
  worstSeen[key] = seen;
}

/** Checks one result tensor, or every tensor of a (nested) expected object. */
function check(got, want, tol, label, key) {
  if ('data' in want) {
    expect(got, `${label}: missing`).toBeDefined();
    expectClose(got, want, tol, label);
    note(key, got, want, tol);
    return;
  }
  for (const [name, w] of Object.entries(want)) {
    expect(got, `${label}: missing`).toBeDefined();
    check(got[name], w, tol, `${label}.${name}`, `${key}.${name}`);
  }
}

beforeAll(() => attn.ready());
afterAll(() => {
  if (process.env.ATTNSCOPE_FIXTURE_REPORT) {
    const rows = Object.entries(worstSeen).map(([k, w]) => `  ${k}: ${w.abs.toExponential(2)} (${(100 * w.share).toFixed(1)}% of tolerance)`);
    console.log(`worst errors on ${attn.backend()}:\n${rows.join('\n')}`);
  }
});

test('runs on the backend ATTNSCOPE_BACKEND selects', () => {
  const wanted = process.env.ATTNSCOPE_BACKEND;
  if (wanted) expect(attn.backend()).toBe(wanted);
  else expect(['wasm-simd', 'wasm-scalar', 'wasm-simd-threads']).toContain(attn.backend());
});

test('the fixtures cover every activation and the headline blocks', () => {
  const acts = new Set(fixtures.feedForward.cases.map((c) => c.args[2]?.activation ?? 'gelu'));
  expect([...acts].sort()).toEqual(['gelu', 'gelu_tanh', 'relu', 'relu2', 'swiglu']);
  const blocks = fixtures.transformerBlock.cases.map((c) => c.name.split(':')[0]);
  for (const b of ['GPT-2 pre-LN', 'Llama', 'post-LN', 'nGPT normalized']) expect(blocks).toContain(b);
});

describe('feedForward', () => {
  test.each(fixtures.feedForward.cases.map((c) => [c.name, c]))('%s', (name, c) => {
    const got = attn.feedForward(...decode(c.args));
    check(got, decode(c.expected), TOL.feedForward, `feedForward ${name}`, 'feedForward');
  });
});

describe('multiHeadAttention', () => {
  test.each(fixtures.multiHeadAttention.cases.map((c) => [c.name, c]))('%s', (name, c) => {
    const [x, params, opts] = decode(c.args);
    const want = decode(c.expected);
    check(attn.multiHeadAttention(x, params, opts), want, TOL.multiHeadAttention, name, 'multiHeadAttention');
    // The same call without returnIntermediates gives the same output and no intermediates.
    const plain = attn.multiHeadAttention(x, params, { ...opts, returnIntermediates: false });
    expect(plain.intermediates).toBeUndefined();
    check(plain.output, want.output, TOL.multiHeadAttention, `${name} (no intermediates): output`,
      'multiHeadAttention.output');
  });
});

describe('transformerBlock', () => {
  test.each(fixtures.transformerBlock.cases.map((c) => [c.name, c]))('%s', (name, c) => {
    const [x, params, config] = decode(c.args);
    const want = decode(c.expected);
    const got = attn.transformerBlock(x, params, config);
    check(got, want, TOL.transformerBlock, name, 'transformerBlock');
    if (!config.returnIntermediates) expect(got.intermediates).toBeUndefined();
  });
});
