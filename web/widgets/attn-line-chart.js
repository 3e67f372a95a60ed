// <attn-line-chart>: the one chart of the experiments — lines on linear or
// log–log axes (attributes log-x, log-y, x-label, y-label), a legend, and
// tap-to-inspect: a tap or pointer move picks the nearest x, ← → (Home/End)
// step through the x values while the plot has focus, and the values of
// every series there are read out below (aria-live). Data: the `series`
// property, [{label, points: [[x, y], …], dashed?, dotted?, color?, dot?, axis?}];
// points with a non-finite or (on a log axis) non-positive value are skipped.
// A series with axis: 'right' is drawn against a second, linear y axis on the
// right (y2-label; its range from those series alone), for a quantity in
// other units on the same steps. `marker` (a number) draws a vertical rule at
// that x; y-min / y-max fix the (left) y range.
import { el } from './dom.js';
import { AttnElement, boolAttr, numberAttr } from './attn-element.js';
import { makeScale, formatNumber } from './line-chart-scale.js';
import { CHART_CYCLE } from './chart-colors.js';

const SVG = 'http://www.w3.org/2000/svg';
const STYLE = `
:host { display: block; font-size: 12px; color: var(--attn-ink, #1b2430); }
svg { display: block; width: 100%; height: auto; touch-action: pan-y; }
svg:focus-visible { outline: 2px solid var(--attn-accent, #3451b2); outline-offset: 2px; border-radius: 4px; }
.grid { stroke: var(--attn-line, #e1e6ee); }
.axis text { fill: var(--attn-muted, #5b6675); font-size: 11px; }
.label { fill: var(--attn-muted, #5b6675); font-size: 11.5px; }
.cross { stroke: var(--attn-cross, #8a94a3); stroke-dasharray: 3 3; }
.marker { stroke: var(--attn-accent, #3451b2); stroke-width: 1.5; stroke-dasharray: 6 3; }
ul { list-style: none; display: flex; flex-wrap: wrap; gap: 2px 14px; margin: 6px 0 0; padding: 0; }
li { display: inline-flex; align-items: center; gap: 6px; }
.swatch { width: 18px; height: 0; border-top: 2.5px solid; forced-color-adjust: none; } /* the key to the lines' colours, kept in forced colours */
.swatch.dashed { border-top-style: dashed; }
.swatch.dotted { border-top-style: dotted; }
.swatch.dot { width: 0; height: 0; border: 4px solid; border-radius: 50%; margin: 0 5px; } /* a dot-only series: a round key of the same 18px */
.readout { margin: 4px 0 0; min-height: 1.6em; color: var(--attn-muted, #5b6675); font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
`;

/** [lo, hi] of the values (a linear axis starts at 0 when all are positive; empty: [1, 10]). */
function domain(values, log) {
  if (!values.length) return [1, 10];
  const lo = Math.min(...values), hi = Math.max(...values);
  return log ? [lo, hi] : [Math.min(0, lo), Math.max(0, hi)];
}

export class AttnLineChart extends AttnElement {
  static tag = 'attn-line-chart';
  static observesSize = true;
  static get observedAttributes() { return ['log-x', 'log-y', 'x-label', 'y-label', 'y2-label', 'y-min', 'y-max', 'aria-label']; }

