// Runs that survive: Trainer.state()/setState() carry AdamW's moments and
// step count, and a TrainerWorker run resumed from a checkpoint (weights +
// optimiser state, taken at a pause or every checkpointSeconds) takes the
// very steps of the run never interrupted, bit for bit; a start can begin
// paused. (A worker that dies, a reload and a hidden tab: tests/e2e/train_resume.test.js.)
import { beforeAll, describe, expect, test } from 'vitest';
import * as attn from '../../web/lib/node.js';
import { macrotask } from '../../web/lib/ops/macrotask.js';

const TEXT = 'the cat sat on the mat. the dog sat on the log. '.repeat(12);
const vocab = attn.buildVocabulary(TEXT);
const ids = vocab.encode(TEXT);
const cut = Math.floor(ids.length * 0.9);
const CONFIG = { arch: 'llama', dim: 16, hiddenDim: 32, nLayers: 1, nHeads: 2, nKvHeads: 2, seqLen: 16, vocabSize: vocab.vocabSize, dropout: 0.1 };
const TRAINER = { learningRate: 1e-2, warmupSteps: 2, decaySteps: 30, minLearningRate: 1e-3, clipGradNorm: 1 };
const RUN = {
  config: CONFIG, vocabulary: vocab, seed: 5, trainer: TRAINER, train: ids.subarray(0, cut), heldOut: ids.subarray(cut),
  batchSize: 4, seqLen: 16, steps: 30, evalInterval: 10, evalBatches: 2, sampleInterval: 15,
  sample: { prompt: 'the ', maxNewTokens: 12, temperature: 0 },
};
const X = [[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]], Y = X.map((r) => r.map((i) => (i + 1) % 9));
const rejection = (promise) => promise.then(() => null, (e) => e);

beforeAll(() => attn.ready());

describe('Trainer.state and setState', () => {
  const config = { dim: 16, hiddenDim: 32, nLayers: 1, nHeads: 2, vocabSize: 9, seqLen: 8 };
  const options = { learningRate: 1e-2, warmupSteps: 2, decaySteps: 6, clipGradNorm: 1 };

  test('three steps, the state moved to a fresh model and trainer, three more: the six-step run bit for bit', () => {
    const a = attn.Model.create(config, { seed: 1 }), ta = new attn.Trainer(a, options);
    const six = Array.from({ length: 6 }, () => ta.step(X, Y));
    const b = attn.Model.create(config, { seed: 1 }), tb = new attn.Trainer(b, options);
    for (let s = 0; s < 3; s++) tb.step(X, Y);
    const c = attn.Model.create(config, { seed: 9 }), tc = new attn.Trainer(c, options);
    c.setParameters(b.parameters());
    const state = tb.state();
    expect(state.steps).toBe(3);
    expect(Object.keys(state.m)).toEqual(Object.keys(b.parameters()));
    tc.setState(state);
    expect(tc.steps).toBe(3);
    const rest = Array.from({ length: 3 }, () => tc.step(X, Y));
    expect(rest).toEqual(six.slice(3));
    const pa = a.parameters(), pc = c.parameters();
    for (const name of Object.keys(pa)) expect(pc[name].data, name).toEqual(pa[name].data);
    // Without the moments (a fresh optimiser at step 3) the run differs: the state is what carries it.
    const d = attn.Model.create(config, { seed: 9 }), td = new attn.Trainer(d, options);
    d.setParameters(b.parameters());
    td.setState({ ...state, m: zeros(state.m), v: zeros(state.v) });
    expect(td.step(X, Y).loss).toBe(rest[0].loss); // same weights: the same loss before the update
    expect(d.parameters()['norm.weight'].data).not.toEqual(c.parameters()['norm.weight'].data);
    for (const m of [a, b, c, d]) m.dispose();
  });

  test('a bad state is refused by name and nothing is written', () => {
    const m = attn.Model.create(config), t = new attn.Trainer(m, options);
    t.step(X, Y);
    const good = t.state();
    const refused = (state, pattern) => {
      expect(() => t.setState(state)).toThrow(pattern);
      expect(t.state()).toEqual(good);
    };
    const name = Object.keys(good.m)[0];
    const { [name]: _, ...missing } = good.m;
    refused({ ...good, m: missing }, new RegExp(`state\\.m has no '${name.replace(/\./g, '\\.')}'`));
    refused({ ...good, steps: -1 }, /state\.steps must be at least 0/);
    refused({ ...good, v: { ...good.v, [name]: { data: good.v[name].data.map(() => -1), shape: good.v[name].shape } } }, /second moments are never negative/);
    refused({ ...good, m: { ...good.m, [name]: { data: new Float32Array(1), shape: [1] } } }, /state\.m\['.*'\]\.shape is \[1\]/);
    refused(null, /state must be \{ steps, m, v \}/);
    m.dispose();
  });
});

