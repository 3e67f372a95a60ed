// Model: a tiny decoder language model in the wasm heap (cpp/include/attnscope/
// model/, through wasm_bindings/model_bindings.cpp): llama2.c checkpoints
// (legacy, ak42 v1 fp32, ak42 v2 Q8_0), our GPT-2-style "AGPT" format, run.c's
// tokenizer.bin (docs/FORMATS.md), or a fresh model to train (Model.create;
// cpp/include/attnscope/train, model_train.js, docs/TRAINING.md). One
// ModelHandle owns the weights, the KV cache, the tokenizer and the sampler;
// this class validates, copies in and out, and turns the core's messages
// into AttnscopeError.
import { withHeap } from '../heap.js';
import { exportFolder, readHfWeights } from '../hf/export.js';
import { fileSources } from '../hf/files.js';
import { hfOptions, loadFolder } from '../hf/load.js';
import { module, readAsset, ready } from '../runtime.js';
import { checkBool, checkOptions, fail } from '../tensor.js';
import { modelConfig } from './model_config.js';
import { DEFAULT_MODELS, DEFAULT_MODEL_NAMES } from './model_files.js';
import { GenerationSession, generationSettings, streamTokens } from './model_generate.js';
import { loadHandle, newHandle, tokenId, typeName } from './model_load.js';
import { forwardLoss } from './model_score.js';
import { coreText, tokenizerText } from './model_text.js';
import { Tokenizer } from '../tokenizer/tokenizer.js';
import {
  checkBatch, checkPartial, createOptions, parameterTable, passOptions, readTensors, toCore, trainConfig,
  trainingFields, withBatch, writeTensors,
} from './model_train.js';

const CREATE = Symbol('Model.create');

export { MAX_TEXT_BYTES } from './model_text.js';

function load(fnName, arch, checkpoint, tokenizer, opts) {
  const { M, h, tokenizerFile } = loadHandle(fnName, arch, checkpoint, tokenizer, opts);
  return new Model(CREATE, M, h, { tokenizerFile });
}

/** The state a Trainer shares with its model (trainer.js); checks it is alive and trainable. */
export let trainingState;

export class Model {
  #st;

  static {
    trainingState = (model, fnName) => {
      if (!(model instanceof Model)) fail(`${fnName}: model must be a Model made by Model.create (got ${typeName(model)})`);
      return model.#trainable(fnName);
    };
  }

