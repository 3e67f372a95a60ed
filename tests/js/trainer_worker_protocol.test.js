// The TrainerWorker protocol (web/lib/worker/trainer_server.js) with a
// recording stand-in for Model.create + Trainer: what batches the trainer is
// given, when progress, held-out losses and samples are sent, and that pause,
// resume and cancel land exactly between two steps. The real model's
// training is tested in trainer_worker.test.js.
import { describe, expect, test } from 'vitest';
import { createTrainerServer } from '../../web/lib/worker/trainer_server.js';
import { macrotask } from '../../web/lib/ops/macrotask.js';

/** A fake Model/Trainer pair recording every call; loss = 10 / step. */
function fakes({ failAt = 0 } = {}) {
  const log = { steps: [], losses: [], generated: [], disposed: 0 };
  class Model {
    static create(config, opts) { return new Model(config, opts); }
    constructor(config, opts) { this.config = { arch: 'llama', ...config }; this.opts = opts; }
    loss(inputs, targets) { log.losses.push({ inputs: Array.from(inputs.data), targets: Array.from(targets.data) }); return 5 + log.steps.length; }
    generate(prompt, opts) { log.generated.push({ prompt, opts }); return { ids: [7], promptIds: prompt, text: 'x', stopReason: 'maxNewTokens' }; }
    toLlama2c() { return new Uint8Array([1, 2, 3, log.steps.length]); }
    save() { return new Uint8Array([9]); }
    parameters() { return { w: { data: new Float32Array([log.steps.length]), shape: [1] } }; }
    dispose() { log.disposed += 1; }
  }
  class Trainer {
    constructor(model, opts) { this.model = model; this.opts = opts; this.n = 0; }
    step(inputs, targets) {
      if (failAt && this.n + 1 === failAt) throw new Error('Trainer.step: the loss is NaN; the weights were not changed');
      this.n += 1;
      log.steps.push({ inputs: Array.from(inputs.data), targets: Array.from(targets.data), shape: inputs.shape });
      return { step: this.n, loss: 10 / this.n, gradNorm: 1, learningRate: 0.001 };
    }
  }
  const llama2cMismatch = (c) => (c.arch === 'llama' ? null : 'arch is gpt2');
  return { log, deps: { Model, Trainer, ready: async () => {}, llama2cMismatch } };
}

/** A server and a way to send it requests; replies collected per id. */
function server(deps) {
  const events = [];
  const replies = new Map();
  const serve = createTrainerServer((m) => {
    if (m.progress || m.sample) events.push(m);
    else replies.set(m.id, m);
  }, deps);
  let next = 1;
  const send = (op, args) => { const id = next++; const done = serve({ id, op, args }); return { id, done }; };
  return { events, replies, send };
}

const TRAIN = Int32Array.from({ length: 200 }, (_, i) => 3 + (i % 50));
const HELD = Int32Array.from({ length: 60 }, (_, i) => 100 + i);
const START = {
  config: { dim: 8, vocabSize: 200, seqLen: 16 }, seed: 7, trainer: { learningRate: 0.01 },
  train: TRAIN, heldOut: HELD, batchSize: 2, seqLen: 4, steps: 10, evalInterval: 4, evalBatches: 2,
  sampleInterval: 5, sample: { prompt: [3, 4], maxNewTokens: 5, temperature: 0 },
};

