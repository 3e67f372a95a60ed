// Types of <attn-sinusoidal> (attn-sinusoidal.js); index.d.ts re-exports them.
import type { Matrix } from './matrix.js';

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