  /** Not for direct use: Model.default, Model.fromLlama2c, Model.fromGpt2, Model.fromHuggingFace or Model.create. */
  // extra: { hf } (a Hugging Face folder: hf/load.js's record, its attn.Tokenizer
  // in hf.tokenizer), { tokenizerFile: { bytes, kind } } (the tokenizer.bin the core read)
  // or { textTokenizer } (an attn.Tokenizer for a checkpoint read without one: the word model).
  constructor(key, M, h, { hf = null, tokenizerFile = null, textTokenizer = null } = {}) {
    if (key !== CREATE) fail('Model: create one with Model.default(name), Model.fromLlama2c(...), Model.fromGpt2(...), Model.fromHuggingFace(files) or Model.create(config)');
    const core = modelConfig(h.config());
    const text = hf?.tokenizer ?? textTokenizer;
    const tokenizer = text ? text.kind : core.tokenizer;
    const c = { ...core, ...trainingFields(h, h.trainable()), tokenizer, architecture: hf?.spec.architecture ?? null, name: hf?.name ?? null };
    const st = this.#st = {
      M, h, config: Object.freeze(c), vocabSize: c.vocabSize, seqLen: c.seqLen,
      hasTokenizer: tokenizer !== 'none', epoch: 0, owner: null, disposed: false, scratch: 0, scratchBytes: 0,
      params: c.trainable ? parameterTable(h) : null, trainers: new Set(), hf, text: null,
      // Generation stops at these ids: config.json's eos_token_id, or run.c's BOS and EOS.
      stopIds: hf ? [...hf.spec.eos] : [1, 2],
    };
    if (text) st.text = tokenizerText(text);
    else if (core.tokenizer !== 'none') st.text = coreText(st, tokenizerFile?.bytes, tokenizerFile?.kind);
  }

  /**
   * A fresh model to train: config { arch, dim, hiddenDim, nLayers, nHeads,
   * nKvHeads, vocabSize, seqLen, sharedClassifier, positions, norm, prenorm,
   * activation, bias } (defaults: llama2.c's ModelArgs, the family's
   * variant), weights initialised as llama2.c's model.py from opts.seed
   * (default 0). Needs ready().
   */
  static create(config, opts) {
    const fnName = 'Model.create';
    const c = trainConfig(config, fnName);
    const o = createOptions(opts, fnName);
    const { M, h, tokenizerFile } = newHandle(fnName, (handle) => {
      if (handle.createTrainable(toCore(c), o.seed) !== 0) fail(`${fnName}: ${handle.error()}`);
    }, o.tokenizer, o.tokenizerKind);
    return new Model(CREATE, M, h, { tokenizerFile });
  }

  /** Names of the models shipped with the package ('chars', 'sort', 'chars-q8', 'words'). */
  static get defaultNames() { return DEFAULT_MODEL_NAMES; }

  /** Loads a model shipped with the package (web/models): fs in Node, fetch in browsers. Calls ready(). */
  static async default(name = 'chars', opts) {
    const fnName = 'Model.default';
    if (!Object.hasOwn(DEFAULT_MODELS, name)) fail(`${fnName}: name must be one of ${DEFAULT_MODEL_NAMES.map((n) => `'${n}'`).join(', ')} (got ${JSON.stringify(name)})`);
    const o = checkOptions(opts, fnName, ['quantize', 'groupSize', 'maxSeqLen']);
    const files = DEFAULT_MODELS[name];
    const [ckpt, tok] = await Promise.all([
      readAsset(files.checkpoint, fnName), readAsset(files.tokenizer, fnName), ready()]);
    if (files.tokenizerKind === 'json') { // a tokenizer.json: attn.Tokenizer reads it, the core only the weights
      const textTokenizer = Tokenizer.fromHuggingFace(tok);
      const { M, h } = loadHandle(fnName, 'llama', ckpt, null, o);
      return new Model(CREATE, M, h, { textTokenizer });
    }
    return load(fnName, 'llama', ckpt, tok, { ...o, tokenizerKind: files.tokenizerKind });
  }

  /** A llama2.c checkpoint (legacy, ak42 v1/v2) and optionally its tokenizer.bin. Needs ready(). */
  static fromLlama2c(checkpoint, tokenizer, opts) {
    return load('Model.fromLlama2c', 'llama', checkpoint, tokenizer, opts);
  }

  /** An "AGPT" GPT-2-style checkpoint (docs/FORMATS.md) and optionally a tokenizer.bin. Needs ready(). */
  static fromGpt2(checkpoint, tokenizer, opts) {
    return load('Model.fromGpt2', 'gpt2', checkpoint, tokenizer, opts);
  }

  /**
   * A Hugging Face folder (GPT2LMHeadModel or LlamaForCausalLM): files maps
   * names to bytes ({ 'config.json', 'model.safetensors' or the index and its
   * shards }) or is a list of Files. Resolves to the model; opts { maxSeqLen,
   * quantize, groupSize, name, onProgress({ phase, loaded, total }), signal }.
   * Calls ready(). hf/load.js does the work.
   */
  static async fromHuggingFace(files, opts) {
    const fnName = 'Model.fromHuggingFace';
    const o = hfOptions(opts, fnName);
    const { sources, folder } = fileSources(files, fnName);
    await ready();
    const M = module();
    const h = new M.ModelHandle();
    try {
      const read = await loadFolder(fnName, M, h, sources, o);
      const model = new Model(CREATE, M, h, { hf: { ...read, name: o.name ?? read.spec.name ?? folder } });
      o.onProgress?.({ phase: 'done', loaded: 1, total: 1 });
      return model;
    } catch (e) {
      h.dispose();
      h.delete();
      throw e;
    }
  }

  /** { arch, format, weightType, tokenizer, dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen, ... } */
  get config() { return { ...this.#live('Model.config').config }; }
  get disposed() { return this.#st.disposed; }
  /** True for a model made by Model.create (parameters, gradients, Trainer, saving). */
  get trainable() { return this.#st.params !== null; }

  /**
   * Fresh copies of every weight: { [name]: Tensor } by PyTorch state_dict
   * name for a model made by Model.create, by the file's names and shapes
   * for a Hugging Face folder (float32).
   */
  parameters() {
    const fnName = 'Model.parameters';
    const st = this.#live(fnName);
    if (st.hf) {
      const out = {};
      readHfWeights(fnName, st.M, st.h, st.hf.tensors, (t, view) => { out[t.name] = { data: view.slice(), shape: [...t.shape] }; });
      return out;
    }
    this.#trainable(fnName);
    return readTensors(st.M, st.h.paramsPtr(), st.params);
  }

  /**
   * Replaces the named weights (any subset of parameters()); every name and
   * shape is checked before any is written. Resets the KV cache.
   */
  setParameters(partial) {
    const fnName = 'Model.setParameters';
    const st = this.#trainable(fnName);
    writeTensors(st.M, st.h.paramsPtr(), checkPartial(fnName, partial, st.params));
    st.h.weightsChanged();
    st.epoch += 1;
  }

  /**
   * Mean cross-entropy over targets != -1 and its gradient: { loss, gradients:
   * { [name]: Tensor } }. opts.accumulate: run the batch as that many
   * micro-batches (the same result, less memory). opts.dropoutStep: a
   * training pass with dropout, the masks of Trainer step dropoutStep + 1.
   */
  lossAndGradients(inputs, targets, opts) {
    const fnName = 'Model.lossAndGradients';
    const st = this.#trainable(fnName);
    const batch = checkBatch(fnName, inputs, targets);
    const o = passOptions(opts, fnName, { dropoutStep: true });
    return withBatch(fnName, batch, (heap, x, y) => {
      const out = heap.output(1, 'the loss');
      if (st.h.lossAndGradients(x, y, batch.B, batch.T, o, out) !== 0) fail(`${fnName}: ${st.h.error()}`);
      return { loss: heap.read(out, 1)[0], gradients: readTensors(st.M, st.h.gradsPtr(), st.params) };
    });
  }

  /** The same loss, forward only (a held-out loss; any model: scoring a text): a number. */
  loss(inputs, targets) {
    const fnName = 'Model.loss';
    const st = this.#live(fnName);
    const batch = checkBatch(fnName, inputs, targets, st.params ? null : st);
    if (!st.params) return forwardLoss(batch, (ids) => this.forward(ids).logits.data, st.vocabSize);
    return withBatch(fnName, batch, (heap, x, y) => {
      const out = heap.output(1, 'the loss');
      if (st.h.loss(x, y, batch.B, batch.T, out) !== 0) fail(`${fnName}: ${st.h.error()}`);
      return heap.read(out, 1)[0];
    });
  }

  /** llama2.c's legacy checkpoint (run.c reads it); only for llama2.c's own architecture. */
  toLlama2c() {
    return this.#saved('Model.toLlama2c', (h) => h.saveLlama2c());
  }

  /**
   * A Hugging Face folder of this model: { 'config.json': string,
   * 'model.safetensors': Uint8Array } (float32), for any model whose variant
   * GPT2LMHeadModel or LlamaForCausalLM can hold; anything else is refused by
   * name. Model.fromHuggingFace reads it back bit for bit.
   */
  toHuggingFace() {
    const fnName = 'Model.toHuggingFace';
    const st = this.#live(fnName);
    const special = st.hf ? { bos: st.hf.spec.bos, eos: st.hf.spec.eos } : { bos: [1], eos: [2] };
    const files = exportFolder(fnName, st.M, st.h, st.config, special);
    if (st.text) files['tokenizer.json'] = st.text.toHuggingFace(fnName);
    return files;
  }

  /** The project's own format (AGPT version 2, docs/FORMATS.md): any config; Model.fromGpt2 reads it. */
  save() {
    return this.#saved('Model.save', (h) => h.saveAgpt());
  }

  /**
   * Token ids of `text`: run.c's encode for 'bpe', one per character for
   * 'char', a Hugging Face folder's tokenizer.json (bos: its post-processor's
   * special tokens, e.g. Llama's <s>).
   */
  encode(text, opts) {
    const fnName = 'Model.encode';
    const st = this.#withTokenizer(fnName);
    const o = checkOptions(opts, fnName, ['bos', 'eos']);
    const bos = checkBool(o.bos ?? true, 'opts.bos');
    const eos = checkBool(o.eos ?? false, 'opts.eos');
    if (typeof text !== 'string') fail(`${fnName}: text must be a string (got ${typeName(text)})`);
    return st.text.encode(fnName, text, bos, eos);
  }

  /** The text of `ids` (BOS, EOS and other special tokens leave nothing; bytes that are not UTF-8 become U+FFFD). */
  decode(ids) {
    const fnName = 'Model.decode';
    const st = this.#withTokenizer(fnName);
    if (!Array.isArray(ids) && !ArrayBuffer.isView(ids)) fail(`${fnName}: ids must be an array of token ids (got ${typeName(ids)})`);
    return st.text.decode(fnName, Array.from(ids, (id, i) => tokenId(fnName, id, `ids[${i}]`, st.vocabSize)));
  }

  /** The bytes token `id` prints after `prev` (run.c's decode; may be part of a character). */
  piece(id, prev = 0) {
    const fnName = 'Model.piece';
    const st = this.#withTokenizer(fnName);
    tokenId(fnName, id, 'id', st.vocabSize);
    tokenId(fnName, prev, 'prev', st.vocabSize);
    return st.text.piece(fnName, id, prev);
  }

  /**
   * Runs ids through the model from position 0: logits [T, V] (opts.lastOnly:
   * [1, V]) and with opts.returnAttention the attention weights [L, H, T, T]
   * (lastOnly: [L, H, 1, T]), zero above the diagonal.
   */
  forward(ids, opts) {
    const fnName = 'Model.forward';
    const st = this.#live(fnName);
    const o = checkOptions(opts, fnName, ['returnAttention', 'lastOnly']);
    const withAttention = checkBool(o.returnAttention ?? false, 'opts.returnAttention');
    const lastOnly = checkBool(o.lastOnly ?? false, 'opts.lastOnly');
    const tokens = this.#ids(fnName, ids, 'ids');
    const T = tokens.length, V = st.vocabSize, { nLayers: L, nHeads: H } = st.config;
    const rows = lastOnly ? 1 : T;
    st.epoch += 1; // a generation in progress replays its tokens before its next step
    return withHeap(fnName, (heap) => { // one call for the whole sequence; the core writes the final layout
      const p = heap.input(Int32Array.from(tokens), 'ids');
      const logits = heap.output(rows * V, 'the logits');
      const attention = withAttention ? heap.output(L * H * rows * T, 'the attention weights') : 0;
      if (st.h.forwardSequence(p, T, 0, rows, logits, attention) !== 0) fail(`${fnName}: ${st.h.error()}`);
      const result = { logits: { data: heap.read(logits, rows * V), shape: [rows, V] } };
      if (attention) result.attention = { data: heap.read(attention, L * H * rows * T), shape: [L, H, rows, T] };
      return result;
    });
  }

  /**
   * Generates after `prompt` (text, encoded with BOS; or token ids) and
   * returns { text, ids, promptIds, stopReason, seed, tokensPerSecond, ms }.
   * opts.onToken(token) sees each token as it comes; returning false stops.
   */
  generate(prompt, opts) {
    const fnName = 'Model.generate';
    const session = this.#session(fnName, prompt, opts, ['onToken', 'signal']);
    const { onToken, signal } = opts ?? {};
    for (let token; (token = session.next());) {
      if ((onToken && onToken(token) === false) || signal?.aborted) session.cancel();
    }
    return session.result();
  }

  /**
   * The same generation as an async iterator of tokens { id, text, position,
   * index }; the iterator's last next() gives { done: true, value: result }.
   * Breaking out of the loop (or opts.signal) ends it. Between tokens it
   * gives the event loop a turn every ~12 ms.
   */
  stream(prompt, opts) {
    const session = this.#session('Model.stream', prompt, opts, ['signal']);
    return streamTokens(session, opts?.signal);
  }

  /** Frees the wasm memory. Any later call throws AttnscopeError; a second dispose() does nothing. */
  dispose() {
    const st = this.#st;
    if (st.disposed) return;
    st.disposed = true;
    for (const release of st.trainers) release(); // their optimisers point into this model
    st.trainers.clear();
    if (st.scratch) st.M._free(st.scratch);
    st.h.dispose();
    st.h.delete();
  }

  #live(fnName) {
    if (this.#st.disposed) fail(`${fnName}: the model has been disposed`);
    return this.#st;
  }

  #trainable(fnName) {
    const st = this.#live(fnName);
    if (!st.params) fail(`${fnName}: this model was loaded from a file; only a model made by Model.create can be trained or saved`);
    return st;
  }

  #saved(fnName, save) {
    const st = this.#trainable(fnName);
    if (save(st.h) !== 0) fail(`${fnName}: ${st.h.error()}`);
    const p = st.h.savedPtr();
    const bytes = st.M.HEAPU8.slice(p, p + st.h.savedSize());
    st.h.clearSaved();
    return bytes;
  }

  #withTokenizer(fnName) {
    const st = this.#live(fnName);
    if (!st.hasTokenizer) fail(`${fnName}: this model has no tokenizer (pass a tokenizer.bin when loading it, or a tokenizer.json with a Hugging Face folder)`);
    return st;
  }

  #session(fnName, prompt, opts, extra) {
    const st = this.#live(fnName);
    const settings = generationSettings(opts, fnName, extra);
    const { onToken, signal } = opts ?? {};
    if (onToken !== undefined && typeof onToken !== 'function') fail(`${fnName}: opts.onToken must be a function`);
    if (signal !== undefined && !(signal && typeof signal.aborted === 'boolean')) fail(`${fnName}: opts.signal must be an AbortSignal`);
    const ids = typeof prompt === 'string' ? this.encode(prompt) : this.#ids(fnName, prompt, 'prompt');
    if (ids.length > st.seqLen) fail(`${fnName}: the prompt has ${ids.length} tokens but the model's context holds ${st.seqLen}`);
    return new GenerationSession(this.#engine(fnName), ids, settings);
  }

  // Everything a generation (model_generate.js) may do with this model; it
  // never sees #st. claim() makes any earlier generation stale.
  #engine(fnName) {
    const st = this.#st;
    const claim = Symbol(fnName);
    let cacheEpoch = -1; // st.epoch when this generation last filled the cache
    const check = (status) => { if (status !== 0) fail(`${fnName}: ${st.h.error()}`); };
    return {
      seqLen: st.seqLen,
      stopIds: st.stopIds, // with stopAtEos, a generation ends after one of these
      /** The generation's text after promptIds, token by token (null: no tokenizer, no text). */
      textStream: (promptIds) => st.text?.stream(fnName, promptIds) ?? null,
      /** Makes this the model's generation (after setSampler: the sampler is the model's). */
      claim() { st.owner = claim; },
      /** Throws unless the model is alive and this is its latest generation. */
      checkTurn() {
        if (st.disposed) fail(`${fnName}: the model has been disposed`);
        if (st.owner !== claim) fail(`${fnName}: interrupted by a later generate() or stream() on the same model`);
      },
      setSampler(s) { check(st.h.setSampler(s.temperature, s.topK, s.topP, s.seed)); },
      /** False once a forward(), a weight change or a Trainer step has rewritten the KV cache. */
      cacheIsCurrent: () => cacheEpoch === st.epoch,
      /** ids at positions 0..ids.length-1 into the KV cache, in one core call. */
      prefill(ids) {
        if (ids.length > 0) {
          withHeap(fnName, (heap) => check(st.h.forwardSequence(heap.input(Int32Array.from(ids), 'the prompt'), ids.length, 0, 0, 0, 0)));
        }
        cacheEpoch = st.epoch;
      },
      /** Forwards token at pos (positions 0..pos-1 cached) and samples: the next token id. */
      step(token, pos) {
        const id = st.h.step(token, pos);
        if (id < 0) fail(`${fnName}: ${st.h.error()}`);
        return id;
      },
    };
  }

  #ids(fnName, ids, name) {
    const st = this.#st;
    if (!Array.isArray(ids) && !(ArrayBuffer.isView(ids) && !(ids instanceof DataView))) {
      fail(`${fnName}: ${name} must be an array of token ids${name === 'prompt' ? ' or a string' : ''} (got ${typeName(ids)})`);
    }
    if (ids.length < 1) fail(`${fnName}: ${name} is empty; start with the BOS token (1)`);
    if (ids.length > st.seqLen) fail(`${fnName}: ${name} has ${ids.length} tokens but the model's context holds ${st.seqLen}`);
    return Array.from(ids, (id, i) => tokenId(fnName, id, `${name}[${i}]`, st.vocabSize));
  }
}
