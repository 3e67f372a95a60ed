// Replays the PyTorch fixtures of tests/fixtures/ (scripts/gen_fixtures.py)
// against the package, on the backend ATTNSCOPE_BACKEND selects.
import { describe, test, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { attn, decode, expectClose } from './helpers.js';

// Tolerances: an element passes when |got - expected| <= atol + rtol·|expected|.
// The references are float64 maths on the same float32 inputs (written to 9
// digits, 5e-9 relative), so the error is the package's float32 rounding
// only. u = 2^-24 ≈ 6e-8 is float32's unit roundoff; each bound is a few
// times the error the kernel's arithmetic allows, with headroom for the two
// backends' different summation orders (observed worst errors use 2-20% of
// these; run with ATTNSCOPE_FIXTURE_REPORT=1 to see them).
const U = 2 ** -24;
const TOL = {
  // Sums of up to K = 65 products of N(0,1) values: error ~ sqrt(K)·u·Σ|a·b|
  // (|Σ|a·b|| ≲ 50 here); 1e-5 covers that with margin on both backends.
  matmul: { atol: 1e-5, rtol: 1e-5 },
  // exp, a sum of up to 65 terms and a divide: a few ulps relative, plus
  // the rounding of x/T, which exp turns into ~|x/T|·u relative (the
  // temperature 0.05 case, |x/T| up to ~40, is the worst).
  softmax: { atol: 1e-7, rtol: 32 * U },
  // Mean/variance accumulate in double, one float rsqrt and multiply-adds per
  // element: ~4u relative to the output, which is O(1)-O(3).
  layerNorm: { atol: 32 * U, rtol: 32 * U },
  // Data with |mean| >> std: centring a float32 x loses u·|mean|/std in the
  // output (mean 100, std 0.07 here: ~1e-4; torch's own float32 layer_norm is
  // off by 1e-4 on this case). A one-pass E[x²] - E[x]² variance would be off
  // by ~10%, which this still catches.
  layerNormOffsetData: { atol: 2e-4, rtol: 0 },
  // The mean square is a float32 dot of up to 65 terms.
  rmsNorm: { atol: 32 * U, rtol: 32 * U },
  l2Normalize: { atol: 16 * U, rtol: 16 * U },
  // Float erf/tanh are within ~2 ulps, but for x < 0 the 1 + erf(x/√2)
  // cancels: an absolute error of ~|x|/2·u (|x| <= 8 matters), hence atol.
  gelu: { atol: 4e-7, rtol: 16 * U },
  // Exact in float32; rtol covers only the fixtures' 9-digit rounding.
  relu: { atol: 0, rtol: 1e-8 },
  silu: { atol: 1e-7, rtol: 16 * U },
  // Angles in double, one rounding of sin/cos to float: half an ulp of O(1).
  sinusoidalPositionalEncoding: { atol: 4 * U, rtol: 0 },
  ropeFrequencies: { atol: 4 * U, rtol: 0 },
  // Rounded cos/sin, two products and a sum per output: ~3u·(|a| + |b|).
  applyRope: { atol: 16 * U, rtol: 16 * U },
  alibiSlopes: { atol: 0, rtol: 4 * U },
  // Scores (a dot of D <= 17 terms), a softmax over up to 150 keys, then a
  // weighted sum of values ~N(0,1): each step adds a few u to O(1) outputs,
  // and scale 20 (the "large scores" case) multiplies the score rounding
  // by 20. 4e-6 ≈ 64u leaves room for both summation orders.
  attention: { atol: 4e-6, rtol: 4e-6 },
};

// Cases whose conditioning needs their own tolerance (fixture name -> TOL key).
const CASE_TOL = { 'layerNorm [4,24] offset 100, a constant row': 'layerNormOffsetData' };

const dir = new URL('../fixtures/', import.meta.url);
// Only gen_fixtures.py's files (<function>.json); <area>_*.json files come
// from scripts/gen_fixtures_<area>.py and have their own replay test.
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.includes('_')).sort();
const fixtures = files.map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')));

