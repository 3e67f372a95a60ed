// <attn-tensor-view>: a 2-D tensor [R, C] as one heatmap, or a 3-D tensor
// [H, R, C] as H small heatmaps side by side (one per head) on one shared
// colour scale. Cells where `maskFrom` holds -Infinity (or the data itself
// does) are hatched as masked. It draws what it is given; it computes nothing.
import { HeatmapView } from './heatmap-view.js';
import { t } from './i18n.js';
import { AttnElement } from './attn-element.js';
import { el } from './dom.js';
import { labelRoom } from './layout.js';
import './explorer-messages.js';

const STYLE = `
:host { display: block; }
:host([hidden]) { display: none; }
.heads { display: flex; flex-wrap: wrap; gap: 14px 22px; align-items: flex-start; }
.head { min-width: 0; max-width: 100%; }
.caption { font-weight: 650; font-size: 14px; margin: 0 0 6px; }
.head-title { font-size: 12.5px; font-weight: 650; color: var(--attn-accent, #3451b2); margin: 0 0 4px; width: 0; min-width: 100%; }
.cell.masked { background-color: var(--attn-subtle, #f3f5f9) !important; color: transparent !important; }
.heads .cell { height: max(var(--cell), 18px); } /* wide matrices get taller rows than columns */
.heads .row-label { line-height: max(var(--cell), 18px); }
.legend .bar { width: auto; flex: 1 1 40px; max-width: 160px; }
.head + .head .legend { visibility: hidden; } /* one shared scale: the first head's legend is enough */
`;
const GAP = 22;

function checkTensor(v, name) {
  if (!v || !(v.data?.length >= 0) || !Array.isArray(v.shape) || (v.shape.length !== 2 && v.shape.length !== 3)) {
    throw new Error(`${name} must be a tensor {data, shape} of 2 or 3 dims`);
  }
  return v;
}

export class AttnTensorView extends AttnElement {
  static observesSize = true;
  static tag = 'attn-tensor-view';

  static get observedAttributes() { return ['caption', 'head-label', 'row-title', 'col-title', 'cell-size', 'lang']; }

  #caption; #heads; #views = []; #data = null; #maskFrom = null; #tokens = null; #colTokens = null; #headLabels = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#caption = el('div', 'caption');
    this.#heads = el('div', 'heads');
    this.#heads.setAttribute('part', 'heads');
    root.append(el('style', null, STYLE), this.#caption, this.#heads);
  }