describe('TrainerWorker protocol', () => {
  test('each row is a window of the text and its targets the same window shifted by one', async () => {
    const { log, deps } = fakes();
    const s = server(deps);
    await s.send('start', START).done;
    expect(log.steps).toHaveLength(10);
    for (const { inputs, targets, shape } of log.steps) {
      expect(shape).toEqual([2, 4]);
      for (let b = 0; b < 2; b++) {
        const row = inputs.slice(b * 4, b * 4 + 4), next = targets.slice(b * 4, b * 4 + 4);
        const o = TRAIN.findIndex((_, i) => i + 5 <= TRAIN.length && row.every((x, k) => TRAIN[i + k] === x));
        expect(o).toBeGreaterThanOrEqual(0);
        expect(next).toEqual(Array.from(TRAIN.subarray(o + 1, o + 5)));
      }
    }
  });

  test('the seed fixes every batch; another seed gives other batches', async () => {
    const runs = [];
    for (const seed of [7, 7, 8]) {
      const { log, deps } = fakes();
      await server(deps).send('start', { ...START, seed }).done;
      runs.push(log.steps.map((s) => s.inputs));
    }
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).not.toEqual(runs[0]);
  });

  test('progress after every step; held-out loss at 0, every evalInterval and the last step; samples every sampleInterval', async () => {
    const { log, deps } = fakes();
    const s = server(deps);
    const { id, done } = s.send('start', START);
    await done;
    const progress = s.events.filter((e) => e.progress).map((e) => e.progress);
    expect(progress.map((p) => p.step)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(progress.slice(1).map((p) => p.loss)).toEqual(log.steps.map((_, i) => 10 / (i + 1)));
    expect(progress.filter((p) => p.heldOutLoss !== undefined).map((p) => p.step)).toEqual([0, 4, 8, 10]);
    // Held-out rows: the same fixed windows of the held-out tokens at every evaluation.
    expect(log.losses).toHaveLength(4 * 2);
    expect(log.losses[0]).toEqual(log.losses[2]);
    expect(log.losses[0].inputs.slice(0, 4)).toEqual([100, 101, 102, 103]);
    expect(log.losses[1].inputs.slice(4, 8)).toEqual(Array.from(HELD.subarray(55, 59)));
    const samples = s.events.filter((e) => e.sample).map((e) => e.sample);
    expect(samples.map((x) => x.step)).toEqual([5, 10]);
    expect(samples[0]).toEqual({ step: 5, promptIds: [3, 4], ids: [7], text: 'x' });
    expect(log.generated[0]).toEqual({ prompt: [3, 4], opts: { maxNewTokens: 5, temperature: 0, stopAtEos: false } });
    for (const p of progress.slice(1)) {
      expect(p.tokensPerSecond).toBeGreaterThan(0);
      expect(p.secondsLeft).toBeGreaterThanOrEqual(0);
      expect(p.learningRate).toBe(0.001);
    }
    expect(progress.at(-1).secondsLeft).toBe(0);
    expect(s.replies.get(id).value).toMatchObject({ state: 'done', step: 10, loss: 1 });
  });

  test('pause lands between two steps: no step runs until resume; cancel ends the run and keeps the model', async () => {
    const { log, deps } = fakes();
    const s = server(deps);
    const run = s.send('start', { ...START, steps: 1000, evalInterval: 0, sampleInterval: 0 });
    while (log.steps.length < 3) await macrotask();
    const paused = s.send('pause');
    await paused.done;
    const at = s.replies.get(paused.id).value.step;
    expect(at).toBe(log.steps.length);
    for (let i = 0; i < 20; i++) await macrotask();
    expect(log.steps.length).toBe(at);
    // While paused the model answers other requests.
    const snap = s.send('snapshot');
    await snap.done;
    expect(Array.from(s.replies.get(snap.id).value.checkpoint)).toEqual([1, 2, 3, at]);
    await s.send('resume').done;
    while (log.steps.length < at + 3) await macrotask();
    const cancelled = s.send('cancel');
    await cancelled.done;
    await run.done;
    const result = s.replies.get(run.id).value;
    expect(result.state).toBe('cancelled');
    expect(result.step).toBe(log.steps.length);
    expect(result.step).toBeLessThan(1000);
    const params = s.send('parameters');
    await params.done;
    expect(s.replies.get(params.id).value.w.data[0]).toBe(result.step);
  });

  test('a failing step ends the run with its message; the model stays for a snapshot; a new start works', async () => {
    const { log, deps } = fakes({ failAt: 4 });
    const s = server(deps);
    const run = s.send('start', START);
    await run.done;
    expect(s.replies.get(run.id).error.message).toMatch(/loss is NaN/);
    expect(log.steps).toHaveLength(3);
    const snap = s.send('snapshot');
    await snap.done;
    expect(s.replies.get(snap.id).value).toMatchObject({ format: 'llama2c', step: 3 });
    const again = s.send('start', { ...START, steps: 2 });
    await again.done;
    expect(s.replies.get(again.id).value.state).toBe('done');
    expect(log.disposed).toBe(1); // the failed run's model was freed
  });

  test('a pause that comes while the core loads is kept: no step runs until resume', async () => {
    const { log, deps } = fakes();
    let loaded;
    const s = server({ ...deps, ready: () => new Promise((resolve) => { loaded = resolve; }) });
    const run = s.send('start', { ...START, steps: 4 });
    const pause = s.send('pause');
    await pause.done;
    expect(s.replies.get(pause.id).value).toEqual({ state: 'paused', step: 0 });
    loaded();
    for (let i = 0; i < 20; i++) await macrotask();
    expect(log.steps).toEqual([]);
    await s.send('resume').done;
    await run.done;
    expect(s.replies.get(run.id).value).toMatchObject({ state: 'done', step: 4 });
  });

  test('a second start while one runs is refused; snapshot before any start says so', async () => {
    const { log, deps } = fakes();
    const s = server(deps);
    const snap = s.send('snapshot');
    await snap.done;
    expect(s.replies.get(snap.id).error.message).toMatch(/no model yet/);
    const run = s.send('start', { ...START, steps: 1000 });
    while (log.steps.length < 1) await macrotask();
    const second = s.send('start', START);
    await second.done;
    expect(s.replies.get(second.id).error.message).toMatch(/a run is in progress/);
    await s.send('cancel').done;
    await run.done;
    expect(s.replies.get(run.id).value.state).toBe('cancelled');
  });
});
