// <attn-scaling-laws>: the closed-form scaling laws. Chinchilla's
// L(N, D) = E + A/N^α + B/D^β along iso-FLOP curves (D = C/(6N)) with the
// compute-optimal frontier, a slider for the budget C, and N*, D* from
// attn.chinchillaOptimum next to the 20-tokens-per-parameter rule; and
// Kaplan et al.'s L(N), L(D), L(C). Attribute `flops` (default 5.76e23);
// fires `change` with {flops, law} when the slider or the law changes.
import * as attn from '../lib/index.js';
import { el } from './dom.js';
import { AttnElement, numberAttr } from './attn-element.js';
import { t } from './i18n.js';
import { AttnLineChart } from './attn-line-chart.js';
import { formatNumber } from './line-chart-scale.js';
import { EXPERIMENT_STYLE, facts } from './experiment-style.js';
import './experiment-messages.js';
import { CHART_COLORS } from './chart-colors.js';
import { realModelRows } from './scaling-real-models.js';

// Kaplan et al. (2020), eqs. (1.1)–(1.3): N non-embedding parameters, D tokens,
// C_min in PF-days (1 PF-day = 8.64e19 FLOPs).
const KAPLAN = {
  N: { scale: 8.8e13, exponent: 0.076, from: 1e5, to: 1e12 },
  D: { scale: 5.4e13, exponent: 0.095, from: 1e7, to: 1e13 },
  C: { scale: 3.1e8 * 8.64e19, exponent: 0.05, from: 1e15, to: 1e26 },
};
const PER_PARAM = 20; // the rule of thumb: D = 20 N
const ISO = [1e18, 1e20, 1e22, 1e24, 1e26];
const logRange = (from, to, count) => Array.from({ length: count }, (_, i) => from * (to / from) ** (i / (count - 1)));

export class AttnScalingLaws extends AttnElement {
  static tag = 'attn-scaling-laws';
  static uses = { 'attn-line-chart': AttnLineChart };
  static get observedAttributes() { return ['flops', 'lang']; }

