// The two systems of the GPT-2-124M benchmark (bench.js), each through its
// public API, one thread, wasm SIMD, the same float32 weights:
//   attnscope              Model from the Hugging Face folder (config.json + model.safetensors)
//   onnxruntime-web 1.30   prefill.onnx and decode.onnx (torch.onnx, make_gpt2.py), wasm EP
// A system has prefill(ids) -> last logits (the KV cache / presents filled),
// and generate(ids, n) -> { ids, spent }: the prompt, then n greedy tokens,
// `spent` the clocks over the n decoding steps only (the first token comes
// from the prefill and is not counted).
import { readFileSync } from 'node:fs';

/** Index of the largest value (the first of equal maxima). */
export function argmax(row) {
  let best = 0;
  for (let i = 1; i < row.length; i++) if (row[i] > row[best]) best = i;
  return best;
}

/** Reads every clock: { name: ms }. */
const readClocks = (clocks) => Object.fromEntries(Object.entries(clocks).map(([k, f]) => [k, f()]));
const since = (clocks, start) => Object.fromEntries(Object.entries(clocks).map(([k, f]) => [k, f() - start[k]]));

/** attnscope's model of the folder, read as a user reads one: Model.fromHuggingFace. */
export async function attnscopeSystem(attn, dir, clocks) {
  const files = { 'config.json': readFileSync(`${dir}/config.json`), 'model.safetensors': readFileSync(`${dir}/model.safetensors`) };
  const model = await attn.Model.fromHuggingFace(files);
  const route = 'Model.fromHuggingFace';
  return {
    name: 'attnscope',
    route,
    config: model.config,
    async prefill(ids) {
      return model.forward(ids, { lastOnly: true }).logits.data;
    },
    /** Every row's logits of ids (for the cross-check: bit-identical to decoding them one by one). */
    async logitsRows(ids) {
      return model.forward(ids).logits;
    },
    async generate(ids, n) {
      let start = null;
      const out = model.generate(ids, {
        maxNewTokens: n + 1, temperature: 0, stopAtEos: false,
        onToken: (t) => { if (t.index === 0) start = readClocks(clocks); },
      });
      return { ids: out.ids, spent: since(clocks, start) };
    },
    dispose() { model.dispose(); },
  };
}

/** onnxruntime-web's sessions of the two graphs; a greedy loop feeding presents back as pasts. */
export async function onnxSystem(ort, dir, clocks) {
  const options = { executionProviders: ['wasm'], graphOptimizationLevel: 'all' };
  const prefillSession = await ort.InferenceSession.create(readFileSync(`${dir}/prefill.onnx`), options);
  const decodeSession = await ort.InferenceSession.create(readFileSync(`${dir}/decode.onnx`), options);
  const ids64 = (ids) => new ort.Tensor('int64', BigInt64Array.from(ids, BigInt), [1, ids.length]);
  const release = (out, keep) => { for (const [k, t] of Object.entries(out)) if (!keep.has(k)) t.dispose?.(); };
  const pasts = (out) => Object.fromEntries(Object.entries(out).filter(([k]) => k.startsWith('present.')).map(([k, t]) => [k.replace('present.', 'past.'), t]));

  async function decode(out, token) {
    const next = await decodeSession.run({ input_ids: ids64([token]), ...pasts(out) });
    release(out, new Set());
    return next;
  }

  return {
    name: 'onnxruntime-web',
    async prefill(ids) {
      const out = await prefillSession.run({ input_ids: ids64(ids) });
      const logits = out.logits.data.slice();
      release(out, new Set());
      return logits;
    },
    /** The logits after the prompt, then after each token of `more`, through the decode graph. */
    async decodeRows(prompt, more) {
      let out = await prefillSession.run({ input_ids: ids64(prompt) });
      const rows = [out.logits.data.slice()];
      for (const token of more) {
        out = await decode(out, token);
        rows.push(out.logits.data.slice());
      }
      release(out, new Set());
      return rows;
    },
    async generate(ids, n) {
      let out = await prefillSession.run({ input_ids: ids64(ids) });
      const got = [argmax(out.logits.data)];
      const start = readClocks(clocks);
      for (let k = 0; k < n; k++) {
        out = await decode(out, got.at(-1));
        got.push(argmax(out.logits.data));
      }
      const spent = since(clocks, start);
      release(out, new Set());
      return { ids: got, spent };
    },
    dispose() { prefillSession.release(); decodeSession.release(); },
  };
}
