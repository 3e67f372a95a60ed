// Trainer: AdamW (torch.optim.AdamW), clip_grad_norm_ and llama2.c's
// learning-rate schedule over a Model made by Model.create, in the core
// (cpp/include/attnscope/train/adamw.h through TrainerHandle in
// wasm_bindings/train_bindings.cpp). One step = loss and gradients of one
// [B, T] batch, then one update; the Model's forward/generate see the new
// weights at once.
import { module } from '../runtime.js';
import { checkInt, checkNumber, checkOptions, fail } from '../tensor.js';
import { trainingState } from './model.js';
import { checkBatch, withBatch } from './model_train.js';

const OPTIONS = ['learningRate', 'betas', 'eps', 'weightDecay', 'clipGradNorm', 'warmupSteps', 'decaySteps',
  'minLearningRate'];

/** The options with torch.optim.AdamW's defaults (no clipping, no schedule), every one checked. */
function trainerOptions(opts, fnName) {
  const o = checkOptions(opts, fnName, OPTIONS);
  const betas = o.betas ?? [0.9, 0.999];
  if (!Array.isArray(betas) || betas.length !== 2) fail(`${fnName}: opts.betas must be [beta1, beta2] (got ${JSON.stringify(betas)})`);
  const out = {
    learningRate: checkNumber(o.learningRate ?? 1e-3, 'opts.learningRate', { positive: true }),
    betas: betas.map((b, i) => checkNumber(b, `opts.betas[${i}]`, { nonNegative: true })),
    eps: checkNumber(o.eps ?? 1e-8, 'opts.eps', { positive: true }),
    weightDecay: checkNumber(o.weightDecay ?? 0.01, 'opts.weightDecay', { nonNegative: true }),
    clipGradNorm: checkNumber(o.clipGradNorm ?? 0, 'opts.clipGradNorm', { nonNegative: true }),
    warmupSteps: checkInt(o.warmupSteps ?? 0, 'opts.warmupSteps', { min: 0 }),
    decaySteps: o.decaySteps === undefined || o.decaySteps === null ? null : checkInt(o.decaySteps, 'opts.decaySteps', { min: 0 }),
    minLearningRate: checkNumber(o.minLearningRate ?? 0, 'opts.minLearningRate', { nonNegative: true }),
  };
  out.betas.forEach((b, i) => { if (!(b < 1)) fail(`${fnName}: opts.betas[${i}] must be below 1 (got ${b})`); });
  if (out.decaySteps !== null && out.decaySteps < out.warmupSteps) {
    fail(`${fnName}: opts.decaySteps (${out.decaySteps}) must be at least opts.warmupSteps (${out.warmupSteps})`);
  }
  return Object.freeze({ ...out, betas: Object.freeze(out.betas) });
}

export class Trainer {
  #st; #h; #options;
  #disposed = false;
  #release = () => this.#free();

  /**
   * new Trainer(model, { learningRate, betas, eps, weightDecay, clipGradNorm,
   * warmupSteps, decaySteps, minLearningRate }) for a Model made by Model.create.
   */
  constructor(model, opts) {
    const fnName = 'new Trainer';
    const st = trainingState(model, fnName);
    const o = trainerOptions(opts, fnName);
    const h = new (module().TrainerHandle)();
    const status = h.create(st.h, o.learningRate, o.betas[0], o.betas[1], o.eps, o.weightDecay, o.clipGradNorm,
      o.warmupSteps, o.decaySteps ?? -1, o.minLearningRate);
    if (status !== 0) {
      const message = h.error();
      h.dispose();
      h.delete();
      fail(`${fnName}: ${message}`);
    }
    this.#st = st;
    this.#h = h;
    this.#options = o;
    st.trainers.add(this.#release);
  }

  /** The options in use, defaults filled in. */
  get options() { return this.#options; }
  /** Steps taken so far (the `it` of the next step). */
  get steps() { return this.#live('Trainer.steps').stepsTaken(); }
  get disposed() { return this.#disposed; }

  /** llama2.c's get_lr(it): the learning rate step `it` (counted from 0) uses. */
  learningRateAt(it) {
    const h = this.#live('Trainer.learningRateAt');
    return h.learningRateAt(checkInt(it, 'it', { min: 0 }));
  }

  /**
   * One AdamW step on the batch: { step (steps taken, this one included),
   * loss (before the update), gradNorm (before clipping), learningRate }.
   * A refused step (bad ids, a non-finite loss or gradient) changes nothing.
   */
  step(inputs, targets) {
    const fnName = 'Trainer.step';
    const h = this.#live(fnName);
    const st = this.#st;
    const batch = checkBatch(fnName, inputs, targets, st);
    const status = withBatch(fnName, batch, (heap, x, y) => h.step(x, y, batch.B, batch.T));
    if (status !== 0) fail(`${fnName}: ${h.error()}`);
    st.epoch += 1; // the weights changed: a generation in progress replays its tokens
    return { ...h.result() };
  }

  /** Frees the optimiser's moments; later calls throw. The model stays usable. */
  dispose() {
    if (this.#disposed) return;
    this.#st.trainers.delete(this.#release);
    this.#free();
  }

  #free() {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#h.dispose();
    this.#h.delete();
  }

  #live(fnName) {
    if (this.#st.disposed) fail(`${fnName}: the model has been disposed`);
    if (this.#disposed) fail(`${fnName}: the trainer has been disposed`);
    return this.#h;
  }
}