  #slider; #out; #facts; #real; #iso; #kaplan; #law; #texts = {};

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#slider = Object.assign(el('input'), { type: 'range', min: '17', max: '27', step: '0.05', id: 'c' });
    this.#out = el('output');
    const field = el('label', 'field wide');
    this.#texts.cName = el('span', 'name');
    field.append(this.#texts.cName, this.#out, this.#slider);
    this.#texts.isoTitle = el('h3');
    this.#iso = new AttnLineChart();
    this.#iso.setAttribute('log-x', '');
    this.#iso.setAttribute('log-y', '');
    this.#facts = el('div');
    this.#real = el('div');
    this.#texts.realTitle = el('h3');
    this.#texts.realNote = el('p', 'note');
    this.#texts.isoNote = el('p', 'note');
    this.#texts.kaplanTitle = el('h3');
    this.#law = el('fieldset');
    this.#texts.lawLegend = el('legend');
    this.#law.append(this.#texts.lawLegend);
    for (const k of ['N', 'D', 'C']) {
      const label = el('label');
      const radio = Object.assign(el('input'), { type: 'radio', name: 'law', value: k, checked: k === 'N' });
      label.append(radio, el('span', null, `L(${k})`));
      this.#law.append(label);
    }
    this.#kaplan = new AttnLineChart();
    this.#kaplan.setAttribute('log-x', '');
    this.#kaplan.setAttribute('log-y', '');
    this.#texts.kaplanNote = el('p', 'note');
    root.append(el('style', null, EXPERIMENT_STYLE), el('div', 'row'), this.#texts.isoTitle, this.#iso, this.#facts, this.#texts.isoNote,
      this.#texts.realTitle, this.#real, this.#texts.realNote,
      this.#texts.kaplanTitle, this.#law, this.#kaplan, this.#texts.kaplanNote);
    root.querySelector('.row').append(field);
    this.#slider.addEventListener('input', () => {
      this.setAttribute('flops', String(10 ** Number(this.#slider.value)));
      this.emit('change', { flops: this.flops, law: this.law });
    });
    this.#law.addEventListener('change', () => { this.schedule(); this.emit('change', { flops: this.flops, law: this.law }); });
  }

  /** The budget C in FLOPs. */
  get flops() { return numberAttr(this, 'flops', 5.76e23); }
  set flops(v) { this.setAttribute('flops', String(v)); }
  /** The Kaplan law shown: 'N' | 'D' | 'C'. */
  get law() { return this.#law.querySelector('input:checked').value; }
  set law(v) { const r = this.#law.querySelector(`input[value="${v}"]`); if (r) { r.checked = true; this.schedule(); } }

  render() {
    const L = this.language;
    const C = this.flops;
    if (Math.abs(Number(this.#slider.value) - Math.log10(C)) > 0.025) this.#slider.value = String(Math.log10(C));
    this.#out.textContent = `${formatNumber(C)} FLOPs`;
    this.#texts.cName.textContent = t('scaling.budget', {}, L);
    this.#texts.isoTitle.textContent = t('scaling.iso.title', {}, L);
    const best = attn.chinchillaOptimum(C);
    const rule = Math.sqrt(C / (6 * PER_PARAM)); // 6 · N · 20N = C
    const lossAt = (N, budget) => attn.chinchillaLoss(N, budget / (6 * N));
    const curve = (budget) => logRange(1e6, Math.min(1e14, budget / 6 / 1e6), 60).map((N) => [N, lossAt(N, budget)]);
    const frontier = logRange(1e17, 1e27, 41).map((c) => attn.chinchillaOptimum(c)).map((o) => [o.params, o.loss]);
    this.#iso.setAttribute('x-label', t('scaling.params', {}, L));
    this.#iso.setAttribute('y-label', t('scaling.loss', {}, L));
    const real = realModelRows(attn);
    this.#iso.series = [
      ...ISO.map((c) => ({ label: `C = ${formatNumber(c)}`, points: curve(c), color: CHART_COLORS.grey })),
      { label: `C = ${formatNumber(C)}`, points: curve(C), color: CHART_COLORS.blue },
      { label: t('scaling.frontier', {}, L), points: frontier, color: CHART_COLORS.orange, dashed: true },
      { label: t('scaling.optimum', {}, L), points: [[best.params, best.loss]], color: CHART_COLORS.orange, dot: true },
      { label: t('scaling.rule', {}, L), points: [[rule, lossAt(rule, C)]], color: CHART_COLORS.green, dot: true },
      // the real models: each a dot on its own iso-FLOP curve (dotted), the fit's optimum on that curve as the curve's lowest point
      ...real.flatMap((m) => [
        { label: t('scaling.real.curve', { name: m.name, c: formatNumber(m.flops) }, L), points: curve(m.flops), color: m.color, dotted: true },
        { label: t('scaling.real.dot', { name: m.name, d: formatNumber(m.tokens) }, L), points: [[m.params, m.loss]], color: m.color, dot: true },
      ]),
    ];
    this.#iso.marker = best.params;
    this.#facts.replaceChildren(facts([
      [t('scaling.nstar', {}, L), formatNumber(best.params)],
      [t('scaling.dstar', {}, L), formatNumber(best.tokens)],
      [t('scaling.ratio', {}, L), formatNumber(best.tokens / best.params)],
      [t('scaling.lstar', {}, L), formatNumber(best.loss, 4)],
      [t('scaling.rule.n', {}, L), formatNumber(rule)],
      [t('scaling.rule.d', {}, L), formatNumber(PER_PARAM * rule)],
      [t('scaling.rule.loss', {}, L), formatNumber(lossAt(rule, C), 4)],
    ]));
    this.#texts.realTitle.textContent = t('scaling.real.title', {}, L);
    this.#real.replaceChildren(facts(real.map((m) => [
      t('scaling.real.fact', { name: m.name }, L),
      t('scaling.real.value', { n: formatNumber(m.params), d: formatNumber(m.tokens), c: formatNumber(m.flops), nstar: formatNumber(m.optimum.params), ratio: formatNumber(m.sizeRatio, 2), perParam: formatNumber(m.tokensPerParam, 2) }, L),
    ])));
    this.#real.querySelector('dl').id = 'real-models';
    this.#texts.realNote.textContent = t('scaling.real.note', {}, L);
    const k = attn.CHINCHILLA_CONSTANTS;
    const constants = `A = ${k.A}, B = ${k.B}, E = ${k.E}, α = ${k.alpha}, β = ${k.beta}`;
    this.#texts.isoNote.textContent = t('scaling.iso.note', { ratio: formatNumber(best.tokens / best.params), constants }, L);
    this.#texts.kaplanTitle.textContent = t('scaling.kaplan.title', {}, L);
    this.#texts.lawLegend.textContent = t('scaling.kaplan.legend', {}, L);
    const law = KAPLAN[this.law];
    const formula = (v) => `L(${v}) = (${formatNumber(KAPLAN[v].scale)}/${v})^${KAPLAN[v].exponent}`;
    this.#kaplan.setAttribute('x-label', t(`scaling.kaplan.x.${this.law}`, {}, L));
    this.#kaplan.setAttribute('y-label', t('scaling.loss', {}, L));
    this.#kaplan.series = [{
      label: formula(this.law),
      points: logRange(law.from, law.to, 50).map((x) => [x, (law.scale / x) ** law.exponent]),
    }];
    this.#kaplan.marker = this.law === 'C' ? C : null;
    this.#texts.kaplanNote.textContent = t('scaling.kaplan.note', { laws: ['N', 'D', 'C'].map(formula).join(', ') }, L);
  }
}
