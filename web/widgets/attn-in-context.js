// <attn-in-context>: in-context learning as a gradient step, live. Trains the
// linear self-attention layer of runInContextRegression in a Worker
// (ExperimentWorker: progress, pause, resume, cancel) and draws, as it goes,
// its error against the prompt length n next to one GD step and ridge, and
// how close its matrices are to the GD construction. The project's
// reference run (web/experiments/reference/) is drawn beside it, labelled.
// Attributes: steps, context-length, dims, noise, seed (the run's options);
// `settings-change` fires when the reader changes one.
import { el } from './dom.js';
import { ExperimentElement } from './experiment-element.js';
import { t } from './i18n.js';
import { AttnLineChart } from './attn-line-chart.js';
import { AttnHeatmap } from './attn-heatmap.js';
import { formatNumber } from './line-chart-scale.js';
import { facts } from './experiment-style.js';
import './experiment-messages.js';
import { CHART_COLORS } from './chart-colors.js';

const FIELDS = [
  // [attribute, option, min, max, step, default]
  ['steps', 'steps', 100, 5000, 100, 1000],
  ['context-length', 'contextLength', 2, 40, 1, 20],
  ['dims', 'dims', 1, 10, 1, 5],
  ['noise', 'noise', 0, 1, 0.05, 0.1],
  ['seed', 'seed', 0, 9999, 1, 1],
];

export class AttnInContext extends ExperimentElement {
  static tag = 'attn-in-context';
  static uses = { 'attn-line-chart': AttnLineChart, 'attn-heatmap': AttnHeatmap };
  static experiment = 'in-context-regression';
  static referenceUrl = new URL('../experiments/reference/in-context-regression.json', import.meta.url);
  static fields = FIELDS;

  #byN; #training; #facts; #gamma; #texts = {};

