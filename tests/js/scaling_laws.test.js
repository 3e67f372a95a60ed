// chinchillaOptimum against an independent numerical minimisation of
// L(N, C/(6N)) in float64 (golden-section search over log N), the issue's
// worked example, and fitPowerLaw against exact power laws.
import { test, expect, describe } from 'vitest';
import { attn, thrown } from './helpers.js';

const K = { A: 406.4, B: 410.7, E: 1.69, alpha: 0.34, beta: 0.28 };
const lossOf = (N, D, c = K) => c.E + c.A / N ** c.alpha + c.B / D ** c.beta;

/** argmin over log N of L(N, C/(6N)) by golden-section search: no formula used. */
function numericOptimum(C, c = K) {
  const f = (u) => lossOf(Math.exp(u), C / (6 * Math.exp(u)), c);
  let lo = Math.log(1), hi = Math.log(C / 6); // N from 1 to C/6 (D >= 1)
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 200; i++) {
    const a = hi - g * (hi - lo), b = lo + g * (hi - lo);
    if (f(a) < f(b)) hi = b; else lo = a;
  }
  const N = Math.exp((lo + hi) / 2);
  return { params: N, tokens: C / (6 * N), loss: f((lo + hi) / 2) };
}

// The closed form and the search agree to the search's resolution; the
// loss is flat at the optimum, so N is compared at 1e-6 (a formula with a
// wrong exponent, e.g. α/(α+β) in place of β/(α+β), is off by orders of magnitude).
const REL_N = 1e-6;

describe('chinchillaOptimum', () => {
  test('matches a numerical minimisation from 1e15 to 1e27 FLOPs', () => {
    for (const C of [1e15, 3.3e18, 1e21, 5.76e23, 1e25, 1e27]) {
      const got = attn.chinchillaOptimum(C);
      const want = numericOptimum(C);
      expect(Math.abs(got.params / want.params - 1)).toBeLessThan(REL_N);
      expect(Math.abs(got.tokens / want.tokens - 1)).toBeLessThan(REL_N);
      expect(6 * got.params * got.tokens / C).toBeCloseTo(1, 12);
      expect(got.loss).toBeCloseTo(want.loss, 10);
      expect(got.loss).toBeCloseTo(attn.chinchillaLoss(got.params, got.tokens), 12);
    }
  });

  test('other constants are honoured (and agree with the search)', () => {
    const c = { A: 100, B: 900, E: 1, alpha: 0.5, beta: 0.25 };
    const got = attn.chinchillaOptimum(1e20, c);
    const want = numericOptimum(1e20, c);
    expect(Math.abs(got.params / want.params - 1)).toBeLessThan(REL_N);
    const partial = attn.chinchillaOptimum(1e20, { E: 0 });
    expect(partial.params).toBeCloseTo(attn.chinchillaOptimum(1e20).params, 0);
    expect(partial.loss).toBeCloseTo(attn.chinchillaOptimum(1e20).loss - 1.69, 10);
  });

  test('5.76e23 FLOPs: about 3.2e10 parameters, 3.0e12 tokens, D/N about 93 — not the 20x rule', () => {
    const { params, tokens } = attn.chinchillaOptimum(5.76e23);
    console.log(`chinchillaOptimum(5.76e23): N = ${params.toExponential(4)}, D = ${tokens.toExponential(4)}, D/N = ${(tokens / params).toFixed(2)}`);
    expect(params).toBeGreaterThan(3.15e10);
    expect(params).toBeLessThan(3.25e10);
    expect(tokens).toBeGreaterThan(2.95e12);
    expect(tokens).toBeLessThan(3.05e12);
    expect(Math.round(tokens / params)).toBe(93);
    // The 20x rule, N = sqrt(C/120), would give about 6.9e10: more than twice as large.
    expect(params / Math.sqrt(5.76e23 / 120)).toBeLessThan(0.5);
  });

  test('bad input names the argument', () => {
    expect(thrown(() => attn.chinchillaOptimum(0)).message).toMatch(/chinchillaOptimum: flops must be greater than 0/);
    expect(thrown(() => attn.chinchillaOptimum(NaN)).message).toMatch(/flops must be a finite number/);
    expect(thrown(() => attn.chinchillaOptimum(1e20, { gamma: 1 })).message).toMatch(/opts.gamma is not an option/);
    expect(thrown(() => attn.chinchillaOptimum(1e20, { alpha: -1 })).message).toMatch(/constants.alpha must be greater than 0/);
    expect(thrown(() => attn.chinchillaLoss(1e9, 0)).message).toMatch(/chinchillaLoss: tokens must be greater than 0/);
  });
});

describe('fitPowerLaw', () => {
  test('recovers an exact power law and a noisy one', () => {
    const x = [1e5, 3e5, 1e6, 3e6, 1e7];
    const fit = attn.fitPowerLaw(x, x.map((v) => 7 * v ** -0.076));
    expect(fit.exponent).toBeCloseTo(-0.076, 12);
    expect(fit.coefficient).toBeCloseTo(7, 9);
    expect(fit.r2).toBeCloseTo(1, 12);
    const noisy = attn.fitPowerLaw(x, x.map((v, i) => 7 * v ** -0.5 * (i % 2 ? 1.1 : 0.9)));
    expect(Math.abs(noisy.exponent + 0.5)).toBeLessThan(0.05);
    expect(noisy.r2).toBeLessThan(1);
  });

  test('bad input names the argument', () => {
    expect(thrown(() => attn.fitPowerLaw([1, 2], [1])).message).toMatch(/x has 2 points but y has 1/);
    expect(thrown(() => attn.fitPowerLaw([1, -2], [1, 2])).message).toMatch(/x\[1\] must be greater than 0/);
    expect(thrown(() => attn.fitPowerLaw([2, 2], [1, 2])).message).toMatch(/every x is the same/);
    expect(thrown(() => attn.fitPowerLaw('ab', [1, 2])).message).toMatch(/x must be an array/);
  });
});
