// Types of kvCacheBytes (web/lib/ops/kv_cache_bytes.js) and KV-cache compression.
// Legend: L = nLayers, B = batch, Hkv = nKvHeads, T = seqLen, D = headDim.
import type { Tensor } from './index.js';

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

// KV-cache compression (web/lib/ops/kv_compression.js, kv_grouping.js).
// Legend: Hkv KV heads, H query heads (a multiple of Hkv), N cached positions, D head dim.

/** A cache to compress: keys (after RoPE) and values, each [Hkv, N, D]. */
export interface KvCacheTensors {
  keys: Tensor;
  values: Tensor;
}

export type KvEvictionRule = 'recent' | 'accumulated' | 'expected';

export interface SelectKvOptions {
  /**
   * 'recent': the last `keep` positions. 'accumulated' (H2O): the positions
   * that received the most attention (needs `attention`). 'expected'
   * (Expected Attention): the positions future queries at `futurePositions`
   * are expected to attend to, the queries modelled as N(μ, Σ) of `queries`:
   * E exp(qᵀk'/√D) = exp(μᵀk'/√D + k'ᵀΣk'/(2D)), k' = R(−t)k.
   */
  rule: KvEvictionRule;
  /** Positions kept per KV head, 1 … N. */
  keep: number;
  /** 'accumulated': the weights the queries seen so far gave, [H, Nq, N]. */
  attention?: Tensor;
  /** 'expected': the queries seen so far, before RoPE, [H, Nq, D]. */
  queries?: Tensor;
  /** 'expected': where future queries will be (their RoPE angle). */
  futurePositions?: number[];
  /** 'expected': the RoPE of the keys (default base 10000, 'interleaved'). */
  rope?: { base?: number; layout?: 'interleaved' | 'half' };
  /** 'expected': use Σ (default true); false keeps the mean only. */
  covariance?: boolean;
}

export interface SelectedKv extends KvCacheTensors {
  /** Per KV head, the kept positions, ascending ([Hkv][keep]). */
  positions: Int32Array[];
  /** Per KV head, the rule's score of every position ('recent': the position). */
  scores: Float64Array[];
}

/** ['recent', 'accumulated', 'expected'] */
export const KV_EVICTION_RULES: readonly KvEvictionRule[];

/**
 * Evicts cached positions by a rule: keys and values [Hkv, keep, D] of the
 * positions each KV head keeps (ties keep the more recent).
 * @example
 * const kept = attn.selectKvPositions({ keys, values }, { rule: 'accumulated', keep: 16, attention: weights });
 */
export function selectKvPositions(cache: KvCacheTensors, options: SelectKvOptions): SelectedKv;

export interface KvGrouping {
  /** Groups of KV heads, each ascending, ordered by their first head. */
  groups: number[][];
  /** Σ_h ‖W_h − W̄_group‖² over the tensors given. */
  error: number;
}

/**
 * Which KV heads share one: `groups` groups of the heads of `weights` (each
 * tensor's first dim is the KV head, e.g. { wk, wv } as [Hkv, D, C]).
 * 'uniform': adjacent heads in equal groups (groups must divide Hkv).
 * 'qcqa' (default): any sizes, the least weight-sharing error (exhaustive
 * search up to 10 heads, greedy merging above).
 */
export function groupKvHeads(weights: Record<string, Tensor>, groups: number, options?: { method?: 'uniform' | 'qcqa' }): KvGrouping;

/** The cache with each group's heads replaced by their mean ([groups, N, D]); headGroup[h] is head h's group. */
export function mergeKvHeads(cache: KvCacheTensors, groups: number[][]): KvCacheTensors & { headGroup: Int32Array };
