// <attn-norm-placement>: pre-LN against post-LN, live. Trains
// runNormPlacement's four variants (pre/post-LN × with/without warm-up) of
// one deep stack in a Worker (progress, pause, resume, cancel) and draws each
// layer's gradient norm at a chosen step (0 = initialisation) and the loss
// curves side by side; the project's reference run
// (web/experiments/reference/norm-placement.json) is drawn dashed, labelled.
// Attributes: layers, learning-rate, warmup-steps, steps, seed (the run's
// options) and at-step (which recorded step the norms show).
import { el } from './dom.js';
import { intAttr } from './attn-element.js';
import { ExperimentElement } from './experiment-element.js';
import { numberFields } from './experiment-fields.js';
import { t } from './i18n.js';
import { AttnLineChart } from './attn-line-chart.js';
import './grokking-messages.js';
import { CHART_COLORS } from './chart-colors.js';

const FIELDS = [
  // [attribute, option, min, max, step, default]
  ['layers', 'layers', 2, 12, 1, 8],
  ['learning-rate', 'learningRate', 0.0001, 0.05, 0.0001, 0.003],
  ['warmup-steps', 'warmupSteps', 1, 500, 1, 50],
  ['steps', 'steps', 10, 1000, 10, 100],
  ['seed', 'seed', 0, 9999, 1, 1],
];
const VARIANTS = ['pre-ln-warmup', 'pre-ln', 'post-ln-warmup', 'post-ln'];
const COLORS = { 'pre-ln-warmup': CHART_COLORS.green, 'pre-ln': CHART_COLORS.teal, 'post-ln-warmup': CHART_COLORS.orange, 'post-ln': CHART_COLORS.purple };

/** The norms recorded at `step` (or the last recorded before it) of a variant's history. */
function normsAt(history, step) {
  let found = null;
  for (const r of history) if (r.layerNorms && r.step <= step) found = r;
  return found;
}

export class AttnNormPlacement extends ExperimentElement {
  static tag = 'attn-norm-placement';
  static uses = { 'attn-line-chart': AttnLineChart };
  static experiment = 'norm-placement';
  static referenceUrl = new URL('../experiments/reference/norm-placement.json', import.meta.url);
  static fields = FIELDS;
  static get observedAttributes() { return [...FIELDS.map((f) => f[0]), 'at-step', 'lang']; }

  #charts = {}; #titles = {}; #note; #where = { variant: VARIANTS[0], step: 0 };

  constructor() {
    super();
    // Which recorded step the norms show: an input after the run's settings, not one of them.
    numberFields(this, [['at-step', null, 0, 1000, 1]], this.settingsForm);
    const parts = [];
    for (const name of ['layers', 'loss']) {
      this.#titles[name] = el('h3');
      this.#charts[name] = new AttnLineChart();
      parts.push(this.#titles[name], this.#charts[name]);
    }
    this.#charts.layers.setAttribute('log-y', '');
    this.#note = el('p', 'note');
    this.shadowRoot.append(...parts, this.#note);
  }

  /** The recorded step whose gradient norms are drawn (0 = initialisation). */
  get atStep() { return intAttr(this, 'at-step', 0, 0, 1000); }

  startData(options) { return { options, variants: [] }; }

  progressed(live, event) {
    let entry = live.variants.find((v) => v.id === event.variant);
    if (!entry) { entry = { id: event.variant, history: [] }; live.variants.push(entry); }
    // Progress comes at recorded steps; the loss between them is in the final data.
    entry.history.push(event.record);
    this.#where = { variant: event.variant, step: event.step };
  }

  render() {
    const L = this.language;
    const s = this.settings;
    this.renderSettings((option) => t(`norm.${option}`, {}, L));
    const { names, inputs } = this.settingsForm;
    names['at-step'].textContent = t('norm.step', {}, L);
    if (this.shadowRoot.activeElement !== inputs['at-step']) inputs['at-step'].value = String(this.atStep);
    const variantName = (id) => t(`norm.variant.${id}`, {}, L);
    this.renderControls((key) => t(`grok.${key}`, {}, L), (state, message) => t(`norm.state.${state}`, {
      variant: variantName(this.#where.variant), step: this.#where.step, steps: this.data?.options.steps ?? s.steps, message,
    }, L));
    const ref = this.reference;
    const at = this.atStep;
    const layers = [];
    const loss = [];
    const add = (variants, dashed) => {
      for (const v of variants ?? []) {
        const label = dashed ? t('norm.reference', { variant: variantName(v.id) }, L) : variantName(v.id);
        const r = normsAt(v.history, at);
        if (r) layers.push({ label: `${label} · ${r.step}`, points: r.layerNorms.map((n, i) => [i, n]), color: COLORS[v.id], dashed, dot: !dashed });
        loss.push({ label, points: v.history.map((h) => [h.step, h.loss]), color: COLORS[v.id], dashed });
      }
    };
    if (ref) add(ref.data.variants, true);
    add(this.data?.variants, false);
    for (const name of ['layers', 'loss']) this.#titles[name].textContent = t(`norm.${name}.title`, {}, L);
    this.#charts.layers.setAttribute('x-label', t('norm.axis.layer', {}, L));
    this.#charts.layers.setAttribute('y-label', t('norm.axis.norm', {}, L));
    this.#charts.layers.series = layers;
    this.#charts.loss.setAttribute('x-label', t('norm.axis.step', {}, L));
    this.#charts.loss.setAttribute('y-label', t('norm.axis.loss', {}, L));
    // Losses move little in the first steps: the y axis starts just below the lowest.
    const lows = loss.flatMap((x) => x.points.map((q) => q[1])).filter(Number.isFinite);
    if (lows.length) this.#charts.loss.setAttribute('y-min', String(Math.max(0, Math.floor(Math.min(...lows) * 10) / 10 - 0.1)));
    this.#charts.loss.series = loss;
    this.#note.textContent = ref ? t('norm.note', { command: ref.command, seed: ref.options.seed, seconds: Math.round(ref.madeOn.seconds), cpu: Math.round(ref.madeOn.cpuSeconds ?? ref.madeOn.seconds) }, L) : '';
  }
}
