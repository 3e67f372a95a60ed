// Types of core-matrix-element.js: what <attn-mask-grid> and <attn-bias-map>
// share (one matrix from the core, drawn as a heatmap with a tooltip).

/** The members of an element that draws one matrix the core computed. */
export declare class CoreMatrixElement extends HTMLElement {
  /** The value drawn at (row i, column j); throws RangeError outside the matrix. */
  valueAt(i: number, j: number): number;
  /** Shows cell (i, j)'s tooltip, as hovering it does. */
  showTooltip(i: number, j: number): void;
  /** The tooltip's text, or '' when it is hidden. */
  readonly tooltipText: string;
  /** Recomputes and redraws now (changes otherwise redraw at the end of the current task). */
  render(): void;
}
