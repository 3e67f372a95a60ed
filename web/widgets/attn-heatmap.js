// <attn-heatmap>: a matrix as a heatmap. Given `data` it draws that matrix;
// otherwise it computes one head's attention weights with the wasm core from
// Q and K (properties, JSON attributes, or seeded random) and the attention
// attributes (causal, kind, scale, temperature). See index.d.ts for the API.
import {
  attn, randomQK, toMatrix, attentionWeights, rowSums, isCausallyMasked,
} from './attention-source.js';
import { HeatmapView } from './heatmap-view.js';
import { t, langFor, onLangChange } from './i18n.js';

const ATTRIBUTES = [
  'tokens', 'col-tokens', 'n', 'd', 'seed', 'q', 'k', 'causal', 'kind', 'scale', 'temperature',
  'row-sums', 'show-values', 'max', 'caption', 'cell-size', 'row-title', 'col-title', 'lang',
];
const MAX_SIDE = 256;

const splitTokens = (s) => (s ? s.trim().split(/\s+/).filter(Boolean) : null);

export class AttnHeatmap extends HTMLElement {
  static define(name = 'attn-heatmap', registry = customElements) {
    if (!registry.get(name)) registry.define(name, this);
    return this;
  }

  static get observedAttributes() { return ATTRIBUTES; }

  #view;
  #data = null; #q = null; #k = null; #tokens = null; #colTokens = null;
  #shown = null; #sums = null; #queued = false; #ready = false; #loadError = null; #stopLang = null;
  #resize = null; #width = 0;

  constructor() {
    super();
    this.#view = new HeatmapView(this.attachShadow({ mode: 'open' }), { onHover: (c) => this.#hovered(c) });
  }

