// Types of <attn-linear-attention> (attn-linear-attention.js); index.d.ts re-exports them.

/**
 * `<attn-linear-attention>`: linear attention and the Performer on seeded q,
 * k, v. softmax(QKᵀ/√D) (scaledDotProductAttention) next to the kernel
 * weights φ(q_i)·φ(k_j), rows normalised (linearAttention with V = I); the
 * Performer's error against its number of random features m (1 … 512, 8
 * projection seeds each); and the O(N) recurrence: S_t = Σ φ(k_j)v_jᵀ and
 * z_t = Σ φ(k_j) after token t, whose read-out φ(q_t)ᵀS_t / φ(q_t)ᵀz_t is set
 * beside the core's causal linearAttention row t.
 *
 * ```html
 * <attn-linear-attention feature-map="performer" features="64" tokens="8" step="5"></attn-linear-attention>
 * ```
 *
 * Attributes: `feature-map` ('performer' default, 'elu1'), `features` (m,
 * 1–4096, default 16), `tokens` (N, 2–12, default 8), `head-dim` (D, 1–16,
 * default 4), `step` (t, default 3), `seed`, `caption`, `lang`.
 * Events: `change` (detail {featureMap, features, error, stateDiff}); `error`.
 */
export declare class AttnLinearAttention extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnLinearAttention;
  static readonly observedAttributes: string[];
  /** The numbers last shown. */
  readonly values: {
    /** The seeded inputs [N, D]. */
    q: { data: Float32Array; shape: number[] };
    k: { data: Float32Array; shape: number[] };
    v: { data: Float32Array; shape: number[] };
    softmax: number[][];
    kernel: number[][];
    /** mean |kernel − softmax| over the entries. */
    error: number;
    curve: { ms: number[]; error: number[] } | null;
    state: { S: number[][]; z: number[]; output: number[]; core: number[]; features: number };
  } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-linear-attention': AttnLinearAttention;
  }
}
