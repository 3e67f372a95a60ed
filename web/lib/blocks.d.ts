// Types of feedForward, multiHeadAttention, KVCache and transformerBlock
// (web/lib/ops/{feed_forward,multi_head_attention,kv_cache,block}.js).
// Legend: T tokens, C = dModel, H = nHeads, Hkv = nKvHeads, D = C / H (head
// dim), F = dFF, S memory tokens, Tk keys attended (T, S, or the cache's
// length + T). Weight matrices are [in, out] and applied as x @ W, the
// lecture's Q = X·W_Q (torch.nn.Linear stores the transpose, W^T).
import type { Tensor, BoolTensor } from './index.js';

export type Activation = 'relu' | 'gelu' | 'gelu_tanh' | 'swiglu' | 'relu2';

/** Feed-forward weights; biases are optional (absent = no bias). w3/b3 belong to 'swiglu' only. */
export interface FeedForwardParams {
  /** [C, F] */ w1: Tensor;
  /** [F] */ b1?: Tensor;
  /** [F, C] */ w2: Tensor;
  /** [C] */ b2?: Tensor;
  /** [C, F], 'swiglu' only */ w3?: Tensor;
  /** [F], 'swiglu' only */ b3?: Tensor;
}

/**
 * Position-wise feed-forward network over the last dim, x [..., C] -> [..., C]:
 * - 'relu' | 'gelu' (erf) | 'gelu_tanh' | 'relu2' (relu(z)²): act(x @ w1 + b1) @ w2 + b2
 * - 'swiglu': (silu(x @ w1 + b1) * (x @ w3 + b3)) @ w2 + b2 (Llama's FFN)
 * activation defaults to 'gelu'.
 * @example
 * const y = attn.feedForward(x, { w1, w2 }, { activation: 'relu' }); // x [T, C], w1 [C, F], w2 [F, C]
 */
export function feedForward(x: Tensor, params: FeedForwardParams, options?: { activation?: Activation }): Tensor;

/** Attention weights. With nKvHeads < nHeads (GQA, MQA) wk/wv have Hkv·D columns. */
export interface MultiHeadAttentionParams {
  /** [C, H·D] */ wq: Tensor;
  /** [C, Hkv·D] */ wk: Tensor;
  /** [C, Hkv·D] */ wv: Tensor;
  /** [H·D, C] */ wo: Tensor;
  /** [H·D] */ bq?: Tensor;
  /** [Hkv·D] */ bk?: Tensor;
  /** [Hkv·D] */ bv?: Tensor;
  /** [C] */ bo?: Tensor;
  /** Learnable qk-norm scale of q, weight [D]; needs options.qkNorm. */
  qNorm?: { weight: Tensor };
  /** Learnable qk-norm scale of k, weight [D]; needs options.qkNorm. */
  kNorm?: { weight: Tensor };
}

/** Rotary embeddings: pair i at position t turns by t · base^(−2i/D). */
export interface RopeOptions {
  /** Default 10000. */
  base?: number;
  /** 'interleaved' (default) pairs dims (2i, 2i+1); 'half' pairs (i, i + D/2). */
  layout?: 'interleaved' | 'half';
}

/** Options of multiHeadAttention; transformerBlock's config takes them too (except memory). */
export interface MultiHeadAttentionOptions {
  /** H, required; must divide dModel. */
  nHeads: number;
  /** Hkv, default nHeads; must divide nHeads. 1 is multi-query attention. */
  nKvHeads?: number;
  /** Query i sees keys j ≤ i + Tk − T (aligned to the END of the keys, as decoding needs). */
  isCausal?: boolean;
  /** RoPE on q and k (after qk-norm) at positions positionOffset + t; null = none. Not with memory. */
  rope?: RopeOptions | null;
  /**
   * Per head, on q and k after the projections: 'rms' x / sqrt(mean(x²) + 1e-6) or
   * 'l2' x / max(|x|, 1e-12), times params.qNorm/kNorm.weight when given. null = none.
   */
  qkNorm?: 'rms' | 'l2' | null;
  /** 'dot' (default): q·k · scale / temperature. 'cosine': q̂·k̂ / temperature. */
  kind?: 'dot' | 'cosine';
  /** T > 0 divides the scores; default 1. */
  temperature?: number;
  /** Multiplies q·k for kind 'dot'; default 1/√D. */
  scale?: number;
  /** Adds −alibiSlopes(H)[h] · |i' − j| after scaling (later keys penalised like earlier ones). */
  alibi?: boolean;
  /** Query i sees keys with |i' − j| < window (an integer ≥ 1). */
  window?: number | null;
  /** Boolean (1 = may attend) or additive mask broadcasting to [..., H, T, Tk]. */
  attnMask?: Tensor | BoolTensor | null;
  /**
   * RoPE position of the first token, default 0. With kvCache it defaults to
   * the cache's length for the layer and, if given, must equal it.
   */
  positionOffset?: number;
  /** Appends this call's keys/values (after RoPE) and attends over all cached tokens. */
  kvCache?: KVCache | null;
  /** The cache layer to use; required when the cache has more than one layer. */
  layer?: number;
  /** Cross-attention: keys and values from memory [..., S, C] (x's batch dims). Not with rope or kvCache. */
  memory?: Tensor | null;
  /** Also return every stage (AttentionIntermediates). */
  returnIntermediates?: boolean;
}

