// A small SVG line plot for the topic widgets: series of (x, y) points on
// linear or log axes, with ticks, axis titles and a legend list. It draws
// what it is given; nothing shown is computed here (ticks are only places).
import { el } from './dom.js';
import { CHART_COLORS, CHART_CYCLE } from './chart-colors.js';

const NS = 'http://www.w3.org/2000/svg';
/** The series colours in turn: the charts' themed palette (chart-colors.js), then grey. */
export const PALETTE = Object.freeze([...CHART_CYCLE, CHART_COLORS.grey]);

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Nice tick positions over [lo, hi] (linear), about `count` of them. */
function linearTicks(lo, hi, count = 5) {
  const span = hi - lo || 1;
  const raw = span / count, mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => span / s <= count) ?? 10 * mag;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return out;
}

/** Powers of ten over [lo, hi] (log axis; lo > 0); every k-th decade when there are more than 8. */
function logTicks(lo, hi) {
  const out = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) if (10 ** e >= lo * 0.999 && 10 ** e <= hi * 1.001) out.push(10 ** e);
  const k = Math.ceil(out.length / 8);
  return k > 1 ? out.filter((v) => Math.round(Math.log10(v)) % k === 0) : out;
}

const tickText = (v, log) => (log ? `10${String(Math.round(Math.log10(v))).replace(/-/, '⁻').replace(/\d/g, (d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[d])}` : String(Number(v.toPrecision(4))).replace('-', '−'));

/**
 * An <svg> of `series` [{name, xs, ys, colour?, dashed?}] in a viewBox of
 * width × height that scales to its container. Options: xLabel, yLabel,
 * logX, logY, yMin, yMax (defaults from the data), label (aria-label).
 */
export function linePlot(series, { width = 560, height = 260, xLabel = '', yLabel = '', logX = false, logY = false, yMin, yMax, label = '' } = {}) {
  const pad = { left: 52, right: 12, top: 10, bottom: 38 };
  const fx = (v) => (logX ? Math.log10(v) : v), fy = (v) => (logY ? Math.log10(v) : v);
  const finite = (a, f) => a.map(f).filter(Number.isFinite);
  const xsAll = series.flatMap((s) => finite(Array.from(s.xs), fx));
  const ysAll = series.flatMap((s) => finite(Array.from(s.ys), fy));
  let [x0, x1] = [Math.min(...xsAll), Math.max(...xsAll)];
  let [y0, y1] = [yMin !== undefined ? fy(yMin) : Math.min(...ysAll), yMax !== undefined ? fy(yMax) : Math.max(...ysAll)];
  if (!(x1 > x0)) { x0 -= 1; x1 += 1; }
  if (!(y1 > y0)) { y0 -= 1; y1 += 1; }
  const px = (v) => pad.left + ((fx(v) - x0) / (x1 - x0)) * (width - pad.left - pad.right);
  const py = (v) => height - pad.bottom - ((fy(v) - y0) / (y1 - y0)) * (height - pad.top - pad.bottom);
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label, class: 'plot' });
  root.style.width = '100%';
  root.style.maxWidth = `${width}px`;
  root.style.height = 'auto';
  const xt = logX ? logTicks(10 ** x0, 10 ** x1) : linearTicks(x0, x1);
  const yt = logY ? logTicks(10 ** y0, 10 ** y1) : linearTicks(y0, y1);
  for (const v of yt) {
    root.append(svg('line', { class: 'grid', x1: pad.left, x2: width - pad.right, y1: py(v), y2: py(v) }));
    root.append(svg('text', { class: 'tick', x: pad.left - 6, y: py(v) + 3.5, 'text-anchor': 'end' }, tickText(v, logY)));
  }
  for (const v of xt) {
    root.append(svg('text', { class: 'tick', x: px(v), y: height - pad.bottom + 14, 'text-anchor': 'middle' }, tickText(v, logX)));
  }
  root.append(svg('path', { class: 'axis', d: `M${pad.left},${pad.top}V${height - pad.bottom}H${width - pad.right}` }));
  root.append(svg('text', { class: 'tick', x: (pad.left + width - pad.right) / 2, y: height - 4, 'text-anchor': 'middle' }, xLabel));
  root.append(svg('text', { class: 'tick', x: 12, y: (pad.top + height - pad.bottom) / 2, 'text-anchor': 'middle', transform: `rotate(-90 12 ${(pad.top + height - pad.bottom) / 2})` }, yLabel));
  series.forEach((s, n) => {
    let d = '';
    for (let i = 0; i < s.xs.length; i++) {
      const [x, y] = [px(s.xs[i]), py(s.ys[i])];
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      d += `${d ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`;
    }
    const colour = s.colour ?? PALETTE[n % PALETTE.length];
    const path = svg('path', { d, fill: 'none', 'stroke-width': 1.8, 'stroke-dasharray': s.dashed ? '5 4' : 'none', 'data-series': s.name });
    path.style.stroke = colour; // CSSOM, so a colour may be var(--attn-…)
    root.append(path);
  });
  return root;
}

/** The legend list for `series` (same colours as linePlot). */
export function plotLegend(series) {
  const ul = el('ul', 'legend');
  series.forEach((s, n) => {
    const li = el('li');
    const sw = el('span', 'swatch');
    sw.style.background = s.colour ?? PALETTE[n % PALETTE.length];
    li.append(sw, s.name);
    ul.append(li);
  });
  return ul;
}
