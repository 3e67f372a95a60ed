// <attn-position-extrapolation>: positions beyond the training length, live.
// Trains the same tiny model once per position scheme (runPositionExtrapolation)
// in a Worker (progress, pause, resume, cancel) and draws the held-out loss
// against position up to 4·L, one curve per scheme, with the training length
// marked; learned positions stop at L, and the element says why. The
// project's reference run is drawn beside it, labelled.
// Attributes: steps, train-length, seed; `settings-change` when the reader changes one.
import { el } from './dom.js';
import { ExperimentElement } from './experiment-element.js';
import { t } from './i18n.js';
import { AttnLineChart } from './attn-line-chart.js';
import { formatNumber } from './line-chart-scale.js';
import { facts } from './experiment-style.js';
import { halfUnitBounds, setYBounds } from './chart-bounds.js';
import './sweep-messages.js';
import { CHART_COLORS } from './chart-colors.js';

const FIELDS = [['steps', 'steps', 25, 3000, 25, 300], ['train-length', 'trainLength', 8, 64, 8, 32], ['seed', 'seed', 0, 9999, 1, 1]];
export const SCHEME_COLORS = { none: CHART_COLORS.grey, sinusoidal: CHART_COLORS.orange, learned: CHART_COLORS.purple, rope: CHART_COLORS.blue, alibi: CHART_COLORS.green };

export class AttnPositionExtrapolation extends ExperimentElement {
  static tag = 'attn-position-extrapolation';
  static uses = { 'attn-line-chart': AttnLineChart };
  static experiment = 'position-extrapolation';
  static referenceUrl = new URL('../experiments/reference/position-extrapolation.json', import.meta.url);
  static fields = FIELDS;

  #chart; #refChart; #facts; #texts = {};

  constructor() {
    super();
    this.#texts.live = el('h3');
    this.#chart = new AttnLineChart();
    this.#chart.id = 'live-chart';
    this.#texts.ref = el('h3');
    this.#refChart = new AttnLineChart();
    this.#refChart.id = 'reference-chart';
    this.#texts.learned = el('p', 'note');
    this.#facts = el('div');
    this.#texts.note = el('p', 'note');
    this.#texts.reference = el('p', 'note');
    this.shadowRoot.append(this.#texts.live, this.#chart, this.#texts.ref, this.#refChart, this.#texts.learned, this.#facts, this.#texts.note, this.#texts.reference);
  }

  runOptions(s) {
    const trainLength = s.trainLength - (s.trainLength % 4); // bins of 4 positions must divide L
    return { steps: s.steps, trainLength, seed: s.seed, binWidth: 4, reportEvery: Math.max(5, Math.round(s.steps / 10)) };
  }
  startData(options) { return { options, step: 0, steps: 0, results: [] }; }
  progressed(live, event) {
    live.results[event.index] = event.result;
    Object.assign(live, { step: event.step, steps: event.steps });
  }
  finished(data, live) { return { ...data, step: live.steps, steps: live.steps }; }

  #series(results, L, suffix) {
    return results.filter((r) => r?.loss.length).map((r) => ({
      label: t(`pos.scheme.${r.scheme}`, {}, L) + suffix, points: r.positions.map((p, i) => [p, r.loss[i]]), color: SCHEME_COLORS[r.scheme],
      dashed: suffix !== '', // the committed reference run, dashed as on every experiment page
    }));
  }

  render() {
    const L = this.language;
    const s = this.settings;
    this.renderSettings((option) => t(`pos.${option}`, {}, L));
    const live = this.data;
    this.renderControls((key) => t(`sweep.${key}`, {}, L), (state, message) => t(`sweep.state.${state}`, { step: live?.step ?? 0, steps: live?.steps || '…', message }, L));
    this.#texts.live.textContent = t('pos.live.title', { L: live?.options.trainLength ?? s.trainLength }, L);
    this.#texts.ref.textContent = t('pos.ref.title', { L: this.reference?.data.trainLength ?? '' }, L);
    // the live chart only once a run has started; both on the same y range
    this.#texts.live.hidden = !live;
    this.#chart.style.display = live ? '' : 'none'; // (its :host rule would override `hidden`)
    const charts = [[this.#chart, live, ''], [this.#refChart, this.reference?.data, t('pos.refSuffix', {}, L)]];
    const series = charts.map(([, data, suffix]) => (data ? this.#series(data.results ?? [], L, suffix) : []));
    const bounds = halfUnitBounds(series.flat().flatMap((x) => x.points.map((p) => p[1])));
    charts.forEach(([chart, data], k) => {
      chart.setAttribute('x-label', t('pos.axis.position', {}, L));
      chart.setAttribute('y-label', t('pos.axis.loss', {}, L));
      setYBounds(chart, bounds);
      chart.series = series[k];
      chart.marker = data ? (data.trainLength ?? data.options.trainLength) - 0.5 : null;
    });
    this.#texts.learned.textContent = t('pos.learned', {}, L);
    const shown = live?.results.some((r) => r?.meanLoss) ? live : this.reference?.data;
    const cell = (v) => (v === null || v === undefined ? t('pos.cannot', {}, L) : formatNumber(v, 3));
    this.#facts.replaceChildren(facts([
      [t('pos.fact.which', {}, L), t(shown === live && live ? 'pos.fact.live' : 'pos.fact.reference', {}, L)],
      ...(shown?.results ?? []).filter((r) => r?.meanLoss).map((r) => [t(`pos.scheme.${r.scheme}`, {}, L), ['1x', '2x', '4x'].map((f) => cell(r.meanLoss[f])).join(' · ')]),
    ]));
    this.#texts.note.textContent = t('pos.note', {}, L);
    const r = this.reference;
    this.#texts.reference.textContent = r ? t('pos.reference', { command: r.command, seed: r.options.seed, steps: r.options.steps, seconds: formatNumber(r.madeOn.seconds, 3) }, L) : '';
  }
}
