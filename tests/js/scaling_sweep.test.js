// The scaling sweep: the run contract (progress, abort, same seed → same
// numbers), N as counted (checked against the closed form of the config),
// the compute frontier and the power-law fit on synthetic points, a tiny
// sweep where the larger model reaches the lower held-out loss, and the
// committed reference sweep's own consistency.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { runScalingSweep, SCALING_SWEEP_DEFAULTS } from '../../web/experiments/index.js';
import { computeFrontier, nonEmbeddingParameters, sweepConfig } from '../../web/experiments/scaling-sweep.js';

beforeAll(() => attn.ready());

const TINY = { sizes: [{ dim: 8, nLayers: 1 }, { dim: 16, nLayers: 1 }], steps: 12, evalEvery: 6, batchSize: 4, seqLen: 16, evalWindows: 4, corpusChars: 20000, seed: 3 };

describe('runScalingSweep: the run contract', () => {
  test('progress arrives at every evaluation and the same seed gives the same numbers', async () => {
    const events = [];
    const a = await runScalingSweep(TINY, { onProgress: (e) => events.push({ step: e.step, run: e.run, loss: e.point.heldOutLoss }) });
    expect(events.map((e) => [e.run, e.step])).toEqual([[0, 0], [0, 6], [0, 12], [1, 12], [1, 18], [1, 24]]);
    expect(a.runs.map((r) => r.curve.length)).toEqual([3, 3]);
    expect(a.runs.every((r) => Number.isFinite(r.finalLoss))).toBe(true);
    expect(a.tokenBudget).toBe(12 * 4 * 16);
    const b = await runScalingSweep(TINY);
    expect(b.runs.map((r) => r.curve)).toEqual(a.runs.map((r) => r.curve));
    const other = await runScalingSweep({ ...TINY, seed: 4 });
    expect(other.runs[0].finalLoss).not.toBe(a.runs[0].finalLoss);
  });

  test('the same numbers in every backend (these were recorded with wasm-simd; the suite also runs on wasm-scalar)', async () => {
    const data = await runScalingSweep(TINY);
    expect(data.runs.map((r) => r.finalLoss)).toEqual([4.08904504776001, 3.923600196838379]);
  });

  test('an aborted signal stops the run with its partial data', async () => {
    const controller = new AbortController();
    let seen = 0;
    const run = runScalingSweep(TINY, { signal: controller.signal, onProgress: () => { if (++seen === 2) controller.abort(); } });
    const error = await run.catch((e) => e);
    expect(error).toBeInstanceOf(attn.AttnscopeError);
    expect(error.name).toBe('AbortError');
    expect(error.partial.runs).toHaveLength(1);
    expect(error.partial.runs[0].finalLoss).toBeNull();
    expect(seen).toBe(2);
  });

  test('bad options are refused naming the argument', async () => {
    await expect(runScalingSweep({ sizes: [{ dim: 8, nLayers: 1 }] })).rejects.toThrow(/options\.sizes/);
    await expect(runScalingSweep({ sizes: [{ dim: 12, nLayers: 1 }, { dim: 16, nLayers: 1 }] })).rejects.toThrow(/sizes\[0\]\.dim \(12\) must be a multiple of options\.headSize/);
    await expect(runScalingSweep({ stepz: 3 })).rejects.toThrow(/stepz/);
  });
});

describe('N, C and the fits', () => {
  test('N (non-embedding) matches L·(12C² + 2C) + C for the sweep\'s models', () => {
    for (const size of SCALING_SWEEP_DEFAULTS.sizes) {
      const model = attn.Model.create(sweepConfig(size, SCALING_SWEEP_DEFAULTS, 70), { seed: 1 });
      const C = size.dim;
      const expected = size.nLayers * (4 * C * C + 2 * C * 4 * C + 2 * C) + C; // q k v o, MLP in/out (F = 4C), 2 RMSNorms; final norm
      const counts = nonEmbeddingParameters(model);
      expect(counts.nonEmbedding).toBe(expected);
      expect(counts.total).toBe(expected + 70 * C); // + the (tied) token embedding
      model.dispose();
    }
  });

  test('the default sizes span at least 30× in N', () => {
    const n = SCALING_SWEEP_DEFAULTS.sizes.map((s) => s.nLayers * (12 * s.dim * s.dim + 2 * s.dim) + s.dim);
    expect(n.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...n) / Math.min(...n)).toBeGreaterThanOrEqual(30);
  });

  test('the frontier keeps exactly the checkpoints that beat all cheaper ones', () => {
    const pts = [
      { flops: 10, loss: 3.0 }, { flops: 20, loss: 2.5 }, { flops: 15, loss: 2.8 },
      { flops: 30, loss: 2.6 }, { flops: 40, loss: 2.0 }, { flops: 25, loss: 2.5 },
    ];
    expect(computeFrontier(pts).map((p) => p.flops)).toEqual([10, 15, 20, 40]);
  });

  test('fitPowerLaw recovers the exponent of synthetic power-law points (and a linear fit would not)', () => {
    const x = [1e3, 3e3, 1e4, 3e4, 1e5];
    const y = x.map((v) => 7 * v ** -0.076);
    const fit = attn.fitPowerLaw(x, y);
    expect(fit.exponent).toBeCloseTo(-0.076, 12);
    expect(fit.coefficient).toBeCloseTo(7, 9);
    // the plausible mistake: a slope in linear coordinates is nowhere near it
    const mx = x.reduce((a, b) => a + b) / 5, my = y.reduce((a, b) => a + b) / 5;
    const linear = x.reduce((a, v, i) => a + (v - mx) * (y[i] - my), 0) / x.reduce((a, v) => a + (v - mx) ** 2, 0);
    expect(Math.abs(linear - fit.exponent)).toBeGreaterThan(0.05);
  });
});

describe('a tiny sweep', () => {
  test('the larger model reaches the lower held-out loss on the same token budget', async () => {
    const data = await runScalingSweep({ sizes: [{ dim: 8, nLayers: 1 }, { dim: 32, nLayers: 2 }], steps: 60, evalEvery: 60, batchSize: 8, seqLen: 32, evalWindows: 8, corpusChars: 50000, seed: 1 });
    const [small, large] = data.runs;
    expect(large.parameters / small.parameters).toBeGreaterThan(30);
    expect(large.finalLoss).toBeLessThan(small.finalLoss - 0.05);
    expect(data.fitParameters.exponent).toBeLessThan(0);
  }, 60000);
});

describe('the reference sweep (web/experiments/reference/scaling-sweep.json)', () => {
  test('its fits are the fits of its own points, over ≥ 5 sizes spanning ≥ 30×', () => {
    const ref = JSON.parse(readFileSync(new URL('../../web/experiments/reference/scaling-sweep.json', import.meta.url), 'utf8'));
    const { runs } = ref.data;
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.at(-1).parameters / runs[0].parameters).toBeGreaterThanOrEqual(30);
    const fit = attn.fitPowerLaw(runs.map((r) => r.parameters), runs.map((r) => r.finalLoss));
    expect(fit.exponent).toBe(ref.data.fitParameters.exponent);
    expect(fit.exponent).toBeLessThan(0);
    const frontier = computeFrontier(runs.flatMap((r, run) => r.curve.filter((c) => c.step > 0).map((c) => ({ flops: c.flops, loss: c.heldOutLoss, run }))));
    expect(frontier).toEqual(ref.data.frontier);
    for (const r of runs) for (const c of r.curve) expect(c.flops).toBe(6 * r.parameters * c.tokens);
    expect(ref.command).toBe('node scripts/experiment_reference.js scaling-sweep');
  });
});
