// <attn-residual-gradient>: why residual connections keep gradients alive.
// A stack of L layers, residual on (x ← x + W_l x: the gradient is the
// product Π(I + W_l), for d = 1 the lecture's Π(1 + w_l)) and off (Π W_l);
// and an RNN read back over ~100 steps, plain (the gradient vanishes) and
// with a residual path. Gains against depth on log axes; numbers from
// residual-numbers.js (products by the core's matmul).
import { el } from './dom.js';
import { formatExact, formatShort } from './format.js';
import { t } from './i18n.js';
import { TopicElement, rangeField } from './topic-element.js';
import { linePlot, plotLegend } from './line-plot.js';
import { CHART_COLORS } from './chart-colors.js';
import { stackGradients, rnnGradients } from './residual-numbers.js';
import './residual-messages.js';

const ATTRIBUTES = ['layers', 'dim', 'sigma', 'radius', 'steps', 'seed', 'caption', 'lang'];
const STYLE = 'h4 { font-size: 13.5px; margin: 12px 0 4px; font-weight: 650; }';

/** A gain for reading: 3 significant digits, in powers of ten when small or large. */
const formatGain = (v) => (v !== 0 && (Math.abs(v) < 1e-3 || Math.abs(v) >= 1e4) ? v.toExponential(2) : formatShort(v));

/** Finite, positive values only (a log axis): an underflowed gain is drawn as far as it lasts. */
const positive = (ys) => ys.map((y) => (y > 0 && Number.isFinite(y) ? y : NaN));

export class AttnResidualGradient extends TopicElement {
  static tag = 'attn-residual-gradient';
  static get observedAttributes() { return ATTRIBUTES; }
  static STYLE = STYLE;

  #ui = null; #last = null;

  build(root) {
    const f = {
      layers: rangeField({ min: 1, max: 60, value: 24 }), dim: rangeField({ min: 1, max: 32, value: 1 }),
      sigma: rangeField({ min: 0.05, max: 1.5, step: 0.05, value: 0.5 }),
      radius: rangeField({ min: 0.1, max: 1.5, step: 0.05, value: 0.9 }), steps: rangeField({ min: 10, max: 200, step: 10, value: 100 }),
      seed: rangeField({ min: 1, max: 50, value: 1 }),
    };
    const stackControls = el('div', 'controls'), rnnControls = el('div', 'controls');
    for (const [name, field] of Object.entries(f)) {
      field.label.dataset.control = name;
      field.input.addEventListener('input', () => this.setAttribute(name, field.input.value));
      (['radius', 'steps'].includes(name) ? rnnControls : stackControls).append(field.label);
    }
    const ui = {
      f, title: el('h3', 'title'), rule: el('p', 'rule'), stackHead: el('h4'), stack: el('div'), readout: el('dl', 'readout'),
      rnnHead: el('h4'), rnnRule: el('p', 'rule'), rnn: el('div'), rnnReadout: el('dl', 'readout'), note: el('p', 'note'),
    };
    ui.readout.setAttribute('aria-live', 'polite');
    root.append(ui.title, ui.rule, stackControls, ui.stackHead, ui.stack, ui.readout, ui.rnnHead, ui.rnnRule, rnnControls, ui.rnn, ui.rnnReadout, ui.note);
    this.#ui = ui;
  }

  /** The numbers last shown: {stack: {depth, residual, plain, weights}, rnn: {k, plain, residual}}, or null. */
  get values() { return this.#last; }

  update(lang) {
    const s = {
      layers: this.int('layers', 24, 1, 200), dim: this.int('dim', 1, 1, 64), sigma: this.num('sigma', 0.5, { min: 0, max: 10 }),
      radius: this.num('radius', 0.9, { min: 0, max: 5 }), steps: this.int('steps', 100, 1, 500), seed: this.int('seed', 1, 0, 2 ** 32 - 1),
    };
    const stack = stackGradients({ layers: s.layers, dim: s.dim, sigma: s.sigma, seed: s.seed });
    const rnn = rnnGradients({ steps: s.steps, dim: 16, radius: s.radius, seed: s.seed });
    const ui = this.#ui;
    ui.title.textContent = this.getAttribute('caption') ?? t('res.title', {}, lang);
    ui.rule.textContent = t('res.rule', {}, lang);
    for (const [name, field] of Object.entries(ui.f)) {
      field.name.textContent = t(`res.${name}`, {}, lang);
      field.input.value = String(s[name]);
      field.output.textContent = formatExact(s[name]);
    }
    const on = t('res.on', {}, lang), off = t('res.off', {}, lang);
    const stackSeries = [
      { name: on, xs: stack.depth, ys: positive(stack.residual), colour: CHART_COLORS.blue },
      { name: off, xs: stack.depth, ys: positive(stack.plain), colour: CHART_COLORS.orange, dashed: true },
    ];
    ui.stackHead.textContent = t(s.dim === 1 ? 'res.stack.scalar' : 'res.stack.matrix', { d: s.dim }, lang);
    ui.stack.replaceChildren(linePlot(stackSeries, { height: 220, logY: true, xLabel: t('res.axis.depth', {}, lang), yLabel: t('res.axis.gain', {}, lang), label: ui.stackHead.textContent }), plotLegend(stackSeries));
    const last = s.layers - 1;
    const rows = [
      ['res.readout.on', formatGain(stack.residual[last]), 'residual'],
      ['res.readout.off', formatGain(stack.plain[last]), 'plain'],
    ];
    if (s.dim === 1) rows.push(['res.readout.weights', stack.weights.slice(0, 6).map((w) => formatShort(w)).join(', ') + (s.layers > 6 ? ', …' : ''), 'weights']);
    ui.readout.replaceChildren(...rows.flatMap(([key, value, id]) => {
      const dd = el('dd', id, value);
      if (id !== 'weights') dd.dataset.value = String(id === 'residual' ? stack.residual[last] : stack.plain[last]);
      return [el('dt', null, t(key, { L: s.layers, d: s.dim }, lang)), dd];
    }));
    const rnnSeries = [
      { name: on, xs: rnn.k, ys: positive(rnn.residual), colour: CHART_COLORS.blue },
      { name: off, xs: rnn.k, ys: positive(rnn.plain), colour: CHART_COLORS.orange, dashed: true },
    ];
    ui.rnnHead.textContent = t('res.rnn.title', { T: s.steps }, lang);
    ui.rnnRule.textContent = t('res.rnn.rule', {}, lang);
    ui.rnn.replaceChildren(linePlot(rnnSeries, { height: 220, logY: true, xLabel: t('res.axis.back', {}, lang), yLabel: t('res.axis.gain', {}, lang), label: ui.rnnHead.textContent }), plotLegend(rnnSeries));
    const k = s.steps;
    ui.rnnReadout.replaceChildren(...[['res.rnn.off', rnn.plain[k - 1], 'rnn-plain'], ['res.rnn.on', rnn.residual[k - 1], 'rnn-residual']].flatMap(([key, v, id]) => {
      const dd = el('dd', id, formatGain(v));
      dd.dataset.value = String(v);
      return [el('dt', null, t(key, { k }, lang)), dd];
    }));
    ui.note.textContent = t('res.note', {}, lang);
    this.#last = { stack, rnn };
    this.emit('change', { residual: stack.residual[last], plain: stack.plain[last], rnnPlain: rnn.plain[k - 1], rnnResidual: rnn.residual[k - 1] });
  }
}
