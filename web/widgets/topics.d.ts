// Types of the topic widgets (positions, efficiency, state-space models,
// vectors to attention) and the block explorer's variant attributes;
// re-exported by index.d.ts, registered by index.js.
import type { Matrix } from './index.js';

/**
 * `<attn-rope-dial>`: RoPE as rotation. q and k [D] are cut into D/2 pairs
 * (dims (2i, 2i+1) 'interleaved', or (i, i + D/2) 'half'); each pair is a
 * dial whose arrows turn by m·θ_i (q) and n·θ_i (k), θ_i = base^(−2i/D). It
 * shows the score (R(m)q)ᵀ(R(n)k), the same score computed as qᵀR(n−m)k
 * (one rotation by the difference: it depends only on n − m), the norms
 * before and after rotation (unchanged) and each pair's share of the score.
 * Sliders move m and n; "Move both" adds `step` to both (the score stays);
 * "Play" repeats that (hidden under prefers-reduced-motion).
 *
 * ```html
 * <attn-rope-dial head-dim="8" base="10000" m="1" n="3"></attn-rope-dial>
 * <attn-rope-dial head-dim="2" q="[1, 0]" k="[1, 0]" step="0.7853981633974483" n="0.7853981633974483"></attn-rope-dial>
 * ```
 *
 * Attributes: `head-dim` (even, default 8), `base` (default 10000), `layout`
 * ('interleaved' default, or 'half'), `m`, `n` (positions, default 1 and 3;
 * fractional ones need the core's `applyRope(x, {positions})`), `step`
 * (slider step, default 1), `max-position` (default 16), `q`, `k` (JSON
 * arrays of D numbers; default seeded N(0, 1) rounded to 2 decimals),
 * `seed` (default 1), `caption`, `lang`.
 *
 * Events: `change` (detail {m, n, score, relative}) after every redraw;
 * `error` (detail {message}) when the attributes cannot be used.
 */
export declare class AttnRopeDial extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnRopeDial;
  static readonly observedAttributes: string[];
  /** The numbers last shown (all from the core), or null before the first draw. */
  readonly values: {
    m: number; n: number; q: Float32Array; k: Float32Array; rq: Float32Array; rk: Float32Array;
    score: number; relative: number; pairs: Float32Array;
    norms: { q: number; rq: number; k: number; rk: number };
  } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-rope-dial': AttnRopeDial;
  }
}

/**
 * `<attn-sinusoidal>`: the sinusoidal positional encoding of the original
 * Transformer, PE(pos, 2i) = sin(pos·ω_i), PE(pos, 2i+1) = cos(pos·ω_i),
 * ω_i = base^(−2i/D), explored: the waves of chosen dims over positions, the
 * [T, D] heatmap, the Gram matrix PE·PEᵀ (hover for values), the norm
 * ‖PE(pos)‖ = √(D/2) for several D, the table of divisors base^(2i/D)
 * (1, 10, 100, 1000 for D = 8), and the block-diagonal map A(k) with
 * PE(pos + k) = A(k)·PE(pos), checked by the core's matmul. Sliders move
 * T, D, pos and k.
 *
 * ```html
 * <attn-sinusoidal d-model="8" positions="32" dims="0 2 4 6"></attn-sinusoidal>
 * ```
 *
 * Attributes: `d-model` (even, default 8), `positions` T (default 32),
 * `base` (default 10000), `dims` (dims to plot, default "0 2 4 6"), `pos`
 * (default 3), `shift` k (default 2), `caption`, `lang`.
 *
 * Events: `change` (detail {dModel, positions, maxShiftDifference}) after every
 * redraw; `error` (detail {message}).
 */
export declare class AttnSinusoidal extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnSinusoidal;
  static readonly observedAttributes: string[];
  /** The numbers last shown (all from the core), or null before the first draw. */
  readonly values: {
    pe: Matrix; gram: Matrix;
    pairs: { pair: number; dims: [number, number]; omega: number; divisor: number; wavelength: number }[];
    norms: { D: number; norm: number }[];
    shift: { A: Matrix; predicted: Float32Array; actual: Float32Array; maxDiff: number };
    dims: number[];
  } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-sinusoidal': AttnSinusoidal;
  }
}

