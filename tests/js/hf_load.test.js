// Model.fromHuggingFace against PyTorch: the folders and logits of
// scripts/gen_fixtures_hf.py (a reference forward written from transformers'
// GPT-2 and Llama, float64 on the stored values). Both architectures, F32,
// F16, BF16 and mixed, one file and shards, tied and untied, GQA and MQA,
// biases; then what a loaded model does: parameters, attention, generation
// with the KV cache, scoring, quantising, progress and cancelling.
import { beforeAll, describe, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { FOLDERS, folder, folderTensors, readSafetensors, references } from './hf_helpers.js';
import { argmax, crossEntropy, expectCloseScaled, rejected } from './model_helpers.js';

// float32 forward vs float64 reference on the same stored weights, two
// layers: the other model fixtures' bound, relative to the logit scale.
const REL = 1e-4;
// Q8_0 weights and activations vs the float weights' reference: int8 steps.
const Q8_REL = 5e-2;

beforeAll(() => attn.ready());
const refs = references().folders;
const flat = (rows) => rows.flat();

describe('each fixture folder gives PyTorch\'s logits', () => {
  const expected = {
    gpt2_f32: { arch: 'gpt2', fileDtype: 'f32', sharedClassifier: true, activation: 'gelu_tanh' },
    gpt2_f16: { arch: 'gpt2', fileDtype: 'f16', sharedClassifier: false, activation: 'gelu' },
    gpt2_bf16: { arch: 'gpt2', fileDtype: 'bf16', hiddenDim: 48 },
    llama_f32: { arch: 'llama', fileDtype: 'f32', nKvHeads: 2, sharedClassifier: false },
    llama_bf16: { arch: 'llama', fileDtype: 'bf16', nKvHeads: 1, sharedClassifier: true, ropeBase: 500000, normEps: 1e-5 },
    llama_f16: { arch: 'llama', fileDtype: 'mixed', nKvHeads: 4, bias: true, normEps: 1e-6 },
  };
  for (const name of FOLDERS) {
    test(name, async () => {
      const m = await attn.Model.fromHuggingFace(folder(name));
      expect(m.config).toMatchObject({ format: 'safetensors', weightType: 'f32', tokenizer: 'none', ...expected[name] });
      expect(m.config.architecture).toBe(name.startsWith('gpt2') ? 'GPT2LMHeadModel' : 'LlamaForCausalLM');
      const { tokens, logits } = refs[name];
      expectCloseScaled(m.forward(tokens).logits.data, flat(logits), REL, `${name} logits`);
      m.dispose();
    });
  }
});

test('the tolerance catches Llama q/k rows read without the rotate-half permutation', async () => {
  // The plausible mistake: rows permuted the other way (as if the file were interleaved).
  const files = folder('llama_f32');
  const bytes = files['model.safetensors'].slice();
  const { tensors, headerBytes } = readSafetensors(bytes);
  const D = 8, C = 32;
  for (const [name, t] of Object.entries(tensors)) {
    if (!/[qk]_proj\.weight$/.test(name)) continue;
    const rowsOut = t.shape[0], src = bytes.slice(8 + headerBytes + t.begin, 8 + headerBytes + t.end);
    for (let r = 0; r < rowsOut; r++) { // HF row h*D + s*D/2 + i <- interleaved row h*D + 2i + s
      const h = Math.floor(r / D), j = r % D, wrong = h * D + (j % 2) * (D / 2) + Math.floor(j / 2);
      bytes.set(src.subarray(wrong * C * 4, (wrong + 1) * C * 4), 8 + headerBytes + t.begin + r * C * 4);
    }
  }
  const m = await attn.Model.fromHuggingFace({ ...files, 'model.safetensors': bytes });
  const { tokens, logits } = refs.llama_f32;
  const got = m.forward(tokens).logits.data, want = flat(logits);
  let worst = 0, scale = 1;
  for (let i = 0; i < want.length; i++) { worst = Math.max(worst, Math.abs(got[i] - want[i])); scale = Math.max(scale, Math.abs(want[i])); }
  expect(worst).toBeGreaterThan(100 * REL * scale);
  m.dispose();
});

describe('a loaded folder does what any model does', () => {
  test('parameters(): the file\'s names and shapes, the stored values as float32', async () => {
    for (const name of ['gpt2_f32', 'llama_f16', 'llama_bf16']) {
      const files = folder(name);
      const m = await attn.Model.fromHuggingFace(files);
      const params = m.parameters();
      const stored = folderTensors(files);
      const weights = Object.keys(stored).filter((n) => !/\.attn\.(bias|masked_bias)$|inv_freq$/.test(n));
      expect(Object.keys(params).sort()).toEqual(weights.sort());
      for (const n of weights) {
        expect(params[n].shape, n).toEqual(stored[n].shape);
        expect(Array.from(params[n].data), n).toEqual(Array.from(stored[n].values));
      }
      m.dispose();
    }
  });

  test('forward returns every head\'s attention: rows sum to 1, zero above the diagonal', async () => {
    const m = await attn.Model.fromHuggingFace(folder('llama_f32'));
    const { attention } = m.forward([1, 5, 9, 2, 7], { returnAttention: true });
    expect(attention.shape).toEqual([2, 4, 5, 5]);
    for (let r = 0; r < 2 * 4 * 5; r++) {
      const row = attention.data.subarray(r * 5, r * 5 + 5), i = r % 5;
      expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
      for (let j = i + 1; j < 5; j++) expect(row[j]).toBe(0);
    }
    m.dispose();
  });

  test('greedy generation through the KV cache follows the full forward\'s argmax, and stops at eos_token_id', async () => {
    for (const name of ['gpt2_bf16', 'llama_f16']) {
      const m = await attn.Model.fromHuggingFace(folder(name));
      const prompt = [1, 17, 5];
      const r = m.generate(prompt, { temperature: 0, maxNewTokens: 10, stopAtEos: false });
      const ids = [...prompt];
      for (const id of r.ids) {
        const { logits } = m.forward(ids, { lastOnly: true });
        expect(id).toBe(argmax(logits.data));
        ids.push(id);
      }
      const streamed = [];
      for await (const t of m.stream(prompt, { temperature: 0, maxNewTokens: 10, stopAtEos: false })) streamed.push(t.id);
      expect(streamed).toEqual(r.ids);
      m.dispose();
    }
    // llama_f16's config names eos_token_id [2, 3]: generation stops after either, not at run.c's BOS (1).
    const m = await attn.Model.fromHuggingFace(folder('llama_f16'));
    let stop = null;
    for (let seed = 0; seed < 400 && !stop; seed++) {
      const r = m.generate([1, 4], { temperature: 1.5, topP: 1, maxNewTokens: 12, seed });
      if (r.stopReason === 'eos') stop = r;
      else expect(r.ids.slice(0, -1).some((id) => id === 2 || id === 3)).toBe(false);
    }
    expect(stop, 'some seed samples an eos id').not.toBeNull();
    expect([2, 3]).toContain(stop.ids.at(-1));
    m.dispose();
  });

  test('loss() scores a text: the mean cross-entropy of PyTorch\'s logits', async () => {
    const m = await attn.Model.fromHuggingFace(folder('gpt2_f16'));
    const { tokens, logits } = refs.gpt2_f16;
    const inputs = [tokens.slice(0, -1)], targets = [tokens.slice(1)];
    targets[0][3] = -1; // ignored
    let sum = 0, n = 0;
    targets[0].forEach((t, i) => { if (t !== -1) { sum += crossEntropy(logits[i], t); n += 1; } });
    expect(m.loss(inputs, targets)).toBeCloseTo(sum / n, 4);
    m.dispose();
  });

  test('quantize: true holds Q8_0 weights whose logits stay near PyTorch\'s; maxSeqLen caps the context', async () => {
    for (const name of ['gpt2_f32', 'llama_f32']) {
      const m = await attn.Model.fromHuggingFace(folder(name), { quantize: true, groupSize: 16, maxSeqLen: 12 });
      expect(m.config).toMatchObject({ weightType: 'q8_0', groupSize: 16, seqLen: 12, fileSeqLen: 16 });
      const { tokens, logits } = refs[name];
      expectCloseScaled(m.forward(tokens).logits.data, flat(logits), Q8_REL, `${name} q8 logits`);
      m.dispose();
    }
  });
});

describe('inputs, progress, cancelling', () => {
  test('names may be paths, values Blobs or Files; a Map works too', async () => {
    const files = folder('gpt2_bf16');
    const asPaths = Object.fromEntries(Object.entries(files).map(([n, b]) => [`gpt2/${n}`, new Blob([b])]));
    const asFiles = Object.entries(files).map(([n, b]) => new File([b], n));
    const { tokens, logits } = refs.gpt2_bf16;
    for (const input of [asPaths, asFiles, new Map(Object.entries(files))]) {
      const m = await attn.Model.fromHuggingFace(input);
      expectCloseScaled(m.forward(tokens).logits.data, flat(logits), REL, 'gpt2_bf16 logits');
      m.dispose();
    }
  });

  test('onProgress: config, then weights up to every tensor byte, then done', async () => {
    const files = folder('llama_bf16');
    const events = [];
    const m = await attn.Model.fromHuggingFace(files, { onProgress: (p) => events.push({ ...p }) });
    const tensorBytes = Object.values(folderTensors(files)).reduce((s, t) => s + t.end - t.begin, 0);
    expect(events[0].phase).toBe('config');
    expect(events.at(-1)).toEqual({ phase: 'done', loaded: 1, total: 1 });
    const weights = events.filter((e) => e.phase === 'weights');
    expect(weights.at(-1)).toEqual({ phase: 'weights', loaded: tensorBytes, total: tensorBytes });
    for (let i = 1; i < weights.length; i++) expect(weights[i].loaded).toBeGreaterThanOrEqual(weights[i - 1].loaded);
    m.dispose();
  });

  test('an aborted signal rejects with AbortError, and the next load works', async () => {
    const controller = new AbortController();
    let calls = 0;
    const e = await rejected(attn.Model.fromHuggingFace(folder('llama_f32'), {
      signal: controller.signal, onProgress: (p) => { if (p.phase === 'weights' && ++calls === 2) controller.abort(); },
    }));
    expect(e?.name).toBe('AbortError');
    const m = await attn.Model.fromHuggingFace(folder('llama_f32'));
    expectCloseScaled(m.forward(refs.llama_f32.tokens).logits.data, flat(refs.llama_f32.logits), REL, 'after abort');
    m.dispose();
  });

  test('a model too big for the heap is refused before anything is allocated, with the figure', async () => {
    // A GPT-2 of 2 x 3072 x 50257 floats (~1.2 GB of float32 weights each way) served as a reader
    // whose bytes are never asked for: the core refuses it from the headers alone.
    const C = 3072, V = 50257, L = 2, T = 64, F = 4 * C;
    const cfg = { architectures: ['GPT2LMHeadModel'], n_embd: C, n_head: 24, n_layer: L, vocab_size: V, n_positions: T, tie_word_embeddings: false };
    const shapes = [['wte.weight', [V, C]], ['wpe.weight', [T, C]], ['ln_f.weight', [C]], ['ln_f.bias', [C]], ['lm_head.weight', [V, C]]];
    for (let l = 0; l < L; l++) {
      shapes.push([`h.${l}.ln_1.weight`, [C]], [`h.${l}.ln_1.bias`, [C]], [`h.${l}.attn.c_attn.weight`, [C, 3 * C]], [`h.${l}.attn.c_attn.bias`, [3 * C]],
        [`h.${l}.attn.c_proj.weight`, [C, C]], [`h.${l}.attn.c_proj.bias`, [C]], [`h.${l}.ln_2.weight`, [C]], [`h.${l}.ln_2.bias`, [C]],
        [`h.${l}.mlp.c_fc.weight`, [C, F]], [`h.${l}.mlp.c_fc.bias`, [F]], [`h.${l}.mlp.c_proj.weight`, [F, C]], [`h.${l}.mlp.c_proj.bias`, [C]]);
    }
    const header = {};
    let at = 0;
    for (const [name, shape] of shapes) {
      const n = shape.reduce((a, d) => a * d, 4);
      header[name] = { dtype: 'F32', shape, data_offsets: [at, at + n] };
      at += n;
    }
    const json = new TextEncoder().encode(JSON.stringify(header));
    const head = new Uint8Array(8 + json.length);
    new DataView(head.buffer).setBigUint64(0, BigInt(json.length), true);
    head.set(json, 8);
    let dataReads = 0;
    const reader = {
      size: head.length + at,
      async read(offset, length) {
        if (offset >= head.length) dataReads += 1;
        return offset + length <= head.length ? head.subarray(offset, offset + length) : new Uint8Array(length);
      },
    };
    const e = await rejected(attn.Model.fromHuggingFace({ 'config.json': JSON.stringify(cfg), 'model.safetensors': reader }));
    expect(e).toBeInstanceOf(attn.AttnscopeError);
    expect(e.message).toMatch(/needs \d+\.\d MiB \(weights \d+\.\d MiB as float32.*can take \d+\.\d MiB more/);
    expect(e.message).toMatch(/quantize: true/);
    expect(dataReads).toBe(0);
    const m = await attn.Model.fromHuggingFace(folder('gpt2_f32'));
    expect(m.forward([1, 2, 3]).logits.shape).toEqual([3, 64]);
    m.dispose();
  });
});
