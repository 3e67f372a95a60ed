// The Model API: shapes and copies, generation (greedy, seeded, streamed,
// cancelled, interleaved with forward), text round trips including Japanese,
// malformed files and bad calls as AttnscopeError, dispose; ModelWorker in
// Node (same thread, same messages as in a browser's worker).
import { test, expect, beforeAll, afterAll, describe } from 'vitest';
import { attn, expectStillWorks } from './helpers.js';
import { argmax, fixtureBytes, modelBytes, randomCheckpoint, rejected, thrown } from './model_helpers.js';

const SLOW_SHAPE = { dim: 128, hidden: 384, layers: 4, heads: 8, kvHeads: 4, vocab: 512, seq: 1024 };

let sort, tiny;
beforeAll(async () => {
  sort = await attn.Model.default('sort');
  // random weights, vocab 280 with run.c's byte tokens: it emits partial characters
  tiny = attn.Model.fromLlama2c(fixtureBytes('llama_tiny.bin'), fixtureBytes('llama_tiny_tokenizer.bin'));
});
afterAll(() => { sort.dispose(); tiny.dispose(); });

function expectError(call, pattern) {
  const e = thrown(call);
  expect(e, `expected an AttnscopeError matching ${pattern}`).toBeInstanceOf(attn.AttnscopeError);
  expect(e.message).toMatch(pattern);
}

