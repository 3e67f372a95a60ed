// runKvHeadSharing and runKvCacheCompression: the run contract (progress,
// abort with partial data, the same seed → the same numbers, bad options),
// the claim's verdict on made-up numbers, the compression run's full-cache
// loss against the Model's own loss of the same positions, and the committed
// reference runs' consistency with their own points.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { runKvHeadSharing, runKvCacheCompression, KV_COMPRESSION_RULES } from '../../web/experiments/index.js';
import { headSharingClaim, headSharingSummary } from '../../web/experiments/kv-head-sharing-summary.js';
import { corpusSplit, corpusText, evaluationWindows, lossInPositions } from '../../web/experiments/text-corpus.js';
import { replayWeights, replay, meanCrossEntropy } from '../../web/experiments/layer-replay.js';

beforeAll(() => attn.ready());

const reference = (name) => JSON.parse(readFileSync(new URL(`../../web/experiments/reference/${name}.json`, import.meta.url), 'utf8'));
const HEADS = { kvHeads: [4, 2, 1], dim: 16, nHeads: 4, nLayers: 1, seqLen: 16, batchSize: 4, steps: 6, evalEvery: 3, evalWindows: 4, corpusChars: 20000, seeds: [1, 2] };

describe('runKvHeadSharing', () => {
  test('progress per evaluation, one run per (seed, KV heads), cache bytes in proportion, the same seeds give the same numbers', async () => {
    const events = [];
    const a = await runKvHeadSharing(HEADS, { onProgress: (e) => events.push([e.run, e.point.step, e.runInfo.kvHeads, e.runInfo.seed]) });
    expect(events.length).toBe(6 * 3);
    expect(events.slice(0, 3)).toEqual([[0, 0, 4, 1], [0, 3, 4, 1], [0, 6, 4, 1]]);
    expect(a.runs.map((r) => [r.seed, r.kvHeads, r.kind])).toEqual([[1, 4, 'MHA'], [1, 2, 'GQA'], [1, 1, 'MQA'], [2, 4, 'MHA'], [2, 2, 'GQA'], [2, 1, 'MQA']]);
    // 2 (K and V) · layers · KV heads · seqLen · head dim · 2 bytes (float16)
    expect(a.runs.slice(0, 3).map((r) => r.cacheBytes)).toEqual([2 * 1 * 4 * 16 * 4 * 2, 2 * 1 * 2 * 16 * 4 * 2, 2 * 1 * 1 * 16 * 4 * 2]);
    expect(a.summary.map((v) => v.losses.length)).toEqual([2, 2, 2]);
    const b = await runKvHeadSharing(HEADS);
    expect(b.runs.map((r) => r.curve)).toEqual(a.runs.map((r) => r.curve));
  });

  test('the same numbers in every backend (recorded with wasm-simd; the suite also runs on wasm-scalar)', async () => {
    const data = await runKvHeadSharing({ ...HEADS, seeds: [1] });
    expect(data.runs.map((r) => r.finalLoss)).toEqual(RECORDED_HEADS);
  });

  test('an aborted signal stops the run with its partial data; bad options name the option', async () => {
    const controller = new AbortController();
    const error = await runKvHeadSharing(HEADS, { signal: controller.signal, onProgress: (e) => { if (e.run === 1) controller.abort(); } }).catch((e) => e);
    expect(error.name).toBe('AbortError');
    expect(error.partial.runs).toHaveLength(2);
    expect(error.partial.summary.map((v) => v.kvHeads)).toEqual([4]);
    await expect(runKvHeadSharing({ ...HEADS, kvHeads: [4, 3] })).rejects.toThrow(/options\.kvHeads\[1\] \(3\) must divide options\.nHeads \(4\)/);
    await expect(runKvHeadSharing({ ...HEADS, seeds: [1, 1] })).rejects.toThrow(/options\.seeds lists a seed twice/);
    await expect(runKvHeadSharing({ seed: 1 })).rejects.toThrow(/opts\.seed is not an option/);
  });
});

