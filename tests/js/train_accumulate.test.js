// Micro-batching: a batch cut into `accumulate` micro-batches gives the
// whole batch's loss and gradient (every kernel adds into zeroed gradients,
// and each micro-batch is scaled by the whole batch's count of targets), and
// Trainer.step with it takes the whole batch's step.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { attn, thrown } from './helpers.js';
import { describeWorst, worstScaled } from './train_helpers.js';

const CONFIG = { arch: 'gpt2', dim: 16, hiddenDim: 32, nLayers: 2, nHeads: 4, nKvHeads: 2, vocabSize: 13, seqLen: 8 };
const B = 4, T = 6;
// Ignored targets spread unevenly over the rows (5, 3, 5 and 2 counted), so
// that each micro-batch's share of the mean differs (8 and 7 for two halves).
const X = Array.from({ length: B }, (_, b) => Array.from({ length: T }, (_, t) => (3 * b + 5 * t + 1) % 13));
const Y = X.map((row, b) => row.map((id, t) => ([[1], [0, 2, 5], [3], [0, 1, 2, 3]][b].includes(t) ? -1 : (id + 1) % 13)));
// Summing B*T rows in two or four parts rounds differently from one sum of
// all of them: ~1e-7 of each tensor's largest gradient. Averaging the
// micro-batches' own means instead (the plausible slip) is off by ~10%.
const GRAD_REL = 2e-6;

let model;
beforeAll(async () => {
  await attn.ready();
  model = attn.Model.create(CONFIG, { seed: 11 });
});
afterAll(() => model.dispose());

/** The loss and gradients as averages of each micro-batch's own mean (the wrong way to accumulate). */
function meanOfMeans(k) {
  const rows = B / k;
  const parts = Array.from({ length: k }, (_, i) => model.lossAndGradients(X.slice(i * rows, (i + 1) * rows), Y.slice(i * rows, (i + 1) * rows)));
  const gradients = {};
  for (const [name, t] of Object.entries(parts[0].gradients)) {
    gradients[name] = { data: t.data.map((_, j) => parts.reduce((s, p) => s + p.gradients[name].data[j], 0) / k), shape: t.shape };
  }
  return { loss: parts.reduce((s, p) => s + p.loss, 0) / k, gradients };
}

describe('accumulate', () => {
  test.each([2, 4])('lossAndGradients in %i micro-batches equals the whole batch', (k) => {
    const whole = model.lossAndGradients(X, Y);
    const parts = model.lossAndGradients(X, Y, { accumulate: k });
    expect(Math.abs(parts.loss - whole.loss) / whole.loss, `loss ${parts.loss} vs ${whole.loss}`).toBeLessThan(1e-6);
    const worst = worstScaled(parts.gradients, whole.gradients);
    console.log(`[${attn.backend()}] accumulate ${k}: gradients ${describeWorst(worst)}`);
    expect(worst.rel, describeWorst(worst)).toBeLessThan(GRAD_REL);

    const wrong = meanOfMeans(k);
    expect(Math.abs(wrong.loss - whole.loss) / whole.loss).toBeGreaterThan(100 * 1e-6);
    expect(worstScaled(wrong.gradients, whole.gradients).rel).toBeGreaterThan(100 * GRAD_REL);
  });

  test('accumulate 1 is the plain pass, bit for bit', () => {
    const a = model.lossAndGradients(X, Y), b = model.lossAndGradients(X, Y, { accumulate: 1 });
    expect(b.loss).toBe(a.loss);
    for (const [name, t] of Object.entries(a.gradients)) expect(b.gradients[name].data, name).toEqual(t.data);
  });

  test('Trainer.step with accumulate takes the whole batch\'s steps', () => {
    // llama: no biases, so no gradient is rounding noise (gpt2's key bias has
    // a true gradient of 0, which AdamW would blow up to steps of ±lr).
    const run = (accumulate) => {
      const m = attn.Model.create({ ...CONFIG, arch: 'llama' }, { seed: 11 });
      const trainer = new attn.Trainer(m, { learningRate: 1e-2, clipGradNorm: 1, weightDecay: 0.1 });
      const results = Array.from({ length: 5 }, () => trainer.step(X, Y, accumulate ? { accumulate } : undefined));
      const p = m.parameters();
      m.dispose();
      return { results, p };
    };
    const whole = run(0), parts = run(2);
    parts.results.forEach((r, i) => {
      expect(r.step).toBe(i + 1);
      expect(Math.abs(r.loss - whole.results[i].loss) / whole.results[i].loss).toBeLessThan(1e-5);
      expect(Math.abs(r.gradNorm - whole.results[i].gradNorm) / whole.results[i].gradNorm).toBeLessThan(1e-5);
    });
    // A gradient off by ~1e-7 of itself moves AdamW's update (lr 1e-2) by
    // ~1e-9; a micro-batch taking a step of its own would move it by ~lr.
    const worst = worstScaled(parts.p, whole.p, 1);
    console.log(`[${attn.backend()}] 5 steps, accumulate 2: weights ${describeWorst(worst)}`);
    expect(worst.abs, describeWorst(worst)).toBeLessThan(1e-6);
  });

  test('a count that does not divide the batch is refused, nothing changed', () => {
    const trainer = new attn.Trainer(model);
    const before = model.parameters();
    expect(thrown(() => trainer.step(X, Y, { accumulate: 3 })).message).toMatch(/^Trainer\.step: accumulate \(3\) must divide the batch size B \(4\)/);
    expect(thrown(() => model.lossAndGradients(X, Y, { accumulate: 0 })).message).toMatch(/opts\.accumulate must be at least 1/);
    expect(thrown(() => trainer.step(X, Y, { acumulate: 2 })).message).toMatch(/opts\.acumulate is not an option/);
    expect(model.parameters()).toEqual(before);
    expect(trainer.steps).toBe(0);
    trainer.dispose();
  });
});
