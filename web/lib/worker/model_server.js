// The model side of ModelWorker: one Model driven by messages. It runs inside
// a module Web Worker (model_worker_main.js) or, where there is no Worker
// (Node), in the same thread behind the same messages.
//
// Requests  { id, op, args }: op 'load' | 'encode' | 'decode' | 'piece' |
//           'forward' | 'stream' | 'dispose'; { op: 'cancel', id? } ends one
//           running stream (or all of them) with stopReason 'cancelled'.
// Replies   { id, value } or { id, error: { name, message } }; a stream
//           first sends { id, tokens: [...] } batches (at most every
//           FLUSH_MS), then { id, value: result }.
import { Model } from '../ops/model.js';
import { ready } from '../runtime.js';

const FLUSH_MS = 30;

export function createModelServer(post) {
  let model = null;
  const streams = new Map(); // id -> AbortController of a running stream

  function need(op) {
    if (!model) throw new Error(`ModelWorker.${op}: no model is loaded`);
    return model;
  }

  async function load({ source, name, checkpoint, tokenizer, options, backend }) {
    await ready(backend === undefined ? undefined : { backend });
    const next = source === 'default' ? await Model.default(name, options)
      : source === 'gpt2' ? Model.fromGpt2(checkpoint, tokenizer, options)
        : Model.fromLlama2c(checkpoint, tokenizer, options);
    model?.dispose();
    model = next;
    return model.config;
  }

  async function stream(id, prompt, opts) {
    // One generation at a time: a new one ends the running ones cleanly.
    for (const c of streams.values()) c.abort();
    const controller = new AbortController();
    streams.set(id, controller);
    try {
      const it = need('stream').stream(prompt, { ...opts, signal: controller.signal });
      let batch = [], flushed = performance.now();
      for (;;) {
        const { value, done } = await it.next();
        if (done) {
          if (batch.length) post({ id, tokens: batch });
          return value;
        }
        batch.push(value);
        if (performance.now() - flushed >= FLUSH_MS) {
          post({ id, tokens: batch });
          batch = [];
          flushed = performance.now();
        }
      }
    } finally {
      streams.delete(id);
    }
  }

  function forward(ids, opts) {
    const r = need('forward').forward(ids, opts);
    const transfer = [r.logits.data.buffer, ...(r.attention ? [r.attention.data.buffer] : [])];
    return { value: r, transfer };
  }

  return async function onMessage({ id, op, args }) {
    try {
      if (op === 'cancel') {
        for (const [sid, c] of streams) if (id === undefined || sid === id) c.abort();
        return;
      }
      let value, transfer = [];
      switch (op) {
        case 'load': value = await load(args); break;
        case 'encode': value = need('encode').encode(...args); break;
        case 'decode': value = need('decode').decode(...args); break;
        case 'piece': value = need('piece').piece(...args); break;
        case 'forward': ({ value, transfer } = forward(...args)); break;
        case 'stream': value = await stream(id, ...args); break;
        case 'dispose': model?.dispose(); model = null; value = true; break;
        default: throw new Error(`ModelWorker: unknown request ${JSON.stringify(op)}`);
      }
      post({ id, value }, transfer);
    } catch (e) {
      post({ id, error: { name: e?.name ?? 'Error', message: e?.message ?? String(e) } });
    }
  };
}