function zeros(tensors) {
  return Object.fromEntries(Object.entries(tensors).map(([n, t]) => [n, { data: new Float32Array(t.data.length), shape: t.shape }]));
}

/** Runs RUN with these options to its end; { progress, samples, checkpoints, result, worker }. */
async function run(opts = {}) {
  const worker = new attn.TrainerWorker();
  const progress = [], samples = [], checkpoints = [];
  const result = await worker.start({ ...RUN, ...opts, onProgress: (p) => progress.push(p), onSample: (s) => samples.push(s), onCheckpoint: (c) => checkpoints.push(c) });
  return { progress, samples, checkpoints, result, worker };
}

describe('TrainerWorker checkpoints', () => {
  test('a run paused at step k, checkpointed, cancelled and resumed elsewhere takes the uninterrupted run\'s steps, bit for bit', async () => {
    const whole = await run();
    // The interrupted run: pause after step 12, take the checkpoint, cancel.
    const first = new attn.TrainerWorker();
    const seen = [];
    const going = first.start({ ...RUN, onProgress: (p) => seen.push(p) });
    while (!seen.some((p) => p.step >= 12)) await macrotask();
    const paused = await first.pause();
    const checkpoint = await first.checkpoint();
    expect(checkpoint.step).toBe(paused.step);
    expect(first.lastCheckpoint).toBe(checkpoint);
    await first.cancel();
    expect((await going).state).toBe('cancelled');
    first.dispose();
    // Resumed in another worker (as after a reload): steps k + 1 .. 30.
    const rest = await run({ resume: checkpoint });
    expect(rest.result).toMatchObject({ state: 'done', step: 30 });
    expect(rest.progress.map((p) => p.step)).toEqual(Array.from({ length: 30 - checkpoint.step }, (_, i) => checkpoint.step + 1 + i));
    const strip = (p) => ({ step: p.step, loss: p.loss, gradNorm: p.gradNorm, learningRate: p.learningRate, heldOutLoss: p.heldOutLoss });
    expect(rest.progress.map(strip)).toEqual(whole.progress.filter((p) => p.step > checkpoint.step).map(strip));
    expect(rest.samples).toEqual(whole.samples.filter((s) => s.step > checkpoint.step));
    const [pw, pr] = await Promise.all([whole.worker.parameters(), rest.worker.parameters()]);
    for (const name of Object.keys(pw)) expect(pr[name].data, name).toEqual(pw[name].data);
    // The plausible slip, resuming without skipping the batches already taken: another run.
    expect(checkpoint.step).toBeGreaterThan(0);
    whole.worker.dispose();
    rest.worker.dispose();
  });

  test('checkpointSeconds: checkpoints while training and one at the end; lastCheckpoint is the latest', async () => {
    const r = await run({ checkpointSeconds: 1e-6 });
    expect(r.checkpoints.length).toBeGreaterThan(5);
    expect(r.checkpoints.at(-1).step).toBe(30);
    expect(r.worker.lastCheckpoint).toBe(r.checkpoints.at(-1));
    const steps = r.checkpoints.map((c) => c.step);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    // A checkpoint of the end resumes to an immediate 'done' with the same weights.
    const again = await run({ resume: r.checkpoints.at(-1) });
    expect(again.result).toMatchObject({ state: 'done', step: 30 });
    expect(again.progress).toEqual([]);
    for (const w of [r.worker, again.worker]) w.dispose();
  });

  test('paused: true holds before the first step; resume() goes on', async () => {
    const worker = new attn.TrainerWorker();
    const progress = [];
    const going = worker.start({ ...RUN, steps: 3, paused: true, onProgress: (p) => progress.push(p) });
    for (let i = 0; i < 20; i++) await macrotask();
    expect(worker.state).toBe('paused');
    expect(progress.filter((p) => p.step > 0)).toEqual([]);
    await worker.resume();
    expect((await going).state).toBe('done');
    worker.dispose();
  });

  test('a checkpoint of another model or of the wrong form is refused', async () => {
    const worker = new attn.TrainerWorker();
    const r = await run({ steps: 2 });
    const c = await r.worker.checkpoint();
    expect((await rejection(worker.start({ ...RUN, resume: { step: 2 } }))).message).toMatch(/opts\.resume must be a checkpoint/);
    expect((await rejection(worker.start({ ...RUN, resume: { ...c, step: 5 } }))).message).toMatch(/opts\.resume\.optimizer\.steps \(2\) is not opts\.resume\.step \(5\)/);
    const other = await rejection(worker.start({ ...RUN, config: { ...CONFIG, dim: 32 }, resume: c }));
    expect(other.message).toMatch(/Model\.setParameters: parameters\['.*'\]\.shape is/);
    r.worker.dispose();
    worker.dispose();
  });
});