/**
 * `<attn-rope-decay>`: RoPE's long-distance tendency next to ALiBi's linear
 * penalty. Left: qᵀR(Δ)k against Δ = n − m for q = k = all ones (which is
 * Σ_i 2cos(Δθ_i)) and averaged over random q = k ~ N(0, 1); right: ALiBi's
 * bias −m_h·Δ for every head (slopes from `alibiSlopes`). A Δ slider reads
 * the three values out. Rotations by `applyRope`, products and the average by
 * `matmul`, the bias by `alibiBias`.
 *
 * ```html
 * <attn-rope-decay head-dim="64" base="10000" max-distance="256" heads="8"></attn-rope-decay>
 * ```
 *
 * Attributes: `head-dim` (even, default 64), `base` (default 10000),
 * `max-distance` (default 256), `heads` (ALiBi heads, default 8), `samples`
 * (random vectors averaged, default 32; fewer when T·D is large), `seed`
 * (default 1), `at` (Δ read out, default 10), `caption`, `lang`.
 *
 * Events: `change` (detail {at, ones, random, alibi}) after every redraw;
 * `error` (detail {message}).
 */
export declare class AttnRopeDecay extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnRopeDecay;
  static readonly observedAttributes: string[];
  /** The curves last shown (all from the core), each [maxDistance + 1], or null. */
  readonly values: {
    distances: Float32Array; ones: Float32Array; random: Float32Array; samples: number; alibi: Float32Array[];
  } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-rope-decay': AttnRopeDecay;
  }
}

/**
 * `<attn-flash-tiles>`: FlashAttention's online softmax, one key tile at a
 * time, for seeded Q, K, V [N, D]. A stepper walks over the key tiles; a
 * table shows each query row's running max m, running sum ℓ = Σ e^(s − m),
 * the rescaling factor e^(m_old − m) and the accumulator o = Σ e^(s − m)·v,
 * and o/ℓ (softmax attention over the keys seen so far). After the last
 * tile o/ℓ is compared with `flashAttention` and `scaledDotProductAttention`.
 * Scores come from `matmul`, o/ℓ and ℓ (1 / the row's largest weight) from
 * `scaledDotProductAttention` over the keys seen.
 *
 * ```html
 * <attn-flash-tiles n="8" d="4" tile="3"></attn-flash-tiles>
 * ```
 *
 * Attributes: `n` (default 6), `d` (default 4), `tile` (key tile size,
 * default 2), `seed` (default 1), `step` (tiles processed, default all),
 * `caption`, `lang`. Events: `change` (detail {step, seen, done}); `error`.
 */
export declare class AttnFlashTiles extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnFlashTiles;
  static readonly observedAttributes: string[];
  /** The state shown: the step, every step's {seen, m, l, rescale, o, out}, the final check and Q, K, V. */
  readonly values: {
    step: number;
    steps: { seen: number; m: Float64Array; l: Float64Array; rescale: Float64Array; o: Float64Array; out: Float32Array | Float64Array }[];
    check: { flash: Float32Array; full: Float32Array; vsFlash: number; vsFull: number };
    q: Matrix; k: Matrix; v: Matrix; scale: number;
  } | null;
}

/**
 * `<attn-attention-traffic>`: bytes moved between slow and fast memory by one
 * head's forward pass, standard vs tiled attention, as N, D and the tile
 * size B change: standard (4·N·D + 4·N²)·b, tiled (2·N·D + 2·N·D·⌈N/B⌉)·b,
 * the score matrix N²·b (16 MiB at N = 2048 in float32) and the fast memory
 * one tile needs (4·B·D + B²)·b; a log-log plot against N.
 *
 * Attributes: `n` (default 2048), `d` (default 64), `tile` (default 64),
 * `bytes` (per number, default 4), `caption`, `lang`. Events: `change`
 * (detail {scores, standard, tiled, sram} in bytes); `error`.
 */
export declare class AttnAttentionTraffic extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnAttentionTraffic;
  static readonly observedAttributes: string[];
  /** The byte counts shown, or null before the first draw. */
  readonly values: { scores: number; standard: number; tiled: number; sram: number } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-flash-tiles': AttnFlashTiles;
    'attn-attention-traffic': AttnAttentionTraffic;
  }
}

/**
 * `<attn-kv-cache>`: the memory of a KV cache, 2·L·B·Hkv·T·D·bytes, for MHA
 * (Hkv = H), GQA (Hkv = `kv-heads`) and MQA (Hkv = 1) side by side, per
 * token and at T tokens, each from `attn.kvCacheBytes` (exact in bytes).
 * Presets: 'gpt2-small' (12 layers, 12 heads, D 64), 'llama2-7b' (32, 32,
 * 128), 'llama2-70b' (80 layers, 64 heads, 8 KV heads, 128; the default).
 *
 * ```html
 * <attn-kv-cache preset="llama2-7b" dtype="float16" tokens="4096"></attn-kv-cache>
 * ```
 *
 * Attributes: `preset`, `layers`, `heads`, `kv-heads`, `head-dim`, `tokens`,
 * `batch` (default 1), `dtype` ('float16' default, 'bfloat16', 'float32',
 * 'int8'), `caption`, `lang`. Events: `change` (detail {rows}); `error`.
 */
