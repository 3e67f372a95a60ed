// <attn-heatmap>: a matrix as a heatmap. Given `data` it draws that matrix;
// otherwise it computes one head's attention weights with the wasm core from
// Q and K (properties, JSON attributes, or seeded random) and the attention
// attributes (causal, kind, scale, temperature). See index.d.ts for the API.
import {
  randomQK, toMatrix, attentionWeights, rowSums, isCausallyMasked,
} from './attention-maths.js';
import { HeatmapView, cellValue } from './heatmap-view.js';
import { labelRoom } from './layout.js';
import { t } from './i18n.js';
import {
  AttnElement, boolAttr, numberAttr, intAttr, wordsAttr,
} from './attn-element.js';

const ATTRIBUTES = [
  'data', 'tokens', 'col-tokens', 'n', 'd', 'seed', 'q', 'k', 'causal', 'kind', 'scale', 'temperature',
  'row-sums', 'show-values', 'max', 'caption', 'cell-size', 'row-title', 'col-title', 'lang',
];
const MAX_SIDE = 256;

export class AttnHeatmap extends AttnElement {
  static tag = 'attn-heatmap';
  static observesSize = true;
  static needsCore = true;
  static get observedAttributes() { return ATTRIBUTES; }

  #view;
  #data = null; #q = null; #k = null; #tokens = null; #colTokens = null;
  #shown = null; #sums = null;

  constructor() {
    super();
    this.#view = new HeatmapView(this.attachShadow({ mode: 'open' }), { onHover: (c) => this.#hovered(c) });
  }

  connected() {
    if (!this.coreReady) this.#view.showMessage(t('heatmap.loading', {}, this.language));
  }

