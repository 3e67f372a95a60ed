// TrainerWorker with the real core (in this thread, as in Node there is no
// Web Worker): every reported loss is the loss a Trainer in the test gives on
// the same batches; the held-out loss is the mean loss of the documented rows;
// a seed fixes the run bit for bit; the snapshot loads with Model.fromLlama2c
// and computes what the worker's model computes; pause, resume and cancel;
// bad input is an AttnscopeError naming the argument.
import { beforeAll, describe, expect, test } from 'vitest';
import * as attn from '../../web/lib/node.js';
import { mulberry32 } from '../../web/lib/random.js';
import { macrotask } from '../../web/lib/ops/macrotask.js';

const TEXT = 'the cat sat on the mat. the dog sat on the log. '.repeat(12);
const vocab = attn.buildVocabulary(TEXT);
const ids = vocab.encode(TEXT);
const cut = Math.floor(ids.length * 0.9);
const CONFIG = { arch: 'llama', dim: 16, hiddenDim: 32, nLayers: 1, nHeads: 2, nKvHeads: 2, seqLen: 16, vocabSize: vocab.vocabSize };
const TRAINER = { learningRate: 1e-2, warmupSteps: 2, decaySteps: 30, minLearningRate: 1e-3, clipGradNorm: 1 };
const RUN = {
  config: CONFIG, vocabulary: vocab, seed: 5, trainer: TRAINER, train: ids.subarray(0, cut), heldOut: ids.subarray(cut),
  batchSize: 4, seqLen: 16, steps: 30, evalInterval: 10, evalBatches: 2, sampleInterval: 15,
  sample: { prompt: 'the ', maxNewTokens: 12, temperature: 0 },
};

/** Runs RUN (with overrides) to the end; returns { progress, samples, result, worker }. */
async function train(overrides = {}) {
  const worker = new attn.TrainerWorker();
  const progress = [], samples = [];
  const result = await worker.start({ ...RUN, ...overrides, onProgress: (p) => progress.push(p), onSample: (s) => samples.push(s) });
  return { progress, samples, result, worker };
}

const rejection = (promise) => promise.then(() => null, (e) => e);

beforeAll(() => attn.ready());

