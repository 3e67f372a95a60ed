// selectiveScan and ssmConvolutionKernel through the JS API: a worked step,
// the states consistent with the output, the recurrence equal to the causal
// convolution with the kernel (time-invariant case), keep/forget by Δ, the
// zero-order hold and B, C made from the input against PyTorch float64
// (scripts/gen_fixtures_ssm.py), and bad input. The Euler fixtures against
// PyTorch: topics_fixtures.test.js.
import { readFileSync } from 'node:fs';
import { test, expect, beforeAll, describe } from 'vitest';
import { attn, rand, expectClose, thrown, expectStillWorks } from './helpers.js';

beforeAll(() => attn.ready());

const T = (data, shape) => attn.tensor(new Float32Array(data), shape);
// Float32 recurrence against float64 sums of the same numbers (O(1) values).
const SCAN = { atol: 1e-5, rtol: 1e-5 };

/** Positive step sizes in [0.05, 0.95) and a negative A, as Mamba's. */
function ssm(L, Dch, N, seed) {
  const u = rand([L, Dch], seed);
  const delta = rand([L, Dch], seed + 1);
  delta.data = delta.data.map((x) => 0.5 + 0.45 * x);
  const A = rand([Dch, N], seed + 2);
  A.data = A.data.map((x) => -Math.exp(x));
  return { u, delta, A };
}

describe('the recurrence', () => {
  test('one step: x = Δ·B·u, y = C·x + D·u (a worked case)', () => {
    // Δ = 0.5, u = 2, B = [1, -1], C = [3, 1], D = 0.25: x = [1, -1], y = 3 - 1 + 0.5 = 2.5.
    const { output, states } = attn.selectiveScan(T([2], [1, 1]), T([0.5], [1, 1]), T([-1, -2], [1, 2]),
      T([1, -1], [1, 2]), T([3, 1], [1, 2]), { D: T([0.25], [1]), returnStates: true });
    expect(Array.from(states.data)).toEqual([1, -1]);
    expect(output.data[0]).toBeCloseTo(2.5, 6);
  });

  test('two steps decay the first state by exp(Δ·A)', () => {
    // u = [1, 0], Δ = 1, A = -ln 2 (halves), B = C = 1: x = [1, 0.5], y = x.
    const { output } = attn.selectiveScan(T([1, 0], [2, 1]), T([1, 1], [2, 1]), T([-Math.LN2], [1, 1]), T([1], [1]), T([1], [1]));
    expect(output.data[0]).toBeCloseTo(1, 6);
    expect(output.data[1]).toBeCloseTo(0.5, 6);
  });

  test('states are consistent with the output: y_t = Σ_n C_t·x_t + D·u_t, times silu(z_t)', () => {
    const L = 7, Dch = 3, N = 5;
    const { u, delta, A } = ssm(L, Dch, N, 10);
    const B = rand([L, N], 13), C = rand([L, N], 14), D = rand([Dch], 15), z = rand([L, Dch], 16);
    const { output, states } = attn.selectiveScan(u, delta, A, B, C, { D, z, returnStates: true });
    const want = new Float32Array(L * Dch);
    for (let t = 0; t < L; t++) {
      for (let c = 0; c < Dch; c++) {
        let y = 0;
        for (let n = 0; n < N; n++) y += C.data[t * N + n] * states.data[(t * Dch + c) * N + n];
        y += D.data[c] * u.data[t * Dch + c];
        const g = z.data[t * Dch + c];
        want[t * Dch + c] = y * (g / (1 + Math.exp(-g)));
      }
    }
    expectClose(output, { data: want, shape: [L, Dch] }, SCAN, 'y from the states');
    expect(attn.selectiveScan(u, delta, A, B, C, { D, z }).output.data).toEqual(output.data);
  });

  test('a tiny Δ keeps the state, a large Δ replaces it by the current input (selectivity)', () => {
    // Step 1 writes x = Δ·B·u = 1; step 2 has u = 0.
    const A = T([-1], [1, 1]), B = T([1], [1]), C = T([1], [1]), u = T([1, 0], [2, 1]);
    const keep = attn.selectiveScan(u, T([1, 1e-4], [2, 1]), A, B, C).output.data[1];
    const forget = attn.selectiveScan(u, T([1, 30], [2, 1]), A, B, C).output.data[1];
    expect(keep).toBeCloseTo(1, 3);
    expect(Math.abs(forget)).toBeLessThan(1e-12);
  });
});

