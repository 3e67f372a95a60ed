// ModelWorker: the Model API with the model in a module Web Worker, so a page
// stays responsive while it generates. Every method returns a promise;
// generate/stream can be cancelled (opts.signal, cancel()). Where there is no
// Worker (Node) — or with { inProcess: true } — the same messages go to a
// model in this thread, which then yields to the event loop every ~12 ms.
import { AttnscopeError } from '../errors.js';
import { macrotask } from '../ops/macrotask.js';
import { DEFAULT_MODEL_NAMES } from '../ops/model_files.js';
import { checkOptions, fail } from '../tensor.js';
import { createModelServer } from './model_server.js';

const CREATE = Symbol('ModelWorker.create');
const WORKER_KEYS = ['backend', 'inProcess'];

function split(opts, fnName, modelKeys) {
  const o = checkOptions(opts, fnName, [...WORKER_KEYS, ...modelKeys]);
  const model = {};
  for (const k of modelKeys) if (o[k] !== undefined) model[k] = o[k];
  return { backend: o.backend, inProcess: o.inProcess ?? typeof Worker !== 'function', model };
}

function toError(e) {
  return new AttnscopeError(e.message);
}

export class ModelWorker {
  #send; #stop; #pending = new Map(); #nextId = 1; #config = null; #closed = false;

  /** Not for direct use: ModelWorker.default, .fromLlama2c or .fromGpt2. */
  constructor(key, inProcess) {
    if (key !== CREATE) fail('ModelWorker: create one with ModelWorker.default(name) or ModelWorker.fromLlama2c(...)');
    const receive = (m) => this.#receive(m);
    if (inProcess) {
      const serve = createModelServer((m) => { macrotask().then(() => receive(m)); });
      this.#send = (m) => { macrotask().then(() => serve(m)); };
      this.#stop = () => serve({ op: 'dispose' });
    } else {
      const worker = new Worker(new URL('./model_worker_main.js', import.meta.url), { type: 'module', name: 'attnscope-model' });
      worker.addEventListener('message', (e) => receive(e.data));
      worker.addEventListener('error', (e) => this.#failAll(`ModelWorker: the worker failed: ${e.message || 'could not load its script'}`));
      this.#send = (m, transfer) => worker.postMessage(m, transfer ?? []);
      this.#stop = () => worker.terminate();
    }
  }

  static get defaultNames() { return DEFAULT_MODEL_NAMES; }

  /** Model.default(name) in a worker. opts: the model's { quantize, groupSize, maxSeqLen } and { backend, inProcess }. */
  static default(name = 'chars', opts) {
    const o = split(opts, 'ModelWorker.default', ['quantize', 'groupSize', 'maxSeqLen']);
    return ModelWorker.#start(o, { source: 'default', name, options: o.model });
  }

  /** Model.fromLlama2c in a worker; the bytes are copied to it (yours stay usable). */
  static fromLlama2c(checkpoint, tokenizer, opts) {
    const o = split(opts, 'ModelWorker.fromLlama2c', ['quantize', 'groupSize', 'maxSeqLen', 'tokenizerKind']);
    return ModelWorker.#start(o, { source: 'llama2c', checkpoint, tokenizer: tokenizer ?? null, options: o.model });
  }

  /** Model.fromGpt2 in a worker. */
  static fromGpt2(checkpoint, tokenizer, opts) {
    const o = split(opts, 'ModelWorker.fromGpt2', ['maxSeqLen', 'tokenizerKind']);
    return ModelWorker.#start(o, { source: 'gpt2', checkpoint, tokenizer: tokenizer ?? null, options: o.model });
  }

  static async #start(o, args) {
    const w = new ModelWorker(CREATE, o.inProcess);
    try {
      w.#config = await w.#request('load', { ...args, backend: o.backend });
    } catch (e) {
      w.dispose();
      throw e;
    }
    return w;
  }

  /** The model's config, as Model.config. */
  get config() { return { ...this.#config }; }
  get disposed() { return this.#closed; }

  encode(text, opts) { return this.#request('encode', [text, opts]); }
  decode(ids) { return this.#request('decode', [ids]); }
  piece(id, prev) { return this.#request('piece', prev === undefined ? [id] : [id, prev]); }
  forward(ids, opts) { return this.#request('forward', [ids, opts]); }

  /** As Model.generate, resolving to the result; opts.onToken runs here, per token. */
  async generate(prompt, opts) {
    const { onToken, ...rest } = opts ?? {};
    if (onToken !== undefined && typeof onToken !== 'function') fail('ModelWorker.generate: opts.onToken must be a function');
    const it = this.stream(prompt, rest);
    for (;;) {
      const { value, done } = await it.next();
      if (done) return value;
      if (onToken && onToken(value) === false) this.cancel();
    }
  }

  /** As Model.stream: tokens as they come (in batches from the worker); the last next() gives the result. */
  stream(prompt, opts) {
    const { signal, ...rest } = opts ?? {};
    if (signal !== undefined && !(signal && typeof signal.aborted === 'boolean')) fail('ModelWorker.stream: opts.signal must be an AbortSignal');
    const queue = [];
    let wake = null, finished = null, error = null;
    const id = this.#post('stream', [prompt, rest], {
      tokens: (tokens) => { queue.push(...tokens); wake?.(); },
      resolve: (value) => { finished = { value }; wake?.(); },
      reject: (e) => { error = e; wake?.(); },
    });
    const cancel = () => this.#send({ op: 'cancel', id });
    signal?.addEventListener('abort', cancel, { once: true });
    if (signal?.aborted) cancel();
    return (async function* tokens() {
      try {
        for (;;) {
          while (queue.length) yield queue.shift();
          if (error) throw error;
          if (finished) return finished.value;
          await new Promise((resolve) => { wake = resolve; });
          wake = null;
        }
      } finally {
        signal?.removeEventListener('abort', cancel);
        if (!finished && !error) cancel(); // the consumer broke out of its loop
      }
    })();
  }

  /** Ends every running generation of this worker (they finish with stopReason 'cancelled'). */
  cancel() {
    if (!this.#closed) this.#send({ op: 'cancel' });
  }

  /** Stops the worker and frees its memory; pending calls reject, later calls throw. */
  dispose() {
    if (this.#closed) return;
    this.#closed = true;
    this.#stop();
    this.#failAll('ModelWorker: disposed');
  }

  #request(op, args) {
    return new Promise((resolve, reject) => { this.#post(op, args, { resolve, reject }); });
  }

  #post(op, args, handlers) {
    if (this.#closed) {
      handlers.reject(new AttnscopeError(`ModelWorker.${op}: the worker has been disposed`));
      return 0;
    }
    const id = this.#nextId++;
    this.#pending.set(id, handlers);
    try {
      this.#send({ id, op, args });
    } catch (e) { // e.g. a function or a DOM node in the options (cannot be cloned)
      this.#pending.delete(id);
      handlers.reject(new AttnscopeError(`ModelWorker.${op}: ${e?.message ?? e}`));
    }
    return id;
  }

  #receive(m) {
    const h = this.#pending.get(m.id);
    if (!h) return;
    if (m.tokens) { h.tokens?.(m.tokens); return; }
    this.#pending.delete(m.id);
    if (m.error) h.reject(toError(m.error));
    else h.resolve(m.value);
  }

  #failAll(message) {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const h of pending) h.reject(new AttnscopeError(message));
  }
}
