// The grokking and norm-placement experiments: their data (the modular
// split, the Fourier spectrum, the evaluation grid, per-layer gradient
// norms) against independent float64 computations, and the run contract
// (progress arrives, the same seed gives the same numbers, abort stops with
// partial data, bad options are refused by name). The slow claim — grokking
// with weight decay and not without — is `npm run experiments` (docs/EXPERIMENTS.md).
import { test, expect, describe, beforeAll } from 'vitest';
import { attn } from './helpers.js';
import { modularSplit, trainingPairCount } from '../../web/experiments/modular-data.js';
import { embeddingSpectrum, topFrequencyShare } from '../../web/experiments/fourier.js';
import { evaluationSteps } from '../../web/experiments/log-steps.js';
import { layerGradientNorms } from '../../web/experiments/norm-placement.js';
import { copyBatch, copyTaskRandom } from '../../web/experiments/copy-task.js';
import { runGrokking, runNormPlacement, EXPERIMENTS } from '../../web/experiments/index.js';

beforeAll(() => attn.ready());

const TINY_GROK = { p: 7, dim: 16, heads: 2, steps: 12, evalEvery: 4, seed: 3 };
const TINY_NORM = { layers: 3, dim: 8, heads: 2, vocab: 6, copyLength: 3, batchSize: 2, steps: 4, recordEvery: 2, seed: 2 };

describe('modular data', () => {
  test('the split covers every pair once, with the right answers', () => {
    for (const op of ['add', 'subtract']) {
      const { train, validation } = modularSplit(11, 0.3, op, 5);
      expect(train.pairs.length).toBe(Math.round(0.3 * 121));
      const seen = new Set([...train.pairs, ...validation.pairs].map(([a, b]) => a * 11 + b));
      expect(seen.size).toBe(121);
      for (const split of [train, validation]) {
        split.pairs.forEach(([a, b], i) => {
          const want = op === 'add' ? (a + b) % 11 : (a - b + 11) % 11;
          expect(split.answers[i]).toBe(want);
          expect(Array.from(split.inputs.data.slice(3 * i, 3 * i + 3))).toEqual([a, b, 11]);
          expect(Array.from(split.targets.data.slice(3 * i, 3 * i + 3))).toEqual([-1, -1, want]);
        });
      }
    }
  });
  test('subtract is not add (a − b mod p for a < b stays in 0..p−1)', () => {
    const { train } = modularSplit(5, 0.9, 'subtract', 1);
    const i = train.pairs.findIndex(([a, b]) => a === 1 && b === 3);
    if (i >= 0) expect(train.answers[i]).toBe(3);
  });
  test('the same seed, the same split; another seed, another', () => {
    const a = modularSplit(13, 0.5, 'add', 9).train.pairs;
    expect(modularSplit(13, 0.5, 'add', 9).train.pairs).toEqual(a);
    expect(modularSplit(13, 0.5, 'add', 10).train.pairs).not.toEqual(a);
  });
  test('trainingPairCount keeps a validation pair', () => {
    expect(trainingPairCount(31, 0.5)).toBe(481); // round(480.5) = 481
    expect(trainingPairCount(3, 0.999)).toBe(8);
  });
});

describe('the embedding spectrum', () => {
  test('two cosines give their energies at their frequencies (k and p − k folded)', () => {
    const p = 13, C = 2;
    const w = new Float64Array(p * C);
    for (let t = 0; t < p; t++) {
      w[t * C] = Math.cos((2 * Math.PI * 3 * t) / p);
      w[t * C + 1] = 0.5 * Math.sin((2 * Math.PI * 1 * t) / p);
    }
    const s = embeddingSpectrum(w, p, C);
    expect(s.length).toBe(7);
    // |DFT|² of cos at ±3: (p/2)² each → 2·(p/2)²; of 0.5 sin at ±1: 2·(p/4)². Shares 1 : 1/4.
    expect(s[3]).toBeCloseTo(0.8, 12);
    expect(s[1]).toBeCloseTo(0.2, 12);
    expect(s[0] + s[2] + s[4] + s[5] + s[6]).toBeLessThan(1e-12);
    expect(topFrequencyShare(s, 1)).toBeCloseTo(0.8, 12);
  });
  test('a constant column is all k = 0 (not doubled)', () => {
    const s = embeddingSpectrum(new Float64Array(8).fill(2), 8, 1);
    expect(s[0]).toBe(1);
  });
});

