// The model side of ModelWorker: one Model driven by messages. It runs inside
// a module Web Worker (model_worker_main.js) or, where there is no Worker
// (Node), in the same thread behind the same messages.
//
// Requests  { id, op, args }: op 'load' | 'encode' | 'decode' | 'piece' |
//           'forward' | 'loss' | 'parameters' | 'toHuggingFace' | 'stream' |
//           'dispose'; { op: 'cancel', id? } ends one
//           running stream (or all of them) with stopReason 'cancelled', or
//           aborts a Hugging Face load; { op: 'bytes', rid, bytes | error }
//           answers a read.
// Replies   { id, value } or { id, error: { name, message } }; a stream
//           first sends { id, tokens: [...] } batches (at most every
//           FLUSH_MS), then { id, value: result }; a Hugging Face load sends
//           { id, progress } and { id, read: { rid, name, offset, length } }
//           for the bytes of a file the page holds.
import { Model } from '../ops/model.js';
import { ready } from '../runtime.js';

const FLUSH_MS = 30;

export function createModelServer(post) {
  let model = null;
  const streams = new Map(); // id -> AbortController of a running stream
  const loads = new Map(); // id -> AbortController of a Hugging Face load
  const reads = new Map(); // rid -> { resolve, reject } of a byte range asked of the page
  let nextRead = 1;

  // A file whose bytes stay in the page (ModelWorker.fromHuggingFace): each range is asked for.
  function remote(id, name, size) {
    return {
      size,
      read(offset, length) {
        const rid = nextRead++;
        return new Promise((resolve, reject) => {
          reads.set(rid, { resolve, reject });
          post({ id, read: { rid, name, offset, length } });
        });
      },
    };
  }

  async function loadHuggingFace(id, { entries, options }) {
    const controller = new AbortController();
    loads.set(id, controller);
    try {
      const files = new Map(entries.map((e) => [e.name, e.source ?? e.blob ?? remote(id, e.name, e.size)]));
      return await Model.fromHuggingFace(files, {
        ...options, signal: controller.signal, onProgress: (progress) => post({ id, progress }),
      });
    } finally {
      loads.delete(id);
    }
  }

  function need(op) {
    if (!model) throw new Error(`ModelWorker.${op}: no model is loaded`);
    return model;
  }

  async function load(id, args) {
    const { source, name, checkpoint, tokenizer, options, backend } = args;
    await ready(backend === undefined ? undefined : { backend });
    const next = source === 'default' ? await Model.default(name, options)
      : source === 'huggingface' ? await loadHuggingFace(id, args)
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

  return async function onMessage(message) {
    const { id, op, args } = message;
    try {
      if (op === 'bytes') { // a range the page sent for a remote() read
        const r = reads.get(message.rid);
        reads.delete(message.rid);
        if (message.error !== undefined) r?.reject(new Error(message.error));
        else r?.resolve(message.bytes);
        return;
      }
      if (op === 'cancel') {
        for (const [sid, c] of [...streams, ...loads]) if (id === undefined || sid === id) c.abort();
        return;
      }
      let value, transfer = [];
      switch (op) {
        case 'load': value = await load(id, args); break;
        case 'encode': value = need('encode').encode(...args); break;
        case 'decode': value = need('decode').decode(...args); break;
        case 'piece': value = need('piece').piece(...args); break;
        case 'forward': ({ value, transfer } = forward(...args)); break;
        case 'loss': value = need('loss').loss(...args); break;
        case 'parameters':
          value = need('parameters').parameters();
          transfer = Object.values(value).map((t) => t.data.buffer);
          break;
        case 'toHuggingFace':
          value = need('toHuggingFace').toHuggingFace();
          transfer = [value['model.safetensors'].buffer];
          break;
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
