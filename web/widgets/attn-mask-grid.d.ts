// Types of <attn-mask-grid> (attn-mask-grid.js); index.d.ts re-exports them.
import type { Tensor, BoolTensor } from '../lib/index.js';
import type { CoreMatrixElement } from './core-matrix-element.js';

/** The mask patterns of `<attn-mask-grid>`. */
export type MaskPattern = 'causal' | 'sliding' | 'strided' | 'global' | 'longformer' | 'bigbird';

/**
 * `<attn-mask-grid>`: one attention mask built by the core's mask builders,
 * drawn as a grid (filled: may attend; white, hatched: masked) with each
 * query's key count (computed by the core) and the total.
 *
 * ```html
 * <attn-mask-grid pattern="bigbird" n="16" window="3" globals="0" random="2" seed="7"></attn-mask-grid>
 * ```
 *
 * Attributes: `pattern` ({@link MaskPattern}, default 'causal'; 'longformer' is
 * combineMasks(sliding, global)); `n` (default 12); `window` (default 3);
 * `stride` (default 4); `globals` (token indices, default "0"); `random`
 * (random keys per row, default 2); `seed` (default 1); `causal` (for
 * sliding, global, longformer); `caption` (replaces the title); `cell-size`; `lang`.
 * Events: `change` (detail {matrix}), `cell-hover` (detail {row, col, value} or null), `error` (detail {message}).
 */
export declare class AttnMaskGrid extends CoreMatrixElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnMaskGrid;
  /** The mask as the core returned it ({data: Uint8Array, shape: [n, n]}, 1 = may attend). */
  readonly mask: BoolTensor | null;
  /** The mask as drawn, 0/1 floats. */
  readonly matrix: Tensor | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-mask-grid': AttnMaskGrid;
  }
}