  #svg; #legend; #readout; #series = []; #marker = null; #xs = []; #pick = -1; #layout = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#svg = document.createElementNS(SVG, 'svg');
    this.#svg.setAttribute('tabindex', '0');
    this.#svg.setAttribute('role', 'img');
    this.#legend = el('ul');
    this.#readout = el('p', 'readout');
    this.#readout.setAttribute('aria-live', 'polite');
    root.append(el('style', null, STYLE), this.#svg, this.#legend, this.#readout);
    const pickAt = (e) => {
      if (!this.#layout || !this.#xs.length) return;
      const box = this.#svg.getBoundingClientRect();
      const px = ((e.clientX - box.left) / box.width) * this.#layout.width;
      let best = 0;
      this.#xs.forEach((x, i) => { if (Math.abs(this.#layout.x(x) - px) < Math.abs(this.#layout.x(this.#xs[best]) - px)) best = i; });
      this.#setPick(best);
    };
    this.#svg.addEventListener('pointerdown', pickAt);
    this.#svg.addEventListener('pointermove', pickAt);
    this.#svg.addEventListener('keydown', (e) => {
      const move = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity }[e.key];
      if (move === undefined || !this.#xs.length) return;
      e.preventDefault();
      const from = this.#pick < 0 ? (move > 0 ? -1 : this.#xs.length) : this.#pick;
      this.#setPick(Math.max(0, Math.min(this.#xs.length - 1, from + move)));
    });
  }

  /** [{label, points: [[x, y]], dashed?, dotted?, color?, dot?}] */
  get series() { return this.#series; }
  set series(list) { this.#series = list ?? []; this.schedule(); }
  /** An x to mark with a vertical rule, or null. */
  get marker() { return this.#marker; }
  set marker(x) { this.#marker = x; this.schedule(); }
  /** The picked x, or null. */
  get picked() { return this.#pick < 0 ? null : this.#xs[this.#pick]; }

  #setPick(i) {
    this.#pick = i;
    this.render();
    this.emit('pick', { x: this.picked });
  }

  #usable(p, right) {
    const logX = boolAttr(this, 'log-x'), logY = boolAttr(this, 'log-y') && !right;
    return Number.isFinite(p[0]) && Number.isFinite(p[1]) && (!logX || p[0] > 0) && (!logY || p[1] > 0);
  }

  render() {
    const logX = boolAttr(this, 'log-x'), logY = boolAttr(this, 'log-y');
    const width = Math.max(280, this.width || 600);
    const height = Math.round(Math.min(320, Math.max(210, width * 0.5)));
    const lines = this.#series.map((s, k) => ({ ...s, color: s.color ?? CHART_CYCLE[k % CHART_CYCLE.length], points: (s.points ?? []).filter((p) => this.#usable(p, s.axis === 'right')) }));
    const right = lines.some((s) => s.axis === 'right' && s.points.length);
    const pad = { left: 52, right: right ? 52 : 12, top: 10, bottom: 40 };
    const all = lines.flatMap((s) => s.points);
    const xs = all.map((p) => p[0]), ys = lines.filter((s) => s.axis !== 'right').flatMap((s) => s.points.map((p) => p[1]));
    if (this.#marker !== null && Number.isFinite(this.#marker)) xs.push(this.#marker);
    const x = makeScale(...domain(xs, logX), pad.left, width - pad.right, logX);
    const [yLo, yHi] = domain(ys, logY);
    const yLeft = makeScale(numberAttr(this, 'y-min', yLo), numberAttr(this, 'y-max', yHi), height - pad.bottom, pad.top, logY);
    const y2 = right ? makeScale(...domain(lines.filter((s) => s.axis === 'right').flatMap((s) => s.points.map((p) => p[1])), false), height - pad.bottom, pad.top, false) : null;
    const y = yLeft;
    const yOf = (s) => (s.axis === 'right' && y2 ? y2 : yLeft);
    this.#layout = { width, x };
    this.#xs = [...new Set(all.map((p) => p[0]))].sort((a, b) => a - b);
    if (this.#pick >= this.#xs.length) this.#pick = -1;
    const svg = this.#svg;
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svg.setAttribute('aria-label', this.getAttribute('aria-label') ?? `${this.getAttribute('y-label') ?? ''} / ${this.getAttribute('x-label') ?? ''}`);
    const nodes = [];
    const add = (tag, attrs, text, parent = null) => {
      const n = document.createElementNS(SVG, tag);
      for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
      if (text !== undefined) n.textContent = text;
      if (parent) parent.append(n); else nodes.push(n);
      return n;
    };
    const ticks = add('g', { class: 'axis' });
    if (all.length) {
      for (const t of x.ticks()) {
        add('line', { class: 'grid', x1: x(t), x2: x(t), y1: pad.top, y2: height - pad.bottom });
        add('text', { x: x(t), y: height - pad.bottom + 14, 'text-anchor': 'middle' }, formatNumber(t), ticks);
      }
      for (const t of y.ticks()) {
        add('line', { class: 'grid', x1: pad.left, x2: width - pad.right, y1: y(t), y2: y(t) });
        add('text', { x: pad.left - 5, y: y(t) + 4, 'text-anchor': 'end' }, formatNumber(t), ticks);
      }
      if (y2) for (const t of y2.ticks()) add('text', { x: width - pad.right + 5, y: y2(t) + 4, 'text-anchor': 'start' }, formatNumber(t), ticks);
    }
    add('text', { class: 'label', x: (pad.left + width - pad.right) / 2, y: height - 6, 'text-anchor': 'middle' }, this.getAttribute('x-label') ?? '');
    add('text', { class: 'label', transform: 'rotate(-90)', x: -(pad.top + height - pad.bottom) / 2, y: 12, 'text-anchor': 'middle' }, this.getAttribute('y-label') ?? '');
    if (y2) add('text', { class: 'label', transform: 'rotate(90)', x: (pad.top + height - pad.bottom) / 2, y: -(width - 10), 'text-anchor': 'middle' }, this.getAttribute('y2-label') ?? '');
    if (this.#marker !== null && Number.isFinite(this.#marker) && (!logX || this.#marker > 0)) {
      add('line', { class: 'marker', x1: x(this.#marker), x2: x(this.#marker), y1: pad.top, y2: height - pad.bottom });
    }
    for (const s of lines) {
      if (s.points.length > 1 && !s.dot) {
        add('polyline', {
          fill: 'none', 'stroke-width': 2, 'stroke-linejoin': 'round',
          ...(s.dotted ? { 'stroke-dasharray': '2 3' } : s.dashed ? { 'stroke-dasharray': '6 4' } : {}),
          points: s.points.map((p) => `${x(p[0]).toFixed(1)},${yOf(s)(p[1]).toFixed(1)}`).join(' '),
        }).style.stroke = s.color; // CSSOM, so a colour may be var(--attn-…)
      }
      if (s.dot || s.points.length === 1) for (const p of s.points) add('circle', { cx: x(p[0]), cy: yOf(s)(p[1]), r: 4 }).style.fill = s.color;
    }
    const px = this.picked;
    if (px !== null) {
      add('line', { class: 'cross', x1: x(px), x2: x(px), y1: pad.top, y2: height - pad.bottom });
      for (const s of lines) {
        const p = s.points.find((q) => q[0] === px);
        if (p) Object.assign(add('circle', { cx: x(p[0]), cy: yOf(s)(p[1]), r: 3.5, 'stroke-width': 2 }).style, { fill: 'var(--attn-surface, #fff)', stroke: s.color });
      }
    }
    svg.replaceChildren(...nodes);
    this.#legend.replaceChildren(...lines.map((s) => {
      const dotOnly = s.dot || s.points.length === 1; // drawn as dots, no line (as above)
      const sw = el('span', `swatch${dotOnly ? ' dot' : s.dotted ? ' dotted' : s.dashed ? ' dashed' : ''}`);
      sw.style.borderColor = s.color;
      const li = el('li');
      li.append(sw, s.label);
      return li;
    }));
    this.#readout.textContent = px === null ? '' : `${this.getAttribute('x-label') ?? 'x'} = ${formatNumber(px)}: ${lines
      .map((s) => [s.label, s.points.find((q) => q[0] === px)]).filter(([, p]) => p).map(([l, p]) => `${l} ${formatNumber(p[1])}`).join(' · ')}`;
  }
}
