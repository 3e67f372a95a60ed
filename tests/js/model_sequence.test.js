// Model.forward and the prompt of a generation run the whole sequence in one
// core call (ModelHandle.forwardSequence): the same logits, attention weights
// and KV cache as the core's one-token forward called position by position
// (the path before it, driven here through a raw ModelHandle), bit for bit;
// and a spy that fails if any of them goes back to one call per token.
import { test, expect, beforeAll, afterAll, afterEach, describe, vi } from 'vitest';
import { attn } from './helpers.js';
import { fixtureBytes, randomCheckpoint } from './model_helpers.js';
import { module } from '../../web/lib/runtime.js';

// 5 layers, GQA 8:4, C = 64: 40 positions span three blocks of the core's 16.
const SHAPE = { dim: 64, hidden: 172, layers: 5, heads: 8, kvHeads: 4, vocab: 300, seq: 48 };

const CASES = [
  ['llama2.c, 5 layers, GQA', 'llama', () => randomCheckpoint(SHAPE, 7), 40],
  ['llama2.c fixture, GQA, unshared classifier', 'llama', () => fixtureBytes('llama_tiny.bin'), 0],
  ['GPT-2 (AGPT) fixture', 'gpt2', () => fixtureBytes('gpt2_tiny.bin'), 0],
];

beforeAll(() => attn.ready());

/** A raw handle on the same file: the one-token path, ModelHandle.forward, as the reference. */
function rawHandle(arch, bytes) {
  const M = module();
  const h = new M.ModelHandle();
  const p = M._malloc(bytes.length);
  M.HEAPU8.set(bytes, p);
  const status = arch === 'llama' ? h.loadLlama2c(p, bytes.length, 0, false, 64) : h.loadGpt2(p, bytes.length, 0, false, 64);
  M._free(p);
  expect(status, h.error()).toBe(0);
  return h;
}

/** Logits [T, V] and attention [L, H, T, T] one position at a time, from position `from` (0..from-1 cached). */
function stepwise(h, ids, from = 0) {
  const M = module();
  const { vocabSize: V, nLayers: L, nHeads: H } = h.config();
  const T = ids.length;
  const logits = new Float32Array((T - from) * V), attention = new Float32Array(L * H * T * T);
  const lp = M._malloc(V * 4), ap = M._malloc(L * H * T * 4);
  for (let t = from; t < T; t++) {
    expect(h.forward(ids[t], t, lp, ap), h.error()).toBe(0);
    logits.set(new Float32Array(M.HEAPF32.buffer, lp, V), (t - from) * V);
    const w = new Float32Array(M.HEAPF32.buffer, ap, L * H * (t + 1));
    for (let lh = 0; lh < L * H; lh++) attention.set(w.subarray(lh * (t + 1), (lh + 1) * (t + 1)), (lh * T + t) * T);
  }
  M._free(lp);
  M._free(ap);
  return { logits, attention };
}

const idsFor = (V, T) => Array.from({ length: T }, (_, i) => (i === 0 ? 1 : (i * 37 + 11) % V));

describe.each(CASES)('%s', (label, arch, bytesOf, length) => {
  let bytes, model, raw, ids;
  beforeAll(() => {
    bytes = bytesOf();
    model = arch === 'llama' ? attn.Model.fromLlama2c(bytes) : attn.Model.fromGpt2(bytes);
    raw = rawHandle(arch, bytes);
    ids = idsFor(model.config.vocabSize, length || model.config.seqLen);
  });
  afterAll(() => { model.dispose(); raw.dispose(); raw.delete(); });

  test('forward(ids, { returnAttention }) equals forward position by position, bit for bit', () => {
    expect(model.config.nLayers).toBeGreaterThanOrEqual(2);
    const got = model.forward(ids, { returnAttention: true });
    const want = stepwise(raw, ids);
    expect(Array.from(got.logits.data)).toEqual(Array.from(want.logits));
    expect(Array.from(got.attention.data)).toEqual(Array.from(want.attention));
  });

  test('the KV cache a prompt leaves is the one position-by-position leaves: the next positions agree', () => {
    const cut = Math.floor(ids.length / 2);
    const want = stepwise(raw, ids).logits.subarray(cut * model.config.vocabSize);
    // A second raw handle: forwardSequence over the prefix (no outputs), then one token at a time.
    const h = rawHandle(arch, bytes);
    const M = module();
    const p = M._malloc(cut * 4);
    M.HEAP32.set(ids.slice(0, cut), p / 4);
    expect(h.forwardSequence(p, cut, 0, 0, 0, 0), h.error()).toBe(0);
    M._free(p);
    expect(h.cachedPositions()).toBe(cut);
    expect(Array.from(stepwise(h, ids, cut).logits)).toEqual(Array.from(want));
    h.dispose();
    h.delete();
  });
});

describe('one core call per sequence', () => {
  let spies;
  const calls = (name) => spies[name].mock.calls.length;
  beforeAll(() => {
    const proto = module().ModelHandle.prototype;
    spies = { forward: vi.spyOn(proto, 'forward'), forwardSequence: vi.spyOn(proto, 'forwardSequence') };
  });
  afterEach(() => { spies.forward.mockClear(); spies.forwardSequence.mockClear(); });
  afterAll(() => { spies.forward.mockRestore(); spies.forwardSequence.mockRestore(); });

  test('forward, generate and a stream interrupted by forward() never call the one-token binding', async () => {
    const m = attn.Model.fromLlama2c(randomCheckpoint(SHAPE, 7));
    const ids = idsFor(SHAPE.vocab, 30);
    m.forward(ids, { returnAttention: true });
    expect([calls('forward'), calls('forwardSequence')]).toEqual([0, 1]);
    spies.forwardSequence.mockClear();

    const r = m.generate(ids.slice(0, 20), { temperature: 0, maxNewTokens: 5, stopAtEos: false });
    expect(r.ids).toHaveLength(5);
    expect([calls('forward'), calls('forwardSequence')]).toEqual([0, 1]); // the prompt's 19 positions
    spies.forwardSequence.mockClear();

    // A forward() between two streamed tokens rewrites the cache: the stream
    // puts its 21 positions back with one call, and gives the same tokens.
    const it = m.stream(ids.slice(0, 20), { temperature: 0, maxNewTokens: 5, stopAtEos: false });
    const got = [(await it.next()).value.id];
    m.forward([1, 2, 3]);
    for (let s; !(s = await it.next()).done;) got.push(s.value.id);
    expect(got).toEqual(r.ids);
    expect([calls('forward'), calls('forwardSequence')]).toEqual([0, 3]); // prompt, forward(), the refill
    m.dispose();
  });

  test('the spy sees the one-token binding when it is used', () => {
    // The reference path of the tests above: proof that the counts can fail.
    const h = rawHandle('llama', randomCheckpoint(SHAPE, 7));
    stepwise(h, [1, 5, 9]);
    expect(calls('forward')).toBe(3);
    h.dispose();
    h.delete();
  });
});
