// <attn-position-extrapolation>: positions beyond the training length, live.
// Trains the same tiny model once per position scheme (runPositionExtrapolation)
// in a Worker (progress, pause, resume, cancel) and draws the held-out loss
// against position up to 4·L, one curve per scheme, with the training length
// marked; learned positions stop at L, and the element says why. The
// project's reference run is drawn beside it, labelled.
// Attributes: steps, train-length, seed; `settings-change` when the reader changes one.
import { el } from './dom.js';
import { AttnElement } from './attn-element.js';
import { numberFields, readSettings, writeSettings, renderFields } from './experiment-fields.js';
import { t } from './i18n.js';
import { AttnLineChart } from './attn-line-chart.js';
import { formatNumber } from './line-chart-scale.js';
import { EXPERIMENT_STYLE, facts } from './experiment-style.js';
import { ExperimentRun, runControls, fetchReference } from './experiment-run.js';
import { halfUnitBounds, setYBounds } from './chart-bounds.js';
import './sweep-messages.js';

const REFERENCE_URL = new URL('../experiments/reference/position-extrapolation.json', import.meta.url);
const FIELDS = [['steps', 'steps', 25, 3000, 25, 300], ['train-length', 'trainLength', 8, 64, 8, 32], ['seed', 'seed', 0, 9999, 1, 1]];
export const SCHEME_COLORS = { none: '#5b6675', sinusoidal: '#c2410c', learned: '#7e22ce', rope: '#3451b2', alibi: '#15803d' };

export class AttnPositionExtrapolation extends AttnElement {
  static tag = 'attn-position-extrapolation';
  static uses = { 'attn-line-chart': AttnLineChart };
  static get observedAttributes() { return [...FIELDS.map((f) => f[0]), 'lang']; }

  #fields; #controls; #chart; #refChart; #facts; #texts = {};
  #run; #fraction = 0; #live = null; #reference = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#fields = numberFields(this, FIELDS);
    this.#run = new ExperimentRun('position-extrapolation', { onState: (state) => { this.schedule(); this.emit('state-change', { state }); } });
    this.#controls = runControls(this.#run, () => this.run());
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
    root.append(el('style', null, EXPERIMENT_STYLE), this.#fields.row, this.#controls.element,
      this.#texts.live, this.#chart, this.#texts.ref, this.#refChart, this.#texts.learned, this.#facts, this.#texts.note, this.#texts.reference);
    this.onDisconnect(() => this.#run.dispose());
  }

  connected() {
    if (this.#reference) return;
    fetchReference(REFERENCE_URL).then((ref) => { this.#reference = ref; this.schedule(); this.emit('reference-load'); });
  }

  get settings() { return readSettings(this, FIELDS); }
  set settings(s) { writeSettings(this, FIELDS, s); }
  get state() { return this.#run.state; }
  /** The live run so far: { options, step, steps, results } (null before a run). */
  get data() { return this.#live; }
  get reference() { return this.#reference?.failed ? null : this.#reference; }

  async run() {
    const s = this.settings;
    const trainLength = s.trainLength - (s.trainLength % 4); // bins of 4 positions must divide L
    const options = { steps: s.steps, trainLength, seed: s.seed, binWidth: 4, reportEvery: Math.max(5, Math.round(s.steps / 10)) };
    this.#live = { options, step: 0, steps: 0, results: [] };
    this.#fraction = 0;
    const data = await this.#run.start(options, (event) => this.#onProgress(event));
    if (data) {
      this.#live = { ...data, step: this.#live.steps, steps: this.#live.steps };
      this.schedule();
      this.emit('run-end', { data });
    }
  }
  pause() { this.#run.pause(); }
  resume() { this.#run.resume(); }
  cancel() { this.#run.cancel(); }

  #onProgress(event) {
    this.#live.results[event.index] = event.result;
    Object.assign(this.#live, { step: event.step, steps: event.steps });
    this.#fraction = event.fraction;
    this.schedule();
  }

  #series(results, L, suffix) {
    return results.filter((r) => r?.loss.length).map((r) => ({
      label: t(`pos.scheme.${r.scheme}`, {}, L) + suffix, points: r.positions.map((p, i) => [p, r.loss[i]]), color: SCHEME_COLORS[r.scheme],
    }));
  }

  render() {
    const L = this.language;
    const s = this.settings;
    renderFields(this, FIELDS, this.#fields, (option) => t(`pos.${option}`, {}, L), s);
    const live = this.#live;
    this.#controls.update((key) => t(`sweep.${key}`, {}, L), {
      fraction: this.#fraction,
      statusText: t(`sweep.state.${this.#run.state}`, { step: live?.step ?? 0, steps: live?.steps || '…', message: this.#run.message }, L),
    });
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
