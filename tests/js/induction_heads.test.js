// runInductionHeads: the data (repeated random segments), the run contract
// (progress, abort with partial data, the same seed → the same numbers, bad
// options named), the scores at step 0 against headRoleScores of a fresh
// model of the same seed, the reading of the phase change on made-up curves,
// and the committed reference run reproduced from its start to the last bit.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { runInductionHeads, INDUCTION_HEADS_DEFAULTS } from '../../web/experiments/index.js';
import { inductionSummary } from '../../web/experiments/induction-heads-summary.js';
import { repeatedSegments } from '../../web/experiments/repeated-segments.js';

beforeAll(() => attn.ready());

const SMALL = { dim: 16, nHeads: 2, tokens: 12, seqLen: 17, minSegment: 3, maxSegment: 7, batchSize: 4, steps: 6, evalEvery: 3, evalSequences: 4 };

describe('repeatedSegments', () => {
  test('each row: bos, then a segment of n distinct random tokens over and over; the masks pick the first copy and every target from r_2 of the second copy on', () => {
    const o = { ...INDUCTION_HEADS_DEFAULTS };
    const { rows, inputs, first, repeated } = repeatedSegments(o, 50, 7);
    const T = o.seqLen - 1;
    const lengths = new Set();
    rows.forEach(({ ids, n }, b) => {
      lengths.add(n);
      expect(ids).toHaveLength(o.seqLen);
      expect(ids[0]).toBe(1);
      expect(n).toBeGreaterThanOrEqual(o.minSegment);
      expect(n).toBeLessThanOrEqual(o.maxSegment);
      expect(new Set(ids.slice(1, 1 + n)).size).toBe(n);
      for (let p = 1 + n; p < o.seqLen; p++) expect(ids[p]).toBe(ids[p - n]);
      expect(Array.from(inputs.data.subarray(b * T, (b + 1) * T))).toEqual(ids.slice(0, T));
      const firstAt = [], repeatedAt = [];
      for (let t = 0; t < T; t++) {
        if (first.data[b * T + t] >= 0) firstAt.push(t + 1);
        if (repeated.data[b * T + t] >= 0) repeatedAt.push(t + 1);
      }
      expect(firstAt).toEqual(Array.from({ length: n }, (_, k) => 1 + k));
      expect(repeatedAt).toEqual(Array.from({ length: T - n - 1 }, (_, k) => n + 2 + k));
    });
    expect(lengths.size).toBeGreaterThan(3); // the copy is at many offsets
  });
});

describe('runInductionHeads', () => {
  test('progress per evaluation; step 0\'s scores are headRoleScores of a fresh model of the same seed; the same seed gives the same numbers', async () => {
    const events = [];
    const a = await runInductionHeads(SMALL, { onProgress: (e) => events.push([e.step, e.point.step]) });
    expect(events).toEqual([[0, 0], [3, 3], [6, 6]]);
    const [p0] = a.curve;
    expect(p0.induction).toHaveLength(2);
    expect(p0.induction[0]).toHaveLength(2);
    const o = { ...INDUCTION_HEADS_DEFAULTS, ...SMALL };
    const held = repeatedSegments(o, o.evalSequences, 0x5eed);
    const model = attn.Model.create({ dim: 16, hiddenDim: 0, nLayers: 2, nHeads: 2, vocabSize: 15, seqLen: 17, positions: 'alibi' }, { seed: 1 });
    const roles = attn.headRoleScores(held.rows.map(({ ids }) => ({ ids, attention: model.forward(ids, { returnAttention: true }).attention })));
    expect(p0.induction).toEqual(roles.scores.induction);
    expect(p0.repeatedLoss).toBe(model.loss(held.inputs, held.repeated));
    model.dispose();
    // the first copy's floor: the log of the tokens its segment has not used yet, averaged over its targets
    const logs = held.rows.flatMap(({ n }) => Array.from({ length: n }, (_, k) => Math.log(SMALL.tokens - k)));
    expect(a.chance.first).toBeCloseTo(logs.reduce((x, y) => x + y, 0) / logs.length, 12);
    const b = await runInductionHeads(SMALL);
    expect(b.curve).toEqual(a.curve);
  });

  test('an aborted signal stops the run with its partial data; bad options name the option', async () => {
    const controller = new AbortController();
    const error = await runInductionHeads(SMALL, { signal: controller.signal, onProgress: (e) => { if (e.step === 3) controller.abort(); } }).catch((e) => e);
    expect(error.name).toBe('AbortError');
    expect(error.partial.curve).toHaveLength(2);
    await expect(runInductionHeads({ ...SMALL, maxSegment: 8 })).rejects.toThrow(/options\.maxSegment \(8\) must fit twice/);
    await expect(runInductionHeads({ ...SMALL, tokens: 6 })).rejects.toThrow(/options\.tokens \(6\) must be at least options\.maxSegment \(7\)/);
    await expect(runInductionHeads({ hiddenDim: 4 })).rejects.toThrow(/opts\.hiddenDim is not an option/);
  });
});