/** Every stage of one multiHeadAttention call, per head (batch dims of x in front). */
export interface AttentionIntermediates {
  /** [..., H, T, D] after qk-norm and RoPE */ q: Tensor;
  /** [..., Hkv, Tk, D] every key attended (cached ones included), after qk-norm and RoPE */ k: Tensor;
  /** [..., Hkv, Tk, D] */ v: Tensor;
  /** [..., H, T, Tk] q·k */ rawScores: Tensor;
  /** [..., H, T, Tk] rawScores · scale / temperature (cosine: q̂·k̂ / temperature) */ scaledScores: Tensor;
  /** [..., H, T, Tk] scaledScores + masks and biases; −Infinity where a key is not allowed */ maskedScores: Tensor;
  /** [..., H, T, Tk] softmax(maskedScores) over the keys */ weights: Tensor;
  /** [..., H, T, D] weights @ v per head */ headOutputs: Tensor;
  /** [..., T, H·D] the heads side by side; output = concat @ wo + bo */ concat: Tensor;
}

/**
 * Multi-head attention, x [..., T, C] -> output [..., T, C]:
 * Q = x Wq + bq, K = src Wk + bk, V = src Wv + bv (src = memory or x), split
 * into heads (query head h uses kv head ⌊h / (H/Hkv)⌋), optional qk-norm and
 * RoPE, softmax(QKᵀ/√D + masks) V per head, heads concatenated, then Wo + bo.
 * @example
 * const { output, intermediates } = attn.multiHeadAttention(x, { wq, wk, wv, wo },
 *   { nHeads: 4, nKvHeads: 2, isCausal: true, rope: { layout: 'half' }, returnIntermediates: true });
 */
export function multiHeadAttention(
  x: Tensor,
  params: MultiHeadAttentionParams,
  options: MultiHeadAttentionOptions & { returnIntermediates: true },
): { output: Tensor; intermediates: AttentionIntermediates };
export function multiHeadAttention(
  x: Tensor,
  params: MultiHeadAttentionParams,
  options: MultiHeadAttentionOptions & { returnIntermediates?: false },
): { output: Tensor };
export function multiHeadAttention(
  x: Tensor,
  params: MultiHeadAttentionParams,
  options: MultiHeadAttentionOptions,
): { output: Tensor; intermediates?: AttentionIntermediates };

/**
 * Sizes of a KVCache. Other fields are ignored, so a model config can be
 * passed: then nKvHeads defaults to nHeads and headDim to dModel / nHeads.
 */
export interface KVCacheConfig {
  nLayers: number;
  nKvHeads?: number;
  headDim?: number;
  maxSeqLen: number;
  /** Sequences decoded side by side (x's batch dims must hold this many); default 1. */
  batchSize?: number;
  nHeads?: number;
  dModel?: number;
  [other: string]: unknown;
}

/**
 * Keys and values (after RoPE) of the tokens seen so far, per layer, in wasm
 * memory. Pass { kvCache, layer } to multiHeadAttention or transformerBlock:
 * each call appends its tokens and attends over all of them, so decoding N
 * tokens one by one equals the causal forward of the N tokens at once.
 * Call dispose() when done (a forgotten cache is freed by the GC); any use
 * after dispose() throws AttnscopeError.
 * @example
 * const cache = new attn.KVCache({ nLayers: 1, nKvHeads: 2, headDim: 16, maxSeqLen: 64 });
 * attn.multiHeadAttention(token, params, { nHeads: 4, nKvHeads: 2, isCausal: true, kvCache: cache });
 * cache.bytes; // 2 · nLayers · batchSize · nKvHeads · maxSeqLen · headDim · 4
 * cache.dispose();
 */
export class KVCache {
  constructor(config: KVCacheConfig);
  readonly nLayers: number;
  readonly nKvHeads: number;
  readonly headDim: number;
  readonly maxSeqLen: number;
  readonly batchSize: number;
  /** True once dispose() has run. */
  readonly disposed: boolean;
  /** Tokens stored in layer 0. */
  readonly length: number;
  /** Bytes of key and value storage: 2 · nLayers · batchSize · nKvHeads · maxSeqLen · headDim · 4. */
  readonly bytes: number;
  /** Tokens stored in `layer`. */
  lengthOf(layer: number): number;
  /** Forgets every token; the memory is kept. */
  reset(): void;
  /** Frees the wasm memory; a second call does nothing. */
  dispose(): void;
}

