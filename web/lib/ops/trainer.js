// Trainer: AdamW (torch.optim.AdamW), clip_grad_norm_ and llama2.c's
// learning-rate schedule over a Model made by Model.create, in the core
// (cpp/include/attnscope/train/adamw.h through TrainerHandle in
// wasm_bindings/train_bindings.cpp). One step = loss and gradients of one
// [B, T] batch, then one update; the Model's forward/generate see the new
// weights at once.
import { module } from '../runtime.js';
import { checkInt, checkOptions, fail } from '../tensor.js';
import { trainingState } from './model.js';
import {
  checkBatch, checkPartial, float32Text, passOptions, readTensors, withBatch, writeTensors,
} from './model_train.js';

const OPTIONS = ['learningRate', 'betas', 'eps', 'weightDecay', 'clipGradNorm', 'warmupSteps', 'decaySteps',
  'minLearningRate'];
const INTEGERS = ['warmupSteps']; // decaySteps too, when given


/**
 * The options, every one left out taken from the core's AdamWOptions
 * (torch.optim.AdamW's defaults; adamw.h): { public, core }. Only the types
 * are checked here; the ranges are AdamW::create's, which names the option.
 */
function trainerOptions(opts, fnName) {
  const o = checkOptions(opts, fnName, OPTIONS);
  const d = module().adamwDefaults();
  const number = (key) => {
    if (o[key] === undefined) return float32Text(d[key]);
    if (typeof o[key] !== 'number') fail(`${fnName}: opts.${key} must be a number (got ${typeof o[key]})`);
    return INTEGERS.includes(key) ? checkInt(o[key], `opts.${key}`) : o[key];
  };
  const betas = o.betas ?? [float32Text(d.beta1), float32Text(d.beta2)];
  if (!Array.isArray(betas) || betas.length !== 2 || betas.some((b) => typeof b !== 'number')) {
    fail(`${fnName}: opts.betas must be [beta1, beta2] (got ${JSON.stringify(betas)})`);
  }
  const decaySteps = o.decaySteps === undefined || o.decaySteps === null ? null : checkInt(o.decaySteps, 'opts.decaySteps', { min: 0 });
  const pub = {
    learningRate: number('learningRate'), betas: Object.freeze([...betas]), eps: number('eps'),
    weightDecay: number('weightDecay'), clipGradNorm: number('clipGradNorm'), warmupSteps: number('warmupSteps'),
    decaySteps, minLearningRate: number('minLearningRate'),
  };
  const core = { ...pub, beta1: betas[0], beta2: betas[1], decaySteps: decaySteps ?? -1 }; // < 0: no decay
  delete core.betas;
  return { pub: Object.freeze(pub), core };
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
    const status = h.create(st.h, o.core);
    if (status !== 0) {
      const message = h.error();
      h.dispose();
      h.delete();
      fail(`${fnName}: ${message}`);
    }
    this.#st = st;
    this.#h = h;
    this.#options = o.pub;
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
   * opts.accumulate: cut the batch into that many micro-batches whose
   * gradients add up before the one update (the same step as the whole
   * batch, up to float rounding, with a micro-batch's activation memory).
   * A refused step (bad ids, a non-finite loss or gradient) changes nothing.
   */
  step(inputs, targets, opts) {
    const fnName = 'Trainer.step';
    const h = this.#live(fnName);
    const st = this.#st;
    const batch = checkBatch(fnName, inputs, targets);
    const o = passOptions(opts, fnName);
    const status = withBatch(fnName, batch, (heap, x, y) => h.step(x, y, batch.B, batch.T, o));
    if (status !== 0) fail(`${fnName}: ${h.error()}`);
    st.epoch += 1; // the weights changed: a generation in progress replays its tokens
    return { ...h.result() };
  }

  /**
   * The optimiser's state, for a checkpoint: { steps, m, v } — the steps
   * taken and AdamW's first and second moments by parameter name (fresh
   * copies, the shapes of parameters()). With the model's parameters() it is
   * all a run needs to go on exactly where it was (setState).
   */
  state() {
    const h = this.#live('Trainer.state');
    const st = this.#st;
    return { steps: h.stepsTaken(), m: readTensors(st.M, h.momentsPtr(0), st.params), v: readTensors(st.M, h.momentsPtr(1), st.params) };
  }

  /**
   * Restores a state() of a trainer of a model of the same config: every
   * moment must be there, of its shape, finite (v >= 0), checked before
   * anything is written. The weights are the model's (setParameters).
   */
  setState(state) {
    const fnName = 'Trainer.setState';
    const h = this.#live(fnName);
    const st = this.#st;
    if (state === null || typeof state !== 'object') fail(`${fnName}: state must be { steps, m, v } as state() gives (got ${typeof state})`);
    const steps = checkInt(state.steps, 'state.steps', { min: 0, max: 2 ** 31 - 1 });
    const writes = ['m', 'v'].map((k) => {
      const w = checkPartial(fnName, state[k], st.params, `state.${k}`);
      if (w.length !== st.params.length) {
        const missing = st.params.find((p) => !Object.hasOwn(state[k], p.name));
        fail(`${fnName}: state.${k} has no '${missing.name}'; every parameter needs its moment`);
      }
      return w;
    });
    for (const [p, data] of writes[1]) {
      const bad = data.findIndex((x) => x < 0);
      if (bad >= 0) fail(`${fnName}: state.v['${p.name}'].data[${bad}] is ${data[bad]}; second moments are never negative`);
    }
    writeTensors(st.M, h.momentsPtr(0), writes[0]);
    writeTensors(st.M, h.momentsPtr(1), writes[1]);
    if (h.setStepsTaken(steps) !== 0) fail(`${fnName}: ${h.error()}`);
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
