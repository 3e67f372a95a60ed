// Saving a trained model: toLlama2c() writes llama2.c's legacy (version 0)
// file exactly as its export.py lays it out, and Model.fromLlama2c reads it
// back to the same logits and greedy tokens; save() (AGPT v2) does the same
// for every variant through Model.fromGpt2.
import { beforeAll, describe, expect, test } from 'vitest';
import { attn, thrown } from './helpers.js';
import { tokenizerBin } from './train_helpers.js';

beforeAll(() => attn.ready());

const V = 19, T = 12;
const seq = (n, k) => Array.from({ length: n }, (_, i) => (i * k + 3) % V);
const inputs = [seq(T, 5), seq(T, 7)];
const targets = inputs.map((r) => [...r.slice(1), -1]);

/** A model made by Model.create and moved off its initialisation by a few steps. */
function trained(config) {
  const model = attn.Model.create({ vocabSize: V, seqLen: T, nLayers: 2, ...config }, { seed: 11 });
  const trainer = new attn.Trainer(model, { learningRate: 5e-3 });
  for (let s = 0; s < 4; s++) trainer.step(inputs, targets);
  trainer.dispose();
  return model;
}

/** The loaded model gives bit-identical logits and the same greedy tokens. */
function expectSameModel(loaded, model) {
  const ids = seq(T, 3);
  expect(loaded.forward(ids).logits.data).toEqual(model.forward(ids).logits.data);
  const opts = { temperature: 0, maxNewTokens: T - 3, stopAtEos: false };
  expect(loaded.generate(ids.slice(0, 3), opts).ids).toEqual(model.generate(ids.slice(0, 3), opts).ids);
}

describe('toLlama2c', () => {
  for (const shared of [true, false]) {
    test(`llama2.c export.py version 0 layout, ${shared ? 'shared' : 'separate'} classifier, GQA`, () => {
      const model = trained({ dim: 16, hiddenDim: 40, nHeads: 4, nKvHeads: 2, sharedClassifier: shared });
      const bytes = model.toLlama2c();
      const c = model.config, p = model.parameters(), L = c.nLayers, D = c.dim / c.nHeads;
      // The header: 7 int32, vocab_size negative when the classifier is separate.
      const header = new Int32Array(bytes.buffer, bytes.byteOffset, 7);
      expect([...header]).toEqual([c.dim, c.hiddenDim, L, c.nHeads, c.nKvHeads, shared ? V : -V, T]);
      // Then the tensors in export.py's order, each exactly the parameter's floats.
      const layers = (n) => Array.from({ length: L }, (_, l) => `layers.${l}.${n}.weight`);
      const order = ['tok_embeddings.weight', ...layers('attention_norm'), ...layers('attention.wq'),
        ...layers('attention.wk'), ...layers('attention.wv'), ...layers('attention.wo'), ...layers('ffn_norm'),
        ...layers('feed_forward.w1'), ...layers('feed_forward.w2'), ...layers('feed_forward.w3'), 'norm.weight'];
      const floats = new Float32Array(bytes.buffer.slice(bytes.byteOffset + 28, bytes.byteOffset + bytes.byteLength));
      let at = 0;
      for (const name of order) {
        expect(floats.subarray(at, at + p[name].data.length), name).toEqual(p[name].data);
        at += p[name].data.length;
      }
      // freqs_cos, freqs_sin [seq_len, D/2] (run.c ignores them): float32 of t·10000^(-2i/D).
      for (const [k, fn] of [[0, Math.cos], [1, Math.sin]]) {
        for (let t = 0; t < T; t++) {
          for (let i = 0; i < D / 2; i++) {
            const want = fn(t * 10000 ** (-(2 * i) / D));
            expect(Math.abs(floats[at + k * T * (D / 2) + t * (D / 2) + i] - want)).toBeLessThan(1e-6);
          }
        }
      }
      at += 2 * T * (D / 2);
      if (!shared) {
        expect(floats.subarray(at, at + V * c.dim), 'output.weight').toEqual(p['output.weight'].data);
        at += V * c.dim;
      }
      expect(bytes.byteLength).toBe(28 + 4 * at); // nothing else

      const loaded = attn.Model.fromLlama2c(bytes);
      expect(loaded.config.format).toBe('llama2c');
      expectSameModel(loaded, model);
      loaded.dispose();
      model.dispose();
    });
  }

  test('an architecture llama2.c cannot hold is refused with a clear error; the model keeps working', () => {
    for (const config of [{ arch: 'gpt2' }, { positions: 'alibi' }, { norm: 'layernorm' }, { prenorm: false }, { activation: 'gelu' }]) {
      const model = attn.Model.create({ dim: 16, nHeads: 2, vocabSize: V, seqLen: T, nLayers: 1, ...config });
      const e = thrown(() => model.toLlama2c());
      expect(e, JSON.stringify(config)).toBeInstanceOf(attn.AttnscopeError);
      expect(e.message).toMatch(/^Model\.toLlama2c: /);
      expect(model.forward([1, 2]).logits.shape).toEqual([2, V]);
      model.dispose();
    }
  });
});

