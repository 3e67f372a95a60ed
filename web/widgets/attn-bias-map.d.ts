// Types of <attn-bias-map> (attn-bias-map.js); index.d.ts re-exports them.
import type { Tensor } from '../lib/index.js';
import type { CoreMatrixElement } from './core-matrix-element.js';

/** The matrices of `<attn-bias-map>`. */
export type BiasKind = 'alibi' | 't5' | 't5-buckets';

/**
 * `<attn-bias-map>`: one head's additive position bias [n, n] from the core:
 * ALiBi (alibiBias: −slope_h · |i − j|), the T5 relative bias
 * (t5RelativeBias: table[bucket(j − i), h]) or T5's bucket index itself
 * (t5RelativePositionBucket, the same for every head).
 *
 * ```html
 * <attn-bias-map kind="alibi" heads="8" head="2" n="12"></attn-bias-map>
 * ```
 *
 * Attributes: `kind` ({@link BiasKind}, default 'alibi'); `n` (default 12);
 * `heads` (default 8); `head` (default 0); `bidirectional` (T5, default
 * true; "false" for the causal buckets); `buckets` (default 32);
 * `max-distance` (default 128); `seed` (the default T5 table); `caption`;
 * `cell-size`; `lang`. Events as `<attn-mask-grid>`.
 */
export declare class AttnBiasMap extends CoreMatrixElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnBiasMap;
  /** The T5 table [buckets, heads]; default seeded N(0, 1) numbers rounded to 2 decimals. */
  table: Tensor;
  /** Every head's bias [heads, n, n] as the core returned it ([n, n] Int32Array data for 't5-buckets'). */
  readonly biases: Tensor | { data: Int32Array; shape: number[] } | null;
  /** The head's matrix as drawn. */
  readonly matrix: Tensor | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-bias-map': AttnBiasMap;
  }
}