export declare class AttnKvCache extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnKvCache;
  static readonly observedAttributes: string[];
  /** The rows shown: bytes per token and at T tokens × batch, for MHA, GQA and MQA. */
  readonly values: { kind: 'mha' | 'gqa' | 'mqa'; kvHeads: number; perToken: number; total: number }[] | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-kv-cache': AttnKvCache;
  }
}

/**
 * `<attn-ssm>`: a state-space model (one channel, N state dims, A_n = −(n+1),
 * B = C = 1) read token by token with `attn.selectiveScan`:
 * x_t = exp(Δ_t·A) ⊙ x_{t−1} + Δ_t·B·u_t, y_t = ⟨C, x_t⟩. The hidden state
 * [N, L] is a heatmap; u and y are plotted. `mode="selective"` (Mamba): Δ_t
 * is `delta-write` on the tokens listed in `write` (press a token to toggle)
 * and `delta-keep` elsewhere, so the state forgets and takes those tokens and
 * keeps itself otherwise. `mode="invariant"` (S4): one Δ everywhere, and the
 * output of the causal convolution K ∗ u (`attn.ssmConvolutionKernel`, then a
 * Toeplitz `matmul`) is drawn next to the recurrence's, with their largest
 * difference.
 *
 * ```html
 * <attn-ssm mode="selective" write="2 5"></attn-ssm>
 * <attn-ssm mode="invariant" input="impulse" delta="0.5"></attn-ssm>
 * ```
 *
 * Attributes: `mode`, `length` L (default 12), `state` N (default 4), `delta`
 * (default 0.5), `delta-write` (default 3), `delta-keep` (default 0.05),
 * `write` (token indices, default "2 5"), `step` (the step read out, default
 * the last), `input` ('random' default, 'impulse', 'step'), `seed`,
 * `caption`, `lang`. Events: `change` (detail {mode, step, y}); `error`.
 */
export declare class AttnSsm extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnSsm;
  static readonly observedAttributes: string[];
  /** The numbers shown: u, Δ per step, y, the states [L·N] and, time-invariant, the convolution view. */
  readonly values: {
    u: Float32Array; deltas: number[]; y: Float32Array; states: Float32Array;
    conv: { K: Float32Array; y: Float32Array; maxDiff: number } | null;
  } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-ssm': AttnSsm;
  }
}

/**
 * `<attn-vectors>`: two draggable 2-D arrows a and b (drag the heads, or
 * focus one and use the arrow keys; Shift moves by 1) with a + b, a − b,
 * ‖a‖, ‖b‖, a·b, cos θ, θ and the law of cosines
 * ‖a − b‖² = ‖a‖² + ‖b‖² − 2a·b with the numbers filled in. Sums by `matmul`
 * with [[1, 1], [1, −1]], dot products and norms by `matmul`, the cosine from
 * `l2Normalize`.
 *
 * Attributes: `a`, `b` (JSON [x, y], defaults [2, 1] and [0.5, 2]; moves
 * snap to 0.25 within ±4), `caption`, `lang`. Events: `change` (detail {a, b,
 * dot, cos}); `error`.
 */
export declare class AttnVectors extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnVectors;
  static readonly observedAttributes: string[];
  readonly values: {
    a: number[]; b: number[]; sum: Float32Array; diff: Float32Array; dot: number; normA: number; normB: number;
    cos: number; angle: number; normDiffSq: number; normASq: number; normBSq: number;
  } | null;
}

/**
 * `<attn-matmul-steps>`: C = A·B from `matmul`, entry by entry: press C[i, j]
 * (or move with the arrow keys) and row i of A and column j of B light up,
 * with C[i, j] = Σ_l A[i, l]·B[l, j] written out in the input numbers.
 *
 * Attributes: `a`, `b` (JSON 2-D arrays; defaults a 2 × 3 and a 3 × 2),
 * `row`, `col` (the entry shown, default 0, 0), `caption`, `lang`. Events:
 * `change` (detail {row, col, value}); `error`.
 */
export declare class AttnMatmulSteps extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnMatmulSteps;
  static readonly observedAttributes: string[];
  readonly values: { a: Matrix; b: Matrix; c: Matrix; row: number; col: number } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-vectors': AttnVectors;
    'attn-matmul-steps': AttnMatmulSteps;
  }
}

/**
 * `<attn-permutation>`: shuffle a sentence's tokens and compare, token by
 * token, the output rows of one attention head (`multiHeadAttention`, one
 * head, seeded weights; one seeded vector per word) in the original and the
 * shuffled order. `mode="none"`: rows only move with their tokens (equal up
 * to float32 rounding: permutation equivariance); `"sinusoidal"` (added with
 * `addPositionEmbeddings`) or `"rope"` (the `rope` option): they change.
 *
 * Attributes: `tokens` (default "the dog chased the cat"), `order` (the
 * shuffled order as original indices, e.g. "4 1 2 3 0"; default unchanged),
 * `mode`, `d` (default 8), `seed`, `caption`, `lang`. Buttons shuffle,
 * reverse and reset the order. Events: `change` (detail {mode, order,
 * maxDiff}); `error`.
 */