describe('save (AGPT v2) -> Model.fromGpt2', () => {
  const variants = [
    { arch: 'gpt2' },
    { arch: 'gpt2', positions: 'alibi', norm: 'rmsnorm', prenorm: false, activation: 'gelu_tanh', nKvHeads: 1 },
    { arch: 'gpt2', positions: 'rope', activation: 'swiglu', sharedClassifier: false },
    { arch: 'llama', positions: 'sinusoidal', norm: 'layernorm', activation: 'relu', bias: true },
    { arch: 'llama', positions: 'none', prenorm: false },
  ];
  for (const v of variants) {
    test(JSON.stringify(v), () => {
      const model = trained({ dim: 16, nHeads: 4, nKvHeads: 2, hiddenDim: 32, ...v });
      const loaded = attn.Model.fromGpt2(model.save());
      for (const k of ['arch', 'positions', 'norm', 'prenorm', 'activation', 'bias', 'sharedClassifier', 'nKvHeads']) {
        expect(loaded.config[k], k).toBe(model.config[k]);
      }
      expectSameModel(loaded, model);
      loaded.dispose();
      model.dispose();
    });
  }
});

describe('a tokenizer with Model.create', () => {
  test("a char tokenizer.bin makes text prompts work, and travels with toLlama2c's file", () => {
    const vocab = ['<unk>', '<s>', '</s>', ...'ab c'];
    const tok = tokenizerBin(vocab);
    const model = attn.Model.create({ dim: 16, hiddenDim: 32, nLayers: 1, nHeads: 2, vocabSize: vocab.length, seqLen: 16 }, { seed: 1, tokenizer: tok, tokenizerKind: 'char' });
    expect(model.config.tokenizer).toBe('char');
    const ids = model.encode('ab cab c');
    expect(ids).toEqual([1, 3, 4, 5, 6, 3, 4, 5, 6]);
    const trainer = new attn.Trainer(model, { learningRate: 2e-2 });
    for (let s = 0; s < 60; s++) trainer.step([ids.slice(0, -1)], [ids.slice(1)]);
    const r = model.generate('ab', { temperature: 0, maxNewTokens: 6, stopAtEos: false });
    expect(r.text).toBe(' cab c');
    const loaded = attn.Model.fromLlama2c(model.toLlama2c(), tok, { tokenizerKind: 'char' });
    expect(loaded.generate('ab', { temperature: 0, maxNewTokens: 6, stopAtEos: false }).text).toBe(r.text);
    loaded.dispose();
    model.dispose();
  });

  test('a tokenizer of another vocabulary size is refused and nothing is left behind', () => {
    const e = thrown(() => attn.Model.create({ dim: 16, nLayers: 1, nHeads: 2, vocabSize: 9, seqLen: 8 }, { tokenizer: tokenizerBin(['<unk>', '<s>', '</s>', 'a']) }));
    expect(e).toBeInstanceOf(attn.AttnscopeError);
    expect(e.message).toMatch(/^Model\.create: tokenizer: /);
  });
});
