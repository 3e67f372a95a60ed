// Replays tests/fixtures/topics_*.json (scripts/gen_fixtures_topics.py,
// PyTorch float64/complex128 references) against the package, on the backend
// ATTNSCOPE_BACKEND selects.
import { describe, test, beforeAll, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { attn, decode, expectClose, compare } from './helpers.js';

const U = 2 ** -24; // float32's unit roundoff
// Tolerances per fixture file: |got - expected| <= atol + rtol·|expected|.
const TOL = {
  // Angles in double, sin/cos rounded to float once, two products and a sum:
  // ~3u·(|a| + |b|) as fixtures.test.js's applyRope. A rotation by -p instead
  // of p, or p·theta_(i+1), is off by O(1).
  topics_applyRope_positions: { atol: 16 * U, rtol: 16 * U },
  // Dots of up to 17 N(0,1) features, then sums over up to 7 keys of a·v:
  // outputs up to ~30 with float32 sums ~sqrt(n)·u relative to Σ|terms|.
  // A missing causal mask or a leftover 1/Σa changes outputs by O(1).
  topics_linearAttention_unnormalised: { atol: 2e-5, rtol: 2e-5 },
  // Float32 recurrence: each step one float exp (a few ulps) times the state
  // plus Δ·B·u, errors decaying with exp(Δ·A) < 1; y sums N <= 16 terms of
  // O(1). 1e-5 (~170u) covers 40 steps; a skipped softplus, bias or gate, or
  // exp(A) for exp(Δ·A), moves outputs by 1e-2 or more.
  topics_selectiveScan: { atol: 1e-5, rtol: 1e-5 },
  // Float64 sums rounded once to float32.
  topics_ssmConvolutionKernel: { atol: 1e-7, rtol: 4 * U },
};

const dir = new URL('../fixtures/', import.meta.url);
const fixtures = readdirSync(dir).filter((f) => f.startsWith('topics_') && f.endsWith('.json')).sort()
  .map((f) => ({ stem: f.slice(0, -5), ...JSON.parse(readFileSync(new URL(f, dir), 'utf8')) }));

beforeAll(() => attn.ready());

for (const fx of fixtures) {
  describe(`${fx.stem} (${fx.function})`, () => {
    test.each(fx.cases.map((c) => [c.name, c]))('%s', (name, c) => {
      const tol = TOL[fx.stem];
      if (!tol) throw new Error(`no tolerance for ${fx.stem}`);
      const got = attn[fx.function](...decode(c.args));
      const want = decode(c.expected);
      if ('dtype' in c.expected) expectClose(got, want, tol, name);
      else for (const key of Object.keys(want)) expectClose(got[key], want[key], tol, `${name}: ${key}`);
    });
  });
}

// Each tolerance above must catch the mistake it guards against: a plausible
// wrong computation on a fixture's own inputs lands outside it.
describe('the tolerances catch plausible mistakes', () => {
  const find = (stem, name) => {
    const fx = fixtures.find((f) => f.stem === stem);
    const c = fx.cases.find((x) => x.name.startsWith(name));
    return { tol: TOL[stem], args: decode(c.args), want: decode(c.expected) };
  };
  const outside = (got, want, tol) => compare(got.data, want.data, tol).nBad;

  test('applyRope: turning by -p instead of p', () => {
    const { tol, args: [x, opts], want } = find('topics_applyRope_positions', '[3,4] interleaved');
    expect(outside(attn.applyRope(x, { ...opts, positions: opts.positions.map((p) => -p) }), want, tol)).toBeGreaterThan(0);
  });

  test('linearAttention: the causal mask left out', () => {
    const { tol, args: [q, k, v, opts], want } = find('topics_linearAttention_unnormalised', 'q[4,3] k[4,3] identity causal=True');
    expect(outside(attn.linearAttention(q, k, v, { ...opts, isCausal: false }).output, want.output, tol)).toBeGreaterThan(0);
  });

  test('selectiveScan: softplus, the bias or the gate left out', () => {
    const { tol, args: [u, delta, A, B, C, opts], want } = find('topics_selectiveScan', 'L=12');
    for (const drop of [{ deltaSoftplus: false }, { deltaBias: null }, { z: null }]) {
      expect(outside(attn.selectiveScan(u, delta, A, B, C, { ...opts, ...drop }).output, want.output, tol), JSON.stringify(drop)).toBeGreaterThan(0);
    }
  });

  test('ssmConvolutionKernel: a step size off by 0.1%', () => {
    const { tol, args: [delta, A, B, C, length], want } = find('topics_ssmConvolutionKernel', 'Dch=3');
    const off = { data: delta.data.map((d) => d * 1.001), shape: delta.shape };
    expect(outside(attn.ssmConvolutionKernel(off, A, B, C, length), want, tol)).toBeGreaterThan(0);
  });
});
