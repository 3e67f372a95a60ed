// Types of the mask builders, position biases and linear attention
// (re-exported from index.d.ts). Legend: nQ queries, nK keys, n tokens of a
// square mask, H heads, D head dim, Dv value head dim, C channels.
// As everywhere in attnscope, i' = i + nK - nQ aligns query i to the END of
// the keys (decoding with a KV cache); for nQ = nK, i' = i.

import type { Tensor, BoolTensor } from './index.js';

/**
 * Causal mask [nQ, nK]: allow[i, j] = j <= i'. Equal to `isCausal: true`.
 * @example attn.scaledDotProductAttention(q, k, v, { attnMask: attn.causalMask(4) })
 */
export function causalMask(nQ: number, nK?: number): BoolTensor;

/**
 * Sliding-window (local) mask [nQ, nK]: allow[i, j] = |i' - j| < window (the
 * token itself counts), and j <= i' when `causal`. Equal to the `window` option.
 * window: an integer >= 1.
 * @example attn.slidingWindowMask(8, 8, 2, { causal: true })  // each token sees itself and the one before
 */
export function slidingWindowMask(nQ: number, nK: number, window: number, options?: { causal?: boolean }): BoolTensor;

/**
 * Sparse Transformer "strided" mask [n, n] (Child et al. 2019), causal:
 * allow[i, j] = j <= i and ((i - j) < stride or (i - j) % stride == 0).
 * stride: an integer >= 1.
 * @example attn.stridedMask(6, 3)  // row 5: keys 2, 3, 4, 5 (local) — and 5 - 3·k further back
 */
export function stridedMask(n: number, stride: number): BoolTensor;

/**
 * Global-token mask [n, n]: allow[i, j] = i == j, or i global (it attends to
 * every token), or j global (every token attends to it); with `causal` only j <= i.
 * Combine it with a local mask (combineMasks) for Longformer-style attention.
 * Each global token must be an integer in [0, n).
 * @example attn.globalTokensMask(6, [0])  // a [CLS]-like first token
 */
export function globalTokensMask(n: number, globalTokens: number[] | Int32Array, options?: { causal?: boolean }): BoolTensor;

/** Options of bigBirdMask. */
export interface BigBirdOptions {
  /** Local band |i - j| < window; integer >= 1, default 3. */
  window?: number;
  /** Global tokens (see globalTokensMask); default [0] (none when n = 0). */
  globalTokens?: number[] | Int32Array;
  /** Random keys added per row, drawn from the keys the row does not allow yet; default 2. */
  randomPerRow?: number;
  /** Integer in [0, 2^53); default 0. The same seed gives the same mask everywhere. */
  seed?: number;
}

/**
 * BigBird-like mask [n, n] (Zaheer et al. 2020): the union of a sliding
 * window, global tokens and `randomPerRow` random keys per row.
 * The random links are reproducible: splitmix64 with state = seed (state +=
 * 0x9e3779b97f4a7c15; z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9; z = (z ^ z >> 27)
 * * 0x94d049bb133111eb; output z ^ z >> 31), one stream for the whole mask;
 * rows i = 0..n-1 in order, each making min(randomPerRow, free) picks: draw
 * x and allow the (x mod m)-th (from 0, in increasing j) of the m keys the
 * row still does not allow.
 * @example attn.bigBirdMask(64, { window: 3, globalTokens: [0], randomPerRow: 2, seed: 1 })
 */
export function bigBirdMask(n: number, options?: BigBirdOptions): BoolTensor;

/** Elementwise OR of masks of one shape: a key is allowed when any mask allows it. */
export function combineMasks(...masks: BoolTensor[]): BoolTensor;

/** Elementwise AND of masks of one shape: a key is allowed when every mask allows it. */
export function intersectMasks(...masks: BoolTensor[]): BoolTensor;

/**
 * ALiBi bias [nHeads, nQ, nK] = −alibiSlopes(nHeads)[h] · |i' − j|: the scores'
 * `alibi: true` as a tensor (pass it as a float attnMask). A later key is
 * penalised like an earlier one at the same distance; under a causal mask
 * (j ≤ i') it equals m_h · (j − i'). It depends only on j − i' and the head. nK defaults to nQ.
 * @example attn.scaledDotProductAttention(q, k, v, { attnMask: attn.alibiBias(8, n), isCausal: true })
 */
export function alibiBias(nHeads: number, nQ: number, nK?: number): Tensor;

/** T5 bucket options (Hugging Face T5 names: bidirectional, num_buckets, max_distance). */
export interface T5BucketOptions {
  /** Default true: separate buckets for keys after the query. false: decoder (causal) buckets, the future shares bucket 0. */
  bidirectional?: boolean;
  /** Default 32; at least 4 bidirectional, 2 causal. */
  numBuckets?: number;
  /** Default 128; positions this far or further share the last bucket. Must exceed the exact buckets. */
  maxDistance?: number;
}

