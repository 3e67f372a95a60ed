// kvCacheBytes: the memory a KV cache of a given model shape takes, for a
// chosen storage dtype. Pure arithmetic (no wasm, no ready() needed); exact,
// computed with BigInt and refused when the result is over 2^53.
import { checkInt, checkEnum, fail } from '../tensor.js';

/** Bytes of one stored number per dtype. */
export const KV_DTYPE_BYTES = Object.freeze({ float32: 4, float16: 2, bfloat16: 2, int8: 1 });

const FIELDS = ['nLayers', 'nKvHeads', 'headDim', 'seqLen', 'batch', 'dtype'];
const MAX_EXACT = 2 ** 53;

/** 2 (keys and values) · nLayers · batch · nKvHeads · seqLen · headDim · bytes(dtype). */
export function kvCacheBytes(config) {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    fail('kvCacheBytes: config must be an object { nLayers, nKvHeads, headDim, seqLen, batch, dtype }');
  }
  for (const key of Object.keys(config)) {
    if (!FIELDS.includes(key)) fail(`kvCacheBytes: config.${key} is not a field (known: ${FIELDS.join(', ')})`);
  }
  const big = { max: Number.MAX_SAFE_INTEGER };
  const factors = [
    2,
    checkInt(config.nLayers, 'config.nLayers', { min: 1, ...big }),
    checkInt(config.batch ?? 1, 'config.batch', { min: 1, ...big }),
    checkInt(config.nKvHeads, 'config.nKvHeads', { min: 1, ...big }),
    checkInt(config.seqLen, 'config.seqLen', { min: 0, ...big }),
    checkInt(config.headDim, 'config.headDim', { min: 1, ...big }),
    KV_DTYPE_BYTES[checkEnum(config.dtype ?? 'float16', 'config.dtype', Object.keys(KV_DTYPE_BYTES))],
  ];
  const bytes = factors.reduce((acc, f) => acc * BigInt(f), 1n);
  if (bytes > BigInt(MAX_EXACT)) {
    fail(`kvCacheBytes: 2 · nLayers · batch · nKvHeads · seqLen · headDim · bytes = ${bytes} is over 2^53, where a JavaScript number stops being exact`);
  }
  return Number(bytes);
}
