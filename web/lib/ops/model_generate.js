// One generation on a loaded model: settings checked once, the prompt run
// through the KV cache, then one token per next() (run.c's generate loop:
// forward the current token at its position, sample the next from the
// logits). Model.generate, Model.stream and the worker all drive this class.
//
// The session drives the model only through the engine Model gives it
// (model.js #engine): setSampler, claim, checkTurn, prefill (the prompt in
// one core call), step, textStream (model_text.js), cacheIsCurrent, stopIds. A later generation claims the
// model (this one then throws); after a forward() or a weight change the
// cache is no longer current and this session prefills its tokens again.
import { checkBool, checkInt, checkNumber, checkOptions, fail } from '../tensor.js';
import { macrotask } from './macrotask.js';

export const GENERATE_OPTIONS = ['maxNewTokens', 'temperature', 'topK', 'topP', 'seed', 'stopAtEos'];
export const BOS = 1;
export const EOS = 2;
const MAX_SEED = Number.MAX_SAFE_INTEGER;
// A stream gives the event loop a turn at least this often (ms), so a page
// running a model on its main thread still paints and handles input.
const STREAM_SLICE_MS = 12;

export function randomSeed() {
  const c = globalThis.crypto;
  return c?.getRandomValues ? c.getRandomValues(new Uint32Array(1))[0] : Math.floor(Math.random() * 2 ** 32);
}

/** Checks the sampling options (run.c's defaults: temperature 1, top-p 0.9). */
export function generationSettings(opts, fnName, extra = []) {
  const o = checkOptions(opts, fnName, [...GENERATE_OPTIONS, ...extra]);
  const s = {
    maxNewTokens: checkInt(o.maxNewTokens ?? 128, 'opts.maxNewTokens', { min: 1 }),
    temperature: checkNumber(o.temperature ?? 1, 'opts.temperature', { nonNegative: true }),
    topK: checkInt(o.topK ?? 0, 'opts.topK', { min: 0 }),
    topP: checkNumber(o.topP ?? 0.9, 'opts.topP'),
    seed: o.seed === undefined ? randomSeed() : checkInt(o.seed, 'opts.seed', { min: 0, max: MAX_SEED }),
    stopAtEos: checkBool(o.stopAtEos ?? true, 'opts.stopAtEos'),
  };
  if (!(s.topP > 0 && s.topP <= 1)) fail(`${fnName}: opts.topP must be in (0, 1] (got ${s.topP}); 1 turns it off`);
  return s;
}

export class GenerationSession {
  #engine; #s;
  #ids; #promptLength; #token; #pos;
  #text = '';
  #textOut = null; // the model's text stream, or null without a tokenizer
  #stopReason = null;
  #t0; #tDecode; #tEnd = 0;

  /** engine: Model's (see above); promptIds: checked ids (at least one, at most seqLen). */
  constructor(engine, promptIds, settings) {
    this.#engine = engine;
    this.#s = settings;
    this.#ids = [...promptIds];
    this.#promptLength = promptIds.length;
    this.#t0 = performance.now();
    engine.setSampler(settings);
    engine.claim();
    this.#pos = this.#ids.length - 1;
    this.#token = this.#ids[this.#pos];
    engine.prefill(this.#ids.slice(0, this.#pos)); // positions 0 .. n-2; next() runs n-1
    this.#tDecode = performance.now();
    this.#textOut = engine.textStream(this.#ids);
  }

  get done() { return this.#stopReason !== null; }
  get stopReason() { return this.#stopReason; }

  /** The next token { id, text, position, index }, or null once finished. */
  next() {
    if (this.#stopReason !== null) return null;
    const engine = this.#engine;
    engine.checkTurn();
    if (!engine.cacheIsCurrent()) engine.prefill(this.#ids.slice(0, this.#pos));
    const id = engine.step(this.#token, this.#pos);
    const prev = this.#token;
    this.#ids.push(id);
    this.#pos += 1;
    this.#token = id;
    const text = this.#textOut ? this.#textOut.step(prev, id) : '';
    this.#text += text;
    const index = this.#ids.length - this.#promptLength - 1;
    if (this.#s.stopAtEos && engine.stopIds.includes(id)) this.#finish('eos');
    else if (index + 1 >= this.#s.maxNewTokens) this.#finish('maxNewTokens');
    else if (this.#pos >= engine.seqLen) this.#finish('contextFull'); // the new token has no position to run at
    return { id, text, position: this.#pos, index };
  }

  /** Ends the generation early (stopReason 'cancelled') unless it has ended. */
  cancel() {
    if (this.#stopReason === null) this.#finish('cancelled');
  }

  /**
   * { text, ids, promptIds, stopReason, seed, tokensPerSecond, ms }: ids are
   * the new tokens (the EOS that stopped it included), text their UTF-8
   * decoding ('' without a tokenizer). tokensPerSecond counts new tokens over
   * the time after the prompt was run.
   */
  result() {
    const end = this.#tEnd || performance.now();
    const newIds = this.#ids.slice(this.#promptLength);
    return {
      text: this.#text,
      ids: newIds,
      promptIds: this.#ids.slice(0, this.#promptLength),
      stopReason: this.#stopReason,
      seed: this.#s.seed,
      tokensPerSecond: newIds.length / Math.max(1e-9, (end - this.#tDecode) / 1000),
      ms: end - this.#t0,
    };
  }

  #finish(reason) {
    this.#stopReason = reason;
    this.#tEnd = performance.now();
    if (this.#textOut) this.#text += this.#textOut.end(); // a character left incomplete
  }
}

/** Model.stream's iterator over a session: tokens, then { done: true, value: result }. */
export async function* streamTokens(session, signal) {
  let slice = performance.now();
  try {
    for (;;) {
      if (signal?.aborted) session.cancel();
      const token = session.next();
      if (!token) return session.result(); // the final { done: true, value } of next()
      yield token;
      if (performance.now() - slice > STREAM_SLICE_MS) {
        await macrotask();
        slice = performance.now();
      }
    }
  } finally {
    session.cancel(); // break / return() from the consumer's loop
  }
}