describe('forward', () => {
  test('logits are [T, V]; attention is [L, H, T, T], causal, rows summing to 1', () => {
    const ids = sort.encode('dcba|');
    const { logits, attention } = sort.forward(ids, { returnAttention: true });
    const { nLayers: L, nHeads: H, vocabSize: V } = sort.config;
    const T = ids.length;
    expect(logits.shape).toEqual([T, V]);
    expect(attention.shape).toEqual([L, H, T, T]);
    for (let r = 0; r < L * H * T; r++) {
      const i = r % T, row = attention.data.subarray(r * T, (r + 1) * T);
      expect(row.slice(i + 1).every((w) => w === 0), `row ${r}: zero above the diagonal`).toBe(true);
      expect(Math.abs(row.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-5);
    }
  });

  test('lastOnly gives the last row of the full forward, bit for bit', () => {
    const ids = sort.encode('hello|');
    const full = sort.forward(ids, { returnAttention: true });
    const last = sort.forward(ids, { returnAttention: true, lastOnly: true });
    const T = ids.length, V = sort.config.vocabSize;
    expect(last.logits.shape).toEqual([1, V]);
    expect(last.attention.shape).toEqual([1, 1, 1, T]);
    expect(Array.from(last.logits.data)).toEqual(Array.from(full.logits.data.subarray((T - 1) * V)));
    expect(Array.from(last.attention.data)).toEqual(Array.from(full.attention.data.subarray((T - 1) * T)));
  });

  test('results are fresh copies, not views of wasm memory', () => {
    const a = sort.forward([1, 259], { returnAttention: true });
    const b = sort.forward([1, 259], { returnAttention: true });
    expect(a.logits.data.buffer).not.toBe(b.logits.data.buffer);
    a.logits.data.fill(0);
    expect(sort.forward([1, 259]).logits.data).toEqual(b.logits.data);
    expect(a.logits.data.buffer.byteLength).toBe(a.logits.data.byteLength);
    const config = sort.config;
    config.vocabSize = 1;
    expect(sort.config.vocabSize).toBe(287);
  });
});

describe('generate', () => {
  test('greedy sorts the letters and stops at </s>', () => {
    const r = sort.generate('qwerty|', { temperature: 0 });
    expect(r.text).toBe('eqrtwy');
    expect(r.ids.at(-1)).toBe(2);
    expect(r.stopReason).toBe('eos');
    expect(r.promptIds).toEqual(sort.encode('qwerty|'));
  });

  test('onToken sees every token; their texts join to the result', () => {
    const seen = [];
    const r = sort.generate('zebra|', { temperature: 0, onToken: (t) => { seen.push(t); } });
    expect(seen.map((t) => t.id)).toEqual(r.ids);
    expect(seen.map((t) => t.text).join('')).toBe(r.text);
    expect(seen.map((t) => t.index)).toEqual(r.ids.map((_, i) => i));
    expect(seen[0].position).toBe(r.promptIds.length);
  });

  test('maxNewTokens, the context length and onToken returning false end it', () => {
    expect(tiny.generate([1], { maxNewTokens: 5, seed: 1, stopAtEos: false })).toMatchObject({ stopReason: 'maxNewTokens' });
    expect(tiny.generate([1], { maxNewTokens: 5, seed: 1, stopAtEos: false }).ids).toHaveLength(5);
    const full = sort.generate('abcdefghijklmnopqrstuvwxyz|', { temperature: 0, maxNewTokens: 100, stopAtEos: false });
    expect(full.stopReason).toBe('contextFull');
    expect(full.promptIds.length + full.ids.length).toBe(sort.config.seqLen + 1);
    const r = tiny.generate([1], { seed: 3, stopAtEos: false, onToken: (t) => t.index < 2 });
    expect(r).toMatchObject({ stopReason: 'cancelled' });
    expect(r.ids).toHaveLength(3);
  });

  test('the same seed gives the same tokens; another seed other tokens', () => {
    const opts = { maxNewTokens: 40, temperature: 1, topP: 0.95, stopAtEos: false };
    const a = tiny.generate([1], { ...opts, seed: 2024 });
    const b = tiny.generate([1], { ...opts, seed: 2024 });
    const c = tiny.generate([1], { ...opts, seed: 2025 });
    expect(b.ids).toEqual(a.ids);
    expect(c.ids).not.toEqual(a.ids);
    expect(a.seed).toBe(2024);
  });

  test('without a seed one is drawn, and reported so the run can be repeated', () => {
    const a = tiny.generate([1], { maxNewTokens: 20, stopAtEos: false });
    expect(Number.isInteger(a.seed)).toBe(true);
    expect(tiny.generate([1], { maxNewTokens: 20, stopAtEos: false, seed: a.seed }).ids).toEqual(a.ids);
  });

  test('greedy tokens are the argmax of the recomputed forward at every step', () => {
    const r = tiny.generate([1, 100, 7], { temperature: 0, maxNewTokens: 16, stopAtEos: false });
    const all = [...r.promptIds, ...r.ids];
    r.ids.forEach((id, k) => {
      expect(argmax(tiny.forward(all.slice(0, 3 + k), { lastOnly: true }).logits.data), `step ${k}`).toBe(id);
    });
  });

  test('a model without a tokenizer generates from token ids', () => {
    const m = attn.Model.fromLlama2c(fixtureBytes('llama_tiny.bin'));
    const r = m.generate([1], { maxNewTokens: 20, temperature: 0.8, topK: 10, topP: 0.9, seed: 42, stopAtEos: false });
    expect(r.ids).toEqual(tiny.generate([1], { maxNewTokens: 20, temperature: 0.8, topK: 10, topP: 0.9, seed: 42, stopAtEos: false }).ids);
    expect(r.text).toBe('');
    expectError(() => m.encode('a'), /Model\.encode: this model has no tokenizer/);
    expectError(() => m.generate('a'), /no tokenizer/);
    m.dispose();
  });
});

describe('stream', () => {
  test('yields the tokens generate gives, then the result', async () => {
    const want = tiny.generate([1], { maxNewTokens: 30, seed: 9, stopAtEos: false });
    const it = tiny.stream([1], { maxNewTokens: 30, seed: 9, stopAtEos: false });
    const got = [];
    let step;
    while (!(step = await it.next()).done) got.push(step.value.id);
    expect(got).toEqual(want.ids);
    expect(step.value).toMatchObject({ ids: want.ids, text: want.text, stopReason: 'maxNewTokens' });
  });

  test('for await ... break ends it; an AbortSignal cancels it', async () => {
    const got = [];
    for await (const t of tiny.stream([1], { maxNewTokens: 50, seed: 1 })) { got.push(t); if (got.length === 3) break; }
    expect(got).toHaveLength(3);
    const controller = new AbortController();
    const it = tiny.stream([1], { maxNewTokens: 50, seed: 1, stopAtEos: false, signal: controller.signal });
    await it.next();
    controller.abort();
    const end = await it.next();
    expect(end.done).toBe(true);
    expect(end.value).toMatchObject({ stopReason: 'cancelled' });
    expect(end.value.ids).toHaveLength(1);
  });

  test('a forward() between two tokens does not change what the stream generates', async () => {
    const opts = { maxNewTokens: 12, temperature: 0.9, seed: 77, stopAtEos: false };
    const want = tiny.generate([1, 50], opts).ids;
    const got = [];
    for await (const t of tiny.stream([1, 50], opts)) {
      got.push(t.id);
      tiny.forward([1, 200, 201, 202, 203]); // overwrites the KV cache; the stream replays its tokens
    }
    expect(got).toEqual(want);
  });

  test('a later generation takes the model over; the earlier stream then throws', async () => {
    const it = tiny.stream([1], { maxNewTokens: 10, seed: 1 });
    await it.next();
    tiny.generate([1], { maxNewTokens: 2, seed: 2 });
    const e = await rejected(it.next());
    expect(e).toBeInstanceOf(attn.AttnscopeError);
    expect(e.message).toMatch(/interrupted by a later generate\(\) or stream\(\)/);
  });
});

describe('text', () => {
  test.each([
    ['English', 'It is a truth universally acknowledged.'],
    ['Japanese (byte fallback)', '注意機構は、クエリとキーの類似度で値を重み付けする。'],
    ['mixed, emoji', 'attn 注意 ü 🎉 end'],
    ['empty', ''],
  ])('%s: decode(encode(text)) is the text', (_, text) => {
    expect(tiny.decode(tiny.encode(text))).toBe(text);
    expect(sort.decode(sort.encode(text))).toBe(text);
  });

  test('a character split over byte tokens decodes whole; bytes that are not UTF-8 become U+FFFD', () => {
    const bytes = [...new TextEncoder().encode('日')].map((b) => 3 + b);
    expect(tiny.decode([1, ...bytes])).toBe('日');
    expect(Array.from(tiny.piece(bytes[0], 1))).toEqual([0xe6]);
    expect(tiny.decode([1, bytes[0]])).toBe('\ufffd');
  });

  test('streamed token texts join to the decoded ids even when tokens split characters', () => {
    let split = 0;
    for (const seed of [1, 2, 3, 4]) {
      const texts = [];
      const r = tiny.generate([1], { maxNewTokens: 60, seed, stopAtEos: false, onToken: (t) => { texts.push(t.text); } });
      split += texts.filter((s) => s === '').length;
      expect(texts.join('')).toBe(r.text);
      expect(r.text).toBe(tiny.decode([1, ...r.ids]));
    }
    expect(split, 'some tokens were parts of a character').toBeGreaterThan(0);
  });
});

describe('errors', () => {
  const ckpt = () => fixtureBytes('llama_tiny.bin');
  const tok = () => fixtureBytes('llama_tiny_tokenizer.bin');

  test.each([
    ['a truncated checkpoint', () => attn.Model.fromLlama2c(ckpt().slice(0, 5000)), /Model\.fromLlama2c: checkpoint: .*truncated/],
    ['a checkpoint with bytes after its last tensor', () => attn.Model.fromLlama2c(new Uint8Array([...ckpt(), 0, 0, 0, 0])), /checkpoint: /],
    ['a negative dimension', () => { const b = ckpt(); new DataView(b.buffer).setInt32(12, -4, true); return attn.Model.fromLlama2c(b); }, /checkpoint: .*n_heads/],
    ['an empty file', () => attn.Model.fromLlama2c(new ArrayBuffer(0)), /checkpoint: .*truncated/],
    ['a GPT-2 file read as llama2.c', () => attn.Model.fromLlama2c(fixtureBytes('gpt2_tiny.bin')), /checkpoint: /],
    ['a tokenizer of another vocabulary', () => attn.Model.fromLlama2c(ckpt(), fixtureBytes('gpt2_tiny_tokenizer.bin')), /tokenizer: .*vocab/],
    ['a truncated tokenizer', () => attn.Model.fromLlama2c(ckpt(), tok().slice(0, 100)), /Model\.fromLlama2c: tokenizer: /],
    ['the shipped sort tokenizer with this checkpoint', () => attn.Model.fromLlama2c(ckpt(), modelBytes('sort.tokenizer.bin')), /tokenizer: .*287/],
    ['a string instead of bytes', () => attn.Model.fromLlama2c('model.bin'), /checkpoint must be an ArrayBuffer or a Uint8Array/],
    ['an unknown option', () => attn.Model.fromLlama2c(ckpt(), tok(), { quantise: true }), /opts\.quantise is not an option/],
    ['an unknown tokenizer kind', () => attn.Model.fromLlama2c(ckpt(), tok(), { tokenizerKind: 'wordpiece' }), /opts\.tokenizerKind/],
    ['a text over 16 MiB to encode', () => tiny.encode('a'.repeat(2 ** 24 + 1)), /Model\.encode: text is 16777217 bytes.*limit of 16777216/],
  ])('%s is an AttnscopeError naming it, and the module keeps working', (_, call, pattern) => {
    expectError(call, pattern);
    expectStillWorks();
    expect(sort.generate('cab|', { temperature: 0 }).text).toBe('abc');
  });

  test('Model.default rejects an unknown name', async () => {
    const e = await rejected(attn.Model.default('gpt-4'));
    expect(e).toBeInstanceOf(attn.AttnscopeError);
    expect(e.message).toMatch(/Model\.default: name must be one of 'chars', 'sort'/);
  });

  test.each([
    ['ids outside the vocabulary', () => sort.forward([1, 287]), /Model\.forward: ids\[1\] is 287, outside the vocabulary 0\.\.286/],
    ['no ids', () => sort.forward([]), /ids is empty/],
    ['more ids than the context', () => sort.forward(new Array(33).fill(1)), /33 tokens but the model's context holds 32/],
    ['a float id', () => sort.forward([1, 2.5]), /ids\[1\] must be an integer/],
    ['a prompt longer than the context', () => sort.generate('abcdefghijklmnopqrstuvwxyzabcdefgh|'), /Model\.generate: .*context holds 32/],
    ['a typo in the options', () => sort.generate('ab|', { temprature: 0 }), /opts\.temprature is not an option/],
    ['a negative temperature', () => sort.generate('ab|', { temperature: -1 }), /opts\.temperature must not be negative/],
    ['topP above 1', () => sort.generate('ab|', { topP: 1.5 }), /opts\.topP must be in \(0, 1\]/],
    ['a negative seed', () => sort.generate('ab|', { seed: -1 }), /opts\.seed must be at least 0/],
    ['onToken that is not a function', () => sort.generate('ab|', { onToken: 1 }), /opts\.onToken must be a function/],
    ['encode of a number', () => sort.encode(42), /Model\.encode: text must be a string/],
    ['decode of ids outside the vocabulary', () => sort.decode([1, -1]), /Model\.decode: ids\[1\] is -1/],
    ['new Model()', () => new attn.Model(), /Model\.default\(name\), Model\.fromLlama2c/],
  ])('%s: AttnscopeError', (_, call, pattern) => {
    expectError(call, pattern);
    expect(sort.generate('cab|', { temperature: 0 }).text).toBe('abc');
  });

  test('after dispose() every call throws; a second dispose() does nothing', async () => {
    const m = await attn.Model.default('sort');
    const it = m.stream('ba|', { temperature: 0 });
    m.dispose();
    m.dispose();
    expect(m.disposed).toBe(true);
    for (const call of [() => m.config, () => m.encode('a'), () => m.decode([1]), () => m.forward([1]), () => m.generate('a|')]) {
      expectError(call, /has been disposed/);
    }
    expect((await rejected(it.next())).message).toMatch(/Model\.stream: the model has been disposed/);
    expectStillWorks();
  });
});

describe('ModelWorker in Node (same thread, same messages)', () => {
  let worker;
  beforeAll(async () => { worker = await attn.ModelWorker.default('sort'); });
  afterAll(() => worker.dispose());

  test('generate, stream, encode, forward give what Model gives', async () => {
    expect(worker.config).toEqual(sort.config);
    expect(await worker.encode('hi|')).toEqual(sort.encode('hi|'));
    const seen = [];
    const r = await worker.generate('worker|', { temperature: 0, onToken: (t) => seen.push(t.text) });
    expect(r.text).toBe(sort.generate('worker|', { temperature: 0 }).text);
    expect(seen.join('')).toBe(r.text);
    const ids = [];
    for await (const t of worker.stream('fedcba|', { temperature: 0 })) ids.push(t.id);
    expect(ids).toEqual(sort.generate('fedcba|', { temperature: 0 }).ids);
    const f = await worker.forward([1, 259, 261], { returnAttention: true });
    expect(Array.from(f.attention.data)).toEqual(Array.from(sort.forward([1, 259, 261], { returnAttention: true }).attention.data));
  });

  test('cancel() and an AbortSignal end a generation with stopReason cancelled', async () => {
    // Big enough that 1000 tokens take far longer than one batch of tokens (30 ms).
    const w = await attn.ModelWorker.fromLlama2c(randomCheckpoint(SLOW_SHAPE), null, { maxSeqLen: 1000 });
    expect(w.config.seqLen).toBe(1000);
    const opts = { maxNewTokens: 999, seed: 1, stopAtEos: false };
    const r = await w.generate([1], { ...opts, onToken: (t) => t.index < 4 });
    expect(r.stopReason).toBe('cancelled');
    expect(r.ids.length).toBeLessThan(999);
    const controller = new AbortController();
    const pending = w.generate([1], { ...opts, signal: controller.signal, onToken: () => controller.abort() });
    expect((await pending).stopReason).toBe('cancelled');
    const third = w.generate([1], opts);
    setTimeout(() => w.cancel(), 20);
    expect((await third).stopReason).toBe('cancelled');
    w.dispose();
  });

  test('errors come back as AttnscopeError; disposed workers reject', async () => {
    const e = await rejected(worker.generate('ab|', { topK: -1 }));
    expect(e).toBeInstanceOf(attn.AttnscopeError);
    expect(e.message).toMatch(/opts\.topK must be at least 0/);
    const bad = await rejected(attn.ModelWorker.fromLlama2c(new Uint8Array(10)));
    expect(bad.message).toMatch(/checkpoint truncated/);
    const w = await attn.ModelWorker.default('sort');
    w.dispose();
    expect((await rejected(w.encode('a'))).message).toMatch(/ModelWorker\.encode: the worker has been disposed/);
  });
});