  disconnected() { this.#views.forEach((v) => v.hideTip()); }

  /** The tensor drawn: [R, C] or [H, R, C]. */
  get data() { return this.#data; }
  set data(v) { this.#data = v == null ? null : checkTensor(v, 'data'); this.schedule(); }
  /** A tensor of the same shape whose -Infinity cells mark masked cells (e.g. the masked scores). */
  get maskFrom() { return this.#maskFrom; }
  set maskFrom(v) { this.#maskFrom = v == null ? null : checkTensor(v, 'maskFrom'); this.schedule(); }
  /** Row labels (length R). */
  get tokens() { return this.#tokens; }
  set tokens(v) { this.#tokens = v == null ? null : [...v].map(String); this.schedule(); }
  /** Column labels (length C); default 0 … C−1. */
  get colTokens() { return this.#colTokens; }
  set colTokens(v) { this.#colTokens = v == null ? null : [...v].map(String); this.schedule(); }
  /** One title per head; default the head-label attribute with {h} filled in. */
  get headLabels() { return this.#headLabels; }
  set headLabels(v) { this.#headLabels = v == null ? null : [...v].map(String); this.schedule(); }

  /** The value drawn at (head h, row i, col j); for 2-D data call valueAt(i, j). */
  valueAt(...index) {
    const [R, C] = this.#data.shape.slice(-2);
    const [h, i, j] = index.length === 2 ? [0, ...index] : index;
    return this.#data.data[(h * R + i) * C + j];
  }

  // The largest cell (8-40 px) that fits `perRow` heads across the width, trying
  // the divisors of H from H down (so that rows stay even) until cells reach 16 px.
  #layout(H, C, rowLabels) {
    const fixed = Number(this.getAttribute('cell-size'));
    const width = this.width || 900;
    if (fixed > 0) return fixed;
    const room = labelRoom(this.getAttribute('row-title'), rowLabels);
    for (let perRow = H; ; perRow--) { // perRow = 1 always returns
      if (H % perRow) continue;
      const cell = Math.floor((width - perRow * (room + C + 1) - (perRow - 1) * GAP) / (perRow * C)); // C + 1 grid gaps of 1px
      if (cell >= 16 || perRow === 1) return Math.max(8, Math.min(40, cell));
    }
  }

  /** Redraws now (changes otherwise redraw at the end of the current task). */
  render() {
    const data = this.#data;
    if (!data) { this.#heads.replaceChildren(); this.#views = []; return; }
    const lang = this.language;
    const [H, R, C] = data.shape.length === 3 ? data.shape : [1, ...data.shape];
    if (this.#views.length !== H) this.#build(H);
    let top = 0;
    for (const v of data.data) if (Number.isFinite(v)) top = Math.max(top, Math.abs(v));
    const rowLabels = this.#tokens?.length === R ? this.#tokens : Array.from({ length: R }, (_, i) => String(i));
    const cellSize = this.#layout(H, C, rowLabels);
    const colLabels = this.#colTokens?.length === C ? this.#colTokens : Array.from({ length: C }, (_, j) => String(j));
    const maskData = this.#maskFrom?.data.length === data.data.length ? this.#maskFrom.data : data.data;
    const headLabel = this.getAttribute('head-label') ?? t('tensor.head', {}, lang);
    this.#caption.textContent = this.getAttribute('caption') ?? '';
    this.#caption.hidden = !this.hasAttribute('caption');
    this.#views.forEach((view, h) => {
      const at = h * R * C;
      const matrix = { data: data.data.slice(at, at + R * C), shape: [R, C] };
      const title = view.title;
      title.textContent = this.#headLabels?.[h] ?? headLabel.replace('{h}', h);
      title.hidden = data.shape.length !== 3;
      view.draw({
        matrix, rowLabels, colLabels, sums: null, cellSize, max: top || 1,
        masked: (i, j) => maskData[at + i * C + j] === -Infinity,
        showValues: cellSize >= 34,
        text: {
          caption: null,
          rowTitle: this.getAttribute('row-title') ?? '',
          colTitle: this.getAttribute('col-title') ?? '',
          sumHeader: '', valueName: t('heatmap.value', {}, lang), sumOfRow: () => '',
          masked: t('tensor.masked', {}, lang),
          label: t('heatmap.label', { rows: R, cols: C }, lang),
          scale: t('heatmap.scale', {}, lang),
        },
      });
    });
    // Narrow columns: label every 4th (or 8th) so that the numbers stay readable.
    const step = cellSize >= 16 ? 1 : cellSize >= 10 ? 4 : 8;
    this.shadowRoot.querySelectorAll('.col-label').forEach((label, n) => { label.style.visibility = (n % C) % step ? 'hidden' : ''; });
    this.emit('change', { data });
  }

  #build(H) {
    this.#views.forEach((v) => v.hideTip());
    this.#views = [];
    const boxes = [];
    for (let h = 0; h < H; h++) {
      const box = el('div', 'head');
      box.dataset.head = h;
      const title = el('div', 'head-title');
      box.append(title);
      const view = new HeatmapView(box, {
        onHover: (c) => this.dispatchEvent(new CustomEvent('cell-hover', {
          detail: c && { head: h, row: c.row, col: c.col, value: this.valueAt(h, c.row, c.col) },
        })),
      });
      view.title = title;
      this.#views.push(view);
      boxes.push(box);
    }
    this.#heads.replaceChildren(...boxes);
  }
}
