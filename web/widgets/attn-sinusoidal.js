// <attn-sinusoidal>: the sinusoidal positional encoding explored. The waves
// of chosen dims, the [T, D] heatmap, the Gram matrix PE·PEᵀ, the norm √(D/2)
// for many D, the table of frequencies (divisors 1, 10, 100, 1000 for D = 8)
// and the linear map A(k) with PE(pos+k) = A(k)·PE(pos), checked by the core.
import { el } from './dom.js';
import { t } from './i18n.js';
import { AttnHeatmap } from './attn-heatmap.js';
import { TopicElement, rangeField } from './topic-element.js';
import { linePlot, plotLegend } from './line-plot.js';
import { encodingAndGram, encodingNorm, pairTable, shiftMap } from './sinusoidal-numbers.js';
import { table, pairRows, shiftRows, formatExact } from './sinusoidal-view.js';
import { MAP_GAP, mapLayout } from './sinusoidal-layout.js';
import './sinusoidal-messages.js';

const ATTRIBUTES = ['d-model', 'positions', 'base', 'dims', 'pos', 'shift', 'caption', 'lang'];
const NORM_DIMS = [2, 4, 8, 16, 64, 128, 512];

const STYLE = `
.maps { display: flex; flex-wrap: wrap; align-items: flex-start; gap: ${MAP_GAP}px; margin: 10px 0; }
.maps.stacked { flex-direction: column; }
.maps > .scroll { flex: 0 1 auto; min-width: 0; max-width: 100%; }
.cue { font-size: 12.5px; color: var(--muted); margin: 0 0 4px; }
h4 { font-size: 13.5px; margin: 14px 0 6px; font-weight: 650; }
.check { font-size: 13.5px; margin: 8px 0 0; }
`;

export class AttnSinusoidal extends TopicElement {
  static tag = 'attn-sinusoidal';
  static uses = { 'attn-heatmap': AttnHeatmap };
  static get observedAttributes() { return ATTRIBUTES; }
  static STYLE = STYLE;

  #ui = null; #last = null;

  build(root) {
    const f = {
      T: rangeField({ min: 2, max: 128, value: 32 }), D: rangeField({ min: 2, max: 128, step: 2, value: 8 }),
      pos: rangeField({ min: 0, max: 64, value: 3 }), k: rangeField({ min: 0, max: 64, value: 2 }),
    };
    const attr = { T: 'positions', D: 'd-model', pos: 'pos', k: 'shift' };
    const controls = el('div', 'controls');
    for (const [key, field] of Object.entries(f)) {
      field.label.dataset.control = key;
      field.input.addEventListener('input', () => this.setAttribute(attr[key], field.input.value));
      controls.append(field.label);
    }
    const heads = Object.fromEntries(['waves', 'freq', 'norms', 'shift'].map((k) => [k, el('h4')]));
    const ui = {
      f, heads, title: el('h3', 'title'), rule: el('p', 'rule'), plot: el('div', 'plot-wrap'),
      pe: new AttnHeatmap(), gram: new AttnHeatmap(), a: new AttnHeatmap(),
      freq: el('div'), norms: el('div'), shift: el('div'), check: el('p', 'check'), note: el('p', 'note'),
    };
    for (const [name, h] of Object.entries({ pe: ui.pe, gram: ui.gram, a: ui.a })) h.className = `map-${name}`;
    // Each map's box; its cue says when the map is wider than the screen and scrolls.
    const wrap = (h) => { const d = el('div', 'scroll'), cue = el('p', 'cue'); cue.hidden = true; d.append(cue, h); return d; };
    const maps = el('div', 'maps');
    ui.maps = maps;
    maps.append(wrap(ui.pe), wrap(ui.gram));
    root.append(ui.title, ui.rule, controls, heads.waves, ui.plot, maps, heads.freq, ui.freq, heads.norms, ui.norms,
      heads.shift, ui.check, ui.shift, wrap(ui.a), ui.note);
    this.#ui = ui;
  }

  /** The numbers last shown (all from the core): {pe, gram, pairs, norms, shift}, or null. */
  get values() { return this.#last; }

  #settings() {
    const D = this.int('d-model', 8, 2, 512);
    if (D % 2) throw new Error(`the d-model attribute must be even: sin and cos come in pairs (got ${D})`);
    const T = this.int('positions', 32, 2, 256);
    const dims = (this.getAttribute('dims') ?? '0 2 4 6').trim().split(/[\s,]+/).filter(Boolean).map(Number);
    if (!dims.every((d) => Number.isInteger(d) && d >= 0)) throw new Error(`the dims attribute must list dims as whole numbers (got "${this.getAttribute('dims')}")`);
    const pos = this.int('pos', 3, 0, 4096);
    return {
      D, T, pos, base: this.num('base', 10000, { min: 1e-6 }),
      k: this.int('shift', 2, 0, 4096),
      dims: [...new Set(dims.filter((d) => d < D))].slice(0, 8),
    };
  }

