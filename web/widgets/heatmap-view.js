// The DOM of <attn-heatmap>: a CSS grid of cells (each carries its exact
// value in data-value), row/column labels, an optional row-sum column, a
// colour legend and a tooltip. It draws what it is given; it computes nothing.
import { colourScale, formatExact, formatShort } from './format.js';
import { ThemedScales, onColourSchemeChange } from './scale-colors.js';
import { STYLE } from './heatmap-style.js';
import { Tooltip } from './heatmap-tooltip.js';
import { el } from './dom.js';
import { DENSE_BELOW, TINY_BELOW, TINY_OVERHANG, textWidth } from './layout.js';

// Outside the class: a closure made in the constructor would share its scope, and keep the view alive.
const recolour = (view) => view.recolour();

export class HeatmapView {
  #frame; #status; #plot; #grid; #caption; #rowTitle; #colTitle; #legend; #tip; #sumHeader = null;
  #cells = []; #sumCells = []; #rowLabels = []; #colLabels = []; #layoutKey = ''; #state = null; #active = null; #scales;

  /** onHover({row, col, sum}) or onHover(null) when the pointer leaves. */
  constructor(shadowRoot, { onHover }) {
    this.onHover = onHover;
    const style = el('style', null, STYLE);
    this.#frame = el('figure', 'frame');
    this.#frame.setAttribute('part', 'frame');
    this.#caption = el('figcaption', 'caption');
    this.#caption.setAttribute('part', 'caption');
    this.#status = el('p', 'status');
    this.#status.setAttribute('part', 'status');
    this.#status.hidden = true;
    this.#plot = el('div', 'plot');
    this.#colTitle = el('div', 'col-title');
    this.#rowTitle = el('div', 'row-title');
    this.#colTitle.setAttribute('aria-hidden', 'true');
    this.#rowTitle.setAttribute('aria-hidden', 'true');
    this.#grid = el('div', 'grid');
    this.#grid.setAttribute('role', 'grid');
    this.#grid.tabIndex = 0;
    this.#grid.setAttribute('part', 'grid');
    this.#legend = el('div', 'legend');
    this.#legend.append(el('span', 'lo'), el('span', 'bar'), el('span', 'hi'));
    this.#plot.append(this.#grid, this.#legend);
    this.#tip = new Tooltip();
    this.#frame.append(this.#caption, this.#status, this.#plot, this.#tip.element);
    shadowRoot.append(style, this.#frame);
    // The scales follow the theme where the view is drawn; a switch of light/dark recolours it.
    this.#scales = new ThemedScales(shadowRoot);
    onColourSchemeChange(this, recolour);
    this.#grid.addEventListener('pointerover', (e) => this.#pointer(e));
    // A finger "leaves" as it lifts: a tapped cell keeps its tooltip until the next tap or blur.
    this.#grid.addEventListener('pointerleave', (e) => { if (e.pointerType === 'mouse') this.#leave(); });
    this.#grid.addEventListener('pointerdown', (e) => { if (e.pointerType !== 'mouse') this.#pointer(e); });
    this.#grid.addEventListener('keydown', (e) => this.#key(e));
    this.#grid.addEventListener('blur', () => this.#leave());
  }

  /** Draws the last state again with the theme's current colours. */
  recolour() {
    if (this.#state) this.draw(this.#state);
  }

  /** Shows a message instead of the plot (loading, errors). */
  showMessage(text, { error = false } = {}) {
    this.#status.textContent = text;
    this.#status.classList.toggle('error', error);
    this.#status.hidden = false;
    this.#plot.hidden = true;
    this.hideTip();
  }

  /**
   * state: { matrix: {data, shape:[R, C]}, rowLabels, colLabels, sums (Float32Array|null),
   * masked(i, j) | null, text: {caption, rowTitle, colTitle, sumHeader, label, scale}, max, cellSize, showValues,
   * integers (whole numbers: values and sums printed without decimals) }
   */
  draw(state) {
    this.#state = state;
    const [R, C] = state.matrix.shape;
    const key = JSON.stringify([R, C, state.rowLabels, state.colLabels, !!state.sums, state.cellSize]);
    if (key !== this.#layoutKey) this.#layout(state, R, C, key);
    this.#caption.textContent = state.text.caption ?? '';
    this.#caption.hidden = !state.text.caption;
    this.#rowTitle.textContent = state.text.rowTitle ?? '';
    this.#colTitle.textContent = state.text.colTitle ?? '';
    this.#grid.setAttribute('aria-label', state.text.label);
    if (this.#sumHeader) this.#sumHeader.textContent = state.text.sumHeader;
    const scale = colourScale(state.matrix.data, { max: state.max, stops: this.#scales.read() });
    const compact = state.cellSize < 40;
    // In the view, so that a recolour (a light/dark switch) prints them the same way.
    const show = (v) => (state.integers ? formatExact(v).replace('-', '−') : formatShort(v, { compact }));
    state.matrix.data.forEach((v, n) => {
      const cell = this.#cells[n];
      const { background, ink } = scale.colour(v);
      cell.style.backgroundColor = background;
      cell.style.color = ink;
      cell.dataset.value = formatExact(v);
      const masked = !!state.masked?.(Math.floor(n / C), n % C);
      cell.classList.toggle('masked', masked);
      cell.textContent = state.showValues && !masked ? show(v) : '';
    });
    this.#sumCells.forEach((cell, i) => {
      cell.dataset.value = formatExact(state.sums[i]);
      cell.textContent = show(state.sums[i]);
    });
    const [lo, bar, hi] = this.#legend.children;
    lo.textContent = formatShort(scale.min).replace(/\.00$/, '');
    hi.textContent = String(Number(scale.max.toPrecision(2)));
    bar.style.background = scale.gradient();
    bar.title = state.text.scale;
    this.#status.hidden = true;
    this.#plot.hidden = false;
    if (this.#active) this.showTip(this.#active.row, this.#active.col, this.#active.sum);
  }

  #layout(state, R, C, key) {
    this.#layoutKey = key;
    this.hideTip();
    const size = state.cellSize;
    // Column labels turn sideways only when one is wider than its column (single characters stay upright).
    const rotate = state.colLabels.some((s) => textWidth(s) > size - 4);
    this.#grid.style.gridTemplateColumns = `max-content repeat(${C}, ${size}px)${state.sums ? ' max-content' : ''}`;
    this.#grid.style.setProperty('--cell', `${size}px`);
    this.#grid.classList.toggle('small', size < 24);
    this.#grid.classList.toggle('tiny', size < TINY_BELOW);
    this.#grid.classList.toggle('dense', size < DENSE_BELOW);
    // The last column's label sticks out; room for it keeps the map from scrolling by a few px.
    this.#grid.style.paddingRight = size < TINY_BELOW ? `${TINY_OVERHANG}px` : '';
    // Cells under 14 px (a wide matrix on a phone): label every k-th row and column so labels never overlap.
    const every = size >= 14 ? 1 : Math.ceil(14 / size);
    // Axis titles live in the grid: the column title spans the cell columns,
    // the row title sits in the corner above the row labels.
    this.#colTitle.style.gridColumn = `span ${C}`;
    // ARIA rows (display: contents, so the CSS grid still places every cell):
    // the column labels are column headers, each row label a row header.
    const row = (...children) => { const r = el('div', 'row'); r.setAttribute('role', 'row'); r.append(...children); return r; };
    const titles = el('div', 'row');
    titles.setAttribute('aria-hidden', 'true');
    titles.append(el('div'), this.#colTitle, ...(state.sums ? [el('div')] : []));
    this.#colLabels = state.colLabels.map((s, j) => el('div', `col-label${rotate ? ' rot' : ''}${j % every ? ' skip' : ''}`, s));
    for (const label of this.#colLabels) label.setAttribute('role', 'columnheader');
    this.#sumHeader = state.sums ? el('div', 'sum-header') : null;
    this.#sumHeader?.setAttribute('role', 'columnheader');
    const nodes = [titles, row(this.#rowTitle, ...this.#colLabels, ...(this.#sumHeader ? [this.#sumHeader] : []))];
    this.#cells = [];
    this.#sumCells = [];
    this.#rowLabels = [];
    for (let i = 0; i < R; i++) {
      const label = el('div', `row-label${i % every ? ' skip' : ''}`, state.rowLabels[i]);
      label.setAttribute('role', 'rowheader');
      this.#rowLabels.push(label);
      const cells = [];
      for (let j = 0; j < C; j++) {
        const cell = el('div', 'cell');
        cell.setAttribute('role', 'gridcell');
        cell.dataset.row = i;
        cell.dataset.col = j;
        this.#cells.push(cell);
        cells.push(cell);
      }
      if (state.sums) {
        const sum = el('div', 'sum');
        sum.setAttribute('role', 'gridcell');
        sum.dataset.row = i;
        this.#sumCells.push(sum);
        cells.push(sum);
      }
      nodes.push(row(label, ...cells));
    }
    this.#grid.replaceChildren(...nodes);
  }

  #pointer(e) {
    const target = e.target.closest?.('.cell, .sum');
    if (!target) return;
    const row = Number(target.dataset.row);
    const sum = target.classList.contains('sum');
    this.#hover(row, sum ? -1 : Number(target.dataset.col), sum);
  }

  #hover(row, col, sum) {
    this.showTip(row, col, sum);
    this.onHover?.({ row, col, sum });
  }

  #leave() {
    if (!this.#active) return;
    this.hideTip();
    this.onHover?.(null);
  }

  #key(e) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (!this.#state || !(e.key in moves || e.key === 'Escape')) return;
    e.preventDefault();
    if (e.key === 'Escape') { this.#leave(); return; }
    const [R, C] = this.#state.matrix.shape;
    const { row = 0, col = 0 } = this.#active ?? {};
    const [dr, dc] = this.#active ? moves[e.key] : [0, 0];
    const c = Math.min(C - 1, Math.max(0, (col < 0 ? C - 1 : col) + dc));
    const r = Math.min(R - 1, Math.max(0, row + dr));
    // A map wider than its box scrolls: the keyboard brings the cell it moves to into view.
    this.#cells[r * C + c]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    this.#hover(r, c, false);
  }

  /** Shows the tooltip for cell (row, col), or for row's sum when `sum`. */
  showTip(row, col, sum = false) {
    const s = this.#state;
    const [R, C] = s.matrix.shape;
    if (row < 0 || row >= R || (!sum && (col < 0 || col >= C)) || (sum && !s.sums)) return;
    this.#mark(false);
    this.#active = { row, col, sum };
    this.#mark(true);
    const target = sum ? this.#sumCells[row] : this.#cells[row * C + col];
    const where = sum ? el('div', 'tip-where', s.text.sumOfRow(row)) : el('div', 'tip-where');
    if (!sum) where.append(`i = ${row} `, el('q', null, s.rowLabels[row]), ' → ', `j = ${col} `, el('q', null, s.colLabels[col]));
    const line = el('div', 'tip-line', `${sum ? 'Σ' : s.text.valueName} = `);
    line.append(el('b', 'tip-value', target.dataset.value));
    const note = !sum && s.masked?.(row, col) ? [el('div', 'tip-note', s.text.masked)] : [];
    this.#tip.show(this.#frame, target, [where, line, ...note]);
  }

  hideTip() {
    this.#mark(false);
    this.#active = null;
    this.#tip.hide();
  }

  /** The tooltip's text, one line per line shown, or '' when hidden. */
  get tooltipText() {
    return this.#tip.text;
  }

  #mark(on) {
    if (!this.#active || !this.#state) return;
    const { row, col, sum } = this.#active;
    const C = this.#state.matrix.shape[1];
    (sum ? this.#sumCells[row] : this.#cells[row * C + col])?.classList.toggle('active', on);
    this.#rowLabels[row]?.classList.toggle('hl', on);
    if (!sum) this.#colLabels[col]?.classList.toggle('hl', on);
  }
}

/** Entry (i, j) of a row-major {data, shape} as drawn; RangeError outside it (or when nothing is drawn). */
export function cellValue(matrix, i, j) {
  const [R, C] = matrix?.shape ?? [0, 0];
  if (!(i >= 0 && i < R && j >= 0 && j < C)) throw new RangeError(`valueAt(${i}, ${j}) is outside the ${R} × ${C} matrix`);
  return matrix.data[i * C + j];
}
