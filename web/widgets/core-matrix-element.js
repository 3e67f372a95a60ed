// The shared base of <attn-mask-grid> and <attn-bias-map>: an element that
// asks the core for one matrix from its attributes and draws it with the
// heatmap view under a title, a rule and a note. Subclasses implement
// compute(lang) -> {matrix, title, rule, note, masked?, sums?, sumHeader?,
// valueName?, maskedText?, max?, showValues?, integers?, legend?}.
import { HeatmapView, cellValue } from './heatmap-view.js';
import { t } from './i18n.js';
import { AttnElement, intAttr } from './attn-element.js';
import { withSubscripts } from './attn-stepper.js';
import { el } from './dom.js';
import { labelRoom, textWidth } from './layout.js';

const STYLE = `
:host { display: block; --accent: var(--attn-accent, #3451b2); --muted: var(--attn-muted, #5b6675); }
:host([hidden]) { display: none; }
.head { margin: 0 0 8px; }
.title { font-size: 15px; font-weight: 650; margin: 0; }
.rule { font-family: var(--attn-mono, ui-monospace, "DejaVu Sans Mono", Menlo, monospace); font-size: 12px; color: var(--muted); margin: 2px 0 0; }
.note { font-size: 12.5px; color: var(--muted); margin: 6px 0 0; font-variant-numeric: tabular-nums; }
sub { font-size: 0.75em; }
.cell.masked { background-color: var(--attn-surface, #fff) !important; }
.no-legend .legend { display: none; }
.tiny .row-label, .tiny .col-label { font-size: 9px; }
`;

export class CoreMatrixElement extends AttnElement {
  static observesSize = true;
  static needsCore = true;

  #view; #body; #title; #rule; #note; #shown = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const head = el('div', 'head');
    this.#title = el('h3', 'title');
    this.#rule = el('p', 'rule');
    head.append(this.#title, this.#rule);
    this.#body = el('div', 'body');
    this.#note = el('p', 'note');
    root.append(el('style', null, STYLE), head, this.#body, this.#note);
    this.#view = new HeatmapView(this.#body, { onHover: (c) => this.#hovered(c) });
  }

  connected() {
    if (!this.coreReady) this.#view.showMessage(t('heatmap.loading', {}, this.language));
  }

  disconnected() { this.#view.hideTip(); }

  /** The matrix shown ({data, shape}), or null before the first render or after an error. */
  get matrix() { return this.#shown; }
  /** The value of cell (i, j) as drawn. */
  valueAt(i, j) { return cellValue(this.#shown, i, j); }
  /** Shows the tooltip of cell (i, j), as hovering it does. */
  showTooltip(i, j) { this.#view.showTip(i, j); }
  /** The tooltip's text, or '' when hidden. */
  get tooltipText() { return this.#view.tooltipText; }

  /** Recomputes and redraws now (changes otherwise redraw at the end of the current task). */
  render() {
    const lang = this.language;
    try {
      if (this.coreError) throw this.coreError;
      if (!this.coreReady) return;
      const r = this.compute(lang);
      const [R, C] = r.matrix.shape;
      const labels = (n) => Array.from({ length: n }, (_, i) => String(i));
      const rowTitle = t('heatmap.queries', {}, lang);
      const sumRoom = r.sums ? 26 + textWidth(r.sumHeader ?? '') : 0;
      const room = (this.width || 360) - labelRoom(rowTitle, labels(R)) - sumRoom - 4;
      const cellSize = this.hasAttribute('cell-size') ? intAttr(this, 'cell-size', 0, 6, 200) : Math.max(6, Math.min(40, Math.floor((room - C) / C)));
      this.#title.textContent = this.getAttribute('caption') ?? r.title;
      this.#rule.replaceChildren(...withSubscripts(r.rule ?? ''));
      this.#note.textContent = r.note ?? '';
      this.#shown = r.matrix;
      this.#body.classList.toggle('no-legend', r.legend === false);
      this.#body.classList.toggle('tiny', cellSize < 13);
      const showValues = (r.showValues ?? true) && cellSize >= (r.integers ? 22 : 34);
      this.#view.draw({
        matrix: r.matrix, rowLabels: labels(R), colLabels: labels(C), sums: r.sums ?? null, masked: r.masked ?? null,
        cellSize, max: r.max, showValues, integers: !!r.integers, // whole numbers read better without the view's 2 decimals
        text: {
          caption: null, rowTitle, colTitle: t('heatmap.keys', {}, lang),
          sumHeader: r.sumHeader ?? '', valueName: r.valueName ?? t('heatmap.value', {}, lang),
          sumOfRow: (i) => t('heatmap.sumOfRow', { i }, lang), masked: r.maskedText ?? '',
          label: t('heatmap.label', { rows: R, cols: C }, lang), scale: t('heatmap.scale', {}, lang),
        },
      });
      this.dispatchEvent(new CustomEvent('change', { detail: { matrix: r.matrix } }));
    } catch (e) {
      this.#shown = null;
      this.#note.textContent = '';
      this.#view.showMessage(t('error.prefix', {}, lang) + (e?.message ?? e), { error: true });
      this.dispatchEvent(new CustomEvent('error', { detail: { message: e?.message ?? String(e) } }));
    }
  }

  #hovered(cell) {
    const detail = cell && this.#shown && !cell.sum ? { row: cell.row, col: cell.col, value: this.valueAt(cell.row, cell.col) } : null;
    this.dispatchEvent(new CustomEvent('cell-hover', { detail }));
  }
}
