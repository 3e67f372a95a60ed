// kvCacheBytes: exact bytes of a KV cache per dtype, checked against the
// package's own KVCache (a separate, C++ implementation of the same size for
// float32), against products written out factor by factor, and bad input.
import { test, expect, beforeAll, describe } from 'vitest';
import { attn, thrown } from './helpers.js';

beforeAll(() => attn.ready());

// Llama-2-7B's attention shape (Touvron et al. 2023, Table 1 and the released
// config): 32 layers, 32 heads of dim 128, no GQA.
const LLAMA2_7B = { nLayers: 32, nKvHeads: 32, headDim: 128 };

describe('the bytes of a cache', () => {
  test('Llama-2-7B in fp16: 2·32·32·128·2 bytes a token, times 4,096 tokens', () => {
    const perToken = 2 * 32 * 32 * 128 * 2;
    expect(attn.kvCacheBytes({ ...LLAMA2_7B, seqLen: 1 })).toBe(perToken);
    expect(attn.kvCacheBytes({ ...LLAMA2_7B, seqLen: 4096 })).toBe(perToken * 4096);
    expect(attn.kvCacheBytes({ ...LLAMA2_7B, seqLen: 4096 })).toBe(2 ** 31); // 2 GiB
  });

  test('each dtype takes its own number of bytes (default float16)', () => {
    const shape = { nLayers: 3, nKvHeads: 5, headDim: 7, seqLen: 11, batch: 2 };
    const numbers = 2 * 3 * 5 * 7 * 11 * 2;
    expect(attn.kvCacheBytes(shape)).toBe(numbers * 2);
    expect(attn.kvCacheBytes({ ...shape, dtype: 'float32' })).toBe(numbers * 4);
    expect(attn.kvCacheBytes({ ...shape, dtype: 'bfloat16' })).toBe(numbers * 2);
    expect(attn.kvCacheBytes({ ...shape, dtype: 'int8' })).toBe(numbers);
  });

  test('float32 equals the bytes the package\'s KVCache allocates', () => {
    for (const [L, Hkv, D, T, B] of [[1, 1, 1, 1, 1], [2, 4, 16, 33, 1], [4, 2, 8, 100, 3]]) {
      const cache = new attn.KVCache({ nLayers: L, nKvHeads: Hkv, headDim: D, maxSeqLen: T, batchSize: B });
      expect(attn.kvCacheBytes({ nLayers: L, nKvHeads: Hkv, headDim: D, seqLen: T, batch: B, dtype: 'float32' })).toBe(cache.bytes);
      cache.dispose();
    }
  });

  test('MQA needs 1/H of MHA, GQA Hkv/H (Llama-2-70B: 80 layers, 64 heads, 8 KV heads)', () => {
    const shape = { nLayers: 80, headDim: 128, seqLen: 4096 };
    const mha = attn.kvCacheBytes({ ...shape, nKvHeads: 64 });
    expect(attn.kvCacheBytes({ ...shape, nKvHeads: 8 }) * 8).toBe(mha);
    expect(attn.kvCacheBytes({ ...shape, nKvHeads: 1 }) * 64).toBe(mha);
  });

  test('no tokens take no bytes; results are exact up to 2^53', () => {
    expect(attn.kvCacheBytes({ ...LLAMA2_7B, seqLen: 0 })).toBe(0);
    // 2 · 2^20 · 2^31 · 1 byte = 2^52 and, with float16, exactly 2^53.
    expect(attn.kvCacheBytes({ nLayers: 1, nKvHeads: 1, headDim: 2 ** 20, seqLen: 2 ** 31, dtype: 'int8' })).toBe(2 ** 52);
    expect(attn.kvCacheBytes({ nLayers: 1, nKvHeads: 1, headDim: 2 ** 20, seqLen: 2 ** 31 })).toBe(2 ** 53);
    // A product just under 2^53 that is not a power of two, and one just over it.
    expect(attn.kvCacheBytes({ nLayers: 3, nKvHeads: 1, headDim: 1, seqLen: 2 ** 50 - 1, dtype: 'int8' })).toBe(6 * (2 ** 50 - 1));
    expect(() => attn.kvCacheBytes({ nLayers: 3, nKvHeads: 1, headDim: 1, seqLen: 2 ** 51 - 1, dtype: 'int8' })).toThrow(/over 2\^53/);
  });

  test('returns a plain number (pure arithmetic, no tensor)', () => {
    expect(typeof attn.kvCacheBytes({ ...LLAMA2_7B, seqLen: 2 })).toBe('number');
  });
});

describe('bad input', () => {
  test.each([
    ['a non-integer count', { ...LLAMA2_7B, seqLen: 1.5 }, /config\.seqLen must be an integer \(got 1\.5\)/],
    ['a negative count', { ...LLAMA2_7B, seqLen: -1 }, /config\.seqLen must be at least 0/],
    ['zero layers', { ...LLAMA2_7B, nLayers: 0, seqLen: 1 }, /config\.nLayers must be at least 1/],
    ['a missing field', { nLayers: 32, nKvHeads: 32, seqLen: 1 }, /config\.headDim must be an integer \(got undefined\)/],
    ['a string count', { ...LLAMA2_7B, seqLen: '4096' }, /config\.seqLen must be an integer/],
    ['an unknown dtype', { ...LLAMA2_7B, seqLen: 1, dtype: 'fp16' }, /config\.dtype must be one of 'float32', 'float16', 'bfloat16', 'int8' \(got "fp16"\)/],
    ['an unknown field', { ...LLAMA2_7B, seqLen: 1, maxSeqLen: 4 }, /config\.maxSeqLen is not a field/],
    ['a result over 2^53', { nLayers: 1, nKvHeads: 1, headDim: 2 ** 20, seqLen: 2 ** 31, dtype: 'float32' }, /over 2\^53/],
    ['a count over 2^53', { ...LLAMA2_7B, seqLen: 2 ** 54 }, /config\.seqLen must be at most/],
  ])('%s', (_, config, message) => {
    const e = thrown(() => attn.kvCacheBytes(config));
    expect(e).toBeInstanceOf(attn.AttnscopeError);
    expect(e.message).toMatch(message);
    expect(attn.kvCacheBytes({ ...LLAMA2_7B, seqLen: 1 })).toBe(2 * 32 * 32 * 128 * 2);
  });

  test.each([[null], [undefined], [[1, 2]], [7]])('config %s is not an object', (config) => {
    expect(thrown(() => attn.kvCacheBytes(config))?.message).toMatch(/kvCacheBytes: config must be an object/);
  });
});
