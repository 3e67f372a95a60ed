// Types of <attn-rope-dial> (attn-rope-dial.js); index.d.ts re-exports them.

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
 * ('interleaved' default, or 'half'), `direction` ('standard' default: the
 * RoPE paper's turn by +m·θ; 'flipped': nanochat's turn by −m·θ; the score
 * still depends only on n − m, but is qᵀR(m−n)k, not qᵀR(n−m)k), `m`, `n` (positions, default 1 and 3;
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