describe('inductionSummary', () => {
  const point = (step, repeatedLoss, scores) => ({ step, firstLoss: 3.4, repeatedLoss, induction: [[0.05, 0.05], scores] });
  test('the steepest fall per step, the first head over the threshold, the heads over it at the end', () => {
    const s = inductionSummary([point(0, 3.4, [0.05, 0.05]), point(100, 3.3, [0.1, 0.05]), point(150, 1.3, [0.2, 0.5]), point(300, 0.3, [0.3, 0.8])]);
    expect(s.steepest).toEqual({ from: 100, to: 150, drop: expect.closeTo(2.0, 12), rate: expect.closeTo(0.04, 12) });
    expect(s.formedAt).toEqual({ step: 150, layer: 1, head: 1, score: 0.5 });
    expect(s.heads).toEqual([{ layer: 1, head: 1, score: 0.8 }]);
    expect(s.gap).toBeCloseTo(3.1, 12);
    // a bigger drop over a longer stretch is not steeper: per step it is
    expect(inductionSummary([point(0, 3.4, [0, 0]), point(10, 3.0, [0, 0]), point(1000, 0.5, [0, 0])]).steepest.to).toBe(10);
    expect(inductionSummary([point(0, 3.4, [0, 0]), point(10, 3.0, [0, 0])]).formedAt).toBeNull();
  });
});

describe('the reference run (web/experiments/reference/induction-heads.json)', () => {
  const ref = (() => { try { return JSON.parse(readFileSync(new URL('../../web/experiments/reference/induction-heads.json', import.meta.url), 'utf8')); } catch { return null; } })();
  if (!ref) { test('exists', () => expect(ref).not.toBeNull()); return; }

  test('its summary is that of its own curve; an induction head formed and the repeated copy\'s loss fell below the first copy\'s', () => {
    expect(inductionSummary(ref.data.curve)).toEqual(ref.data.summary);
    expect(ref.data.summary.formedAt).not.toBeNull();
    expect(ref.data.summary.final.repeatedLoss).toBeLessThan(ref.data.summary.final.firstLoss - 1);
    expect(ref.command).toBe('node scripts/experiment_reference.js induction-heads');
  });

  // Whole on wasm-simd (~5 s of CPU); the scalar build takes ~3× that, too long for the suite, so there
  // its start (the same computation: the learning rate does not depend on the total steps).
  test.skipIf(process.env.ATTNSCOPE_BACKEND === 'wasm-scalar')('reproduced whole, to the last bit (wasm-simd; skipped on wasm-scalar: ~15 s of CPU there)', async () => {
    const data = await runInductionHeads(ref.options);
    const untimed = (v) => JSON.parse(JSON.stringify(v, (k, x) => (k === 'elapsedMs' ? undefined : x)));
    expect(untimed(data)).toEqual(untimed(ref.data));
  }, 60_000);

  test('reproduced from its start: the first evaluations to the last bit (every backend)', async () => {
    const data = await runInductionHeads({ ...ref.options, steps: 2 * ref.options.evalEvery });
    expect(JSON.parse(JSON.stringify(data.curve))).toEqual(ref.data.curve.slice(0, 3));
  }, 60_000);
});
