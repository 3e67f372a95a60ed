// KVCache through the JS API: decoding token by token equals the full causal
// forward, the cache's bookkeeping and size, and every misuse as an error.
import { test, expect, beforeAll, describe } from 'vitest';
import { attn, rand, expectClose, expectStillWorks, thrown } from './helpers.js';
import { mhaParams, blockParams, tokensOf } from './block_helpers.js';

// Decode and full forward do the same float32 maths; only the softmax's and the
// dot products' summation grouping over a different number of keys differs.
const DECODE = { atol: 1e-5, rtol: 1e-5 };

beforeAll(() => attn.ready());

const C = 16, H = 4, D = C / H;

// Feeds x [..., T, C] through `step(chunk, cache)` in chunks (prefill first) and
// checks each chunk's output against the same rows of `full`.
function expectDecodeEqualsFull(x, full, cache, step, prefill = 1) {
  const T = x.shape[x.shape.length - 2];
  for (let t0 = 0; t0 < T;) {
    const n = t0 === 0 ? prefill : 1;
    const out = step(tokensOf(x, t0, n), t0);
    expectClose(out, tokensOf(full, t0, n), DECODE, `tokens [${t0}, ${t0 + n})`);
    t0 += n;
    expect(cache.length).toBe(t0);
  }
}

describe('decoding through the cache equals the full causal forward', () => {
  test.each([
    ['MHA, RoPE interleaved', 4, { rope: {} }, 1],
    ['GQA, RoPE half, prefill 4', 2, { rope: { layout: 'half' } }, 4],
    ['MQA, RoPE base 500, qk-norm', 1, { rope: { base: 500 }, qkNorm: 'rms' }, 1],
  ])('multiHeadAttention: %s', (_, Hkv, extra, prefill) => {
    const x = rand([9, C], 1), params = mhaParams(C, H, Hkv, { bias: true });
    const opts = { nHeads: H, nKvHeads: Hkv, isCausal: true, ...extra };
    const full = attn.multiHeadAttention(x, params, opts).output;
    const cache = new attn.KVCache({ nLayers: 1, nKvHeads: Hkv, headDim: D, maxSeqLen: 16 });
    expectDecodeEqualsFull(x, full, cache, (chunk) => attn.multiHeadAttention(chunk, params, { ...opts, kvCache: cache }).output, prefill);
    cache.dispose();
  });

  test('two sequences side by side (batchSize 2), with explicit positionOffset', () => {
    const x = rand([2, 6, C], 2), params = mhaParams(C, H, 2);
    const opts = { nHeads: H, nKvHeads: 2, isCausal: true, rope: { layout: 'half' } };
    const full = attn.multiHeadAttention(x, params, opts).output;
    const cache = new attn.KVCache({ nLayers: 1, nKvHeads: 2, headDim: D, maxSeqLen: 6, batchSize: 2 });
    expectDecodeEqualsFull(x, full, cache, (chunk, t0) => attn.multiHeadAttention(chunk, params, { ...opts, kvCache: cache, positionOffset: t0 }).output);
  });

  test('a two-layer Llama-style stack of transformerBlocks (RMSNorm, RoPE, GQA, SwiGLU)', () => {
    const layers = [blockParams(C, H, 2, 24, 'swiglu', { seed: 5 }), blockParams(C, H, 2, 24, 'swiglu', { seed: 50 })];
    const config = { nHeads: H, nKvHeads: 2, norm: 'rmsnorm', activation: 'swiglu', isCausal: true, rope: { layout: 'half' } };
    const stack = (x, cache) => layers.reduce((h, params, layer) => attn.transformerBlock(h, params, cache ? { ...config, kvCache: cache, layer } : config).output, x);
    const x = rand([8, C], 3);
    const cache = new attn.KVCache({ nLayers: 2, nHeads: H, nKvHeads: 2, dModel: C, maxSeqLen: 8, vocabSize: 99 });
    expectDecodeEqualsFull(x, stack(x), cache, (chunk) => stack(chunk, cache), 3);
    expect(cache.lengthOf(1)).toBe(8);
  });

  test('post-LN blocks with MHA and nGPT blocks too', () => {
    const post = blockParams(C, H, H, 24, 'gelu', { bias: true });
    const ngpt = { attn: post.attn, ffn: post.ffn, alphaAttn: rand([C], 7), alphaFfn: rand([C], 8) };
    for (const [params, config] of [[post, { prenorm: false }], [ngpt, { normalized: true, qkNorm: 'l2' }]]) {
      const opts = { nHeads: H, isCausal: true, rope: {}, ...config };
      const x = attn.l2Normalize(rand([6, C], 9));
      const cache = new attn.KVCache({ nLayers: 1, nKvHeads: H, headDim: D, maxSeqLen: 6 });
      expectDecodeEqualsFull(x, attn.transformerBlock(x, params, opts).output, cache,
        (chunk) => attn.transformerBlock(chunk, params, { ...opts, kvCache: cache }).output);
    }
  });
});

