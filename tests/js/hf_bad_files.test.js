// Bad Hugging Face folders: each is refused with an AttnscopeError that names
// the file and the field, and the module keeps working (a good folder loads
// and gives PyTorch's logits after every one). Then a seeded mutation fuzz of
// the safetensors, config.json and index readers: only AttnscopeError ever
// escapes, whatever the bytes.
import { beforeAll, describe, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { folder, readSafetensors, references, safetensorsBytes, withFile } from './hf_helpers.js';
import { expectCloseScaled, rejected } from './model_helpers.js';

beforeAll(() => attn.ready());

const good = () => folder('gpt2_f32');
const SHARDS = ['model-00001-of-00002.safetensors', 'model-00002-of-00002.safetensors'];
const INDEX = 'model.safetensors.index.json';

/** The file rebuilt from its tensors after edit(list of { name, dtype, shape, bytes }). */
function rebuild(bytes, edit) {
  const { tensors, headerBytes } = readSafetensors(bytes);
  let list = Object.entries(tensors).sort((a, b) => a[1].begin - b[1].begin).map(([name, t]) => ({
    name, dtype: t.dtype, shape: t.shape, bytes: bytes.subarray(8 + headerBytes + t.begin, 8 + headerBytes + t.end),
  }));
  list = edit(list);
  const header = {};
  let at = 0;
  for (const t of list) {
    header[t.name] = { dtype: t.dtype, shape: t.shape, data_offsets: [at, at + t.bytes.length] };
    at += t.bytes.length;
  }
  const data = new Uint8Array(at);
  let p = 0;
  for (const t of list) { data.set(t.bytes, p); p += t.bytes.length; }
  return safetensorsBytes(header, data);
}

const onlyFile = (header, data) => withFile(good(), 'model.safetensors', safetensorsBytes(header, data));
const config = (edit) => withFile(good(), 'config.json', JSON.stringify(edit(JSON.parse(new TextDecoder().decode(good()['config.json'])))));
const llamaConfig = (edit) => {
  const files = folder('llama_f32');
  return withFile(files, 'config.json', JSON.stringify(edit(JSON.parse(new TextDecoder().decode(files['config.json'])))));
};
const sharded = (edit) => { const files = folder('gpt2_bf16'); edit(files); return files; };
const indexOf = (files) => JSON.parse(new TextDecoder().decode(files[INDEX]));

async function expectWorks() {
  const { tokens, logits } = references().folders.gpt2_f32;
  const m = await attn.Model.fromHuggingFace(good());
  expectCloseScaled(m.forward(tokens).logits.data, logits.flat(), 1e-4, 'the good folder after a bad one');
  m.dispose();
}

const CASES = [
  // The safetensors container.
  ['a file shorter than the header length field', () => withFile(good(), 'model.safetensors', good()['model.safetensors'].slice(0, 5)), /model\.safetensors: the file has 5 bytes/],
  ['a truncated file', () => withFile(good(), 'model.safetensors', good()['model.safetensors'].slice(0, 20000)), /model\.safetensors: tensor '.*' ends at byte \d+ of the data, but the file holds \d+ bytes/],
  ['a header length past the end', () => {
    const b = good()['model.safetensors'].slice();
    new DataView(b.buffer).setBigUint64(0, BigInt(b.length), true);
    return withFile(good(), 'model.safetensors', b);
  }, /model\.safetensors: header length \d+ runs past the end of the file/],
  ['a header that is not JSON', () => withFile(good(), 'model.safetensors', safetensorsBytes({}, new Uint8Array(0)).map((v, i) => (i === 8 ? 0x7b : i === 9 ? 0x7b : v))), /model\.safetensors: the header is not UTF-8 JSON/],
  ['a header that is a list', () => {
    const b = new TextEncoder().encode('[]');
    const out = new Uint8Array(10);
    new DataView(out.buffer).setBigUint64(0, 2n, true);
    out.set(b, 8);
    return withFile(good(), 'model.safetensors', out);
  }, /model\.safetensors: the header must be a JSON object/],
  ['overlapping offsets', () => onlyFile({ a: { dtype: 'F32', shape: [2], data_offsets: [0, 8] }, b: { dtype: 'F32', shape: [2], data_offsets: [4, 12] } }, new Uint8Array(12)), /model\.safetensors: tensors 'a' \(bytes 0\.\.8\) and 'b' \(bytes 4\.\.12\) overlap/],
  ['offsets past the data', () => onlyFile({ a: { dtype: 'F32', shape: [4], data_offsets: [0, 16] } }, new Uint8Array(8)), /model\.safetensors: tensor 'a' ends at byte 16 of the data, but the file holds 8/],
  ['an unaligned offset', () => onlyFile({ a: { dtype: 'U8', shape: [1], data_offsets: [0, 1] }, b: { dtype: 'F32', shape: [1], data_offsets: [1, 5] } }, new Uint8Array(5)), /model\.safetensors: tensor 'b' starts at byte 1 of the data, not a multiple of its F32 element size 4/],
  ['bytes no tensor holds', () => onlyFile({ a: { dtype: 'F32', shape: [1], data_offsets: [0, 4] }, b: { dtype: 'F32', shape: [1], data_offsets: [8, 12] } }, new Uint8Array(12)), /model\.safetensors: no tensor holds bytes 4\.\.8/],
  ['bytes after the last tensor', () => onlyFile({ a: { dtype: 'F32', shape: [1], data_offsets: [0, 4] } }, new Uint8Array(8)), /model\.safetensors: 4 bytes after the last tensor/],
  ['a shape that does not fit its offsets', () => onlyFile({ a: { dtype: 'F32', shape: [3], data_offsets: [0, 8] } }, new Uint8Array(8)), /model\.safetensors: tensor 'a': shape \[3\] of F32 needs 12 bytes but data_offsets \[0, 8\] hold 8/],
  ['a dtype safetensors does not define', () => onlyFile({ a: { dtype: 'F128', shape: [1], data_offsets: [0, 16] } }, new Uint8Array(16)), /model\.safetensors: tensor 'a' has dtype "F128"/],
  ['bad data_offsets', () => onlyFile({ a: { dtype: 'F32', shape: [1], data_offsets: [4, 0] } }, new Uint8Array(4)), /data_offsets must be \[begin, end\]/],
  ['__metadata__ that is not strings', () => onlyFile({ __metadata__: { format: 1 } }, new Uint8Array(0)), /model\.safetensors: __metadata__ must map strings to strings/],
  // The tensors against config.json.
  ['an F8 weight', () => withFile(good(), 'model.safetensors', rebuild(good()['model.safetensors'], (l) => l.map((t) => (t.name === 'transformer.wte.weight' ? { ...t, dtype: 'F8_E4M3', shape: [t.shape[0], t.shape[1] * 4] } : t)))), /model\.safetensors: tensor 'transformer\.wte\.weight' is F8_E4M3; attnscope reads F32, F16 and BF16/],
  ['an I64 weight', () => withFile(good(), 'model.safetensors', rebuild(good()['model.safetensors'], (l) => l.map((t) => (t.name === 'transformer.h.0.ln_1.weight' ? { ...t, dtype: 'I64', shape: [8] } : t)))), /tensor 'transformer\.h\.0\.ln_1\.weight' is I64/],
  ['a missing tensor', () => withFile(good(), 'model.safetensors', rebuild(good()['model.safetensors'], (l) => l.filter((t) => t.name !== 'transformer.h.1.mlp.c_fc.bias'))), /model\.safetensors: tensor 'transformer\.h\.1\.mlp\.c_fc\.bias' is missing/],
  ['a mis-shaped tensor', () => withFile(good(), 'model.safetensors', rebuild(good()['model.safetensors'], (l) => l.map((t) => (t.name === 'transformer.h.0.ln_1.weight' ? { ...t, shape: [4, 4] } : t)))), /tensor 'transformer\.h\.0\.ln_1\.weight' has shape \[4, 4\] but config\.json's sizes need \[16\]/],
  ['a Conv1D weight stored as nn.Linear [out, in]', () => withFile(good(), 'model.safetensors', rebuild(good()['model.safetensors'], (l) => l.map((t) => (t.name === 'transformer.h.0.attn.c_attn.weight' ? { ...t, shape: [48, 16] } : t)))), /c_attn\.weight' has shape \[48, 16\] but config\.json's sizes need \[16, 48\]/],
  ['a tensor of a layer config.json does not have', () => withFile(good(), 'model.safetensors', rebuild(good()['model.safetensors'], (l) => [...l, { ...l.find((t) => t.name === 'transformer.h.1.ln_1.weight'), name: 'transformer.h.2.ln_1.weight' }])), /tensor 'transformer\.h\.2\.ln_1\.weight' is not part of a GPT2LMHeadModel of config\.json's sizes/],
  ['one weight twice (with and without the prefix)', () => withFile(good(), 'model.safetensors', rebuild(good()['model.safetensors'], (l) => [...l, { ...l.find((t) => t.name === 'transformer.ln_f.bias'), name: 'ln_f.bias' }])), /are the same weight/],
  // config.json.
  ['no config.json', () => withFile(good(), 'config.json', null), /files: config\.json is missing/],
  ['config.json that is not JSON', () => withFile(good(), 'config.json', '{"n_embd": 16,'), /config\.json: not valid JSON/],
  ['config.json that is not an object', () => withFile(good(), 'config.json', '[1]'), /config\.json: must be a JSON object/],
  ['an unknown architecture', () => config((c) => ({ ...c, architectures: ['MistralForCausalLM'] })), /config\.json: architectures \["MistralForCausalLM"\] is not supported/],
  ['a size that is not an integer', () => config((c) => ({ ...c, n_head: '2' })), /config\.json: n_head must be a positive integer \(got "2"\)/],
  ['a width not divisible by the heads', () => config((c) => ({ ...c, n_head: 3 })), /config\.json: the width 16 is not a multiple of the 3 heads/],
  ['an unknown activation', () => config((c) => ({ ...c, activation_function: 'swish' })), /config\.json: activation_function must be one of/],
  ['per-layer score scaling', () => config((c) => ({ ...c, scale_attn_by_inverse_layer_idx: true })), /config\.json: scale_attn_by_inverse_layer_idx true is not supported/],
  ['rope_scaling', () => llamaConfig((c) => ({ ...c, rope_scaling: { rope_type: 'linear', factor: 2 } })), /config\.json: rope_scaling .*"linear"/],
  ['a Llama that is not SwiGLU', () => llamaConfig((c) => ({ ...c, hidden_act: 'gelu' })), /config\.json: hidden_act must be "silu"/],
  ['a head_dim that is not hidden_size / heads', () => llamaConfig((c) => ({ ...c, head_dim: 16 })), /config\.json: head_dim 16 is not supported/],
  ['attention bias without mlp bias', () => llamaConfig((c) => ({ ...c, attention_bias: true })), /config\.json: attention_bias true with mlp_bias false/],
  ['an eos_token_id that is not an id', () => llamaConfig((c) => ({ ...c, eos_token_id: 'end' })), /config\.json: eos_token_id must be a token id/],
  ['a context the KV cache cannot hold', () => llamaConfig((c) => ({ ...c, max_position_embeddings: 1 << 30 })), /config\.json: .*max_seq_len/],
  // Shards and the index.
  ['no safetensors at all', () => withFile(withFile(good(), 'model.safetensors', null), 'pytorch_model.bin', new Uint8Array(4)), /files: model\.safetensors is missing .*pytorch_model\.bin \(a PyTorch pickle\) is not read/],
  ['an index that is not JSON', () => sharded((f) => { f[INDEX] = '{'; }), /model\.safetensors\.index\.json: not valid JSON/],
  ['an index without weight_map', () => sharded((f) => { f[INDEX] = '{"metadata": {}}'; }), /model\.safetensors\.index\.json: weight_map must map/],
  ['an index naming a path', () => sharded((f) => { const i = indexOf(f); i.weight_map['ln_f.bias'] = '../x.safetensors'; f[INDEX] = JSON.stringify(i); }), /weight_map\['ln_f\.bias'\] must be the name of a \.safetensors file/],
  ['a missing shard', () => sharded((f) => { delete f[SHARDS[1]]; }), /files: model-00002-of-00002\.safetensors is missing \(model\.safetensors\.index\.json puts/],
  ['an index putting a tensor in the wrong shard', () => sharded((f) => {
    const i = indexOf(f);
    const name = Object.keys(i.weight_map).find((n) => i.weight_map[n] === SHARDS[1]);
    i.weight_map[name] = SHARDS[0];
    f[INDEX] = JSON.stringify(i);
  }), /model\.safetensors\.index\.json: weight_map puts '.*' in model-00001-of-00002\.safetensors, whose header does not hold it/],
  ['a shard holding a tensor the index does not list', () => sharded((f) => {
    const i = indexOf(f);
    delete i.weight_map[Object.keys(i.weight_map).find((n) => i.weight_map[n] === SHARDS[0])];
    f[INDEX] = JSON.stringify(i);
  }), /model-00001-of-00002\.safetensors: tensor '.*' is not listed for this shard/],
  ['two files of one name', () => [new File(['{}'], 'config.json'), new File(['{}'], 'config.json')], /files: two files are called 'config\.json'/],
  ['a value that is not bytes', () => withFile(good(), 'model.safetensors', 42), /'model\.safetensors' must be an ArrayBuffer/],
];

describe('every bad folder is an AttnscopeError naming the file and the field; the module keeps working', () => {
  for (const [what, files, message] of CASES) {
    test(what, async () => {
      const e = await rejected(attn.Model.fromHuggingFace(files()));
      expect(e, `${what}: no error`).toBeInstanceOf(attn.AttnscopeError);
      expect(e.message).toMatch(/^Model\.fromHuggingFace: /);
      expect(e.message).toMatch(message);
      await expectWorks();
    });
  }

  test('a header over the 100 MB limit (a reader whose size says so)', async () => {
    const head = new Uint8Array(8);
    new DataView(head.buffer).setBigUint64(0, 150_000_000n, true);
    const reader = { size: 200_000_000, read: async (o, n) => (o === 0 ? head : new Uint8Array(n)) };
    const e = await rejected(attn.Model.fromHuggingFace(withFile(good(), 'model.safetensors', reader)));
    expect(e.message).toMatch(/model\.safetensors: header length 150000000 is over the limit of 100000000 bytes/);
    await expectWorks();
  });
});

/** A deterministic generator (mulberry32) for the fuzz. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const JUNK = [0, -1, 1.5, 2 ** 40, '', 'x', null, true, [], {}, [3], { rope_type: 'yarn' }, 1e-30, NaN];

function mutateJson(text, next) {
  let v;
  try { v = JSON.parse(text); } catch { return text; }
  const keys = v && typeof v === 'object' ? Object.keys(v) : [];
  if (keys.length && next() < 0.8) {
    const key = keys[Math.floor(next() * keys.length)];
    if (v[key] && typeof v[key] === 'object' && !Array.isArray(v[key]) && next() < 0.5) {
      const inner = Object.keys(v[key]);
      if (inner.length) v[key][inner[Math.floor(next() * inner.length)]] = JUNK[Math.floor(next() * JUNK.length)];
    } else {
      v[key] = JUNK[Math.floor(next() * JUNK.length)];
    }
    return JSON.stringify(v);
  }
  const s = JSON.stringify(v), at = Math.floor(next() * s.length);
  return s.slice(0, at) + String.fromCharCode(32 + Math.floor(next() * 90)) + s.slice(at + 1);
}

function mutateBytes(bytes, next) {
  const b = bytes.slice();
  const headerBytes = b.length >= 8 ? Math.min(Number(new DataView(b.buffer).getBigUint64(0, true)), b.length) : 0;
  const r = next();
  if (r < 0.15) return b.slice(0, Math.floor(next() * b.length));
  const n = 1 + Math.floor(next() * 4), span = Math.min(r < 0.9 ? 8 + headerBytes : b.length, b.length);
  for (let i = 0; i < n; i++) b[Math.floor(next() * span)] = Math.floor(next() * 256);
  return b;
}

test('fuzz: 400 seeded mutations of safetensors headers, config.json, the index and tokenizer.json; only AttnscopeError escapes', async () => {
  const next = rng(Number(process.env.HF_FUZZ_SEED ?? 19));
  // One base with a tokenizer.json, so that its reading (and a mismatch with the model) is fuzzed too.
  const tokenizer = attn.Tokenizer.fromLlama2c(attn.buildVocabulary(' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\').tokenizer(), { kind: 'char' });
  const bases = [good(), folder('llama_bf16'), { ...folder('gpt2_bf16'), 'tokenizer.json': tokenizer.toHuggingFace() }];
  const outcomes = { loaded: 0, refused: 0 };
  for (let i = 0, n = Number(process.env.HF_FUZZ_N ?? 400); i < n; i++) {
    const files = { ...bases[i % bases.length] };
    const names = Object.keys(files);
    for (let k = 1 + Math.floor(next() * 2); k > 0; k--) {
      const name = names[Math.floor(next() * names.length)];
      const text = (v) => (typeof v === 'string' ? v : new TextDecoder().decode(v));
      files[name] = name.endsWith('.json') ? mutateJson(text(files[name]), next) : mutateBytes(files[name], next);
    }
    let model = null;
    try {
      model = await attn.Model.fromHuggingFace(files);
      model.forward([0, 1]);
      if (model.config.tokenizer !== 'none') model.generate('AB', { maxNewTokens: 3, seed: i });
      outcomes.loaded += 1;
    } catch (e) {
      expect(e, `mutation ${i}: ${e?.stack ?? e}`).toBeInstanceOf(attn.AttnscopeError);
      outcomes.refused += 1;
    } finally {
      model?.dispose();
    }
  }
  expect(outcomes.refused).toBeGreaterThan(100);
  expect(outcomes.loaded).toBeGreaterThan(20); // byte changes inside the weights still load
  await expectWorks();
});
