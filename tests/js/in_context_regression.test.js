// The in-context regression experiment: the layer's exact gradient against
// central finite differences, its forward against the core's unnormalised
// linearAttention, the one-step GD formula against a numerical gradient of
// L(W) = Σ(y_i − W x_i)², the closed-form best step against a measured one,
// and the committed reference run: the trained layer predicts like one GD
// step on fresh prompts, and ridge beats both once n ≥ 2d.
import { test, expect, describe, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { attn } from './helpers.js';
import { gaussian, regressionBatch } from '../../web/experiments/regression-tasks.js';
import { lsaParameters, lsaPredict, lsaLossAndGradients } from '../../web/experiments/linear-self-attention.js';
import {
  oneStepGradientDescent, gradientStepDirections, bestStepSize, ridgePredict, meanSquaredError,
} from '../../web/experiments/regression-baselines.js';
import { bestStep } from '../../web/experiments/in-context-regression.js';
import { runInContextRegression } from '../../web/experiments/index.js';

beforeAll(() => attn.ready());

const REFERENCE = JSON.parse(readFileSync(new URL('../../web/experiments/reference/in-context-regression.json', import.meta.url), 'utf8'));

describe('the layer', () => {
  test('gradients match central finite differences (float64, relative 1e-6)', () => {
    const normal = gaussian(7);
    const d = 3;
    const p = lsaParameters(d, normal, 0.5);
    const batch = regressionBatch(normal, 4, 5, d, 0.1);
    const { grad } = lsaLossAndGradients(p, batch);
    const h = 1e-5;
    let worst = 0;
    for (const name of ['wq', 'wk', 'wv']) {
      for (let i = 0; i < p[name].length; i++) {
        const keep = p[name][i];
        p[name][i] = keep + h; const up = lsaLossAndGradients(p, batch).loss;
        p[name][i] = keep - h; const down = lsaLossAndGradients(p, batch).loss;
        p[name][i] = keep;
        const fd = (up - down) / (2 * h);
        worst = Math.max(worst, Math.abs(fd - grad[name][i]) / Math.max(1, Math.abs(fd)));
      }
    }
    console.log(`worst relative gradient difference: ${worst.toExponential(2)}`);
    expect(worst).toBeLessThan(1e-6);
    // W_Q's last row multiplies e_q's y slot, which is 0: its gradient must be exactly 0.
    for (let j = 0; j <= d; j++) expect(grad.wq[d * (d + 1) + j]).toBe(0);
  });

  test('the forward pass is the core\'s linearAttention (identity map, unnormalised)', () => {
    const normal = gaussian(11);
    const d = 4, n = 9;
    const E = d + 1;
    const p = lsaParameters(d, normal, 0.7);
    const batch = regressionBatch(normal, 1, n, d, 0.2);
    const tokens = Array.from({ length: n }, (_, i) => [...batch.x.slice(i * d, (i + 1) * d), batch.y[i]]);
    const eq = [...batch.xq, 0];
    const mul = (row, W, cols) => Array.from({ length: cols }, (_, j) => row.reduce((s, r, a) => s + r * W[a * cols + j], 0));
    const q = attn.tensor(Float32Array.from(mul(eq, p.wq, E)), [1, 1, E]);
    const k = attn.tensor(Float32Array.from(tokens.flatMap((e) => mul(e, p.wk, E))), [1, n, E]);
    const v = attn.tensor(Float32Array.from(tokens.map((e) => e.reduce((s, x, a) => s + x * p.wv[a], 0))), [1, n, 1]);
    const core = attn.linearAttention(q, k, v, { featureMap: 'identity', normalize: false }).output.data[0];
    const ours = lsaPredict(p, batch)[0];
    expect(Math.abs(core - ours)).toBeLessThan(1e-4 * Math.max(1, Math.abs(ours))); // float32 core
  });
});

describe('one step of gradient descent from W = 0', () => {
  test('W1 = 2η Σ y_i x_i, the step along a numerical gradient of L(W) = Σ(y_i − W x_i)²', () => {
    const normal = gaussian(3);
    const d = 4, n = 6, eta = 0.05;
    const { x, y } = regressionBatch(normal, 1, n, d, 0.3);
    const L = (W) => { let s = 0; for (let i = 0; i < n; i++) { let p = 0; for (let a = 0; a < d; a++) p += W[a] * x[i * d + a]; s += (y[i] - p) ** 2; } return s; };
    const h = 1e-6;
    const numeric = Array.from({ length: d }, (_, a) => {
      const up = new Float64Array(d), down = new Float64Array(d);
      up[a] = h; down[a] = -h;
      return -eta * (L(up) - L(down)) / (2 * h);
    });
    const W1 = oneStepGradientDescent(x, y, n, d, eta);
    for (let a = 0; a < d; a++) expect(W1[a]).toBeCloseTo(numeric[a], 7);
    // Dropping the 2 (the step for ½Σ(…)²) is off by a factor of 2: caught.
    const half = Array.from(W1, (w) => w / 2);
    expect(Math.max(...half.map((w, a) => Math.abs(w - numeric[a])))).toBeGreaterThan(1e-3);
  });

  test('the best step 2η* = 1/(n + d + 1 + σ²) agrees with the step measured on 20,000 prompts', () => {
    for (const [n, d, noise] of [[20, 5, 0.1], [3, 5, 0.5], [40, 2, 0]]) {
      const batch = regressionBatch(gaussian(n * 31 + d), 20000, n, d, noise);
      const measured = bestStepSize(gradientStepDirections(batch), batch.yq);
      // sampling error of the measured step is a few per cent at 20,000 prompts
      expect(Math.abs(measured / bestStep(n, d, noise) - 1)).toBeLessThan(0.05);
      // the wrong formula 1/n (ignoring the fourth moment of x) is caught
      expect(Math.abs(measured * n - 1)).toBeGreaterThan(0.05);
    }
  });
});

describe('the reference run (web/experiments/reference/in-context-regression.json)', () => {
  const { options } = REFERENCE;
  const params = {
    d: options.dims,
    wq: Float64Array.from(REFERENCE.data.parameters.wq),
    wk: Float64Array.from(REFERENCE.data.parameters.wk),
    wv: Float64Array.from(REFERENCE.data.parameters.wv),
  };
  // Prompts the training never saw (another seed).
  const fresh = (n) => regressionBatch(gaussian(424242 + n), 4000, n, options.dims, options.noise);

  test('the trained layer predicts like one GD step with the best η on fresh prompts', () => {
    const batch = fresh(options.contextLength);
    const gd = gradientStepDirections(batch).map((g) => bestStep(options.contextLength, options.dims, options.noise) * g);
    const layer = lsaPredict(params, batch);
    const meanSquareGd = gd.reduce((s, v) => s + v * v, 0) / gd.length;
    const relative = meanSquaredError(layer, gd) / meanSquareGd;
    console.log(`mean (ŷ_layer − ŷ_GD)² / mean ŷ_GD² = ${relative.toExponential(2)}`);
    // Tolerance: 1% of the prediction's power. The same step without the 2
    // (half the rate) is 25% away, a random layer about 100%.
    expect(relative).toBeLessThan(0.01);
    const halfStep = gd.map((v) => v / 2);
    expect(meanSquaredError(layer, halfStep) / meanSquareGd).toBeGreaterThan(0.2);
  });

  test('ridge is Q(KᵀK + λI)⁻¹KᵀV as the page writes it: equal to the dual form QKᵀ(KKᵀ + λI)⁻¹V (Gauss–Jordan in float64), not to Q(KᵀK)⁻¹KᵀV', () => {
    const normal = gaussian(11);
    const n = 4, d = 3, lambda = 0.5;
    const batch = regressionBatch(normal, 1, n, d, 0.1);
    const K = Array.from({ length: n }, (_, i) => Array.from(batch.x.slice(i * d, (i + 1) * d)));
    const V = Array.from(batch.y.slice(0, n));
    const Q = Array.from(batch.xq.slice(0, d));
    const solve = (A, b) => { // A x = b, Gauss–Jordan with partial pivoting
      const m = A.length, M = A.map((r, i) => [...r, b[i]]);
      for (let c = 0; c < m; c++) {
        const p = M.slice(c).reduce((best, r, i) => (Math.abs(r[c]) > Math.abs(M[best][c]) ? c + i : best), c);
        [M[c], M[p]] = [M[p], M[c]];
        for (let r = 0; r < m; r++) if (r !== c) { const f = M[r][c] / M[c][c]; for (let k = c; k <= m; k++) M[r][k] -= f * M[c][k]; }
      }
      return M.map((r, i) => r[m] / r[i]);
    };
    const gramInner = (l) => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => K[i].reduce((a, x, t) => a + x * K[j][t], 0) + (i === j ? l : 0)));
    const alpha = solve(gramInner(lambda), V); // (KKᵀ + λI)⁻¹ V
    const dual = K.reduce((acc, k, i) => acc + alpha[i] * k.reduce((a, x, t) => a + x * Q[t], 0), 0);
    const gramOuter = (l) => Array.from({ length: d }, (_, a) => Array.from({ length: d }, (_, b) => K.reduce((acc, k) => acc + k[a] * k[b], 0) + (a === b ? l : 0)));
    const ktv = Array.from({ length: d }, (_, a) => K.reduce((acc, k, i) => acc + k[a] * V[i], 0));
    const primal = (l) => solve(gramOuter(l), ktv).reduce((acc, w, a) => acc + w * Q[a], 0);
    const ridge = ridgePredict(batch, lambda)[0];
    expect(ridge).toBeCloseTo(dual, 10);
    expect(ridge).toBeCloseTo(primal(lambda), 10);
    expect(Math.abs(ridge - primal(0))).toBeGreaterThan(1e-3); // λ matters: least squares is another answer
  });

  test('ridge beats the layer and GD as n grows (n ≥ 2d: ten times smaller error)', () => {
    for (const n of [2 * options.dims, options.contextLength, options.maxContextLength]) {
      const batch = fresh(n);
      const gdErr = meanSquaredError(gradientStepDirections(batch).map((g) => bestStep(n, options.dims, options.noise) * g), batch.yq);
      const layerErr = meanSquaredError(lsaPredict(params, batch), batch.yq);
      const ridgeErr = meanSquaredError(ridgePredict(batch, options.noise ** 2), batch.yq);
      expect(ridgeErr * 10).toBeLessThan(gdErr);
      expect(ridgeErr * 10).toBeLessThan(layerErr);
    }
  });

  test('the same seed gives the same numbers: 100 steps reproduce the reference\'s history', async () => {
    const short = await runInContextRegression({ ...options, steps: 100, reportEvery: 50 });
    // Cosine decay depends on the total steps, so only the start (step 0) is shared bit for bit.
    expect(short.history[0].lsaByN).toEqual(REFERENCE.data.history[0].lsaByN);
    expect(short.baselines).toEqual(REFERENCE.data.baselines);
  });
});

