// Types of <attn-heatmap> (attn-heatmap.js); index.d.ts re-exports them.
import type { Matrix, MatrixLike } from './matrix.js';

/** Detail of `cell-hover`: the cell under the pointer, or null when it leaves. */
export interface CellHoverDetail {
  row: number;
  /** The key column, or null when the row-sum cell is hovered. */
  col: number | null;
  /** true when the row-sum cell is hovered. */
  sum: boolean;
  /** The value shown (a float32). */
  value: number;
}

/**
 * `<attn-heatmap>`: a matrix drawn as a heatmap, with labels, the exact value
 * of a cell in a tooltip on hover (or arrow keys when focused), an optional
 * row-sum column and a colour legend. Every cell carries its exact value in
 * `data-value` (the shortest decimal that reads back as the same float32).
 *
 * With the `data` property (or attribute) it draws that matrix. Otherwise it computes one
 * head's attention weights softmax(s(Q, K)) with the wasm core, from the
 * `q`/`k` properties, else the `q`/`k` JSON attributes, else seeded random
 * Q and K (standard normal, rounded to 2 decimals):
 *
 * ```html
 * <attn-heatmap tokens="the cat sat on the mat" seed="7" d="8" causal row-sums></attn-heatmap>
 * <attn-heatmap q="[[1,0],[0,1],[1,1]]" kind="cosine" temperature="0.5"></attn-heatmap>
 * ```
 *
 * Attributes (boolean ones are on when present, unless set to "false"):
 * - `data`: a JSON 2-D array to draw as it is (the `data` property wins over it);
 * - `tokens`: row labels separated by spaces; without q/k it also sets N;
 * - `col-tokens`: column labels (keys) when they differ from the rows;
 * - `n` (default 6), `d` (default 8): sizes of random Q and K;
 * - `seed` (default 1): the random seed (unsigned 32-bit integer);
 * - `q`, `k`: JSON 2-D arrays `[[...], ...]`; only `q` given means K = Q;
 * - `causal`: query i sees keys j ≤ i (aligned to the end when Nq < Nk);
 *   masked cells are hatched;
 * - `kind`: 'dot' (default) or 'cosine';
 * - `scale`: the dot-product scale (default 1/√d; "1" for unscaled);
 * - `temperature`: divides the scores (default 1);
 * - `row-sums`: adds a column with each row's sum (computed by the core);
 * - `show-values`: prints values in the cells (default: when cells are big enough; "false" hides);
 * - `max`: the value of the scale's strongest colour (default: the largest |value|);
 * - `cell-size`: cell edge in CSS pixels, 2 to 200 (default from the matrix size);
 *   cells under 5 px touch (no gap between them);
 * - `caption`, `row-title`, `col-title`: texts;
 * - `lang`: 'ja' or 'en' to fix this element's language (default: the page's choice).
 *
 * Colours: data with no negatives on a sequential scale from 0, data with
 * negatives on a diverging scale centred on 0 (red below, blue above). A page
 * may theme both, for this and every other heatmap element, with CSS custom
 * properties holding sRGB colours: `--attn-sequential-<t>` (t = 0, 15, 35, 55,
 * 75, 100: the stop's place on the scale in %) and `--attn-diverging-<t>`
 * (t = 0, 25, 50, 75, 100; 50 is the centre). Unset, the scales are made for a
 * light page; the playground's dark theme sets a dark centre and a dark zero.
 * The colours are read at each draw and when the reader's light/dark
 * preference changes.
 *
 * Events: `change` (detail {weights, rowSums}) after every redraw;
 * `cell-hover` (detail {@link CellHoverDetail} or null); `error` (detail {message})
 * when the inputs cannot be drawn (the element then shows the message).
 */
export declare class AttnHeatmap extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnHeatmap;
  static readonly observedAttributes: string[];
  /** A matrix to draw as given (a 2-D tensor or array); null returns to computing attention. Throws on a malformed matrix. */
  get data(): Matrix | null;
  set data(value: MatrixLike | null);
  /** Queries [Nq, D] (a 2-D tensor or array); overrides the q attribute and the seed. */
  get q(): Matrix | null;
  set q(value: MatrixLike | null);
  /** Keys [Nk, D] (a 2-D tensor or array); overrides the k attribute and the seed. */
  get k(): Matrix | null;
  set k(value: MatrixLike | null);
  /** Row labels; overrides the tokens attribute. */
  tokens: string[] | null;
  /** Column labels; default the row labels. */
  colTokens: string[] | null;
  /** The matrix drawn, or null before the first render or after an error. */
  readonly weights: Matrix | null;
  /** The row sums drawn (when `row-sums` is on), else null. */
  readonly rowSums: Float32Array | null;
  /** The value of cell (row i, column j) as drawn; throws RangeError outside the matrix. */
  valueAt(i: number, j: number): number;
  /** Shows cell (i, j)'s tooltip, as hovering it does. */
  showTooltip(i: number, j: number): void;
  hideTooltip(): void;
  /** The tooltip's text, or '' when it is hidden. */
  readonly tooltipText: string;
  /** Recomputes and redraws now (changes otherwise redraw at the end of the current task). */
  render(): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-heatmap': AttnHeatmap;
  }
}