describe('headSharingClaim', () => {
  const summary = (mha, gqa, mqa) => headSharingSummary([
    ...mha.map((l, i) => ({ kvHeads: 8, seed: i + 1, kind: 'MHA', cacheBytes: 800, finalLoss: l })),
    ...gqa.map((l, i) => ({ kvHeads: 2, seed: i + 1, kind: 'GQA', cacheBytes: 200, finalLoss: l })),
    ...mqa.map((l, i) => ({ kvHeads: 1, seed: i + 1, kind: 'MQA', cacheBytes: 100, finalLoss: l })),
  ], [8, 2, 1]);

  test('gaps are paired by seed; the verdict compares them with twice the seed spread of MHA', () => {
    const holds = headSharingClaim(summary([2.00, 2.02], [2.01, 2.03], [2.10, 2.12]));
    expect(holds.noise).toBeCloseTo(Math.SQRT2 * 0.01, 12); // sample sd of [2.00, 2.02]
    expect(holds.gaps.map((g) => g.gap)).toEqual([0, expect.closeTo(0.01, 12), expect.closeTo(0.10, 12)]);
    expect(holds.gaps.map((g) => g.cacheShare)).toEqual([1, 0.25, 0.125]);
    expect(holds.verdict).toBe('holds');
    expect(headSharingClaim(summary([2.00, 2.02], [2.08, 2.10], [2.10, 2.12])).verdict).toBe('contradicted');
    expect(headSharingClaim(summary([2.00, 2.10], [2.01, 2.11], [2.06, 2.16])).verdict).toBe('within-noise');
    expect(headSharingClaim(summary([2.0], [2.0], [2.5])).verdict).toBeNull(); // one seed: no noise estimate
  });
});

const COMPRESS = { dim: 16, nHeads: 4, nLayers: 1, prefix: 24, continuation: 8, batchSize: 4, steps: 8, evalEvery: 4, evalWindows: 3, fractions: [0.5, 0.25], expectedSamples: 2, shownFraction: 0.5, corpusChars: 20000, seed: 2 };

describe('runKvCacheCompression', () => {
  test('trains, then measures every rule at every share; the full cache is the Model\'s own loss of the same positions', async () => {
    const phases = [];
    const data = await runKvCacheCompression(COMPRESS, { onProgress: (e) => phases.push(e.phase) });
    expect(phases).toEqual(['train', 'train', 'train', 'compress', 'compress', 'compress']);
    expect(Object.keys(data.curves)).toEqual(KV_COMPRESSION_RULES);
    for (const rule of ['recent', 'accumulated', 'expected']) expect(data.curves[rule].map((p) => [p.kept, p.fraction])).toEqual([[12, 0.5], [6, 0.25]]);
    expect(data.curves.qcqa.map((p) => p.kept)).toEqual([3, 2, 1]);
    expect(data.curves.uniform.map((p) => p.kept)).toEqual([2, 1]);
    expect(data.example.kept.recent[0][0]).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
    // the same model again (same seed, same batches): its loss of positions prefix … prefix + continuation − 1
    const { vocabulary, train, heldOut } = corpusSplit(await corpusText('test'), COMPRESS.corpusChars);
    const T = COMPRESS.prefix + COMPRESS.continuation;
    const evalBatch = evaluationWindows(heldOut, COMPRESS.evalWindows, T);
    const model = attn.Model.create({ dim: 16, hiddenDim: 64, nLayers: 1, nHeads: 4, vocabSize: vocabulary.vocabSize, seqLen: T, activation: 'gelu', positions: 'rope' }, { seed: 2 });
    const trainer = new attn.Trainer(model, { learningRate: 3e-3, warmupSteps: 10, clipGradNorm: 1 });
    const { windowSampler } = await import('../../web/experiments/text-corpus.js');
    const sample = windowSampler(train, 2);
    for (let s = 0; s < 8; s++) { const b = sample(4, T); trainer.step(b.inputs, b.targets); }
    expect(data.training.at(-1).heldOutLoss).toBe(model.loss(evalBatch.inputs, evalBatch.targets));
    let sum = 0;
    for (let b = 0; b < 3; b++) {
      const one = { inputs: { data: evalBatch.inputs.data.slice(b * T, (b + 1) * T), shape: [1, T] }, targets: { data: evalBatch.targets.data.slice(b * T, (b + 1) * T), shape: [1, T] } };
      sum += lossInPositions(model, one, COMPRESS.prefix, T);
    }
    expect(data.full).toBeCloseTo(sum / 3, 5);
    // the replay with nothing cached is the continuation read from position `prefix` on its own
    const w = replayWeights(model);
    const ids = Array.from(evalBatch.inputs.data.subarray(0, T));
    expect(meanCrossEntropy(replay(w, ids).logits, Array.from(evalBatch.targets.data.subarray(0, T)))).toBeCloseTo(model.loss(one(evalBatch, 0, T).inputs, one(evalBatch, 0, T).targets), 5);
    trainer.dispose();
    model.dispose();
    const again = await runKvCacheCompression(COMPRESS);
    expect(again.curves).toEqual(data.curves);
  }, 60000);

  test('an abort during compression keeps the windows measured so far; bad options name the option', async () => {
    const controller = new AbortController();
    const error = await runKvCacheCompression(COMPRESS, { signal: controller.signal, onProgress: (e) => { if (e.phase === 'compress') controller.abort(); } }).catch((e) => e);
    expect(error.name).toBe('AbortError');
    expect(error.partial.windows).toBe(1);
    expect(error.partial.curves.recent).toHaveLength(2);
    await expect(runKvCacheCompression({ fractions: [0.5, 1] })).rejects.toThrow(/options\.fractions\[1\] must be below 1/);
    await expect(runKvCacheCompression({ dim: 20, nHeads: 4 })).rejects.toThrow(/whole, even head size/);
  });
});

