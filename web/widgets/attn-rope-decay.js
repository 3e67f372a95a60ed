// <attn-rope-decay>: RoPE's long-distance tendency next to ALiBi's penalty.
// Left, qᵀR(Δ)k against Δ for q = k = all ones and averaged over random q = k;
// right, ALiBi's −m_h·Δ for every head. A Δ slider reads the values out.
// See index.d.ts for the API.
import { seededNormals } from './attention-source.js';
import { el } from './dom.js';
import { formatExact } from './format.js';
import { t } from './i18n.js';
import { TopicElement, rangeField } from './topic-element.js';
import { linePlot, plotLegend } from './line-plot.js';
import { ropeDecay, alibiPenalty } from './rope-numbers.js';
import './rope-decay-messages.js';

const ATTRIBUTES = ['head-dim', 'base', 'max-distance', 'heads', 'samples', 'seed', 'at', 'caption', 'lang'];
const BASES = [100, 1000, 10000, 500000];

const STYLE = `
.plots { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 14px; }
h4 { font-size: 13.5px; margin: 8px 0 4px; font-weight: 650; }
.field.select { display: flex; flex-direction: column; gap: 4px; align-items: stretch; }
`;

export class AttnRopeDecay extends TopicElement {
  static tag = 'attn-rope-decay';
  static get observedAttributes() { return ATTRIBUTES; }
  static STYLE = STYLE;

  #ui = null; #last = null; #cache = { key: null, value: null };

  build(root) {
    const f = {
      D: rangeField({ min: 2, max: 256, step: 2, value: 64 }), max: rangeField({ min: 8, max: 1024, value: 256 }),
      heads: rangeField({ min: 1, max: 16, value: 8 }), at: rangeField({ min: 0, max: 256, value: 10 }),
    };
    const attr = { D: 'head-dim', max: 'max-distance', heads: 'heads', at: 'at' };
    const baseLabel = el('label', 'field select'), baseName = el('span', 'field-name'), base = el('select');
    baseLabel.append(baseName, base);
    base.addEventListener('change', () => this.setAttribute('base', base.value));
    const controls = el('div', 'controls');
    controls.append(f.D.label, baseLabel, f.max.label, f.heads.label, f.at.label);
    for (const [key, field] of Object.entries(f)) {
      field.label.dataset.control = key;
      field.input.addEventListener('input', () => this.setAttribute(attr[key], field.input.value));
    }
    const ui = {
      f, base, baseName, title: el('h3', 'title'), rule: el('p', 'rule'),
      ropeHead: el('h4'), alibiHead: el('h4'), rope: el('div', 'rope'), alibi: el('div', 'alibi'),
      readout: el('dl', 'readout'), note: el('p', 'note'),
    };
    ui.readout.setAttribute('aria-live', 'polite');
    const plots = el('div', 'plots'), left = el('div'), right = el('div');
    left.append(ui.ropeHead, ui.rope);
    right.append(ui.alibiHead, ui.alibi);
    plots.append(left, right);
    root.append(ui.title, ui.rule, controls, plots, ui.readout, ui.note);
    this.#ui = ui;
  }

  /** The numbers last shown (all from the core): {distances, ones, random, samples, alibi}, or null. */
  get values() { return this.#last; }

  #settings() {
    const D = this.int('head-dim', 64, 2, 512);
    if (D % 2) throw new Error(`the head-dim attribute must be even: RoPE turns pairs of dims (got ${D})`);
    const maxDistance = this.int('max-distance', 256, 1, 4096);
    return {
      D, maxDistance,
      base: this.num('base', 10000, { min: 1e-6 }),
      heads: this.int('heads', 8, 1, 64),
      samples: this.int('samples', 32, 1, 1024),
      seed: this.int('seed', 1, 0, 2 ** 32 - 1),
      at: Math.min(this.int('at', 10, 0, 4096), maxDistance),
    };
  }

  update(lang) {
    const s = this.#settings();
    const ui = this.#ui;
    ui.title.textContent = this.getAttribute('caption') ?? t('decay.title', {}, lang);
    ui.rule.textContent = t('decay.rule', {}, lang);
    const vals = { D: s.D, max: s.maxDistance, heads: s.heads, at: s.at };
    for (const [key, field] of Object.entries(ui.f)) {
      field.name.textContent = t(`decay.${key}`, {}, lang);
      if (key === 'at') field.input.max = String(s.maxDistance);
      field.input.value = String(vals[key]);
      field.output.textContent = String(vals[key]);
    }
    ui.baseName.textContent = t('decay.base', {}, lang);
    const bases = BASES.includes(s.base) ? BASES : [...BASES, s.base].sort((a, b) => a - b);
    ui.base.replaceChildren(...bases.map((b) => Object.assign(el('option', null, formatExact(b)), { value: String(b), selected: b === s.base })));

    // The Δ slider only reads out: the curves are recomputed when something else changes.
    const key = JSON.stringify([s.D, s.base, s.maxDistance, s.samples, s.seed, s.heads]);
    if (this.#cache.key !== key) {
      const decay = ropeDecay({ headDim: s.D, base: s.base, maxDistance: s.maxDistance, samples: s.samples, seed: s.seed }, seededNormals);
      this.#cache = { key, value: { ...decay, alibi: alibiPenalty(s.heads, s.maxDistance) } };
    }
    const r = this.#cache.value;
    const xs = r.distances;
    const xLabel = t('decay.distance', {}, lang);
    const ropeSeries = [
      { name: t('decay.ones', {}, lang), xs, ys: r.ones },
      { name: t('decay.random', { s: r.samples }, lang), xs, ys: r.random },
    ];
    ui.ropeHead.textContent = t('decay.rope', {}, lang);
    ui.rope.replaceChildren(linePlot(ropeSeries, { width: 460, yMin: Math.min(0, ...r.ones, ...r.random), xLabel, yLabel: t('decay.score', {}, lang), label: ui.ropeHead.textContent }), plotLegend(ropeSeries));
    const alibiSeries = r.alibi.map((ys, h) => ({ name: t('decay.head', { h, m: formatExact(-ys[1]) }, lang), xs, ys }));
    ui.alibiHead.textContent = t('decay.alibi', {}, lang);
    ui.alibi.replaceChildren(linePlot(alibiSeries, { width: 460, xLabel, yLabel: t('decay.bias', {}, lang), label: ui.alibiHead.textContent }), plotLegend(alibiSeries));

    const rows = [['decay.readOnes', r.ones[s.at], 'ones'], ['decay.readRandom', r.random[s.at], 'random'], ['decay.readAlibi', r.alibi[0][s.at], 'alibi']];
    ui.readout.replaceChildren(...rows.flatMap(([k, v, cls]) => {
      const dd = el('dd', cls, formatExact(v));
      dd.dataset.value = String(v);
      return [el('dt', null, t(k, { d: s.at }, lang)), dd];
    }));
    ui.note.textContent = t('decay.note', {}, lang);
    this.#last = { distances: xs, ones: r.ones, random: r.random, samples: r.samples, alibi: r.alibi };
    this.emit('change', { at: s.at, ones: r.ones[s.at], random: r.random[s.at], alibi: r.alibi[0][s.at] });
  }
}
