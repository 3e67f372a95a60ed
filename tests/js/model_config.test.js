// Model.config spells the codes the core reports with the tables of
// web/lib/enums.js (web/lib/ops/model_config.js). A table that went through
// the same JS both ways would check nothing, so each spelling here is held
// against a fact that does not: the layout of the file loaded
// (docs/FORMATS.md), the load options, how the tokenizer encodes.
// Model.create's variants (positions, norm, activation, arch) are checked
// against the AGPT v2 header they save in tests/js/train_learning.test.js.
import { beforeAll, describe, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { fixtureBytes } from './model_helpers.js';

beforeAll(() => attn.ready());

// A llama2.c checkpoint of zeros in the layout docs/FORMATS.md gives, of a
// model C=8, F=16, L=1, H=Hkv=2 (D=4, KV=8), V=5, T=4, shared classifier.
const C = 8, F = 16, L = 1, H = 2, V = 5, T = 4, KV = 8;
// token_embedding, the two norms per layer, wq wk wv wo, w1 w2 w3, the final norm.
const WEIGHTS = V * C + 2 * L * C + L * (2 * C * C + 2 * KV * C) + 3 * L * F * C + C;
const FREQ_CIS = 2 * T * (C / H / 2); // the legacy RoPE tables (real, imaginary), read past

function zerosCheckpoint(version) {
  const dims = [C, F, L, H, H, V, T];
  if (version === 'legacy') {
    const bytes = new Uint8Array(28 + 4 * (WEIGHTS + FREQ_CIS));
    dims.forEach((d, i) => new DataView(bytes.buffer).setInt32(4 * i, d, true));
    return bytes;
  }
  const bytes = new Uint8Array(256 + 4 * WEIGHTS); // ak42 version 1: fp32, no RoPE tables
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x616b3432, true);
  view.setInt32(4, 1, true);
  dims.forEach((d, i) => view.setInt32(8 + 4 * i, d, true));
  bytes[36] = 1; // shared classifier
  return bytes;
}

describe('Model.config names what was loaded', () => {
  test('format: each llama2.c layout, AGPT 1 and 2, and "trained" for Model.create', () => {
    const legacy = attn.Model.fromLlama2c(zerosCheckpoint('legacy'));
    const v1 = attn.Model.fromLlama2c(zerosCheckpoint('ak42v1'));
    const gpt2 = attn.Model.fromGpt2(fixtureBytes('gpt2_tiny.bin'));
    const trained = attn.Model.create({ arch: 'gpt2', dim: 8, nLayers: 1, nHeads: 2, vocabSize: 5, seqLen: 4 });
    const agpt2 = attn.Model.fromGpt2(trained.save());
    const models = { legacy, v1, gpt2, trained, agpt2 };
    const formats = Object.fromEntries(Object.entries(models).map(([name, m]) => [name, m.config.format]));
    expect(formats).toEqual({ legacy: 'llama2c', v1: 'ak42v1', gpt2: 'agpt1', trained: 'trained', agpt2: 'agpt2' });
    expect(legacy.config).toMatchObject({ arch: 'llama', weightType: 'f32', groupSize: 0, tokenizer: 'none', dim: C, vocabSize: V });
    for (const m of Object.values(models)) m.dispose();
  });

  test('the ak42 v2 file and an fp32 file loaded with quantize: true hold Q8_0 weights', async () => {
    const q8 = await attn.Model.default('chars-q8');
    const quantized = await attn.Model.default('chars', { quantize: true });
    const fp32 = await attn.Model.default();
    expect(q8.config).toMatchObject({ format: 'ak42v2', weightType: 'q8_0' });
    expect(quantized.config).toMatchObject({ format: 'llama2c', weightType: 'q8_0' });
    expect(fp32.config).toMatchObject({ format: 'llama2c', weightType: 'f32', groupSize: 0 });
    for (const m of [q8, quantized, fp32]) m.dispose();
  });

  test('each file reports its architecture: llama2.c\'s, and AGPT 1\'s GPT-2 block', async () => {
    const variant = (m) => [m.config.arch, m.config.positions, m.config.norm, m.config.activation, m.config.prenorm, m.config.bias];
    const llama = await attn.Model.default();
    // FORMATS.md: llama2.c = RMSNorm, RoPE, SwiGLU, no biases; AGPT 1 = learned positions, LayerNorm, GELU's tanh form, biases.
    expect(variant(llama)).toEqual(['llama', 'rope', 'rmsnorm', 'swiglu', true, false]);
    const gpt2 = attn.Model.fromGpt2(fixtureBytes('gpt2_tiny.bin'));
    expect(variant(gpt2)).toEqual(['gpt2', 'learned', 'layernorm', 'gelu_tanh', true, true]);
    llama.dispose();
    gpt2.dispose();
  });

  test('tokenizer: "none" without one, else the kind that encodes (bpe adds run.c\'s dummy-prefix space)', async () => {
    const ckpt = fixtureBytes('gpt2_tiny.bin');
    const tok = fixtureBytes('gpt2_tiny_tokenizer.bin');
    const none = attn.Model.fromGpt2(ckpt);
    const bpe = attn.Model.fromGpt2(ckpt, tok, { tokenizerKind: 'bpe' });
    const char = attn.Model.fromGpt2(ckpt, tok, { tokenizerKind: 'char' });
    expect([none.config.tokenizer, bpe.config.tokenizer, char.config.tokenizer]).toEqual(['none', 'bpe', 'char']);
    const ids = (m, text) => Array.from(m.encode(text, { bos: false }));
    expect(ids(char, 'a')).toHaveLength(1);
    expect(ids(bpe, 'a')).toEqual(ids(char, ' a'));
    const shipped = await attn.Model.default();
    expect(shipped.config.tokenizer).toBe('bpe'); // model_files.js loads the shipped models as 'bpe'
    for (const m of [none, bpe, char, shipped]) m.dispose();
  });
});
