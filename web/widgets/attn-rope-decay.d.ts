// Types of <attn-rope-decay> (attn-rope-decay.js); index.d.ts re-exports them.

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