// ATTNSCOPE_FIXTURE_REPORT=1 prints each function's worst absolute error and
// the largest share of its tolerance any element used (how TOL was checked).
const worstSeen = {};
function note(fn, got, want, tol) {
  const seen = worstSeen[fn] ?? { abs: 0, share: 0 };
  for (let i = 0; i < want.data.length; i++) {
    const w = want.data[i];
    if (!Number.isFinite(w)) continue;
    const err = Math.abs(got.data[i] - w);
    if (err === 0) continue;
    seen.abs = Math.max(seen.abs, err);
    seen.share = Math.max(seen.share, err / (tol.atol + tol.rtol * Math.abs(w)));
  }
  worstSeen[fn] = seen;
}

beforeAll(() => attn.ready());
afterAll(() => {
  if (process.env.ATTNSCOPE_FIXTURE_REPORT) {
    const rows = Object.entries(worstSeen).map(([f, w]) => `  ${f}: ${w.abs.toExponential(2)} (${(100 * w.share).toFixed(1)}% of tolerance)`);
    console.log(`worst errors on ${attn.backend()}:\n${rows.join('\n')}`);
  }
});

test('runs on the backend ATTNSCOPE_BACKEND selects', () => {
  const wanted = process.env.ATTNSCOPE_BACKEND;
  if (wanted) expect(attn.backend()).toBe(wanted);
  else expect(['wasm-simd', 'wasm-scalar']).toContain(attn.backend());
});

test('every public function has fixtures', () => {
  const covered = fixtures.map((f) => f.function);
  for (const fn of ['matmul', 'softmax', 'layerNorm', 'rmsNorm', 'l2Normalize', 'gelu', 'relu', 'silu',
    'sinusoidalPositionalEncoding', 'ropeFrequencies', 'applyRope', 'alibiSlopes', 'attention']) {
    expect(covered).toContain(fn);
  }
});

for (const fx of fixtures.filter((f) => f.function !== 'attention')) {
  describe(fx.function, () => {
    test.each(fx.cases.map((c) => [c.name, c]))('%s', (name, c) => {
      const tolKey = CASE_TOL[`${fx.function} ${name}`] ?? fx.function;
      const got = attn[fx.function](...decode(c.args));
      const want = decode(c.expected);
      const pairs = 'dtype' in c.expected ? [['', got, want]] : Object.keys(want).map((key) => [`: ${key}`, got[key], want[key]]);
      for (const [what, g, w] of pairs) {
        expectClose(g, w, TOL[tolKey], `${fx.function} ${name}${what}`);
        note(tolKey, g, w, TOL[tolKey]);
      }
    });
  });
}

const attention = fixtures.find((f) => f.function === 'attention');

describe('scaledDotProductAttention', () => {
  test.each(attention.cases.map((c) => [c.name, c]))('%s', (name, c) => {
    const [q, k, v, opts = {}] = decode(c.args);
    const want = decode(c.expected);
    const got = attn.scaledDotProductAttention(q, k, v, { ...opts, returnWeights: true });
    expectClose(got.output, want.output, TOL.attention, `${name}: output`);
    expectClose(got.weights, want.weights, TOL.attention, `${name}: weights`);
    note('scaledDotProductAttention', got.output, want.output, TOL.attention);
    note('scaledDotProductAttention weights', got.weights, want.weights, TOL.attention);
  });
});

describe('flashAttention', () => {
  test.each(attention.cases.map((c) => [c.name, c]))('%s', (name, c) => {
    const [q, k, v, opts] = decode(c.args);
    const want = decode(c.expected);
    const got = attn.flashAttention(q, k, v, opts);
    expect(got.weights).toBeUndefined();
    expectClose(got.output, want.output, TOL.attention, `${name}: output`);
    note('flashAttention', got.output, want.output, TOL.attention);
  });
});
