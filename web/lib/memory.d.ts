// Types of kvCacheBytes (web/lib/ops/kv_cache_bytes.js).
// Legend: L = nLayers, B = batch, Hkv = nKvHeads, T = seqLen, D = headDim.

/** The shape of a KV cache to size. Every count is an integer. */
export interface KvCacheShape {
  /** L >= 1, the number of layers (each keeps its own keys and values). */
  nLayers: number;
  /** Hkv >= 1, key/value heads: nHeads for MHA, fewer for GQA, 1 for MQA. */
  nKvHeads: number;
  /** D >= 1, the head dim. */
  headDim: number;
  /** T >= 0, the tokens kept. */
  seqLen: number;
  /** B >= 1, sequences kept at once. Default 1. */
  batch?: number;
  /** Storage type of one number: float32 4 bytes, float16 and bfloat16 2, int8 1. Default 'float16'. */
  dtype?: 'float32' | 'float16' | 'bfloat16' | 'int8';
}

/**
 * Bytes of a KV cache: 2 (K and V) · L · B · Hkv · T · D · bytes(dtype).
 * Pure arithmetic, no wasm (works before ready()); exact, and refused with an
 * AttnscopeError when the result is over 2^53 (or a count is not a
 * non-negative integer, or a field is unknown). Bytes per token: seqLen 1.
 * attnscope's own KVCache stores float32: its `bytes` equals this with
 * dtype 'float32' and seqLen = maxSeqLen.
 * @example
 * // Llama-2-7B (32 layers, 32 KV heads, head dim 128) in fp16, 4,096 tokens:
 * attn.kvCacheBytes({ nLayers: 32, nKvHeads: 32, headDim: 128, seqLen: 4096 }); // 2 GiB
 */
export function kvCacheBytes(shape: KvCacheShape): number;