const SSM_FIXTURE = JSON.parse(readFileSync(new URL('../fixtures/ssm_scan.json', import.meta.url), 'utf8'));
const tensorOf = (e) => attn.tensor(Float32Array.from(e.data), e.shape);
const argOf = (e) => (e.weight ? { weight: tensorOf(e.weight) } : tensorOf(e));

describe('zero-order hold and B, C from the input, against PyTorch float64', () => {
  for (const c of SSM_FIXTURE.cases) {
    test(c.name, () => {
      const { u, delta, A, B, C } = c.args;
      const opts = { ...c.opts };
      for (const k of ['D', 'z', 'deltaBias']) if (opts[k]) opts[k] = tensorOf(opts[k]);
      const r = attn.selectiveScan(tensorOf(u), tensorOf(delta), tensorOf(A), argOf(B), argOf(C), opts);
      for (const key of ['output', 'states', 'B', 'C']) {
        expectClose(r[key], { data: Float32Array.from(c.want[key].data), shape: c.want[key].shape }, SCAN, `${c.name}: ${key}`);
      }
      // The other discretisation (the plausible slip: Euler's Δ·B·u for the hold) misses.
      const other = attn.selectiveScan(tensorOf(u), tensorOf(delta), tensorOf(A), argOf(B), argOf(C),
        { ...opts, discretization: c.opts.discretization === 'zoh' ? 'euler' : 'zoh' }).output.data;
      const want = c.want.output.data;
      const worst = Math.max(...want.map((w, i) => Math.abs(other[i] - w) / (SCAN.atol + SCAN.rtol * Math.abs(w))));
      expect(worst).toBeGreaterThan(100);
    });
  }

  test("'euler' is the default: today's Δ·B_t·u_t", () => {
    const { u, delta, A } = ssm(6, 2, 3, 40);
    const B = rand([6, 3], 41), C = rand([6, 3], 42);
    expect(attn.selectiveScan(u, delta, A, B, C).output.data)
      .toEqual(attn.selectiveScan(u, delta, A, B, C, { discretization: 'euler' }).output.data);
  });

  test('one step of the hold: x = (e^{Δ·A} − 1)/A · B · u (a worked case)', () => {
    // Δ = 1, A = −ln 2 (e^{ΔA} = 1/2), B = 1, u = 1: x = (1/2 − 1)/(−ln 2) = 0.7213...; Euler would give 1.
    const x = attn.selectiveScan(T([1], [1, 1]), T([1], [1, 1]), T([-Math.LN2], [1, 1]), T([1], [1]), T([1], [1]),
      { discretization: 'zoh' }).output.data[0];
    expect(x).toBeCloseTo(0.5 / Math.LN2, 6);
  });
});

describe('the convolution view (time-invariant B, C)', () => {
  test.each([[1, 1, 1], [9, 3, 4], [33, 2, 16]])('L=%i Dch=%i N=%i: the scan equals y = K ∗ u (+ D·u)', (L, Dch, N) => {
    const { u, A } = ssm(L, Dch, N, 20);
    const step = rand([Dch], 24);
    step.data = step.data.map((x) => 0.5 + 0.45 * x);
    const B = rand([N], 25), C = rand([N], 26), D = rand([Dch], 27);
    const delta = T(Array.from({ length: L * Dch }, (_, i) => step.data[i % Dch]), [L, Dch]);
    const scan = attn.selectiveScan(u, delta, A, B, C, { D }).output;
    const K = attn.ssmConvolutionKernel(step, A, B, C, L);
    expect(K.shape).toEqual([L, Dch]);
    const conv = new Float32Array(L * Dch);
    for (let t = 0; t < L; t++) {
      for (let c = 0; c < Dch; c++) {
        let y = D.data[c] * u.data[t * Dch + c];
        for (let k = 0; k <= t; k++) y += K.data[k * Dch + c] * u.data[(t - k) * Dch + c];
        conv[t * Dch + c] = y;
      }
    }
    expectClose(scan, { data: conv, shape: [L, Dch] }, SCAN, 'scan vs K ∗ u');
  });

  test('K[0] = Σ_n C·Δ·B (no decay yet) and K decays for negative A', () => {
    const K = attn.ssmConvolutionKernel(T([0.5], [1]), T([-1, -2], [1, 2]), T([1, 2], [2]), T([3, 1], [2]), 3);
    // k = 0: 3·0.5·1 + 1·0.5·2 = 2.5; k = 1: 1.5·e^-0.5 + e^-1; k = 2: 1.5·e^-1 + e^-2.
    const want = [2.5, 1.5 * Math.exp(-0.5) + Math.exp(-1), 1.5 * Math.exp(-1) + Math.exp(-2)];
    want.forEach((w, k) => expect(K.data[k]).toBeCloseTo(w, 6));
  });
});