/**
 * Hugging Face T5Attention._relative_position_bucket for each relative
 * position rp = key - query: bidirectional n = numBuckets/2 and keys after
 * the query add n, else n = numBuckets and a = max(-rp, 0); |rp| (a) below
 * e = n/2 is its own bucket, beyond that e + floor(log(a/e) / log(maxDistance/e)
 * · (n - e)) capped at n - 1, computed in float32 as HF does.
 * @example attn.t5RelativePositionBucket([0, -1, 1, -16, 16])  // Int32Array [0, 1, 17, 10, 26]
 */
export function t5RelativePositionBucket(relativePosition: number[] | Int32Array, options?: T5BucketOptions): Int32Array;

/**
 * T5 relative bias [H, nQ, nK] = table[bucket(j - i'), h] from a learned
 * table [numBuckets, H] (the weight of T5's nn.Embedding(numBuckets, H));
 * numBuckets is table.shape[0] (options.numBuckets, if given, must equal it).
 * With nQ < nK it is the last nQ rows of the nK x nK bias, as HF decodes. Pass it as a float attnMask.
 * @example attn.scaledDotProductAttention(q, k, v, { attnMask: attn.t5RelativeBias(table, n, n) })
 */
export function t5RelativeBias(table: Tensor, nQ: number, nK?: number, options?: T5BucketOptions): Tensor;

/**
 * Learned absolute positions: x [..., T, C] + table[positionOffset + t] with
 * table [maxLen, C] (GPT-2's wpe); positionOffset + T must not exceed maxLen.
 * @example const h = attn.addPositionEmbeddings(tokenEmbeddings, wpe, { positionOffset: 0 });
 */
export function addPositionEmbeddings(x: Tensor, table: Tensor, options?: { positionOffset?: number }): Tensor;

/** Options of linearAttention. */
export interface LinearAttentionOptions {
  /** phi: 'elu1' (default) elu(x) + 1; 'relu' max(x, 0); 'performer' positive random features; 'identity' x. */
  featureMap?: 'elu1' | 'relu' | 'performer' | 'identity';
  /**
   * true (default): divide by phi(q_i)ᵀz + eps. false: the unnormalised
   * out_i = phi(q_i)ᵀ S = Σ_j (phi(q_i)·phi(k_j)) v_j, i.e. phi(Q) phi(K)ᵀ V
   * (with 'identity': Q Kᵀ V, one gradient-descent step in the in-context-learning
   * derivation). opts.eps is refused with false. With 'identity' and true the
   * denominator qᵀz may be 0 or negative (the features are not positive).
   */
  normalize?: boolean;
  /** Sum over keys j <= i' only. Default false. */
  isCausal?: boolean;
  /** 'recurrent' (default): running sums S, z, O(N·F·Dv). 'quadratic': the explicit a_ij, O(Nq·Nk·(F + Dv)). Equal up to rounding. */
  form?: 'recurrent' | 'quadratic';
  /** Performer: m, the number of random features (default 64). */
  features?: number;
  /** Performer: seed of performerProjection (default 0). */
  seed?: number;
  /** Performer: the projection w [m, D] to use instead of a seeded one. */
  projection?: Tensor;
  /** Added to the denominator; default 1e-6, >= 0. */
  eps?: number;
}

/**
 * Linear (kernelised) attention (Katharopoulos et al. 2020), heads first:
 * q [..., H, Nq, D], k [..., H, Nk, D], v [..., H, Nk, Dv] -> output [..., H, Nq, Dv]
 * (rank-2 inputs are one head):
 *   out_i = phi(q_i)ᵀ S / (phi(q_i)ᵀ z + eps),  S = Σ_j phi(k_j) v_jᵀ,  z = Σ_j phi(k_j)
 * over every key, or with isCausal over j <= i' (a query with no key gets 0);
 * with normalize: false, out_i = phi(q_i)ᵀ S (phi(Q) phi(K)ᵀ V, masked when causal).
 * Performer (Choromanski et al. 2021): phi(x)_r = exp(w_r·x' - |x'|²/2) / √m,
 * x' = x / D^(1/4), w [m, D] ~ N(0, 1) (one projection for all heads), so that
 * phi(q)·phi(k) estimates exp(q·k / √D), softmax attention's kernel.
 * @example
 * const { output } = attn.linearAttention(q, k, v, { featureMap: 'elu1', isCausal: true });
 */
export function linearAttention(q: Tensor, k: Tensor, v: Tensor, options?: LinearAttentionOptions): { output: Tensor };

/**
 * The Performer projection w [features, headDim] ~ N(0, 1), reproducible: in
 * row-major order each element draws u1 then u2 from the splitmix64 stream of
 * bigBirdMask (seeded with `seed`; u = (x >> 11) · 2^-53) and is
 * sqrt(-2 ln(1 - u1)) · cos(2π u2) in double, rounded to float32.
 * @example attn.linearAttention(q, k, v, { featureMap: 'performer', projection: attn.performerProjection(64, 16, { seed: 1 }) })
 */
export function performerProjection(features: number, headDim: number, options?: { seed?: number }): Tensor;
