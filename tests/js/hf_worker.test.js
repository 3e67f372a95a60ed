// ModelWorker.fromHuggingFace: in Node the worker runs in this thread behind
// the same messages (model_server.js); the page-held-bytes path, where the
// worker asks for each range, is driven here through the server directly.
// TrainerWorker.toHuggingFace too. (Real Workers with Files: tests/e2e/hf_files.test.js.)
import { beforeAll, expect, test } from 'vitest';
import { createModelServer } from '../../web/lib/worker/model_server.js';
import { attn } from './helpers.js';
import { folder, references } from './hf_helpers.js';
import { expectCloseScaled, rejected } from './model_helpers.js';

beforeAll(() => attn.ready());
const REL = 1e-4;

test('a folder in a ModelWorker: forward, generation, loss, parameters, export, progress', async () => {
  const tok = attn.Tokenizer.fromLlama2c(attn.buildVocabulary(' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\').tokenizer(), { kind: 'char' });
  const files = { ...folder('llama_f32'), 'tokenizer.json': tok.toHuggingFace() };
  const events = [];
  const w = await attn.ModelWorker.fromHuggingFace(files, { onProgress: (p) => events.push(p.phase), maxSeqLen: 14 });
  expect(w.config).toMatchObject({ format: 'safetensors', arch: 'llama', seqLen: 14, architecture: 'LlamaForCausalLM', tokenizer: 'char' });
  expect(events[0]).toBe('config');
  expect(events.at(-1)).toBe('done');
  const { tokens, logits } = references().folders.llama_f32;
  expectCloseScaled((await w.forward(tokens)).logits.data, logits.flat(), REL, 'worker logits');
  const r = await w.generate([1, 2, 3], { temperature: 0, maxNewTokens: 4, stopAtEos: false });
  expect(r.ids.length).toBe(4);
  expect(await w.encode('HELLO')).toEqual(tok.encode('HELLO'));
  const text = await w.generate('HELLO', { temperature: 0, maxNewTokens: 6, stopAtEos: false });
  expect(text.text).toBe(tok.decode([...text.promptIds, ...text.ids], { skipSpecialTokens: true }).slice(5));
  expect(typeof await w.loss([tokens.slice(0, -1)], [tokens.slice(1)])).toBe('number');
  expect(Object.keys(await w.parameters())).toContain('model.layers.1.self_attn.k_proj.weight');
  const out = await w.toHuggingFace();
  const back = await attn.Model.fromHuggingFace(out);
  expectCloseScaled(back.forward(tokens).logits.data, logits.flat(), REL, 'worker export');
  back.dispose();
  w.dispose();
});

test('a ModelWorker load cancelled by its signal rejects with AbortError; a bad folder with AttnscopeError', async () => {
  const controller = new AbortController();
  const e = await rejected(attn.ModelWorker.fromHuggingFace(folder('gpt2_f32'), {
    signal: controller.signal, onProgress: (p) => { if (p.phase === 'weights') controller.abort(); },
  }));
  expect(e?.name).toBe('AbortError');
  const bad = await rejected(attn.ModelWorker.fromHuggingFace({ ...folder('gpt2_f32'), 'config.json': '{' }));
  expect(bad).toBeInstanceOf(attn.AttnscopeError);
  expect(bad.message).toMatch(/config\.json: not valid JSON/);
});

test('the worker side reads bytes the page holds one range at a time', async () => {
  const files = folder('gpt2_bf16');
  const asked = [];
  let serve = null;
  const replies = new Map();
  // What ModelWorker does in the page: answer each read with a copy of that range.
  const post = (m) => {
    if (m.read) {
      asked.push(m.read);
      const { rid, name, offset, length } = m.read;
      queueMicrotask(() => serve({ op: 'bytes', rid, bytes: files[name].slice(offset, offset + length) }));
    } else if (!m.progress) replies.set(m.id, m);
  };
  serve = createModelServer(post);
  const entries = Object.entries(files).map(([name, b]) => ({ name, size: b.length }));
  await serve({ id: 1, op: 'load', args: { source: 'huggingface', entries, options: {} } });
  expect(replies.get(1).error).toBeUndefined();
  expect(replies.get(1).value).toMatchObject({ format: 'safetensors', fileDtype: 'bf16' });
  const sizes = Object.values(files).reduce((s, b) => s + b.length, 0);
  const read = asked.reduce((s, r) => s + r.length, 0);
  expect(read).toBeLessThanOrEqual(sizes + 8 * 4); // each byte about once (the header length fields twice)
  expect(Math.max(...asked.map((r) => r.length))).toBeLessThan(Math.max(...Object.values(files).map((b) => b.length)) + 1);
  await serve({ id: 2, op: 'forward', args: [references().folders.gpt2_bf16.tokens] });
  expectCloseScaled(replies.get(2).value.logits.data, references().folders.gpt2_bf16.logits.flat(), REL, 'remote bytes');
  await serve({ id: 3, op: 'dispose' });
});

test('TrainerWorker.toHuggingFace: the folder of the model it trained, which loads to the same logits', async () => {
  const text = 'the cat sat on the mat. the dog sat on the log. '.repeat(12);
  const vocab = attn.buildVocabulary(text);
  const ids = vocab.encode(text);
  const worker = new attn.TrainerWorker();
  await worker.start({
    config: { dim: 16, hiddenDim: 32, nLayers: 1, nHeads: 2, seqLen: 16, vocabSize: vocab.vocabSize },
    vocabulary: vocab, seed: 5, train: ids.subarray(0, 400), heldOut: ids.subarray(400), batchSize: 2, seqLen: 16, steps: 5,
  });
  const files = await worker.toHuggingFace();
  expect(JSON.parse(files['config.json'])).toMatchObject({ architectures: ['LlamaForCausalLM'], vocab_size: vocab.vocabSize });
  const model = await attn.Model.fromHuggingFace(files);
  const probe = Array.from(ids.subarray(0, 12));
  const want = (await worker.forward(probe)).logits.data;
  expect(Array.from(model.forward(probe).logits.data)).toEqual(Array.from(want));
  model.dispose();
  worker.dispose();
});
