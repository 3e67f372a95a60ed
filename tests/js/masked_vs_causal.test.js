// runMaskedVsCausal: the run contract (progress, abort with partial data, the
// same seed → the same numbers, bad options named), the scores against the
// core's own Model.loss of the same positions, the learner's sentence, the
// claim's verdict on made-up numbers, and the committed reference run
// reproduced from its start to the last bit.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { runMaskedVsCausal } from '../../web/experiments/index.js';
import { maskedVsCausalClaim } from '../../web/experiments/masked-vs-causal-summary.js';

beforeAll(() => attn.ready());

const SMALL = { dim: 16, nHeads: 2, nLayers: 1, seqLen: 16, batchSize: 4, steps: 6, evalEvery: 3, evalWindows: 4, corpusChars: 20000, sentence: '_he cat s_t.', generateTokens: 4 };

describe('runMaskedVsCausal', () => {
  test('progress per evaluation of each model in turn; the same seed gives the same numbers', async () => {
    const events = [];
    const a = await runMaskedVsCausal(SMALL, { onProgress: (e) => events.push([e.objective, e.point.step, e.step]) });
    expect(events).toEqual([['causal', 0, 0], ['causal', 3, 3], ['causal', 6, 6], ['masked', 0, 6], ['masked', 3, 9], ['masked', 6, 12]]);
    expect(a.maskId).toBe(a.vocabSize - 1);
    const b = await runMaskedVsCausal(SMALL);
    expect(b.curves).toEqual(a.curves);
    expect(b.evaluation).toEqual(a.evaluation);
    expect(b.sentence).toEqual(a.sentence);
  });

  test('fill and next scores are the core\'s own losses of the same positions; the sentence is filled by both', async () => {
    const data = await runMaskedVsCausal(SMALL);
    const { fill, next } = data.evaluation;
    expect(fill.causal.positions).toBe(fill.masked.positions);
    expect(next.causal.positions).toBe(SMALL.evalWindows);
    for (const s of [fill.causal, fill.masked, next.causal, next.masked]) {
      expect(s.loss).toBeGreaterThan(0);
      expect(s.accuracy).toBeGreaterThanOrEqual(0);
      expect(s.accuracy).toBeLessThanOrEqual(1);
    }
    // the masked model's held-out point at the end is Model.loss of the same blanks (position 0 never blanked)
    expect(fill.masked.loss).toBeCloseTo(data.curves.masked.at(-1).heldOutLoss, 4);
    const { blanks, read, attention } = data.sentence;
    expect(blanks.map((b) => b.position)).toEqual([0, 9]);
    expect(blanks[0].causal).toBeNull(); // nothing to its left
    expect(blanks[1].causal).toHaveLength(5);
    for (const b of blanks) {
      const ps = b.masked.map((c) => c.p);
      expect(ps).toEqual([...ps].sort((x, y) => y - x));
      expect(ps.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(1 + 1e-9);
    }
    expect(read.masked[0]).toBe('[MASK]');
    expect(read.causal[9]).toBe(blanks[1].causal[0].text); // filled left to right with its first choice
    // the masked map has weight above the diagonal, the causal one none
    const above = (m) => m.reduce((s, row, i) => s + row.slice(i + 1).reduce((x, y) => x + y, 0), 0);
    expect(above(attention.masked[0])).toBeGreaterThan(0.5);
    expect(above(attention.causal[0])).toBe(0);
    expect(data.generation.prompt).toBe('');
    expect(data.generation.masked).toMatch(/encoder \(causal: false\).*no generation/);
  });

  test('the causal model generates from the text before the first blank', async () => {
    const data = await runMaskedVsCausal({ ...SMALL, sentence: 'The cat s_t.' });
    expect(data.generation.prompt).toBe('The cat s');
    expect([...data.generation.causal]).toHaveLength(4);
  });

  test('an aborted signal stops the run with its partial data; bad options name the option', async () => {
    const controller = new AbortController();
    const error = await runMaskedVsCausal(SMALL, { signal: controller.signal, onProgress: (e) => { if (e.objective === 'masked') controller.abort(); } }).catch((e) => e);
    expect(error.name).toBe('AbortError');
    expect(error.partial.curves.causal).toHaveLength(3);
    expect(error.partial.evaluation).toBeNull();
    await expect(runMaskedVsCausal({ ...SMALL, sentence: 'no blank here' })).rejects.toThrow(/options\.sentence has no blank/);
    await expect(runMaskedVsCausal({ ...SMALL, sentence: 'caf_ ☃' })).rejects.toThrow(/options\.sentence\[5\] is "☃"/);
    await expect(runMaskedVsCausal({ ...SMALL, sentence: 'x'.repeat(17) + '_' })).rejects.toThrow(/2 to 16 characters/);
    await expect(runMaskedVsCausal({ ...SMALL, maskProbability: 1 })).rejects.toThrow(/options\.maskProbability must be below 1/);
    await expect(runMaskedVsCausal({ causal: true })).rejects.toThrow(/opts\.causal is not an option/);
  });
});

describe('maskedVsCausalClaim', () => {
  const ev = (fillCausal, fillMasked, nextCausal, nextMasked) => ({
    fill: { causal: { loss: fillCausal }, masked: { loss: fillMasked } },
    next: { causal: { loss: nextCausal }, masked: { loss: nextMasked } },
  });
  test('holds when each model is better at its own task; the gaps are signed that way', () => {
    const c = maskedVsCausalClaim(ev(2.0, 1.5, 2.1, 2.6));
    expect(c.fillGap).toBeCloseTo(0.5, 12);
    expect(c.nextGap).toBeCloseTo(0.5, 12);
    expect(c.verdict).toBe('holds');
    expect(maskedVsCausalClaim(ev(2.0, 2.5, 2.1, 2.6)).verdict).toBe('mixed'); // causal better at both
    expect(maskedVsCausalClaim(ev(1.5, 2.0, 2.6, 2.1)).verdict).toBe('contradicted');
    expect(maskedVsCausalClaim(null)).toBeNull();
  });
});

describe('the reference run (web/experiments/reference/masked-vs-causal.json)', () => {
  const ref = (() => { try { return JSON.parse(readFileSync(new URL('../../web/experiments/reference/masked-vs-causal.json', import.meta.url), 'utf8')); } catch { return null; } })();
  if (!ref) { test('exists', () => expect(ref).not.toBeNull()); return; }

  test('its claim is that of its own evaluation; the command that made it', () => {
    expect(maskedVsCausalClaim(ref.data.evaluation)).toEqual(ref.data.claim);
    expect(ref.command).toBe('node scripts/experiment_reference.js masked-vs-causal');
    expect(ref.data.curves.causal.at(-1).step).toBe(ref.options.steps);
  });

  // The whole run (13 s of CPU on wasm-simd) is reproduced by `npm run experiments reference`; here
  // its start, which is the same computation: the learning rate does not depend on the total steps.
  test('reproduced from its start: the first evaluation of both models to the last bit (every backend)', async () => {
    const data = await runMaskedVsCausal({ ...ref.options, steps: ref.options.evalEvery });
    const json = (v) => JSON.parse(JSON.stringify(v)); // as the reference stores them (the untrained step's NaN as null)
    for (const o of ['causal', 'masked']) expect(json(data.curves[o])).toEqual(ref.data.curves[o].slice(0, 2));
  }, 60_000);
});