describe('bad input', () => {
  const L = 4, Dch = 2, N = 3;
  const { u, delta, A } = ssm(L, Dch, N, 30);
  const B = rand([L, N], 33), C = rand([N], 34);
  test.each([
    ['u of rank 3', () => attn.selectiveScan(rand([1, L, Dch]), delta, A, B, C), /u must be \[L, Dch\]/],
    ['delta shaped unlike u', () => attn.selectiveScan(u, rand([L, 3]), A, B, C), /delta must be \[4, 2\]/],
    ['A with the wrong channels', () => attn.selectiveScan(u, delta, rand([3, N]), B, C), /A must be \[2, N\]/],
    ['B with the wrong state size', () => attn.selectiveScan(u, delta, A, rand([L, 2]), C), /B must be \[4, 3\] \(one per step\), \[3\] \(time-invariant\) or \{ weight: \[2, 3\] \}/],
    ['B weights of the wrong shape', () => attn.selectiveScan(u, delta, A, { weight: rand([3, N]) }, C), /B\.weight must be \[2, 3\]/],
    ['an unknown discretisation', () => attn.selectiveScan(u, delta, A, B, C, { discretization: 'bilinear' }), /opts\.discretization must be one of 'euler', 'zoh'/],
    ['C with the wrong steps', () => attn.selectiveScan(u, delta, A, B, rand([5, N])), /C must be \[4, 3\]/],
    ['D of the wrong size', () => attn.selectiveScan(u, delta, A, B, C, { D: rand([3]) }), /opts\.D must be \[2\]/],
    ['z of the wrong shape', () => attn.selectiveScan(u, delta, A, B, C, { z: rand([L]) }), /opts\.z must be \[4, 2\]/],
    ['deltaBias of the wrong size', () => attn.selectiveScan(u, delta, A, B, C, { deltaBias: rand([1]) }), /opts\.deltaBias must be \[2\]/],
    ['a non-boolean deltaSoftplus', () => attn.selectiveScan(u, delta, A, B, C, { deltaSoftplus: 1 }), /opts\.deltaSoftplus must be true or false/],
    ['an unknown option', () => attn.selectiveScan(u, delta, A, B, C, { delta_bias: rand([2]) }), /opts\.delta_bias is not an option/],
    ['Float64Array data', () => attn.selectiveScan({ data: new Float64Array(L * Dch), shape: [L, Dch] }, delta, A, B, C), /u\.data must be a Float32Array/],
    ['kernel: delta of rank 2', () => attn.ssmConvolutionKernel(rand([1, 2]), A, C, C, 4), /delta must be \[Dch\]/],
    ['kernel: B that varies', () => attn.ssmConvolutionKernel(rand([2]), A, B, C, 4), /B must be \[3\]/],
    ['kernel: a fractional length', () => attn.ssmConvolutionKernel(rand([2]), A, C, C, 2.5), /length must be an integer/],
    ['kernel: a huge length', () => attn.ssmConvolutionKernel(rand([2]), A, C, C, 2 ** 30), /over the limit/],
  ])('%s', (_, call, message) => {
    const e = thrown(call);
    expect(e).toBeInstanceOf(attn.AttnscopeError);
    expect(e.message).toMatch(message);
    expectStillWorks();
  });
});
