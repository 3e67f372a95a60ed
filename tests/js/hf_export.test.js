// Model.toHuggingFace: the exported folder of a seeded Model.create model is,
// byte for byte, the folder scripts/gen_fixtures_hf.py read with its own
// safetensors reader and PyTorch forward (sha256 recorded), and its logits
// are PyTorch's; Model.fromHuggingFace reads it back bit for bit; variants
// neither architecture holds are refused by name.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { EXPORT_SAMPLES, EXPORT_TOKENS, makeSample } from '../../scripts/hf_export_samples.js';
import { attn, thrown } from './helpers.js';
import { folder, readSafetensors, references } from './hf_helpers.js';
import { expectCloseScaled, fixtureBytes } from './model_helpers.js';

const REL = 1e-4; // float32 vs PyTorch's float64 on the same weights (hf_load.test.js)

beforeAll(() => attn.ready());
const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const sameBits = (a, b) => a.length === b.length && Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)) === 0;

describe('a seeded Model.create model exports what PyTorch read', () => {
  for (const sample of EXPORT_SAMPLES) {
    test(`${sample.name}: the same bytes, PyTorch's logits, and a bit-exact round trip`, async () => {
      const want = references().exports[sample.name];
      const m = makeSample(attn, sample);
      const files = m.toHuggingFace();
      expect(Object.keys(files).sort()).toEqual(Object.keys(want.sha256));
      expect(typeof files['config.json']).toBe('string');
      expect(files['model.safetensors']).toBeInstanceOf(Uint8Array);
      for (const [name, data] of Object.entries(files)) expect(sha256(data), name).toBe(want.sha256[name]);
      expect(JSON.parse(files['config.json'])).toEqual(want.config);

      const direct = m.forward(EXPORT_TOKENS).logits.data;
      expectCloseScaled(direct, want.logits.flat(), REL, `${sample.name}: attnscope vs PyTorch on the export`);
      const back = await attn.Model.fromHuggingFace(files);
      expect(back.config).toMatchObject({ format: 'safetensors', fileDtype: 'f32', arch: sample.config.arch });
      expect(sameBits(back.forward(EXPORT_TOKENS).logits.data, direct), 'round-trip logits bit-identical').toBe(true);
      const { tensors } = readSafetensors(files['model.safetensors']);
      const params = back.parameters();
      expect(Object.keys(params).sort()).toEqual(Object.keys(tensors).sort());
      for (const [name, t] of Object.entries(tensors)) expect(Array.from(params[name].data), name).toEqual(Array.from(t.values));
      // Written again from the loaded model: the same bytes.
      expect(sha256(back.toHuggingFace()['model.safetensors'])).toBe(want.sha256['model.safetensors']);
      back.dispose();
      m.dispose();
    });
  }
});