  constructor() {
    super();
    this.#texts.byN = el('h3');
    this.#byN = new AttnLineChart();
    this.#byN.setAttribute('log-y', '');
    this.#texts.training = el('h3');
    this.#training = new AttnLineChart();
    this.#training.setAttribute('log-y', '');
    this.#facts = el('div');
    this.#texts.gamma = el('h3');
    this.#gamma = new AttnHeatmap();
    this.#gamma.setAttribute('show-values', '');
    this.#texts.note = el('p', 'note');
    this.shadowRoot.append(this.#texts.byN, this.#byN, this.#texts.training, this.#training, this.#facts, this.#texts.gamma, this.#gamma, this.#texts.note);
  }

  runOptions(s) { return { ...s, maxContextLength: 40, reportEvery: Math.max(10, Math.round(s.steps / 20)) }; }
  startData(options) { return { options, history: [], step: 0 }; }
  progressed(live, event) {
    Object.assign(live, { final: event.snapshot, step: event.step, baselines: event.baselines });
    live.history.push(event.snapshot);
  }
  finished(data, live) { return { ...data, options: live.options }; }

  render() {
    const L = this.language;
    const s = this.settings;
    this.renderSettings((option) => t(`icl.${option}`, {}, L));
    const live = this.data;
    this.renderControls((key) => t(`icl.${key}`, {}, L), (state, message) => t(`icl.state.${state}`, { step: live?.step ?? 0, steps: live?.options.steps ?? s.steps, message }, L));
    const ref = this.reference;
    this.#texts.byN.textContent = t('icl.byN.title', {}, L);
    this.#texts.training.textContent = t('icl.training.title', {}, L);
    const byN = [];
    const pts = (xs, ys) => xs.map((x, i) => [x, ys[i]]);
    const ns = Array.from({ length: 40 }, (_, i) => i + 1);
    // GD and ridge on the live run's own prompts once it runs, else the reference's.
    const base = live?.baselines ?? ref?.data.baselines;
    const baseN = live?.baselines ? live.options.contextLength : ref?.options.contextLength;
    if (base) {
      byN.push({ label: t('icl.series.gd', { n: baseN }, L), points: pts(base.n, base.gdTrainStep), color: CHART_COLORS.orange });
      byN.push({ label: t('icl.series.gdBest', {}, L), points: pts(base.n, base.gdBest), color: CHART_COLORS.orange, dashed: true });
      byN.push({ label: t('icl.series.ridge', {}, L), points: pts(base.n, base.ridge), color: CHART_COLORS.green });
    }
    // The layers last, drawn over the GD curve they should lie on.
    if (ref) byN.push({ label: t('icl.series.refLayer', { steps: ref.options.steps }, L), points: pts(ref.data.baselines.n, ref.data.final.lsaByN), color: 'var(--attn-ink, #1b2430)', dashed: true });
    if (live?.final) byN.push({ label: t('icl.series.layer', { step: live.step }, L), points: pts(ns, live.final.lsaByN), color: 'var(--attn-accent, #3451b2)' });
    this.#byN.setAttribute('x-label', t('icl.axis.n', {}, L));
    this.#byN.setAttribute('y-label', t('icl.axis.error', {}, L));
    this.#byN.series = byN;
    const curve = (hist, key) => hist.filter((h) => h.step > 0).map((h) => [h.step, h[key]]);
    const training = [];
    if (live?.history.length) {
      training.push({ label: t('icl.series.vsGd', {}, L), points: curve(live.history, 'lsaVsGd'), color: 'var(--attn-accent, #3451b2)' });
      training.push({ label: t('icl.series.gamma', {}, L), points: curve(live.history, 'gammaDistance'), color: CHART_COLORS.purple });
    }
    if (ref) {
      training.push({ label: t('icl.series.refVsGd', {}, L), points: curve(ref.data.history, 'lsaVsGd'), color: 'var(--attn-ink, #1b2430)', dashed: true });
      training.push({ label: t('icl.series.refGamma', {}, L), points: curve(ref.data.history, 'gammaDistance'), color: CHART_COLORS.purple, dashed: true });
    }
    this.#training.setAttribute('x-label', t('icl.axis.step', {}, L));
    this.#training.setAttribute('y-label', t('icl.axis.distance', {}, L));
    this.#training.series = training;
    const shown = live?.final ? live : ref?.data;
    const opts = live?.final ? live.options : ref?.options;
    if (shown?.final && opts) {
      const g = shown.final.gamma, d = opts.dims;
      let diag = 0, off = 0;
      for (let a = 0; a < d; a++) for (let c = 0; c < d; c++) { if (a === c) diag += g[a * d + c] / d; else off = Math.max(off, Math.abs(g[a * d + c])); }
      // Γ as a d × d heatmap, in units of 2η* so that the GD construction is the identity.
      const c = 1 / (opts.contextLength + d + 1 + opts.noise ** 2);
      this.#texts.gamma.textContent = t('icl.gamma.title', {}, L);
      this.#gamma.setAttribute('caption', t('icl.gamma.caption', {}, L));
      this.#gamma.tokens = Array.from({ length: d }, (_, a) => `x${a + 1}`);
      this.#gamma.data = Array.from({ length: d }, (_, a) => Array.from({ length: d }, (_, b) => g[a * d + b] / c));
      this.#facts.replaceChildren(facts([
        [t('icl.fact.which', {}, L), t(live?.final ? 'icl.fact.live' : 'icl.fact.reference', {}, L)],
        [t('icl.fact.step', { n: opts.contextLength, d, s: opts.noise }, L), formatNumber(1 / (opts.contextLength + d + 1 + opts.noise ** 2), 4)],
        [t('icl.fact.diag', {}, L), formatNumber(diag, 4)],
        [t('icl.fact.off', {}, L), formatNumber(off, 2)],
        [t('icl.fact.errors', { n: opts.contextLength }, L), `${formatNumber(shown.final.lsaError)} · ${formatNumber(shown.final.gdError)} · ${formatNumber(shown.final.ridgeError)}`],
      ]));
    }
    this.#texts.note.textContent = ref ? t('icl.note', { command: ref.command, seed: ref.options.seed, seconds: formatNumber(ref.madeOn.seconds, 2) }, L) : '';
  }
}