describe('TrainerWorker (real model, in this thread)', () => {
  test('each reported loss is what a Trainer gives on the same seeded batches; the loss falls', async () => {
    const { progress, result, worker } = await train();
    const steps = progress.filter((p) => p.step > 0);
    expect(steps.map((p) => p.step)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // The same run by hand: rows at offsets floor(u · (n − T)) from mulberry32(seed), targets shifted by one.
    const model = attn.Model.create(CONFIG, { seed: 5 });
    const trainer = new attn.Trainer(model, TRAINER);
    const random = mulberry32(5), data = RUN.train, T = 16, B = 4;
    for (const p of steps) {
      const x = new Int32Array(B * T), y = new Int32Array(B * T);
      for (let b = 0; b < B; b++) {
        const o = Math.floor(random() * (data.length - T));
        x.set(data.subarray(o, o + T), b * T);
        y.set(data.subarray(o + 1, o + T + 1), b * T);
      }
      const want = trainer.step({ data: x, shape: [B, T] }, { data: y, shape: [B, T] });
      expect(p.loss, `step ${p.step}`).toBe(want.loss);
      expect(p.learningRate).toBe(want.learningRate);
      expect(p.gradNorm).toBe(want.gradNorm);
    }
    expect(result).toMatchObject({ state: 'done', step: 30, loss: steps.at(-1).loss });
    expect(steps.at(-1).loss).toBeLessThan(steps[0].loss * 0.6);
    trainer.dispose();
    model.dispose();
    worker.dispose();
  });

  test('the held-out loss is the mean loss of the evenly spread held-out rows; measured at 0, 10, 20, 30', async () => {
    const { progress, worker } = await train();
    const held = progress.filter((p) => p.heldOutLoss !== undefined);
    expect(held.map((p) => p.step)).toEqual([0, 10, 20, 30]);
    const model = attn.Model.create(CONFIG, { seed: 0 });
    model.setParameters(await worker.parameters());
    const data = RUN.heldOut, T = 16, B = 4, rows = 8, last = data.length - T - 1;
    let sum = 0;
    for (let k = 0; k < rows; k += B) {
      const x = new Int32Array(B * T), y = new Int32Array(B * T);
      for (let b = 0; b < B; b++) {
        const o = Math.floor(((k + b) * last) / (rows - 1));
        x.set(data.subarray(o, o + T), b * T);
        y.set(data.subarray(o + 1, o + T + 1), b * T);
      }
      sum += model.loss({ data: x, shape: [B, T] }, { data: y, shape: [B, T] });
    }
    expect(held.at(-1).heldOutLoss).toBeCloseTo(sum / 2, 6);
    expect(held.at(-1).heldOutLoss).toBeLessThan(held[0].heldOutLoss);
    model.dispose();
    worker.dispose();
  });

  test('one seed fixes the run bit for bit; another seed gives another run', async () => {
    const runs = [await train(), await train(), await train({ seed: 6 })];
    const losses = runs.map((r) => r.progress.map((p) => p.loss ?? p.heldOutLoss));
    const params = await Promise.all(runs.map((r) => r.worker.parameters()));
    expect(losses[1]).toEqual(losses[0]);
    for (const name of Object.keys(params[0])) expect(params[1][name].data, name).toEqual(params[0][name].data);
    expect(params[2]['norm.weight'].data).not.toEqual(params[0]['norm.weight'].data);
    expect(losses[2]).not.toEqual(losses[0]);
    expect(runs[1].samples).toEqual(runs[0].samples);
    for (const r of runs) r.worker.dispose();
  });

  test('the snapshot loads with Model.fromLlama2c and gives the worker model\'s logits and greedy samples', async () => {
    const { samples, worker } = await train();
    const snap = await worker.snapshot();
    expect(snap.format).toBe('llama2c');
    expect(snap.step).toBe(30);
    expect(Buffer.from(snap.tokenizer).equals(Buffer.from(vocab.tokenizer()))).toBe(true);
    const loaded = attn.Model.fromLlama2c(snap.checkpoint, snap.tokenizer, { tokenizerKind: 'char' });
    const probe = Array.from(vocab.encode('the dog sat'));
    const mine = loaded.forward(probe, { returnAttention: true });
    const theirs = await worker.forward(probe, { returnAttention: true });
    expect(mine.logits.data).toEqual(theirs.logits.data);
    expect(mine.attention.data).toEqual(theirs.attention.data);
    expect(samples.map((s) => s.step)).toEqual([15, 30]);
    const last = samples.at(-1);
    expect(last.promptIds).toEqual(Array.from(vocab.encode('the ')));
    expect(last.ids).toHaveLength(12);
    const again = loaded.generate(last.promptIds, { maxNewTokens: 12, temperature: 0, stopAtEos: false });
    expect(again.ids).toEqual(last.ids);
    expect(vocab.decode(last.ids)).toBe(last.text);
    loaded.dispose();
    worker.dispose();
  });

  test('pause holds the step count, resume continues, cancel ends the run and keeps the weights', async () => {
    const worker = new attn.TrainerWorker();
    const progress = [];
    const run = worker.start({ ...RUN, steps: 5000, evalInterval: 0, sampleInterval: 0, onProgress: (p) => progress.push(p) });
    while (progress.length < 5) await macrotask();
    const paused = await worker.pause();
    expect(paused.state).toBe('paused');
    expect(worker.state).toBe('paused');
    for (let i = 0; i < 30; i++) await macrotask();
    expect(progress.at(-1).step).toBe(paused.step);
    await worker.resume();
    while (progress.at(-1).step < paused.step + 3) await macrotask();
    await worker.cancel();
    const result = await run;
    expect(result.state).toBe('cancelled');
    expect(worker.state).toBe('cancelled');
    expect(result.step).toBe(progress.at(-1).step);
    expect(result.step).toBeLessThan(5000);
    expect((await worker.snapshot()).step).toBe(result.step);
    worker.dispose();
    expect(worker.state).toBe('disposed');
    expect((await rejection(worker.snapshot())).message).toMatch(/disposed/);
  });

  test('bad input: an AttnscopeError naming the argument, from the client or from the model', async () => {
    const worker = new attn.TrainerWorker();
    const cases = [
      [{ train: [1, 2, 3] }, /opts\.train has 3 tokens; rows of seqLen 16 need at least 17/],
      [{ train: Int32Array.from(ids).fill(999, 3, 4) }, /opts\.train\[3\] is 999, outside the vocabulary 0\.\.\d+/],
      [{ steps: 0 }, /opts\.steps/],
      [{ batchSize: 1.5 }, /opts\.batchSize/],
      [{ config: { ...CONFIG, vocabSize: 7 } }, /vocabSize is 7 but the vocabulary has \d+ tokens/],
      [{ sample: { prompt: [] } }, /opts\.sample\.prompt/],
      [{ onProgress: 3 }, /opts\.onProgress must be a function/],
      [{ epochs: 3 }, /opts\.epochs is not an option/],
      [{ config: { ...CONFIG, nHeads: 3 } }, /Model\.create: .*nHeads|n_heads|dim/],
      [{ trainer: { learningRate: 0 } }, /learningRate/],
      [{ trainer: { learningRate: NaN } }, /learningRate/],
    ];
    for (const [overrides, message] of cases) {
      const e = await rejection(worker.start({ ...RUN, ...overrides }));
      expect(e, JSON.stringify(Object.keys(overrides))).toBeInstanceOf(attn.AttnscopeError);
      expect(e.message).toMatch(message);
    }
    // The worker still trains after all of that.
    const ok = await worker.start({ ...RUN, steps: 2 });
    expect(ok.state).toBe('done');
    worker.dispose();
  });
});