function one(batch, b, T) {
  return { inputs: { data: batch.inputs.data.slice(b * T, (b + 1) * T), shape: [1, T] }, targets: { data: batch.targets.data.slice(b * T, (b + 1) * T), shape: [1, T] } };
}

describe('the reference runs (web/experiments/reference/)', () => {
  test('kv-head-sharing: summary and claim are those of its own runs; 8, 2 and 1 KV heads over two seeds', () => {
    const ref = reference('kv-head-sharing');
    const { runs, summary, claim, options } = ref.data;
    expect(options.kvHeads).toEqual([8, 2, 1]);
    expect(options.seeds.length).toBeGreaterThanOrEqual(2);
    expect(headSharingSummary(runs, options.kvHeads)).toEqual(summary);
    expect(headSharingClaim(summary)).toEqual(claim);
    expect(runs.every((r) => r.curve.at(-1).heldOutLoss === r.finalLoss)).toBe(true);
    expect(ref.command).toBe('node scripts/experiment_reference.js kv-head-sharing');
  });

  test('kv-cache-compression: every rule at every share, full and none measured, groupings cover every head once', () => {
    const ref = reference('kv-cache-compression');
    const { curves, options, groupings, full, none } = ref.data;
    expect(Object.keys(curves)).toEqual(KV_COMPRESSION_RULES);
    for (const rule of ['recent', 'accumulated', 'expected']) expect(curves[rule]).toHaveLength(options.fractions.length);
    expect(curves.qcqa).toHaveLength(options.nHeads - 1);
    expect(Number.isFinite(full) && Number.isFinite(none)).toBe(true);
    for (const layer of groupings) for (const [g, r] of Object.entries(layer.qcqa)) {
      expect(r.groups).toHaveLength(Number(g));
      expect(r.groups.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: options.nHeads }, (_, h) => h));
      if (layer.uniform[g]) expect(r.error).toBeLessThanOrEqual(layer.uniform[g].error);
    }
    expect(ref.command).toBe('node scripts/experiment_reference.js kv-cache-compression');
  });
});

// Final losses of runKvHeadSharing({ ...HEADS, seeds: [1] }), recorded with wasm-simd.
const RECORDED_HEADS = [4.167287826538086, 4.160309791564941, 4.154403209686279];
