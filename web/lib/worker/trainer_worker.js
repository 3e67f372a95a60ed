// TrainerWorker: a Model.create model and its Trainer in a module Web Worker,
// so a page stays responsive while a model learns. start() resolves when the
// run ends; progress and samples arrive through callbacks; pause, resume and
// cancel land between two steps; snapshot() brings the weights back as
// checkpoint bytes (transferred, not copied). A run can go on from a
// checkpoint (its weights and optimiser state, taken every checkpointSeconds
// and kept as lastCheckpoint): after a reload, or after the worker died —
// which start() reports, naming the step and the checkpoint kept. Where
// there is no Worker (Node) — or with { inProcess: true } — the same messages
// go to a trainer in this thread, which then yields after every step.
import { AttnscopeError } from '../errors.js';
import { macrotask } from '../ops/macrotask.js';
import { Vocabulary } from '../ops/vocabulary.js';
import { checkBool, checkEnum, checkInt, checkNumber, checkOptions, fail } from '../tensor.js';
import { typeName } from '../ops/model_load.js';
import { createTrainerServer } from './trainer_server.js';

const START_KEYS = [
  'config', 'seed', 'trainer', 'train', 'heldOut', 'batchSize', 'seqLen', 'steps', 'evalInterval', 'evalBatches',
  'sampleInterval', 'sample', 'vocabulary', 'tokenizer', 'tokenizerKind', 'backend', 'onProgress', 'onSample',
  'checkpointSeconds', 'onCheckpoint', 'resume', 'paused',
];
const SAMPLE_KEYS = ['prompt', 'maxNewTokens', 'temperature', 'seed', 'topK'];
/**
 * Int32Array copy of a token stream, each id a whole number >= 0 (the worker
 * checks them against the model's vocabulary once it has made the model).
 */
function tokenStream(v, name, T) {
  if (!Array.isArray(v) && !(ArrayBuffer.isView(v) && !(v instanceof DataView))) {
    fail(`TrainerWorker.start: opts.${name} must be an Int32Array or an array of token ids (got ${typeName(v)})`);
  }
  if (v.length < T + 1) fail(`TrainerWorker.start: opts.${name} has ${v.length} tokens; rows of seqLen ${T} need at least ${T + 1}`);
  const out = Int32Array.from(v);
  for (let i = 0; i < out.length; i++) {
    if (out[i] !== v[i] || out[i] < 0) fail(`TrainerWorker.start: opts.${name}[${i}] is ${v[i]}, not a token id`);
  }
  return out;
}

function bytesCopy(v, name) {
  if (v instanceof ArrayBuffer) return new Uint8Array(v.slice(0));
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength));
  return fail(`TrainerWorker.start: opts.${name} must be an ArrayBuffer or a Uint8Array (got ${typeName(v)})`);
}

