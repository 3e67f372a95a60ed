// Types of 'attnscope/widgets'. Importing the module registers the elements
// <attn-heatmap>, <attn-matrix-input> and <attn-lang-switch>.

/** A row-major matrix, as the attnscope core uses. */
export interface Matrix {
  data: Float32Array;
  /** [rows, cols] */
  shape: number[];
}

/** Anything a matrix property accepts: a 2-D tensor or a 2-D array of numbers. */
export type MatrixLike = Matrix | number[][];

/** The UI languages. */
export type Lang = 'ja' | 'en';

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
 * With the `data` property it draws that matrix. Otherwise it computes one
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
 * - `max`: the value of the darkest colour (default: the largest value);
 * - `cell-size`: cell edge in CSS pixels (default from the matrix size);
 * - `caption`, `row-title`, `col-title`: texts;
 * - `lang`: 'ja' or 'en' to fix this element's language (default: the page's choice).
 *
 * Events: `change` (detail {weights, rowSums}) after every redraw;
 * `cell-hover` (detail {@link CellHoverDetail} or null); `error` (detail {message})
 * when the inputs cannot be drawn (the element then shows the message).
 */
export declare class AttnHeatmap extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnHeatmap;
  static readonly observedAttributes: string[];
  /** A matrix to draw as given; null returns to computing attention. Throws on a malformed matrix. */
  data: Matrix | null;
  /** Queries [Nq, D]; overrides the q attribute and the seed. */
  q: Matrix | null;
  /** Keys [Nk, D]; overrides the k attribute and the seed. */
  k: Matrix | null;
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

/**
 * `<attn-matrix-input label="Q" rows="8" cols="16">`: a text box for a
 * matrix, one row per line, numbers separated by spaces or commas. While the
 * text parses to `rows` × `cols` (either optional) it fires `change` with
 * detail {value}; otherwise it shows what is wrong and keeps the last value.
 */
export declare class AttnMatrixInput extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnMatrixInput;
  /** The last valid matrix, or null. Setting it rewrites the text and fires no event. */
  value: Matrix | null;
  /** The text as typed; setting it parses it (and fires `change` when valid). */
  text: string;
  /** Whether the current text is a valid matrix of the expected shape. */
  readonly valid: boolean;
}

/**
 * `<attn-lang-switch>`: a 日本語 | English toggle. Switches every attnscope
 * widget on the page and fires `change` with detail {lang}.
 */
export declare class AttnLangSwitch extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnLangSwitch;
  /** The current language; setting it switches the page. */
  value: Lang;
}

/** The current language: the saved choice, else navigator.language ('ja' or 'en'). */
export declare function lang(): Lang;
/** Switches every widget on the page and remembers the choice (localStorage). */
export declare function setLang(lang: Lang): void;
/** Calls `fn` on each language change; returns the function that stops it. */
export declare function onLangChange(fn: (lang: Lang) => void): () => void;
/** Adds or overrides UI strings (keys such as 'heatmap.keys'); pages add their own. */
export declare function addMessages(lang: Lang, messages: Record<string, string>): void;
/** The string for `key`, with `{name}` placeholders filled from `params`. */
export declare function t(key: string, params?: Record<string, string | number>, lang?: Lang): string;

declare global {
  interface HTMLElementTagNameMap {
    'attn-heatmap': AttnHeatmap;
    'attn-matrix-input': AttnMatrixInput;
    'attn-lang-switch': AttnLangSwitch;
  }
}
