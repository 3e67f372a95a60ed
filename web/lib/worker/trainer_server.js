// The training side of TrainerWorker: one Model.create model and one Trainer
// driven by messages. It runs inside a module Web Worker
// (trainer_worker_main.js) or, where there is no Worker (Node), in the same
// thread behind the same messages. Between two steps it gives the event loop
// a turn, which is when pause, resume, cancel and the other requests run: a
// pause therefore lands exactly between two steps.
//
// Requests  { id, op, args }: op 'start' | 'pause' | 'resume' | 'cancel' |
//           'snapshot' | 'checkpoint' | 'parameters' | 'toHuggingFace' | 'generate' |
//           'forward' | 'dispose'.
// Replies   { id, value } or { id, error: { name, message } }; while a start
//           runs it also sends { id, progress } after every step (and at
//           step 0 with the first held-out loss), { id, sample }, and
//           { id, checkpoint } every checkpointSeconds, at a pause and at the end.
// A checkpoint { step, parameters, optimizer } (the weights by name and the
// Trainer's state()) is all a start with the same options needs to go on
// exactly where the run was (args.resume): the batches skip the draws of the
// steps taken, so the resumed run is the uninterrupted one, bit for bit.
import { mulberry32 } from '../random.js';
import { backend, ready } from '../runtime.js';
import { Model } from '../ops/model.js';
import { Trainer } from '../ops/trainer.js';
import { llama2cMismatch } from '../ops/model_train.js';
import { macrotask } from '../ops/macrotask.js';
import { batchOffsets, fillBatch, heldOutOffsets } from './trainer_batches.js';

const EMA = 0.1; // weight of the newest step in the smoothed step times

/** Refuses ids of a token stream outside the model's vocabulary, naming the option. */
function checkVocabulary(ids, name, V) {
  for (let i = 0; i < ids.length; i++) {
    if (ids[i] >= V) throw new Error(`TrainerWorker.start: opts.${name}[${i}] is ${ids[i]}, outside the vocabulary 0..${V - 1}`);
  }
}

/**
 * post(message, transfer) sends a reply. deps: { Model, Trainer, ready,
 * llama2cMismatch, backend } (the package's by default; tests pass their own).
 */