  disconnected() { this.#view.hideTip(); }

  // The automatic cell size fits the width the page gives the element.
  resized() { if (!this.hasAttribute('cell-size')) this.schedule(); }

  /** A matrix to draw as given (tensor [rows, cols] or 2-D array); overrides the data attribute; null returns to it (or to computing attention). */
  get data() { return this.#data; }
  set data(v) { this.#data = v == null ? null : toMatrix(v, 'data'); this.schedule(); }
  /** Queries [Nq, D]; overrides the q attribute and the seed. */
  get q() { return this.#q; }
  set q(v) { this.#q = v == null ? null : toMatrix(v, 'q'); this.schedule(); }
  /** Keys [Nk, D]; overrides the k attribute and the seed. */
  get k() { return this.#k; }
  set k(v) { this.#k = v == null ? null : toMatrix(v, 'k'); this.schedule(); }
  /** Row labels (array); overrides the tokens attribute. */
  get tokens() { return this.#tokens ?? wordsAttr(this, 'tokens'); }
  set tokens(v) { this.#tokens = v == null ? null : [...v].map(String); this.schedule(); }
  /** Column labels (array); default: the row labels. */
  get colTokens() { return this.#colTokens ?? wordsAttr(this, 'col-tokens'); }
  set colTokens(v) { this.#colTokens = v == null ? null : [...v].map(String); this.schedule(); }

  /** The matrix shown ({data, shape}) or null before the first render. */
  get weights() { return this.#shown; }
  /** The row sums shown (Float32Array) when row-sums is on, else null. */
  get rowSums() { return this.#sums; }
  /** The value of cell (i, j) as drawn. */
  valueAt(i, j) { return cellValue(this.#shown, i, j); }
  /** Shows the tooltip of cell (i, j), as hovering it does. */
  showTooltip(i, j) { this.#view.showTip(i, j); }
  hideTooltip() { this.#view.hideTip(); }
  /** The tooltip's text, or '' when it is hidden. */
  get tooltipText() { return this.#view.tooltipText; }

  /** Recomputes and redraws now (changes otherwise redraw at the end of the current task). */
  render() {
    const lang = this.language;
    if (this.coreError) { this.#fail(this.coreError, lang); return; }
    if (!this.coreReady) return;
    try {
      const data = this.#data ?? (this.hasAttribute('data') ? toMatrix(this.getAttribute('data'), 'the data attribute') : null);
      const attention = !data;
      const { matrix, masked } = attention ? this.#attention() : { matrix: data, masked: null };
      const [R, C] = matrix.shape;
      const rowLabels = this.#labels(this.tokens, R, 'tokens');
      const colLabels = this.#labels(this.colTokens ?? (R === C ? this.tokens : null), C, 'col-tokens');
      this.#shown = matrix;
      this.#sums = boolAttr(this, 'row-sums') ? rowSums(matrix) : null;
      const rowTitle = this.getAttribute('row-title') ?? (attention ? t('heatmap.queries', {}, lang) : '');
      const cellSize = intAttr(this, 'cell-size', this.#autoCellSize(R, C, rowTitle, rowLabels), 2, 200);
      const values = this.getAttribute('show-values');
      this.#view.draw({
        matrix, rowLabels, colLabels, sums: this.#sums, masked, cellSize,
        max: numberAttr(this, 'max', undefined),
        showValues: values === null ? cellSize >= 34 : values !== 'false',
        text: {
          caption: this.getAttribute('caption'),
          rowTitle,
          colTitle: this.getAttribute('col-title') ?? (attention ? t('heatmap.keys', {}, lang) : ''),
          sumHeader: t('heatmap.rowSum', {}, lang),
          valueName: t(attention ? 'heatmap.weight' : 'heatmap.value', {}, lang),
          sumOfRow: (i) => t('heatmap.sumOfRow', { i }, lang),
          masked: t('heatmap.masked', {}, lang),
          label: t('heatmap.label', { rows: R, cols: C }, lang),
          scale: t('heatmap.scale', {}, lang),
        },
      });
      this.emit('change', { weights: matrix, rowSums: this.#sums });
    } catch (e) {
      this.#fail(e, lang);
    }
  }

  #attention() {
    const tokens = this.tokens;
    const explicitQ = this.#q ?? (this.hasAttribute('q') ? toMatrix(this.getAttribute('q'), 'the q attribute') : null);
    const explicitK = this.#k ?? (this.hasAttribute('k') ? toMatrix(this.getAttribute('k'), 'the k attribute') : null);
    let q = explicitQ, k = explicitK ?? explicitQ; // only Q given: self-attention with K = Q
    if (!q || !k) {
      const nq = q?.shape[0] ?? tokens?.length ?? intAttr(this, 'n', 6, 1, MAX_SIDE);
      const nk = k?.shape[0] ?? this.colTokens?.length ?? nq;
      const d = k?.shape[1] ?? intAttr(this, 'd', 8, 1, 1024);
      const random = randomQK(nq, nk, d, intAttr(this, 'seed', 1, 0, 2 ** 32 - 1));
      q ??= random.q;
      k ??= random.k;
    }
    const kind = this.getAttribute('kind') ?? 'dot';
    const isCausal = boolAttr(this, 'causal');
    const matrix = attentionWeights(q, k, {
      isCausal, kind,
      scale: kind === 'cosine' ? undefined : numberAttr(this, 'scale', undefined),
      temperature: numberAttr(this, 'temperature', undefined),
    });
    const [nq, nk] = matrix.shape;
    return { matrix, masked: isCausal ? (i, j) => isCausallyMasked(i, j, nq, nk) : null };
  }

  // The row labels' and sums' room is estimated from their text, then cells share
  // the rest: at most 640 px, 44 px a cell, and down to 8 px on a phone (values
  // then show in the tooltip only) before the map scrolls inside its box.
  #autoCellSize(R, C, rowTitle, rowLabels) {
    const room = this.width > 0 ? this.width - labelRoom(rowTitle, rowLabels) - (this.#sums ? 60 : 0) - C - 8 : 640;
    return Math.max(8, Math.min(44, Math.floor(Math.min(room / C, 640 / Math.max(R, C)))));
  }

  #labels(tokens, n, name) {
    if (!tokens) return Array.from({ length: n }, (_, i) => String(i));
    if (tokens.length !== n) throw new Error(`${name} has ${tokens.length} labels but the matrix has ${n}`);
    return tokens;
  }

  #fail(error, lang) {
    this.#shown = null;
    this.#sums = null;
    const message = error?.message ?? String(error);
    this.#view.showMessage(t('error.prefix', {}, lang) + message, { error: true });
    this.emit('error', { message });
  }

  #hovered(cell) {
    if (!cell || !this.#shown) { this.dispatchEvent(new CustomEvent('cell-hover', { detail: null })); return; }
    const { row, col, sum } = cell;
    const value = sum ? this.#sums[row] : this.valueAt(row, col);
    this.dispatchEvent(new CustomEvent('cell-hover', { detail: { row, col: sum ? null : col, sum, value } }));
  }
}