/** The start options, checked and made cloneable ({ message, callbacks }). */
function startMessage(opts) {
  const o = checkOptions(opts, 'TrainerWorker.start', START_KEYS);
  if (!o.config || typeof o.config !== 'object') fail('TrainerWorker.start: opts.config must be a model config object (as Model.create takes)');
  for (const k of ['onProgress', 'onSample', 'onCheckpoint']) if (o[k] !== undefined && typeof o[k] !== 'function') fail(`TrainerWorker.start: opts.${k} must be a function`);
  const vocab = o.vocabulary;
  if (vocab !== undefined && !(vocab instanceof Vocabulary)) fail('TrainerWorker.start: opts.vocabulary must be a Vocabulary (from buildVocabulary)');
  const config = { ...o.config };
  if (vocab && config.vocabSize === undefined) config.vocabSize = vocab.vocabSize;
  if (vocab && config.vocabSize !== vocab.vocabSize) fail(`TrainerWorker.start: opts.config.vocabSize is ${config.vocabSize} but the vocabulary has ${vocab.vocabSize} tokens`);
  const T = checkInt(o.seqLen ?? config.seqLen ?? 0, 'opts.seqLen', { min: 1 });
  const tokenizer = vocab ? vocab.tokenizer() : o.tokenizer == null ? null : bytesCopy(o.tokenizer, 'tokenizer');
  const message = {
    config, tokenizer,
    tokenizerKind: vocab ? vocab.tokenizerKind : checkEnum(o.tokenizerKind ?? 'bpe', 'opts.tokenizerKind', ['bpe', 'char']),
    seed: checkInt(o.seed ?? 1, 'opts.seed', { min: 0, max: 2 ** 32 - 1 }),
    trainer: { ...checkOptions(o.trainer, 'TrainerWorker.start (opts.trainer)', ['learningRate', 'betas', 'eps', 'weightDecay', 'clipGradNorm', 'warmupSteps', 'decaySteps', 'minLearningRate']) },
    train: tokenStream(o.train, 'train', T),
    heldOut: o.heldOut == null ? null : tokenStream(o.heldOut, 'heldOut', T),
    batchSize: checkInt(o.batchSize ?? 8, 'opts.batchSize', { min: 1, max: 4096 }),
    seqLen: T,
    steps: checkInt(o.steps, 'opts.steps', { min: 1 }),
    evalInterval: checkInt(o.evalInterval ?? 100, 'opts.evalInterval', { min: 0 }),
    evalBatches: checkInt(o.evalBatches ?? 4, 'opts.evalBatches', { min: 1, max: 1024 }),
    sampleInterval: checkInt(o.sampleInterval ?? 200, 'opts.sampleInterval', { min: 0 }),
    sample: null,
    backend: o.backend,
    checkpointSeconds: checkNumber(o.checkpointSeconds ?? 0, 'opts.checkpointSeconds', { nonNegative: true }),
    resume: o.resume == null ? null : resumeOf(o.resume),
    paused: checkBool(o.paused ?? false, 'opts.paused'),
  };
  if (o.sample != null) {
    const s = { ...checkOptions(o.sample, 'TrainerWorker.start (opts.sample)', SAMPLE_KEYS) };
    if (typeof s.prompt === 'string' && vocab) s.prompt = Array.from(vocab.encode(s.prompt));
    if (typeof s.prompt === 'string') {
      if (!tokenizer) fail('TrainerWorker.start: opts.sample.prompt is text but there is no tokenizer; pass opts.vocabulary or token ids');
    } else {
      if (!Array.isArray(s.prompt) || s.prompt.length === 0) fail('TrainerWorker.start: opts.sample.prompt must be a non-empty string or array of token ids');
      s.prompt.forEach((id, i) => {
        if (!Number.isInteger(id) || id < 0) fail(`TrainerWorker.start: opts.sample.prompt[${i}] is ${id}, not a token id`);
      });
    }
    message.sample = s;
  }
  return { message, callbacks: { onProgress: o.onProgress, onSample: o.onSample, onCheckpoint: o.onCheckpoint } };
}

/** A checkpoint's form ({ step, parameters, optimizer }); the worker checks its names and shapes. */
function resumeOf(c) {
  if (c === null || typeof c !== 'object' || typeof c.parameters !== 'object' || typeof c.optimizer !== 'object') {
    fail('TrainerWorker.start: opts.resume must be a checkpoint { step, parameters, optimizer } (onCheckpoint, lastCheckpoint or checkpoint())');
  }
  checkInt(c.step, 'opts.resume.step', { min: 0 });
  if (c.optimizer.steps !== c.step) fail(`TrainerWorker.start: opts.resume.optimizer.steps (${c.optimizer.steps}) is not opts.resume.step (${c.step})`);
  return { step: c.step, parameters: c.parameters, optimizer: c.optimizer };
}

export class TrainerWorker {
  #send; #stop; #pending = new Map(); #nextId = 1; #closed = false; #state = 'idle'; #step = 0; #runId = 0;
  #inProcess; #checkpoint = null;