  connectedCallback() {
    this.#stopLang = onLangChange(() => this.#schedule());
    // The automatic cell size fits the width the page gives the element.
    this.#resize = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry.contentRect.width);
      if (width !== this.#width) { this.#width = width; if (!this.hasAttribute('cell-size')) this.#schedule(); }
    });
    this.#resize.observe(this);
    if (!this.#ready) this.#view.showMessage(t('heatmap.loading', {}, langFor(this)));
    attn.ready().then(() => { this.#ready = true; }, (e) => { this.#loadError = e; }).finally(() => this.#schedule());
  }

  disconnectedCallback() {
    this.#stopLang?.();
    this.#stopLang = null;
    this.#resize?.disconnect();
    this.#resize = null;
    this.#view.hideTip();
  }

  // setAttribute with an unchanged value still calls back: nothing to redo.
  attributeChangedCallback(name, old, value) { if (old !== value) this.#schedule(); }

  /** A matrix to draw as given (tensor [rows, cols] or 2-D array); null returns to computing attention. */
  get data() { return this.#data; }
  set data(v) { this.#data = v == null ? null : toMatrix(v, 'data'); this.#schedule(); }
  /** Queries [Nq, D]; overrides the q attribute and the seed. */
  get q() { return this.#q; }
  set q(v) { this.#q = v == null ? null : toMatrix(v, 'q'); this.#schedule(); }
  /** Keys [Nk, D]; overrides the k attribute and the seed. */
  get k() { return this.#k; }
  set k(v) { this.#k = v == null ? null : toMatrix(v, 'k'); this.#schedule(); }
  /** Row labels (array); overrides the tokens attribute. */
  get tokens() { return this.#tokens ?? splitTokens(this.getAttribute('tokens')); }
  set tokens(v) { this.#tokens = v == null ? null : [...v].map(String); this.#schedule(); }
  /** Column labels (array); default: the row labels. */
  get colTokens() { return this.#colTokens ?? splitTokens(this.getAttribute('col-tokens')); }
  set colTokens(v) { this.#colTokens = v == null ? null : [...v].map(String); this.#schedule(); }

  /** The matrix shown ({data, shape}) or null before the first render. */
  get weights() { return this.#shown; }
  /** The row sums shown (Float32Array) when row-sums is on, else null. */
  get rowSums() { return this.#sums; }
  /** The value of cell (i, j) as drawn. */
  valueAt(i, j) {
    const [R, C] = this.#shown?.shape ?? [0, 0];
    if (!(i >= 0 && i < R && j >= 0 && j < C)) throw new RangeError(`valueAt(${i}, ${j}) is outside the ${R} × ${C} matrix`);
    return this.#shown.data[i * C + j];
  }
  /** Shows the tooltip of cell (i, j), as hovering it does. */
  showTooltip(i, j) { this.#view.showTip(i, j); }
  hideTooltip() { this.#view.hideTip(); }
  /** The tooltip's text, or '' when it is hidden. */
  get tooltipText() { return this.#view.tooltipText; }

  #bool(name) {
    const v = this.getAttribute(name);
    return v !== null && v !== 'false';
  }

  #number(name, fallback) {
    const s = this.getAttribute(name);
    if (s === null || s.trim() === '') return fallback;
    const v = Number(s);
    if (!Number.isFinite(v)) throw new Error(`the ${name} attribute must be a number (got "${s}")`);
    return v;
  }

  #int(name, fallback, min, max) {
    const v = this.#number(name, fallback);
    if (!Number.isInteger(v) || v < min || v > max) throw new Error(`the ${name} attribute must be an integer from ${min} to ${max} (got ${v})`);
    return v;
  }

  #schedule() {
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => { this.#queued = false; if (this.isConnected) this.render(); });
  }

  /** Recomputes and redraws now (changes otherwise redraw at the end of the current task). */
  render() {
    const lang = langFor(this);
    if (this.#loadError) { this.#fail(this.#loadError, lang); return; }
    if (!this.#ready) return;
    try {
      const attention = !this.#data;
      const { matrix, masked } = attention ? this.#attention() : { matrix: this.#data, masked: null };
      const [R, C] = matrix.shape;
      const rowLabels = this.#labels(this.tokens, R, 'tokens');
      const colLabels = this.#labels(this.colTokens ?? (R === C ? this.tokens : null), C, 'col-tokens');
      this.#shown = matrix;
      this.#sums = this.#bool('row-sums') ? rowSums(matrix) : null;
      const cellSize = this.#int('cell-size', this.#autoCellSize(R, C), 6, 200);
      const values = this.getAttribute('show-values');
      this.#view.draw({
        matrix, rowLabels, colLabels, sums: this.#sums, masked, cellSize,
        max: this.#number('max', undefined),
        showValues: values === null ? cellSize >= 34 : values !== 'false',
        text: {
          caption: this.getAttribute('caption'),
          rowTitle: this.getAttribute('row-title') ?? (attention ? t('heatmap.queries', {}, lang) : ''),
          colTitle: this.getAttribute('col-title') ?? (attention ? t('heatmap.keys', {}, lang) : ''),
          sumHeader: t('heatmap.rowSum', {}, lang),
          valueName: t(attention ? 'heatmap.weight' : 'heatmap.value', {}, lang),
          sumOfRow: (i) => t('heatmap.sumOfRow', { i }, lang),
          masked: t('heatmap.masked', {}, lang),
          label: t('heatmap.label', { rows: R, cols: C }, lang),
          scale: t('heatmap.scale', {}, lang),
        },
      });
      this.dispatchEvent(new CustomEvent('change', { detail: { weights: matrix, rowSums: this.#sums } }));
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
      const nq = q?.shape[0] ?? tokens?.length ?? this.#int('n', 6, 1, MAX_SIDE);
      const nk = k?.shape[0] ?? this.colTokens?.length ?? nq;
      const d = k?.shape[1] ?? this.#int('d', 8, 1, 1024);
      const random = randomQK(nq, nk, d, this.#int('seed', 1, 0, 2 ** 32 - 1));
      q ??= random.q;
      k ??= random.k;
    }
    const kind = this.getAttribute('kind') ?? 'dot';
    const isCausal = this.#bool('causal');
    const matrix = attentionWeights(q, k, {
      isCausal, kind,
      scale: kind === 'cosine' ? undefined : this.#number('scale', undefined),
      temperature: this.#number('temperature', undefined),
    });
    const [nq, nk] = matrix.shape;
    return { matrix, masked: isCausal ? (i, j) => isCausallyMasked(i, j, nq, nk) : null };
  }

  // Room for labels and sums is estimated, then cells share the rest (at most 640 px, 16-44 px each).
  #autoCellSize(R, C) {
    const room = this.#width > 0 ? this.#width - 110 - (this.#sums ? 60 : 0) : 640;
    return Math.max(16, Math.min(44, Math.floor(Math.min(640, room) / Math.max(R, C))));
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
    this.dispatchEvent(new CustomEvent('error', { detail: { message } }));
  }

  #hovered(cell) {
    if (!cell || !this.#shown) { this.dispatchEvent(new CustomEvent('cell-hover', { detail: null })); return; }
    const { row, col, sum } = cell;
    const value = sum ? this.#sums[row] : this.valueAt(row, col);
    this.dispatchEvent(new CustomEvent('cell-hover', { detail: { row, col: sum ? null : col, sum, value } }));
  }
}