  update(lang) {
    const s = this.#settings();
    const ui = this.#ui;
    const own = this.getAttribute('lang');
    for (const h of [ui.pe, ui.gram, ui.a]) if (own) h.setAttribute('lang', own); else h.removeAttribute('lang');
    ui.title.textContent = this.getAttribute('caption') ?? t('sin.title', {}, lang);
    ui.rule.textContent = t('sin.rule', {}, lang);
    const vals = { T: s.T, D: s.D, pos: s.pos, k: s.k };
    for (const [key, field] of Object.entries(ui.f)) {
      field.name.textContent = t(`sin.${key}`, {}, lang);
      if (key === 'D') field.input.max = String(Math.max(128, s.D));
      if (key === 'pos' || key === 'k') field.input.max = String(Math.max(64, vals[key]));
      field.input.value = String(vals[key]);
      field.output.textContent = String(vals[key]);
    }

    const { pe, gram } = encodingAndGram(s.T, s.D, s.base);
    const xs = Array.from({ length: s.T }, (_, i) => i);
    const series = s.dims.map((d) => ({ name: t('sin.dim', { d }, lang), xs, ys: xs.map((p) => pe.data[p * s.D + d]) }));
    ui.heads.waves.textContent = t('sin.waves', { dims: s.dims.join(', ') }, lang);
    ui.plot.replaceChildren(linePlot(series, { xLabel: t('plot.position', {}, lang), yLabel: t('sin.value', {}, lang), yMin: -1, yMax: 1, label: ui.heads.waves.textContent }), plotLegend(series));

    const dimsDown = t('sin.dims', {}, lang).replace('→', '↓');
    const layout = mapLayout(this.clientWidth || 360, s.T, s.D,
      { positions: t('sin.positions', {}, lang), positionsShort: t('sin.positionsShort', {}, lang), dims: dimsDown });
    ui.maps.classList.toggle('stacked', !layout.side);
    const showMap = (h, matrix, caption, { cell, fits, rowTitle }, cols) => {
      for (const [name, v] of [['caption', caption], ['row-title', rowTitle], ['col-title', cols], ['cell-size', String(cell)], ['show-values', 'false']]) h.setAttribute(name, v);
      h.data = matrix;
      const cue = h.previousElementSibling;
      cue.hidden = fits;
      cue.textContent = fits ? '' : t('sin.scrollCue', { n: matrix.shape[1] }, lang);
    };
    showMap(ui.pe, pe, t('sin.heatmap', {}, lang), layout.pe, t('sin.dims', {}, lang));
    showMap(ui.gram, gram, t('sin.gram', {}, lang), layout.gram, t('sin.positions2', {}, lang));

    const pairs = pairTable(s.D, s.base);
    ui.heads.freq.textContent = t('sin.freq', { D: s.D, base: formatExact(s.base) }, lang);
    ui.freq.replaceChildren(table(['pair', 'dims', 'divisor', 'omega', 'wave'].map((c) => t(`sin.col.${c}`, {}, lang)), pairRows(pairs), ['', '', 'divisor', 'omega', 'wave']));

    const norms = NORM_DIMS.includes(s.D) ? NORM_DIMS : [...NORM_DIMS, s.D].sort((a, b) => a - b);
    const normValues = norms.map((D) => encodingNorm(s.pos, D, s.base));
    ui.heads.norms.textContent = t('sin.norms', { pos: s.pos }, lang);
    ui.norms.replaceChildren(table(['D', 'norm', 'half', 'full'].map((c) => t(`sin.col.${c}`, {}, lang)),
      norms.map((D, n) => [String(D), normValues[n], Math.sqrt(D / 2), Math.sqrt(D)]), ['', 'norm', 'half', 'full']));

    const shift = shiftMap(s.pos, s.k, s.D, s.base);
    ui.heads.shift.textContent = t('sin.shift', {}, lang);
    ui.check.textContent = t('sin.check', { to: s.pos + s.k, k: s.k, pos: s.pos, diff: shift.maxDiff.toExponential(1), D: s.D }, lang);
    ui.check.dataset.value = String(shift.maxDiff);
    ui.shift.replaceChildren(table(['pair', 'cos', 'sin'].map((c) => t(`sin.col.${c}`, {}, lang)), shiftRows(shift.A, s.D)));
    showMap(ui.a, shift.A, t('sin.aMatrix', { k: s.k }, lang), layout.a, t('sin.dims', {}, lang));
    ui.note.textContent = t('sin.note', {}, lang);
    this.#last = { pe, gram, pairs, norms: norms.map((D, n) => ({ D, norm: normValues[n] })), shift, dims: s.dims };
    this.emit('change', { dModel: s.D, positions: s.T, maxShiftDifference: shift.maxDiff });
  }
}
