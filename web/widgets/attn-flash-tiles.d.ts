// Types of <attn-flash-tiles> (attn-flash-tiles.js); index.d.ts re-exports them.
import type { Matrix } from './matrix.js';

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

declare global {
  interface HTMLElementTagNameMap {
    'attn-flash-tiles': AttnFlashTiles;
  }
}