export declare class AttnPermutation extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnPermutation;
  static readonly observedAttributes: string[];
  readonly values: {
    order: number[]; x: Matrix; params: { wq: Matrix; wk: Matrix; wv: Matrix; wo: Matrix };
    out: Matrix; outShuffled: Matrix; diff: Float64Array; maxDiff: number;
  } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-permutation': AttnPermutation;
  }
}

/**
 * `<attn-sequence-cost>`: per layer of width d over N tokens, FLOPs,
 * sequential steps and the longest path between the first and last token for
 * self-attention (FLOPs from `countFlops`: 8·N·d² + 4·N²·d; 1 step; path 1),
 * an RNN (4·N·d²; N steps; path N − 1), a CNN with kernel k (2·k·N·d²; 1 step;
 * path ⌈(N − 1)/(k − 1)⌉) and a dilated CNN (path ⌈log_k N⌉), plotted against
 * N on log axes, with a table at one N.
 *
 * Attributes: `n` (default 1024), `d` (default 512), `k` (default 3),
 * `caption`, `lang`. Events: `change` (detail {N, rows}); `error`.
 */
export declare class AttnSequenceCost extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnSequenceCost;
  static readonly observedAttributes: string[];
  readonly values: {
    N: number; d: number; k: number;
    rows: Record<'attention' | 'rnn' | 'cnn' | 'dilated', { flops: number; steps: number; path: number }>;
  } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-sequence-cost': AttnSequenceCost;
  }
}

/**
 * `<attn-cross-attention>`: an encoder–decoder picture. Source tokens (keys
 * and values) above, target tokens (queries) below; press a target token and
 * lines show its weights over the source; a heatmap shows every weight.
 * Weights from `multiHeadAttention(target, I, {memory: source, temperature,
 * returnIntermediates: true})`; a target word listed in `pairs` shares its
 * source word's (seeded) vector, so each query finds its translation.
 *
 * Attributes: `source` (default "the cat sleeps on the mat"), `target`
 * (default "猫 は マット の 上 で 寝る"), `pairs` (default
 * "猫=cat マット=mat 上=on 寝る=sleeps"), `temperature` (default 1), `query`
 * (the target token shown, default 0), `caption`, `lang`. Events: `change`
 * (detail {query, weights}); `error`.
 */
export declare class AttnCrossAttention extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnCrossAttention;
  static readonly observedAttributes: string[];
  readonly values: {
    source: string[]; target: string[]; weights: Matrix; query: number; xs: Matrix; xt: Matrix; temperature: number;
  } | null;
}

/**
 * `<attn-kernel-vs-attention>`: the same tokens weighted by a fixed RBF
 * kernel, softmax_j(−‖x_i − x_j‖²/2σ²) (computed as attention with q = k = x,
 * scale 1/σ² and a per-key bias −‖x_j‖²/2σ²), next to attention weights
 * softmax(x W_Q (x W_K)ᵀ/√d) with seeded projections, as two heatmaps, with
 * how many rows put their largest weight on the diagonal.
 *
 * Attributes: `tokens` (default "the cat sat on the mat"), `sigma` (default
 * 2), `seed` (default 1), `caption`, `lang`. Events: `change` (detail
 * {sigma, seed, diagonal}); `error`.
 */
export declare class AttnKernelVsAttention extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnKernelVsAttention;
  static readonly observedAttributes: string[];
  readonly values: { x: Matrix; rbf: Matrix; attention: Matrix } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-cross-attention': AttnCrossAttention;
    'attn-kernel-vs-attention': AttnKernelVsAttention;
  }
}

// `<attn-block-explorer>` also takes the attention and block variants of
// transformerBlock as attributes (each passed to the config only when set):
// - `kind`: 'dot' (default) or 'cosine' (q̂·k̂ / temperature, no 1/√D);
// - `temperature`: divides the scores (default 1);
// - `qk-norm`: 'none' (default), 'rms' or 'l2' on q and k per head;
// - `alibi`: subtract m_h·|i − j| from the scores;
// - `window`: an integer w ≥ 1 lets query i see keys with |i − j| < w (0 or absent: no window);
// - `normalized`: nGPT's block (unit-length rows, no norms, α = 0.05 per channel; the
//   embeddings are L2-normalised first; norm and norm-position are then ignored).
// The stage formulas and explanations follow the variant chosen.
