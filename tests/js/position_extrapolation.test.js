// Positions beyond the training length: the run contract, the per-position
// loss (bins agree with the loss of the whole window, and with a shorter
// window at the same positions — attention is causal), learned positions
// stopping at L with a note instead of failing (and the core really refusing
// past its table), and the committed reference run's consistency.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { runPositionExtrapolation, LEARNED_LIMIT_NOTE, POSITION_SCHEMES } from '../../web/experiments/index.js';
import { corpusSplit, corpusText, evaluationWindows, lossInPositions } from '../../web/experiments/text-corpus.js';

beforeAll(() => attn.ready());

const TINY = { schemes: ['rope', 'learned'], trainLength: 8, dim: 16, nHeads: 2, nLayers: 1, batchSize: 4, steps: 10, reportEvery: 5, evalWindows: 4, corpusChars: 20000, seed: 2 };

describe('runPositionExtrapolation: the run contract', () => {
  test('progress arrives, learned stops at L with a note, and the same seed gives the same numbers', async () => {
    const events = [];
    const a = await runPositionExtrapolation(TINY, { onProgress: (e) => events.push([e.scheme, e.phase, e.step]) });
    expect(events).toEqual([
      ['rope', 'train', 5], ['rope', 'train', 10], ['rope', 'evaluated', 10],
      ['learned', 'train', 15], ['learned', 'train', 20], ['learned', 'evaluated', 20],
    ]);
    const [rope, learned] = a.results;
    expect(rope.maxPosition).toBe(32);
    expect(rope.positions).toEqual([1.5, 5.5, 9.5, 13.5, 17.5, 21.5, 25.5, 29.5]);
    expect(rope.loss.every(Number.isFinite)).toBe(true);
    expect(rope.note).toBeNull();
    expect(learned.maxPosition).toBe(8);
    expect(learned.positions).toEqual([1.5, 5.5]);
    expect(learned.meanLoss['2x']).toBeNull();
    expect(learned.meanLoss['4x']).toBeNull();
    expect(learned.note).toBe(LEARNED_LIMIT_NOTE);
    // means are the means of the bins they cover
    expect(rope.meanLoss['1x']).toBeCloseTo((rope.loss[0] + rope.loss[1]) / 2, 12);
    expect(rope.meanLoss['4x']).toBeCloseTo(rope.loss.reduce((s, v) => s + v) / 8, 12);
    const b = await runPositionExtrapolation(TINY);
    expect(b.results).toEqual(a.results);
  });

  test('the same numbers in every backend (recorded with wasm-simd; the suite also runs on wasm-scalar)', async () => {
    const data = await runPositionExtrapolation({ ...TINY, schemes: POSITION_SCHEMES });
    expect(data.results.map((r) => r.meanLoss['1x'])).toEqual([4.056030511856079, 4.0703301429748535, 4.00084376335144, 4.056025743484497, 4.056316375732422]);
  });

  test('an aborted signal stops the run with its partial data', async () => {
    const controller = new AbortController();
    const run = runPositionExtrapolation(TINY, { signal: controller.signal, onProgress: (e) => { if (e.phase === 'evaluated') controller.abort(); } });
    const error = await run.catch((e) => e);
    expect(error.name).toBe('AbortError');
    expect(error.partial.results.map((r) => r.scheme)).toEqual(['rope']);
  });

  test('bad options are refused naming the argument', async () => {
    await expect(runPositionExtrapolation({ schemes: ['rope', 'xpos'] })).rejects.toThrow(/options\.schemes\[1\]/);
    await expect(runPositionExtrapolation({ trainLength: 10, binWidth: 4 })).rejects.toThrow(/binWidth \(4\) must divide options\.trainLength \(10\)/);
    expect(POSITION_SCHEMES).toEqual(['none', 'sinusoidal', 'learned', 'rope', 'alibi']);
  });
});

describe('loss against position', () => {
  let split;
  beforeAll(async () => { split = corpusSplit(await corpusText('test'), 20000); });
  const model = (positions, seqLen) => attn.Model.create({ dim: 16, hiddenDim: 64, nLayers: 1, nHeads: 2, vocabSize: split.vocabulary.vocabSize, seqLen, activation: 'gelu', positions }, { seed: 5 });

  test.each(['none', 'sinusoidal', 'rope', 'alibi'])('%s: equal bins average to the whole window\'s loss; a bin equals the same positions of a shorter window', (positions) => {
    const m = model(positions, 32);
    const batch = evaluationWindows(split.heldOut, 3, 32);
    const bins = [0, 8, 16, 24].map((from) => lossInPositions(m, batch, from, from + 8));
    expect(bins.reduce((a, v) => a + v) / 4).toBeCloseTo(m.loss(batch.inputs, batch.targets), 5);
    const short = evaluationWindows(split.heldOut, 3, 32);
    const cut = (t) => ({ data: Int32Array.from({ length: 3 * 16 }, (_, i) => t.data[Math.floor(i / 16) * 32 + (i % 16)]), shape: [3, 16] });
    expect(lossInPositions(m, { inputs: cut(short.inputs), targets: cut(short.targets) }, 8, 16)).toBeCloseTo(bins[1], 5);
    m.dispose();
  });

  test('a learned-position model really cannot run past its table (why the curve stops at L)', () => {
    const m = model('learned', 8);
    const batch = evaluationWindows(split.heldOut, 2, 16);
    expect(() => m.loss(batch.inputs, batch.targets)).toThrow(attn.AttnscopeError);
    m.dispose();
  });
});

describe('the reference run (web/experiments/reference/position-extrapolation.json)', () => {
  test('all five schemes; every curve covers 4·L except learned, which stops at L with its note', () => {
    const ref = JSON.parse(readFileSync(new URL('../../web/experiments/reference/position-extrapolation.json', import.meta.url), 'utf8'));
    const { results, trainLength } = ref.data;
    expect(results.map((r) => r.scheme)).toEqual(POSITION_SCHEMES);
    for (const r of results) {
      const last = r.scheme === 'learned' ? trainLength : 4 * trainLength;
      expect(r.maxPosition).toBe(last);
      expect(r.positions.at(-1)).toBeLessThan(last);
      expect(r.positions.at(-1)).toBeGreaterThan(last - ref.options.binWidth);
      expect(r.meanLoss['1x']).toBeGreaterThan(0);
    }
    expect(results.find((r) => r.scheme === 'learned').note).toBe(LEARNED_LIMIT_NOTE);
    expect(ref.command).toBe('node scripts/experiment_reference.js position-extrapolation');
  });
});