describe('any model whose variant the architectures hold can be written', () => {
  test('the shipped llama2.c models (float32 and Q8_0) round-trip through a folder', async () => {
    for (const name of ['chars', 'chars-q8']) {
      const m = await attn.Model.default(name);
      const ids = m.encode('It is a truth universally acknowledged');
      const back = await attn.Model.fromHuggingFace(m.toHuggingFace());
      expect(back.config).toMatchObject({ arch: 'llama', nLayers: m.config.nLayers, vocabSize: m.config.vocabSize });
      const a = m.forward(ids).logits.data, b = back.forward(ids).logits.data;
      // float32: the same weights, permuted and back. Q8_0: dequantised into the file, so close, not equal.
      if (name === 'chars') expect(sameBits(a, b)).toBe(true);
      else expectCloseScaled(b, a, 5e-2, 'chars-q8 exported as float32');
      m.dispose();
      back.dispose();
    }
  });

  test('a Hugging Face folder read, then written, keeps its weights (as float32)', async () => {
    const files = folder('llama_bf16');
    const m = await attn.Model.fromHuggingFace(files);
    const out = m.toHuggingFace();
    const cfg = JSON.parse(out['config.json']);
    expect(cfg).toMatchObject({ architectures: ['LlamaForCausalLM'], num_key_value_heads: 1, rope_theta: 500000, rms_norm_eps: 1e-5, tie_word_embeddings: true, bos_token_id: 1, eos_token_id: 2 });
    const back = await attn.Model.fromHuggingFace(out);
    const ids = [1, 4, 9, 16, 25];
    expect(sameBits(back.forward(ids).logits.data, m.forward(ids).logits.data)).toBe(true);
    m.dispose();
    back.dispose();
  });

  const base = { dim: 16, nLayers: 1, nHeads: 2, vocabSize: 10, seqLen: 8 };
  const refusals = [
    [{ arch: 'llama', positions: 'learned' }, /positions 'learned' cannot be written as LlamaForCausalLM/],
    [{ arch: 'llama', norm: 'layernorm' }, /norm 'layernorm' cannot be written as LlamaForCausalLM/],
    [{ arch: 'llama', activation: 'gelu' }, /activation 'gelu' cannot be written as LlamaForCausalLM/],
    [{ arch: 'gpt2', positions: 'rope' }, /positions 'rope' cannot be written as GPT2LMHeadModel/],
    [{ arch: 'gpt2', activation: 'swiglu' }, /activation 'swiglu' cannot be written as GPT2LMHeadModel/],
    [{ arch: 'gpt2', bias: false }, /bias false cannot be written as GPT2LMHeadModel/],
    [{ arch: 'gpt2', nKvHeads: 1 }, /nKvHeads 1 < nHeads 2 \(grouped-query attention\) cannot be written as GPT2LMHeadModel/],
    [{ arch: 'llama', prenorm: false }, /prenorm false \(post-LN\)/],
    [{ arch: 'llama', causal: false }, /causal false \(an encoder\) cannot be written/],
    [{ arch: 'gpt2', hiddenDim: 0 }, /hiddenDim 0 \(attention only\) cannot be written/],
    [{ arch: 'gpt2', positions: 'learned', embeddingScale: true }, /embeddingScale 4 cannot be written/],
  ];
  for (const [variant, message] of refusals) {
    test(`refused by name: ${JSON.stringify(variant)}`, () => {
      const m = attn.Model.create({ ...base, ...variant });
      const e = thrown(() => m.toHuggingFace());
      expect(e).toBeInstanceOf(attn.AttnscopeError);
      expect(e.message).toMatch(/^Model\.toHuggingFace: /);
      expect(e.message).toMatch(message);
      m.dispose();
    });
  }

  test('a Llama with biases writes attention_bias and mlp_bias, and reads back bit for bit', async () => {
    const m = attn.Model.create({ ...base, arch: 'llama', bias: true, nKvHeads: 1 }, { seed: 3 });
    const p = m.parameters();
    for (const [name, t] of Object.entries(p)) if (name.endsWith('.bias')) t.data = t.data.map((_, i) => 0.3 * Math.sin(i + name.length));
    m.setParameters(p);
    const files = m.toHuggingFace();
    expect(JSON.parse(files['config.json'])).toMatchObject({ attention_bias: true, mlp_bias: true });
    const back = await attn.Model.fromHuggingFace(files);
    expect(sameBits(back.forward([1, 2, 3, 4]).logits.data, m.forward([1, 2, 3, 4]).logits.data)).toBe(true);
    m.dispose();
    back.dispose();
  });
});

test('AGPT files (GPT-2 layout) export too', async () => {
  const m = attn.Model.fromGpt2(fixtureBytes('gpt2_tiny.bin'));
  const back = await attn.Model.fromHuggingFace(m.toHuggingFace());
  expect(sameBits(back.forward([1, 2, 3]).logits.data, m.forward([1, 2, 3]).logits.data)).toBe(true);
  m.dispose();
  back.dispose();
});