test('evaluation steps: dense early, then every `every`, both ends included', () => {
  const g = evaluationSteps(1000, 100);
  expect(g[0]).toBe(0);
  expect(g.at(-1)).toBe(1000);
  expect(g.slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
  expect(g.filter((x) => x >= 100)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  expect(new Set(g).size).toBe(g.length);
  expect(g.filter((x) => x > 10 && x < 100).length).toBeGreaterThanOrEqual(8);
});

test('layerGradientNorms sums each block, and only blocks', () => {
  const g = {
    'transformer.wte.weight': { data: new Float32Array([100]) },
    'transformer.h.0.attn.c_attn.weight': { data: new Float32Array([3]) },
    'transformer.h.0.mlp.c_fc.bias': { data: new Float32Array([4]) },
    'transformer.h.1.ln_1.weight': { data: new Float32Array([1, 1, 1, 1]) },
  };
  expect(layerGradientNorms(g, 2)).toEqual([5, 2]);
});

describe('runGrokking contract', () => {
  test('progress arrives, data add up, the same seed gives the same numbers', async () => {
    const events = [];
    const a = await runGrokking(TINY_GROK, { onProgress: (e) => events.push(e) });
    expect(a.step).toBe(12);
    expect(a.trainPairs + a.validationPairs).toBe(49);
    expect(events.map((e) => e.step)).toEqual(evaluationSteps(12, 4));
    expect(a.history.map((s) => s.step)).toEqual(events.map((e) => e.step));
    for (const s of a.history) {
      for (const k of ['trainLoss', 'validationLoss', 'trainAccuracy', 'validationAccuracy']) expect(Number.isFinite(s[k])).toBe(true);
      expect(s.trainAccuracy).toBeGreaterThanOrEqual(0);
      expect(s.trainAccuracy).toBeLessThanOrEqual(1);
    }
    expect(a.history.at(-1).trainLoss).toBeLessThan(a.history[0].trainLoss); // it trains
    expect(a.spectrum.length).toBe(4);
    expect(a.attention.length).toBe(1 * 2 * 3);
    const b = await runGrokking(TINY_GROK);
    expect(b.history).toEqual(a.history);
    const c = await runGrokking({ ...TINY_GROK, seed: 4 });
    expect(c.history).not.toEqual(a.history);
  });
  test('the initial losses equal the model’s own loss on the split (independent path: Model.loss)', async () => {
    const a = await runGrokking({ ...TINY_GROK, steps: 0 });
    const { train } = modularSplit(7, 0.5, 'add', 3);
    const model = attn.Model.create({ arch: 'gpt2', dim: 16, hiddenDim: 64, nLayers: 1, nHeads: 2, vocabSize: 8, seqLen: 3, positions: 'learned', activation: 'relu', sharedClassifier: false }, { seed: 3 });
    expect(a.history[0].trainLoss).toBe(model.loss(train.inputs, train.targets));
    // the weight norm: every parameter's square, summed in float64 here from the same initial weights
    let sq = 0;
    for (const t of Object.values(model.parameters())) for (const v of t.data) sq += v * v;
    expect(a.history[0].weightNorm).toBeCloseTo(Math.sqrt(sq), 9);
    // the plausible mistake, the token embedding's norm alone, is not it
    let emb = 0;
    for (const v of model.parameters()['transformer.wte.weight'].data) emb += v * v;
    expect(Math.abs(a.history[0].weightNorm - Math.sqrt(emb))).toBeGreaterThan(0.1);
    model.dispose();
  });
  test('weight decay shrinks the weight norm that the run records; without it the norm grows', async () => {
    const decay = await runGrokking({ ...TINY_GROK, steps: 60, weightDecay: 1, stopAtValidationAccuracy: 0 });
    const none = await runGrokking({ ...TINY_GROK, steps: 60, weightDecay: 0, stopAtValidationAccuracy: 0 });
    expect(decay.history.at(-1).weightNorm).toBeLessThan(none.history.at(-1).weightNorm);
    expect(none.history.at(-1).weightNorm).toBeGreaterThan(none.history[0].weightNorm);
  });
  test('an aborted signal stops the run with the data so far', async () => {
    const controller = new AbortController();
    let seen = 0;
    const run = runGrokking({ ...TINY_GROK, steps: 100000 }, {
      signal: controller.signal,
      onProgress: () => { if (++seen === 3) controller.abort(); },
    });
    const error = await run.then(() => null, (e) => e);
    expect(error.name).toBe('AbortError');
    expect(error.partial.history.length).toBeGreaterThanOrEqual(3);
    expect(error.partial.step).toBeLessThan(100000);
  });
  test('bad options are refused by name', async () => {
    await expect(runGrokking({ trainFraction: 1 })).rejects.toThrow(/options.trainFraction/);
    await expect(runGrokking({ operation: 'multiply' })).rejects.toThrow(/options.operation/);
    await expect(runGrokking({ dim: 30, heads: 4 })).rejects.toThrow(/options.dim/);
    await expect(runGrokking({ bogus: 1 })).rejects.toThrow(/bogus/);
  });
  test('registered for the Worker and the reference script (loaded on first use, same numbers)', async () => {
    expect((await EXPERIMENTS.grokking({ ...TINY_GROK, steps: 3 })).history).toEqual((await runGrokking({ ...TINY_GROK, steps: 3 })).history);
    expect((await EXPERIMENTS['norm-placement']({ ...TINY_NORM, steps: 1 })).variants).toEqual((await runNormPlacement({ ...TINY_NORM, steps: 1 })).variants);
  });
});

describe('runNormPlacement contract', () => {
  test('four variants, same init: step-0 norms equal with and without warm-up, differ pre vs post', async () => {
    const events = [];
    const a = await runNormPlacement(TINY_NORM, { onProgress: (e) => events.push(e) });
    expect(a.variants.map((v) => v.id)).toEqual(['pre-ln-warmup', 'pre-ln', 'post-ln-warmup', 'post-ln']);
    for (const v of a.variants) {
      expect(v.history.map((r) => r.step)).toEqual([0, 1, 2, 3, 4]);
      expect(v.history[0].layerNorms.length).toBe(3);
      expect(v.history[1].layerNorms).toBe(null);
    }
    const [pw, p, qw, q] = a.variants;
    expect(pw.history[0].layerNorms).toEqual(p.history[0].layerNorms);
    expect(qw.history[0].layerNorms).toEqual(q.history[0].layerNorms);
    expect(pw.history[0].layerNorms).not.toEqual(qw.history[0].layerNorms);
    // With warm-up the first step's rate is 0 (llama2.c's schedule), so step 1 starts from the same weights.
    expect(pw.history[0].learningRate).toBe(0);
    expect(p.history[0].learningRate).toBeCloseTo(3e-3, 9);
    expect(events.at(-1).fraction).toBe(1);
    const b = await runNormPlacement(TINY_NORM);
    expect(b.variants).toEqual(a.variants);
  });
  test('step-0 norms equal those from the model’s own gradients', async () => {
    const a = await runNormPlacement({ ...TINY_NORM, steps: 0 });
    const batch = copyBatch(copyTaskRandom(2), 2, 3, 6);
    for (const [i, prenorm] of [[0, true], [2, false]]) {
      const model = attn.Model.create({ arch: 'gpt2', dim: 8, hiddenDim: 32, nLayers: 3, nHeads: 2, vocabSize: 6, seqLen: 5, prenorm }, { seed: 2 });
      const { gradients } = model.lossAndGradients(batch.inputs, batch.targets);
      const want = [0, 1, 2].map((l) => Math.sqrt(Object.keys(gradients)
        .filter((n) => n.startsWith(`transformer.h.${l}.`))
        .reduce((s, n) => s + gradients[n].data.reduce((t, g) => t + g * g, 0), 0)));
      expect(a.variants[i].history[0].layerNorms).toEqual(want.map((w) => expect.closeTo(w, 12)));
      expect(a.variants[i].history[0].loss).toBe(model.loss(batch.inputs, batch.targets));
      model.dispose();
    }
  });
  test('abort stops it; bad options are refused by name', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(runNormPlacement(TINY_NORM, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    await expect(runNormPlacement({ layers: 0 })).rejects.toThrow(/options.layers/);
  });
});
