// Types of <attn-tensor-view> (attn-tensor-view.js); index.d.ts re-exports them.
import type { Tensor } from '../lib/index.js';

/**
 * `<attn-tensor-view>`: a 2-D tensor [R, C] as one heatmap, or a 3-D tensor
 * [H, R, C] as H heatmaps side by side (one per head) on one shared colour
 * scale. Cells where `maskFrom` (or the data) holds -Infinity are hatched.
 * Every cell carries its exact value in `data-value`. It computes nothing.
 *
 * Attributes: `caption`, `head-label` (default 'head {h}'), `row-title`,
 * `col-title`, `cell-size` (default: fit the width), `lang`.
 * Events: `change` (detail {data}) after every redraw; `cell-hover`
 * (detail {head, row, col, value} or null).
 */
export declare class AttnTensorView extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnTensorView;
  /** The tensor drawn, [R, C] or [H, R, C]; throws on other ranks. */
  data: Tensor | null;
  /** Same shape as `data`; its -Infinity cells are drawn as masked (e.g. the masked scores). */
  maskFrom: Tensor | null;
  /** Row labels (length R); default 0 … R−1. */
  tokens: string[] | null;
  /** Column labels (length C); default 0 … C−1. */
  colTokens: string[] | null;
  /** One title per head; default `head-label` with {h} filled in. */
  headLabels: string[] | null;
  /** The value drawn at (head, row, col), or (row, col) for 2-D data. */
  valueAt(h: number, i: number, j: number): number;
  valueAt(i: number, j: number): number;
  /** Redraws now (changes otherwise redraw at the end of the current task). */
  render(): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-tensor-view': AttnTensorView;
  }
}