describe('KVCache', () => {
  test('bytes = 2 · nLayers · batchSize · nKvHeads · maxSeqLen · headDim · 4: GQA and MQA shrink it', () => {
    const sizes = { nLayers: 6, headDim: 64, maxSeqLen: 1024 };
    const [mha, gqa, mqa] = [8, 2, 1].map((nKvHeads) => new attn.KVCache({ ...sizes, nKvHeads }));
    expect(mha.bytes).toBe(2 * 6 * 1 * 8 * 1024 * 64 * 4); // 24 MiB
    expect(mha.bytes / gqa.bytes).toBe(4);
    expect(mha.bytes / mqa.bytes).toBe(8);
    expect(new attn.KVCache({ ...sizes, nKvHeads: 1, batchSize: 3 }).bytes).toBe(3 * mqa.bytes);
    for (const c of [mha, gqa, mqa]) c.dispose();
  });

  test('a model config is accepted: nKvHeads defaults to nHeads, headDim to dModel / nHeads', () => {
    const cache = new attn.KVCache({ nLayers: 2, nHeads: 4, dModel: 32, dFF: 128, maxSeqLen: 10, vocabSize: 50 });
    expect([cache.nLayers, cache.nKvHeads, cache.headDim, cache.maxSeqLen, cache.batchSize]).toEqual([2, 4, 8, 10, 1]);
    cache.dispose();
  });

  test('length, lengthOf and reset track the tokens per layer', () => {
    const params = mhaParams(C, H, H);
    const cache = new attn.KVCache({ nLayers: 2, nKvHeads: H, headDim: D, maxSeqLen: 8 });
    attn.multiHeadAttention(rand([3, C]), params, { nHeads: H, kvCache: cache, layer: 1 });
    expect([cache.length, cache.lengthOf(0), cache.lengthOf(1)]).toEqual([0, 0, 3]);
    cache.reset();
    expect(cache.lengthOf(1)).toBe(0);
    cache.dispose();
    expect(cache.disposed).toBe(true);
    cache.dispose(); // a second dispose does nothing
  });

  test('a disposed cache throws on every use, and the module keeps working', () => {
    const params = mhaParams(C, H, H);
    const cache = new attn.KVCache({ nLayers: 1, nKvHeads: H, headDim: D, maxSeqLen: 8 });
    cache.dispose();
    const uses = [
      () => cache.length, () => cache.bytes, () => cache.lengthOf(0), () => cache.reset(),
      () => attn.multiHeadAttention(rand([1, C]), params, { nHeads: H, kvCache: cache }),
      () => attn.transformerBlock(rand([1, C]), blockParams(C, H, H, 8, 'gelu'), { nHeads: H, kvCache: cache }),
    ];
    for (const use of uses) {
      const err = thrown(use);
      expect(err).toBeInstanceOf(attn.AttnscopeError);
      expect(err.message).toMatch(/KVCache has been disposed/);
    }
    expectStillWorks();
  });
});

describe('misuse of a cache throws AttnscopeError naming the argument, and changes nothing', () => {
  const params = mhaParams(C, H, 2);
  const opts = { nHeads: H, nKvHeads: 2, isCausal: true, rope: {} };
  const make = (extra = {}) => new attn.KVCache({ nLayers: 1, nKvHeads: 2, headDim: D, maxSeqLen: 4, ...extra });

  test.each([
    ['positionOffset not equal to the cache length', {}, { positionOffset: 0 }, 1, /opts\.positionOffset is 0 but the KV cache holds 2 token\(s\) in layer 0/],
    ['more tokens than maxSeqLen', {}, {}, 3, /2 cached \+ 3 new tokens exceed the KV cache's maxSeqLen of 4/],
    ['a cache with other kv heads', { nKvHeads: 1 }, {}, 1, /opts\.kvCache holds 1 kv heads but opts\.nKvHeads is 2/],
    ['a cache with another head dim', { headDim: 8 }, {}, 1, /opts\.kvCache has headDim 8/],
    ['a cache for two sequences', { batchSize: 2 }, {}, 1, /opts\.kvCache has batchSize 2 but x holds 1/],
    ['no layer with a 2-layer cache', { nLayers: 2 }, {}, 1, /opts\.layer is required with a 2-layer opts\.kvCache/],
    ['a layer out of range', {}, { layer: 1 }, 1, /opts\.layer must be at most 0/],
    ['a cache with memory', {}, { memory: rand([3, C]), rope: null }, 1, /opts\.kvCache cannot be used with opts\.memory/],
    ['not a KVCache', null, { kvCache: { length: 0 } }, 1, /opts\.kvCache must be a KVCache/],
  ])('%s', (_, cacheExtra, extra, T, pattern) => {
    const cache = cacheExtra ? make(cacheExtra) : make();
    // Prefill 2 tokens where the cache fits, so a failed call could be seen changing it.
    const fits = !cacheExtra || Object.keys(cacheExtra).length === 0;
    if (fits) attn.multiHeadAttention(rand([2, C]), params, { ...opts, kvCache: cache });
    const err = thrown(() => attn.multiHeadAttention(rand([T, C], 4), params, { ...opts, kvCache: cache, ...extra }));
    expect(err).toBeInstanceOf(attn.AttnscopeError);
    expect(err.message).toMatch(pattern);
    if (fits) expect(cache.length).toBe(2);
    cache.dispose();
    expectStillWorks();
  });

  test.each([
    [{}, /config\.nLayers must be an integer/],
    [{ nLayers: 1, nKvHeads: 2, headDim: 4 }, /config\.maxSeqLen must be an integer/],
    [{ nLayers: 0, nKvHeads: 2, headDim: 4, maxSeqLen: 4 }, /config\.nLayers must be at least 1/],
    [{ nLayers: 1, headDim: 4, maxSeqLen: 4 }, /config\.nKvHeads must be an integer/],
    [{ nLayers: 1, nKvHeads: 2, headDim: 4, maxSeqLen: 1e9 }, /over the limit/],
    [null, /KVCache: config must be an object/],
  ])('new KVCache(%j) throws', (config, pattern) => {
    const err = thrown(() => new attn.KVCache(config));
    expect(err).toBeInstanceOf(attn.AttnscopeError);
    expect(err.message).toMatch(pattern);
  });
});