  /** opts: { backend, inProcess } (inProcess: default true where there is no Worker, as in Node). */
  constructor(opts) {
    const o = checkOptions(opts, 'new TrainerWorker', ['backend', 'inProcess']);
    this.#inProcess = checkBool(o.inProcess ?? typeof Worker !== 'function', 'opts.inProcess');
    this.backend = o.backend;
    this.#spawn();
  }

  /** 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed' | 'disposed' */
  get state() { return this.#closed ? 'disposed' : this.#state; }
  /** Steps taken in the current (or last) run. */
  get step() { return this.#step; }
  /**
   * The last checkpoint { step, parameters, optimizer } the worker sent
   * (onCheckpoint's, or checkpoint()'s), or null: start({ ...the same
   * options, resume: it }) goes on from there. It outlives a worker that died.
   */
  get lastCheckpoint() { return this.#checkpoint; }

  /**
   * Creates a fresh model (Model.create(config, { seed })) and trains it —
   * from opts.resume's checkpoint when given —; resolves to { state: 'done' |
   * 'cancelled', step, loss, elapsedSeconds }. See train.d.ts for every option.
   */
  start(opts) {
    let parsed;
    try {
      if (this.#state === 'running' || this.#state === 'paused') fail('TrainerWorker.start: a run is in progress; cancel it first');
      parsed = startMessage(opts);
    } catch (e) {
      return Promise.reject(e);
    }
    const { message, callbacks } = parsed;
    if (message.backend === undefined) message.backend = this.backend;
    this.#state = message.paused ? 'paused' : 'running';
    this.#step = message.resume?.step ?? 0;
    if (message.resume) this.#checkpoint = message.resume; // the run's own state until its next checkpoint
    if (!this.#send) this.#spawn(); // the last worker died
    return new Promise((resolve, reject) => {
      this.#runId = this.#post('start', message, {
        progress: (p) => { this.#step = p.step; callbacks.onProgress?.(p); },
        sample: (s) => callbacks.onSample?.(s),
        checkpoint: (c) => { this.#checkpoint = c; callbacks.onCheckpoint?.(c); },
        resolve: (v) => { this.#state = v.state; this.#step = v.step; resolve(v); },
        reject: (e) => { if (!this.#closed) this.#state = 'failed'; reject(e); },
      }, [message.train.buffer, ...(message.heldOut ? [message.heldOut.buffer] : [])]);
    });
  }

  /** The run's weights and optimiser state now, as a checkpoint (also kept as lastCheckpoint). */
  async checkpoint() {
    const c = await this.#request('checkpoint');
    this.#checkpoint = c;
    return c;
  }

  /** Stops after the current step; resolves to { state, step } once no further step will run. */
  pause() { return this.#control('pause'); }
  /** Continues a paused run. */
  resume() { return this.#control('resume'); }
  /** Ends the run after the current step (start() then resolves with state 'cancelled'); the weights stay. */
  cancel() { return this.#control('cancel'); }

  /**
   * The weights now, as checkpoint bytes: { checkpoint, format: 'llama2c' | 'agpt',
   * tokenizer, step, config }. opts.format: 'auto' (default: llama2.c when the
   * architecture fits), 'llama2c' or 'agpt'.
   */
  snapshot(opts) {
    const o = checkOptions(opts, 'TrainerWorker.snapshot', ['format']);
    const format = checkEnum(o.format ?? 'auto', 'opts.format', ['auto', 'llama2c', 'agpt']);
    return this.#request('snapshot', { format });
  }

  /** model.parameters() of the worker's model ({ [name]: Tensor }, transferred). */
  parameters() { return this.#request('parameters'); }
  /** model.toHuggingFace() of the worker's model: { 'config.json': string, 'model.safetensors': Uint8Array }. */
  toHuggingFace() { return this.#request('toHuggingFace'); }
  /** model.generate(prompt, opts) in the worker (between two steps while training). */
  generate(prompt, opts) { return this.#request('generate', [prompt, opts]); }
  /** model.forward(ids, opts) in the worker; { returnAttention: true } gives [L, H, T, T]. */
  forward(ids, opts) { return this.#request('forward', [ids, opts]); }

  /** Stops the worker and frees its memory; pending calls reject, later calls throw. */
  dispose() {
    if (this.#closed) return;
    this.#closed = true;
    this.#stop?.();
    this.#failAll('TrainerWorker: disposed');
  }

  // A trainer behind messages: a module Worker, or a server in this thread.
  #spawn() {
    const receive = (m) => this.#receive(m);
    if (this.#inProcess) {
      const serve = createTrainerServer((m) => { macrotask().then(() => receive(m)); });
      this.#send = (m) => { macrotask().then(() => serve(m)); };
      this.#stop = () => serve({ op: 'dispose' });
      return;
    }
    const worker = new Worker(new URL('./trainer_worker_main.js', import.meta.url), { type: 'module', name: 'attnscope-trainer' });
    worker.addEventListener('message', (e) => receive(e.data));
    // An error nothing in the worker caught (a trap, memory exhausted, a
    // script that did not load) leaves it in no known state: it is ended.
    worker.addEventListener('error', (e) => {
      e.preventDefault?.();
      this.#die(e.message || 'its script could not be loaded', worker);
    });
    worker.addEventListener('messageerror', () => this.#die('a message could not be read', worker));
    this.#send = (m, transfer) => worker.postMessage(m, transfer ?? []);
    this.#stop = () => worker.terminate();
  }

  #die(why, worker) {
    if (this.#closed) return;
    worker.terminate();
    this.#send = this.#stop = null;
    const active = this.#state === 'running' || this.#state === 'paused';
    if (active) this.#state = 'failed';
    const c = this.#checkpoint;
    const kept = c ? `its last checkpoint (step ${c.step}) is kept: start({ ...the same options, resume: lastCheckpoint }) goes on from it`
      : 'no checkpoint had been taken';
    this.#failAll(`TrainerWorker: the worker stopped${active ? ` at step ${this.#step}` : ''} (${why}); ${kept}`,
      { workerStopped: { step: this.#step, why, checkpointStep: c ? c.step : null } });
  }

  async #control(op) {
    const r = await this.#request(op);
    if (op !== 'cancel' && (this.#state === 'running' || this.#state === 'paused')) this.#state = r.state;
    return r;
  }

  #request(op, args) {
    return new Promise((resolve, reject) => { this.#post(op, args, { resolve, reject }); });
  }

  #post(op, args, handlers, transfer) {
    if (this.#closed) {
      handlers.reject(new AttnscopeError(`TrainerWorker.${op}: the worker has been disposed`));
      return 0;
    }
    if (!this.#send) {
      handlers.reject(new AttnscopeError(`TrainerWorker.${op}: the worker stopped; start a run (with resume: lastCheckpoint) to go on`));
      return 0;
    }
    const id = this.#nextId++;
    this.#pending.set(id, handlers);
    try {
      this.#send({ id, op, args }, transfer);
    } catch (e) { // something that cannot be cloned
      this.#pending.delete(id);
      handlers.reject(new AttnscopeError(`TrainerWorker.${op}: ${e?.message ?? e}`));
    }
    return id;
  }

  #receive(m) {
    const h = this.#pending.get(m.id);
    if (!h) return;
    if (m.progress) { h.progress?.(m.progress); return; }
    if (m.sample) { h.sample?.(m.sample); return; }
    if (m.checkpoint) { h.checkpoint?.(m.checkpoint); return; }
    this.#pending.delete(m.id);
    if (m.error) h.reject(new AttnscopeError(m.error.message));
    else h.resolve(m.value);
  }

  // Rejects every pending call; `fields` (e.g. workerStopped) go on each error.
  #failAll(message, fields = {}) {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const h of pending) h.reject(Object.assign(new AttnscopeError(message), fields));
  }
}
