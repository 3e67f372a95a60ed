// KVCache: the keys and values (after RoPE) of the tokens seen so far, per
// layer, kept in the wasm heap (cpp/src/kv_cache.cpp) between calls of
// multiHeadAttention / transformerBlock. dispose() frees it; a cache that is
// forgotten is freed by the garbage collector (FinalizationRegistry).
import { module } from '../runtime.js';
import { checkInt, fail, MAX_ELEMENTS } from '../tensor.js';

const state = new WeakMap(); // cache -> { M, ptr (0 once disposed), sizes }
const registry = new FinalizationRegistry(({ M, ptr }) => M.kvCacheDestroy(ptr));

function live(cache, what) {
  const s = state.get(cache);
  if (!s.ptr) fail(`${what}: KVCache has been disposed; create a new one with new attn.KVCache({...})`);
  return s;
}

export class KVCache {
  /**
   * config: { nLayers, nKvHeads, headDim, maxSeqLen, batchSize = 1 }; other
   * fields are ignored, so a model config can be passed (then nKvHeads
   * defaults to nHeads and headDim to dModel / nHeads).
   */
  constructor(config) {
    if (config === null || typeof config !== 'object' || Array.isArray(config)) {
      fail(`KVCache: config must be an object { nLayers, nKvHeads, headDim, maxSeqLen } (got ${config === null ? 'null' : typeof config})`);
    }
    const c = config;
    const nKvHeads = c.nKvHeads ?? c.nHeads;
    const headDim = c.headDim ?? (Number.isInteger(c.dModel) && Number.isInteger(c.nHeads) ? c.dModel / c.nHeads : undefined);
    const sizes = {
      nLayers: checkInt(c.nLayers, 'config.nLayers', { min: 1 }),
      nKvHeads: checkInt(nKvHeads, 'config.nKvHeads', { min: 1 }),
      headDim: checkInt(headDim, 'config.headDim', { min: 1 }),
      maxSeqLen: checkInt(c.maxSeqLen, 'config.maxSeqLen', { min: 1 }),
      batchSize: checkInt(c.batchSize ?? 1, 'config.batchSize', { min: 1 }),
    };
    const floats = 2 * sizes.nLayers * sizes.batchSize * sizes.nKvHeads * sizes.maxSeqLen * sizes.headDim;
    if (floats > MAX_ELEMENTS) {
      fail(`KVCache: 2 · nLayers · batchSize · nKvHeads · maxSeqLen · headDim = ${floats} floats, over the limit of ${MAX_ELEMENTS}`);
    }
    const M = module();
    const ptr = M.kvCacheCreate(sizes.nLayers, sizes.batchSize, sizes.nKvHeads, sizes.headDim, sizes.maxSeqLen);
    if (!ptr) fail(`KVCache: out of memory allocating ${floats * 4} bytes`);
    state.set(this, { M, ptr, ...sizes });
    registry.register(this, { M, ptr }, this);
  }

  get nLayers() { return state.get(this).nLayers; }
  get nKvHeads() { return state.get(this).nKvHeads; }
  get headDim() { return state.get(this).headDim; }
  get maxSeqLen() { return state.get(this).maxSeqLen; }
  get batchSize() { return state.get(this).batchSize; }
  get disposed() { return state.get(this).ptr === 0; }

  /** Tokens stored in layer 0. */
  get length() {
    const s = live(this, 'KVCache.length');
    return s.M.kvCacheLength(s.ptr, 0);
  }

  /** Tokens stored in `layer`. */
  lengthOf(layer) {
    const s = live(this, 'KVCache.lengthOf');
    checkInt(layer, 'layer', { min: 0, max: s.nLayers - 1 });
    return s.M.kvCacheLength(s.ptr, layer);
  }

  /** Bytes of key and value storage: 2 · nLayers · batchSize · nKvHeads · maxSeqLen · headDim · 4. */
  get bytes() {
    const s = live(this, 'KVCache.bytes');
    return s.M.kvCacheBytes(s.ptr);
  }

  /** Forgets every token (memory kept). */
  reset() {
    const s = live(this, 'KVCache.reset');
    s.M.kvCacheReset(s.ptr);
  }

  /** Frees the wasm memory. Later uses throw; a second dispose() does nothing. */
  dispose() {
    const s = state.get(this);
    if (!s.ptr) return;
    registry.unregister(this);
    s.M.kvCacheDestroy(s.ptr);
    s.ptr = 0;
  }
}

/** The live state of a cache passed as an option (`name` as the caller wrote it). */
export function cacheState(cache, name, fnName) {
  if (!(cache instanceof KVCache)) fail(`${fnName}: ${name} must be a KVCache (make one with new attn.KVCache({...}))`);
  return live(cache, `${fnName}: ${name}`);
}