describe('the run contract', () => {
  test('an aborted signal rejects with an AbortError carrying the partial data', async () => {
    const controller = new AbortController();
    const run = runInContextRegression({ steps: 100000, evalPrompts: 20, reportEvery: 10 }, {
      onProgress: (e) => { if (e.step >= 20) controller.abort(); },
      signal: controller.signal,
    });
    const error = await run.catch((e) => e);
    expect(error).toBeInstanceOf(attn.AttnscopeError);
    expect(error.name).toBe('AbortError');
    expect(error.partial.step).toBeGreaterThanOrEqual(20);
    expect(error.partial.step).toBeLessThan(100000);
  });

  test('bad options name the option', async () => {
    await expect(runInContextRegression({ dims: 0 })).rejects.toThrow(/options.dims must be at least 1/);
    await expect(runInContextRegression({ contextLength: 50, maxContextLength: 40 })).rejects.toThrow(/maxContextLength \(40\) must be at least options.contextLength/);
    await expect(runInContextRegression({ step: 3 })).rejects.toThrow(/opts.step is not an option/);
  });
});

describe('whilePaused', () => {
  test('a run waits while the gate returns a promise, and goes on when it resolves', async () => {
    let release = null;
    let paused = true;
    const steps = [];
    const run = runInContextRegression({ steps: 40, evalPrompts: 4, reportEvery: 10, maxContextLength: 20 }, {
      whilePaused: () => (paused ? new Promise((resolve) => { release = resolve; }) : undefined),
      onProgress: (e) => steps.push(e.step),
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(steps).toEqual([0]); // the first report, then held before step 1
    paused = false;
    release();
    const data = await run;
    expect(data.step).toBe(40);
    expect(steps).toEqual([0, 10, 20, 30, 40]);
  });
});
