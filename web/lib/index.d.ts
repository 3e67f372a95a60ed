// Types of the 'attnscope' package. Tensors are row-major
// { data: Float32Array, shape: number[] }; every function returns fresh
// tensors (copies, never views into wasm memory). Bad input throws
// AttnscopeError naming the argument; the module keeps working after it.
//
// Legend used below: N tokens, C channels (model dim), H query heads,
// Hkv key/value heads, Nq queries, Nk keys, D head dim, Dv value head dim.

/** A row-major float tensor. `data.length` equals the product of `shape`. */
export interface Tensor {
  data: Float32Array;
  shape: number[];
}

/** A boolean mask tensor: 1 = may attend, 0 = may not (as PyTorch's bool masks). */
export interface BoolTensor {
  data: Uint8Array;
  shape: number[];
}

/** Thrown for every bad call; the message names the argument and what was wrong. */
export class AttnscopeError extends Error {
  name: 'AttnscopeError';
}

/**
 * The build that runs: 'wasm-simd' (one thread), 'wasm-scalar' (no SIMD),
 * 'wasm-simd-threads' (SIMD on a pool of min(cores, 4) threads: matmul
 * panels, attention heads, flash (head, query block) pairs; needs
 * crossOriginIsolated in a page or worker; equal results bit for bit), or
 * 'wasm-simd-fma' ('wasm-simd' whose dense products — matmul, both attention
 * paths, the blocks' layers, training — run on fused multiply-adds, relaxed
 * SIMD's f32x4.relaxed_madd: where the engine validates it, Chromium and
 * Firefox today, Node from 22; results differ from 'wasm-simd' by rounding
 * only, each product step rounded once instead of twice).
 */
export type Backend = 'wasm-simd' | 'wasm-scalar' | 'wasm-simd-threads' | 'wasm-simd-fma';

/** The largest tensor accepted: 2^28 elements (1 GiB of wasm memory). */
export const MAX_ELEMENTS: number;

/**
 * Loads the wasm module once (later calls return the same promise).
 * By default the SIMD build is used where the engine supports wasm SIMD,
 * the scalar build elsewhere; in a crossOriginIsolated page or worker (COOP
 * same-origin + COEP require-corp) the threaded SIMD build; otherwise, where
 * the engine validates relaxed SIMD, 'wasm-simd-fma'; each falls back to
 * 'wasm-simd' if it cannot load. Force 'wasm-simd' for the same bits on every
 * engine. In Node, ATTNSCOPE_BACKEND picks the default.
 */
export function ready(options?: { backend?: Backend | 'auto' }): Promise<void>;

/** Which build is running: 'wasm-simd', 'wasm-scalar', 'wasm-simd-threads' or 'wasm-simd-fma'. Throws before ready(). */
export function backend(): Backend;

/**
 * Builds and validates a tensor (no copy). `shape` defaults to [data.length].
 * @example attn.tensor(new Float32Array([1, 2, 3, 4]), [2, 2])
 */
export function tensor(data: Float32Array, shape?: number[]): Tensor;

/**
 * Matrix product with broadcast leading dims, as torch.matmul:
 * a [..., M, K] @ b [..., K, N] -> [...broadcast, M, N].
 * A 1-D a is a row [1, K] and a 1-D b a column [K, 1]; the added dim is dropped.
 */
export function matmul(a: Tensor, b: Tensor): Tensor;

/**
 * softmax over the last dim: y_i = exp(x_i / T) / sum_j exp(x_j / T).
 * -Infinity entries give 0; a row of only -Infinity gives all zeros; NaN gives NaN.
 * @param options.temperature T > 0, default 1.
 */
export function softmax(x: Tensor, options?: { temperature?: number }): Tensor;

/**
 * LayerNorm over the last dim C: (x - mean) / sqrt(var + eps) * weight + bias,
 * with the biased variance (torch.nn.functional.layer_norm).
 * weight, bias: [C], optional (1 and 0). eps default 1e-5.
 */
export function layerNorm(x: Tensor, options?: { weight?: Tensor; bias?: Tensor; eps?: number }): Tensor;

/**
 * RMSNorm over the last dim C: x / sqrt(mean(x^2) + eps) * weight.
 * weight: [C], optional. eps default 1e-5 (as llama2.c).
 */
export function rmsNorm(x: Tensor, options?: { weight?: Tensor; eps?: number }): Tensor;

/**
 * L2 normalisation over the last dim: x / max(||x||_2, eps)
 * (torch.nn.functional.normalize(x, dim=-1)). eps default 1e-12.
 */
export function l2Normalize(x: Tensor, options?: { eps?: number }): Tensor;

/**
 * GELU, elementwise. 'none': x/2 (1 + erf(x / sqrt 2));
 * 'tanh': x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))). Default 'none'.
 */
export function gelu(x: Tensor, options?: { approximate?: 'none' | 'tanh' }): Tensor;

/** ReLU, elementwise: max(x, 0). */
export function relu(x: Tensor): Tensor;

/** SiLU (swish), elementwise: x * sigmoid(x). */
export function silu(x: Tensor): Tensor;

/**
 * Sinusoidal encoding [seqLen, dModel] (Vaswani et al.):
 * PE[t, 2i] = sin(t / base^(2i/dModel)), PE[t, 2i+1] = cos(t / base^(2i/dModel)).
 * Each row of an even dModel has norm sqrt(dModel / 2). base default 10000.
 */