/** LayerNorm { weight, bias? } or RMSNorm { weight }, each [C]. */
export interface NormParams {
  weight: Tensor;
  bias?: Tensor;
}

/** A standard (pre-LN or post-LN) block. */
export interface BlockParams {
  norm1: NormParams;
  attn: MultiHeadAttentionParams;
  norm2: NormParams;
  ffn: FeedForwardParams;
}

/** An nGPT block (config.normalized): no norms, per-channel step sizes [C]. */
export interface NormalizedBlockParams {
  attn: MultiHeadAttentionParams;
  ffn: FeedForwardParams;
  alphaAttn: Tensor;
  alphaFfn: Tensor;
}

export interface BlockConfig extends Omit<MultiHeadAttentionOptions, 'memory'> {
  /** Default 'layernorm'. */
  norm?: 'layernorm' | 'rmsnorm';
  /** Default true (pre-LN, as GPT-2 and Llama); false is the original post-LN. */
  prenorm?: boolean;
  /** The FFN's activation; default 'gelu'. */
  activation?: Activation;
  /** The norms' eps; default 1e-5. */
  eps?: number;
  /** nGPT's normalised block (params.alphaAttn/alphaFfn, no norms; norm and prenorm are ignored). */
  normalized?: boolean;
}

/** Every stage of one block, shapes [..., T, C] unless noted. */
export interface BlockIntermediates {
  /** The attention's input: n1(x) for pre-LN, x for post-LN and nGPT. */ normed1: Tensor;
  /** a, the attention's output. */ attention: Tensor;
  /** h: x + a (pre-LN), n1(x + a) (post-LN), N(x + alphaAttn·(N(a) − x)) (nGPT). */ residual1: Tensor;
  /** The FFN's input: n2(h) for pre-LN, h otherwise. */ normed2: Tensor;
  /** [..., T, F] after the activation (for 'swiglu' the gated product). */ ffnHidden: Tensor;
  /** f, the FFN's output. */ ffn: Tensor;
  /** The block's output (the same values as `output`). */ output: Tensor;
  /** multiHeadAttention's stages. */ attentionIntermediates: AttentionIntermediates;
}

/**
 * One Transformer block, x [..., T, C] -> output [..., T, C]:
 * - pre-LN:  a = mha(n1(x)); h = x + a;     f = ffn(n2(h)); out = h + f
 * - post-LN: a = mha(x);     h = n1(x + a); f = ffn(h);     out = n2(h + f)
 * - nGPT (normalized), N(v) = v / max(|v|, 1e-12), x rows expected unit length:
 *   a = mha(x); h = N(x + alphaAttn·(N(a) − x)); f = ffn(h); out = N(h + alphaFfn·(N(f) − h))
 * n1, n2 are LayerNorm or RMSNorm over C with config.eps.
 * @example
 * const { output } = attn.transformerBlock(x, { norm1, attn: { wq, wk, wv, wo }, norm2, ffn: { w1, w3, w2 } },
 *   { nHeads: 4, nKvHeads: 2, norm: 'rmsnorm', activation: 'swiglu', isCausal: true, rope: {} });
 */
export function transformerBlock(
  x: Tensor,
  params: BlockParams | NormalizedBlockParams,
  config: BlockConfig & { returnIntermediates: true },
): { output: Tensor; intermediates: BlockIntermediates };
export function transformerBlock(
  x: Tensor,
  params: BlockParams | NormalizedBlockParams,
  config: BlockConfig & { returnIntermediates?: false },
): { output: Tensor };
export function transformerBlock(
  x: Tensor,
  params: BlockParams | NormalizedBlockParams,
  config: BlockConfig,
): { output: Tensor; intermediates?: BlockIntermediates };

/** What residentParameters returns: the params' own shape, their tensors living in wasm memory. */
export type Resident<P> = P & {
  /** Bytes held in wasm memory (0 once disposed). */
  readonly bytes: number;
  /** Frees the wasm memory; a call given these params afterwards throws an AttnscopeError. */
  dispose(): void;
};

/**
 * Copies the tensors of a parameter object (a block's, multiHeadAttention's or
 * feedForward's) into wasm memory once; those functions then read them where
 * they lie instead of copying every tensor in on each call (3.5 MiB for a
 * block of C 256, F 1024). A snapshot: later writes to the Float32Arrays are
 * not seen, so make a new one after changing weights. dispose() frees it (a
 * forgotten one is freed when garbage-collected).
 * @example
 * const p = attn.residentParameters(params);
 * for (const x of inputs) outputs.push(attn.transformerBlock(x, p, config).output);
 * p.dispose();
 */
export function residentParameters<P extends object>(params: P): Resident<P>;
