// ModelWorker: the Model API with the model in a module Web Worker, so a page
// stays responsive while it generates. Every method returns a promise;
// generate/stream can be cancelled (opts.signal, cancel()). Where there is no
// Worker (Node) — or with { inProcess: true } — the same messages go to a
// model in this thread, which then yields to the event loop every ~12 ms.
import { AttnscopeError } from '../errors.js';
import { macrotask } from '../ops/macrotask.js';
import { fileSources } from '../hf/files.js';
import { HF_OPTIONS } from '../hf/load.js';
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
  return e.name === 'AbortError' ? new DOMException(e.message, 'AbortError') : new AttnscopeError(e.message);
}

export class ModelWorker {
  #send; #stop; #pending = new Map(); #nextId = 1; #config = null; #closed = false;

  /** Not for direct use: ModelWorker.default, .fromLlama2c, .fromGpt2 or .fromHuggingFace. */
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

  /**
   * Model.fromHuggingFace in a worker. Files (a dropped folder) go to the
   * worker as they are (no copy); bytes stay here and the worker asks for each
   * chunk as it reads. opts.onProgress runs here; opts.signal cancels the load.
   */
  static async fromHuggingFace(files, opts) {
    const fnName = 'ModelWorker.fromHuggingFace';
    const { onProgress, signal, ...rest } = opts ?? {};
    const o = split(rest, fnName, HF_OPTIONS.filter((k) => k !== 'onProgress' && k !== 'signal'));
    if (onProgress !== undefined && typeof onProgress !== 'function') fail(`${fnName}: opts.onProgress must be a function`);
    if (signal !== undefined && !(signal && typeof signal.aborted === 'boolean')) fail(`${fnName}: opts.signal must be an AbortSignal`);
    const { sources, folder } = fileSources(files, fnName);
    const w = new ModelWorker(CREATE, o.inProcess);
    // In this thread the sources are handed over as they are; to a worker a
    // File goes as itself, and bytes as { name, size } read through #serveRead.
    w.#sources = sources;
    const entries = [...sources.values()].map((s) => (o.inProcess ? { name: s.name, source: s }
      : s.blob ? { name: s.name, blob: s.blob } : { name: s.name, size: s.size }));
    const options = { ...o.model, name: o.model.name ?? folder ?? undefined };
    return ModelWorker.#start(o, { source: 'huggingface', entries, options }, { onProgress, signal }, w);
  }

  #sources = null;

  static async #start(o, args, { onProgress, signal } = {}, worker = null) {
    const w = worker ?? new ModelWorker(CREATE, o.inProcess);
    let cancel = null;
    try {
      w.#config = await new Promise((resolve, reject) => {
        const id = w.#post('load', { ...args, backend: o.backend }, { resolve, reject, progress: onProgress });
        cancel = () => { // at once here; the worker stops at its next chunk and is then ended
          w.#send({ op: 'cancel', id });
          reject(signal.reason ?? new DOMException('The load was aborted', 'AbortError'));
        };
        signal?.addEventListener('abort', cancel, { once: true });
        if (signal?.aborted) cancel();
      });
    } catch (e) {
      w.dispose();
      throw e;
    } finally {
      if (cancel) signal?.removeEventListener('abort', cancel);
      w.#sources = null;
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
  /** As Model.loss: the mean cross-entropy of targets != -1 (any model). */
  loss(inputs, targets) { return this.#request('loss', [inputs, targets]); }
  /** As Model.parameters (a model made by Model.create, or a Hugging Face folder's). */
  parameters() { return this.#request('parameters', []); }
  /** As Model.toHuggingFace: { 'config.json': string, 'model.safetensors': Uint8Array }. */
  toHuggingFace() { return this.#request('toHuggingFace', []); }

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
    if (m.read) { this.#serveRead(m.read); return; }
    const h = this.#pending.get(m.id);
    if (!h) return;
    if (m.tokens) { h.tokens?.(m.tokens); return; }
    if (m.progress) { h.progress?.(m.progress); return; }
    this.#pending.delete(m.id);
    if (m.error) h.reject(toError(m.error));
    else h.resolve(m.value);
  }

  // The worker reads a byte range of a file held here: a copy of just that range goes over.
  async #serveRead({ rid, name, offset, length }) {
    try {
      const src = this.#sources?.get(name);
      if (!src) throw new Error(`${name}: the load has ended`);
      const bytes = (await src.read(offset, length)).slice();
      this.#send({ op: 'bytes', rid, bytes }, [bytes.buffer]);
    } catch (e) {
      this.#send({ op: 'bytes', rid, error: e?.message ?? String(e) });
    }
  }

  #failAll(message) {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const h of pending) h.reject(new AttnscopeError(message));
  }
}