export function sinusoidalPositionalEncoding(seqLen: number, dModel: number, options?: { base?: number }): Tensor;

/**
 * RoPE angles: cos and sin of theta[t, i] = (t + positionOffset) * base^(-2i/headDim),
 * each [seqLen, headDim/2]. headDim must be even. base default 10000.
 */
export function ropeFrequencies(
  headDim: number,
  seqLen: number,
  options?: { base?: number; positionOffset?: number },
): { cos: Tensor; sin: Tensor };

/**
 * Rotary position embedding of x [..., seq, headDim] (headDim even).
 * Pair i at position t = row index + positionOffset is rotated by theta[t, i]:
 * (a, b) -> (a cos - b sin, a sin + b cos).
 * layout 'interleaved' (default, as llama2.c) pairs dims (2i, 2i+1);
 * 'half' (as HF Llama's rotate_half) pairs (i, i + headDim/2).
 * With R(m)q and R(n)k, the score (R(m)q).(R(n)k) = q^T R(n-m) k depends only on n - m.
 * `positions` [seq] instead gives row t its own position p_t, any finite real
 * (non-integer or negative too): pair i turns by p_t * base^(-2i/headDim), so with
 * headDim 2 (theta = 1) positions [Math.PI / 4] rotate by exactly pi/4. It is
 * used as float64 and cannot be combined with positionOffset.
 * @example attn.applyRope(attn.tensor(new Float32Array([1, 0]), [1, 2]), { positions: [0.5] }) // [cos 0.5, sin 0.5]
 */
export function applyRope(
  x: Tensor,
  options?: {
    base?: number;
    layout?: 'interleaved' | 'half';
    positionOffset?: number;
    positions?: Float32Array | Float64Array | number[];
  },
): Tensor;

/**
 * ALiBi head slopes [nHeads]: for n = nHeads a power of two, 2^(-8h/n), h = 1..n;
 * otherwise those of the largest power of two below, then every other slope of twice that.
 */
export function alibiSlopes(nHeads: number): Tensor;

/** Options shared by scaledDotProductAttention and flashAttention. */
export interface AttentionOptions {
  /**
   * Uint8Array tensor (1 = may attend) or Float32Array tensor added to the scores;
   * broadcasts to [..., H, Nq, Nk].
   */
  attnMask?: Tensor | BoolTensor | null;
  /**
   * Causal masking aligned to the END of the keys: query i sees keys j <= i + Nk - Nq
   * (what decoding with a KV cache needs; PyTorch's is_causal aligns to the start).
   */
  isCausal?: boolean;
  /** Multiplies q.k for kind 'dot'; default 1/sqrt(D). Not allowed with 'cosine'. */
  scale?: number;
  /** Required (true) when H != Hkv: query head h uses key/value head floor(h / (H / Hkv)). */
  enableGqa?: boolean;
  /** 'dot' (default): s = q.k * scale / T. 'cosine': s = (q/|q|).(k/|k|) / T. */
  kind?: 'dot' | 'cosine';
  /** T > 0 divides the scores (both kinds); default 1. */
  temperature?: number;
  /** Adds −alibiSlopes(H)[h] · |i' − j| to the scores after scaling (i' the aligned query index): later keys are penalised like earlier ones. */
  alibi?: boolean;
  /** Query i sees keys with |i' - j| < window (the token itself counts); an integer >= 1. */
  window?: number | null;
}

/**
 * Attention, heads first as torch SDPA:
 * q [..., H, Nq, D], k [..., Hkv, Nk, D], v [..., Hkv, Nk, Dv] -> output [..., H, Nq, Dv];
 * weights = softmax(scores + masks + biases) [..., H, Nq, Nk]. Rank-2 inputs [N, D] are one head.
 * A query row with no allowed key gets all-zero weights and a zero output (not NaN).
 * @example
 * const { output, weights } = attn.scaledDotProductAttention(q, k, v, { isCausal: true, returnWeights: true });
 */
export function scaledDotProductAttention(
  q: Tensor,
  k: Tensor,
  v: Tensor,
  options?: AttentionOptions & { returnWeights?: false },
): { output: Tensor };
export function scaledDotProductAttention(
  q: Tensor,
  k: Tensor,
  v: Tensor,
  options: AttentionOptions & { returnWeights: true },
): { output: Tensor; weights: Tensor };
export function scaledDotProductAttention(
  q: Tensor,
  k: Tensor,
  v: Tensor,
  options?: AttentionOptions & { returnWeights?: boolean },
): { output: Tensor; weights?: Tensor };

/**
 * The same maths as scaledDotProductAttention, computed FlashAttention-style:
 * keys in tiles with an online softmax (running max m, normaliser l, rescaled
 * accumulator), so the extra memory is O(N): 12 bytes per query row (m, l, a
 * NaN flag) plus fixed-size packs of K and V (128 KB each, whatever N) and one
 * block of scores, instead of the Nq * Nk weights. Tiles that causal/window rule out are skipped, and so are
 * tiles whose keys a boolean attnMask hides entirely (see masks.d.ts). No weights.
 */
export function flashAttention(q: Tensor, k: Tensor, v: Tensor, options?: AttentionOptions): { output: Tensor };
export * from './count.js';
export * from './masks.js';
export * from './blocks.js';
export * from './model.js';
export * from './train.js';
export * from './train_worker.js';
export * from './memory.js';
export * from './ssm.js';
export * from './scaling.js';
export * from './head_roles.js';
export * from './tokenizer.js';