export function createTrainerServer(post, deps) {
  let model = null, trainer = null, run = null, tokenizer = null;
  const {
    Model: ModelClass, Trainer: TrainerClass, ready: readyCore, llama2cMismatch: mismatch, backend: backendName,
  } = deps ?? { Model, Trainer, ready, llama2cMismatch, backend };

  function need(op) {
    if (!model) throw new Error(`TrainerWorker.${op}: no model yet (call start first)`);
    return model;
  }

  async function start(id, args) {
    if (run && !run.finished) throw new Error('TrainerWorker.start: a run is in progress; cancel it first');
    // The run exists from here: a pause or cancel that comes while the core
    // loads and the model is made is kept, and acted on before the first step.
    const r = run = {
      id, paused: !!args.paused, cancelled: false, wake: null, finished: false, step: args.resume?.step ?? 0, state: 'running',
    };
    try {
      await readyCore(args.backend === undefined ? undefined : { backend: args.backend });
      trainer?.dispose?.();
      model?.dispose();
      model = trainer = null;
      tokenizer = args.tokenizer ?? null;
      const createOpts = { seed: args.seed };
      if (tokenizer) Object.assign(createOpts, { tokenizer, tokenizerKind: args.tokenizerKind });
      model = ModelClass.create(args.config, createOpts);
      const V = model.config.vocabSize;
      checkVocabulary(args.train, 'train', V);
      if (args.heldOut) checkVocabulary(args.heldOut, 'heldOut', V);
      if (Array.isArray(args.sample?.prompt)) checkVocabulary(args.sample.prompt, 'sample.prompt', V);
      trainer = new TrainerClass(model, args.trainer ?? {});
      if (args.resume) {
        model.setParameters(args.resume.parameters);
        trainer.setState(args.resume.optimizer);
      }
      return { ...(await loop(id, args, r)), backend: backendName?.() };
    } finally {
      r.finished = true;
    }
  }

  async function loop(id, a, r) {
    const { batchSize: B, seqLen: T, steps } = a;
    const inputs = new Int32Array(B * T), targets = new Int32Array(B * T);
    const offsets = batchOffsets(mulberry32(a.seed), a.train.length, T);
    const from = r.step;
    for (let k = 0; k < from * B; k++) offsets(); // a resumed run skips the batches it took
    const heldOut = a.heldOut && a.heldOut.length > T ? heldOutOffsets(a.heldOut.length, T, B, a.evalBatches) : null;
    const t0 = performance.now();
    let stepMs = 0, wallMs = 0, last = t0, pausedMs = 0, result = null, saved = t0;
    const evaluate = () => (heldOut ? heldOutLoss(a.heldOut, heldOut, B, T) : undefined);
    const save = () => {
      if (!(a.checkpointSeconds > 0)) return;
      saved = performance.now();
      const c = checkpoint();
      post({ id, checkpoint: c.value }, c.transfer);
    };
    // Holds while paused (a checkpoint first, so a closed tab loses nothing).
    const hold = async () => {
      if (!r.paused || r.cancelled) return;
      r.state = 'paused';
      save();
      const p0 = performance.now();
      while (r.paused && !r.cancelled) await new Promise((wake) => { r.wake = wake; });
      pausedMs += performance.now() - p0;
      last = performance.now();
      r.state = 'running';
    };
    if (heldOut && from === 0) post({ id, progress: { step: 0, steps, heldOutLoss: evaluate(), elapsedSeconds: 0 } });
    await hold();
    for (let step = from + 1; step <= steps && !r.cancelled; step++) {
      for (let b = 0; b < B; b++) fillBatch(a.train, offsets(), T, inputs, targets, b);
      const s0 = performance.now();
      result = trainer.step({ data: inputs, shape: [B, T] }, { data: targets, shape: [B, T] });
      const now = performance.now();
      stepMs = step === from + 1 ? now - s0 : stepMs + EMA * (now - s0 - stepMs);
      r.step = result.step;
      const progress = {
        step: result.step, steps, loss: result.loss, gradNorm: result.gradNorm, learningRate: result.learningRate,
        tokensPerSecond: (B * T * 1000) / stepMs,
      };
      if (heldOut && (step === steps || (a.evalInterval > 0 && step % a.evalInterval === 0))) progress.heldOutLoss = evaluate();
      const sample = a.sample && (step === steps || (a.sampleInterval > 0 && step % a.sampleInterval === 0));
      const sampled = sample ? generate(a.sample.prompt, sampleOptions(a.sample)) : null;
      const end = performance.now();
      wallMs = step === from + 1 ? end - last : wallMs + EMA * (end - last - wallMs);
      last = end;
      progress.secondsLeft = ((steps - step) * wallMs) / 1000;
      progress.elapsedSeconds = (end - t0 - pausedMs) / 1000;
      post({ id, progress });
      if (sampled) post({ id, sample: { step: result.step, promptIds: sampled.promptIds, ids: sampled.ids, text: sampled.text } });
      if (step < steps && performance.now() - saved >= 1000 * a.checkpointSeconds) save();
      await macrotask();
      await hold();
    }
    save();
    r.state = r.cancelled ? 'cancelled' : 'done';
    return { state: r.state, step: r.step, loss: result?.loss, elapsedSeconds: (performance.now() - t0 - pausedMs) / 1000 };
  }

  function heldOutLoss(data, offsets, B, T) {
    const inputs = new Int32Array(B * T), targets = new Int32Array(B * T);
    let sum = 0, batches = 0;
    for (let k = 0; k + B <= offsets.length; k += B) {
      for (let b = 0; b < B; b++) fillBatch(data, offsets[k + b], T, inputs, targets, b);
      sum += model.loss({ data: inputs, shape: [B, T] }, { data: targets, shape: [B, T] });
      batches += 1;
    }
    return sum / batches;
  }

  function sampleOptions(s) {
    const o = { maxNewTokens: s.maxNewTokens ?? 64, temperature: s.temperature ?? 0 };
    if (s.seed !== undefined) o.seed = s.seed;
    if (s.topK !== undefined) o.topK = s.topK;
    return o;
  }

  function generate(prompt, opts) {
    const m = need('generate');
    const r = m.generate(prompt, { ...opts, stopAtEos: false });
    return { ids: r.ids, promptIds: r.promptIds, text: r.text, stopReason: r.stopReason };
  }

  function control(op) {
    if (!run || run.finished) return { state: run?.state ?? 'idle', step: run?.step ?? 0 };
    if (op === 'pause') run.paused = true;
    if (op === 'resume') run.paused = false;
    if (op === 'cancel') run.cancelled = true;
    if (op !== 'pause') { run.wake?.(); run.wake = null; }
    return { state: op === 'cancel' ? 'cancelled' : op === 'pause' ? 'paused' : 'running', step: run.step };
  }

  function snapshot(format = 'auto') {
    const m = need('snapshot');
    const used = format === 'auto' ? (mismatch(m.config) ? 'agpt' : 'llama2c') : format;
    const bytes = used === 'llama2c' ? m.toLlama2c() : m.save();
    const tok = tokenizer ? tokenizer.slice() : null;
    const value = { checkpoint: bytes, format: used, tokenizer: tok, step: run?.step ?? 0, config: m.config };
    return { value, transfer: [bytes.buffer, ...(tok ? [tok.buffer] : [])] };
  }

  function toHuggingFace() {
    const files = need('toHuggingFace').toHuggingFace();
    return { value: files, transfer: [files['model.safetensors'].buffer] };
  }

  /** The run's state now: { step, parameters, optimizer } (transferred out). */
  function checkpoint() {
    const m = need('checkpoint');
    const parameters = m.parameters(), optimizer = trainer.state();
    const buffers = [parameters, optimizer.m, optimizer.v].flatMap((ts) => Object.values(ts).map((t) => t.data.buffer));
    return { value: { step: optimizer.steps, parameters, optimizer }, transfer: buffers };
  }

  function parameters() {
    const p = need('parameters').parameters();
    return { value: p, transfer: Object.values(p).map((t) => t.data.buffer) };
  }

  function forward(ids, opts) {
    const r = need('forward').forward(ids, opts);
    return { value: r, transfer: [r.logits.data.buffer, ...(r.attention ? [r.attention.data.buffer] : [])] };
  }

  return async function onMessage({ id, op, args }) {
    try {
      let value, transfer = [];
      switch (op) {
        case 'start': value = await start(id, args); break;
        case 'pause': case 'resume': case 'cancel': value = control(op); break;
        case 'snapshot': ({ value, transfer } = snapshot(args?.format)); break;
        case 'checkpoint': ({ value, transfer } = checkpoint()); break;
        case 'parameters': ({ value, transfer } = parameters()); break;
        case 'toHuggingFace': ({ value, transfer } = toHuggingFace()); break;
        case 'generate': value = generate(...args); break;
        case 'forward': ({ value, transfer } = forward(...args)); break;
        case 'dispose':
          if (run) { run.cancelled = true; run.wake?.(); }
          trainer?.dispose?.();
          model?.dispose();
          model = trainer = null;
          value = true;
          break;
        default: throw new Error(`TrainerWorker: unknown request ${JSON.stringify(op)}`);
      }
      post({ id, value }, transfer);
    } catch (e) {
      if (run && run.id === id) run.state = 'failed';
      post({ id, error: { name: e?.name ?? 'Error', message: e?.message ?? String(e) } });
    }
  };
}
