// <attn-norm-placement>: pre-LN against post-LN, live. Trains
// runNormPlacement's four variants (pre/post-LN × with/without warm-up) of
// one deep stack in a Worker (progress, pause, resume, cancel) and draws each
// layer's gradient norm at a chosen step (0 = initialisation) and the loss
// curves side by side; the project's reference run
// (web/experiments/reference/norm-placement.json) is drawn dashed, labelled.
// Attributes: layers, learning-rate, warmup-steps, steps, seed (the run's
// options) and at-step (which recorded step the norms show).
import { el } from './dom.js';
import { AttnElement, intAttr } from './attn-element.js';
import { numberFields, readSettings, writeSettings, renderFields } from './experiment-fields.js';
import { t } from './i18n.js';
import { AttnLineChart } from './attn-line-chart.js';
import { EXPERIMENT_STYLE } from './experiment-style.js';
import { ExperimentRun, runControls, fetchReference } from './experiment-run.js';
import './grokking-messages.js';

const REFERENCE_URL = new URL('../experiments/reference/norm-placement.json', import.meta.url);
const FIELDS = [
  // [attribute, option, min, max, step, default]
  ['layers', 'layers', 2, 12, 1, 8],
  ['learning-rate', 'learningRate', 0.0001, 0.05, 0.0001, 0.003],
  ['warmup-steps', 'warmupSteps', 1, 500, 1, 50],
  ['steps', 'steps', 10, 1000, 10, 100],
  ['seed', 'seed', 0, 9999, 1, 1],
];
const VARIANTS = ['pre-ln-warmup', 'pre-ln', 'post-ln-warmup', 'post-ln'];
const COLORS = { 'pre-ln-warmup': '#15803d', 'pre-ln': '#0e7490', 'post-ln-warmup': '#c2410c', 'post-ln': '#b91c1c' };

/** The norms recorded at `step` (or the last recorded before it) of a variant's history. */
function normsAt(history, step) {
  let found = null;
  for (const r of history) if (r.layerNorms && r.step <= step) found = r;
  return found;
}

export class AttnNormPlacement extends AttnElement {
  static tag = 'attn-norm-placement';
  static uses = { 'attn-line-chart': AttnLineChart };
  static get observedAttributes() { return [...FIELDS.map((f) => f[0]), 'at-step', 'lang']; }

  #fields; #controls; #fraction = 0; #charts = {}; #titles = {}; #note;
  #run; #live = null; #reference = null; #where = { variant: VARIANTS[0], step: 0 };

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#fields = numberFields(this, [...FIELDS, ['at-step', null, 0, 1000, 1]]);
    this.#run = new ExperimentRun('norm-placement', { onState: (state) => { this.schedule(); this.emit('state-change', { state }); } });
    this.#controls = runControls(this.#run, () => this.run());
    const parts = [];
    for (const name of ['layers', 'loss']) {
      this.#titles[name] = el('h3');
      this.#charts[name] = new AttnLineChart();
      parts.push(this.#titles[name], this.#charts[name]);
    }
    this.#charts.layers.setAttribute('log-y', '');
    this.#note = el('p', 'note');
    root.append(el('style', null, EXPERIMENT_STYLE), this.#fields.row, this.#controls.element, ...parts, this.#note);
    this.onDisconnect(() => this.#run.dispose());
  }

  connected() {
    if (this.#reference) return;
    fetchReference(REFERENCE_URL).then((ref) => { this.#reference = ref; this.schedule(); this.emit('reference-load'); });
  }

  /** The run's options from the attributes. */
  get settings() { return readSettings(this, FIELDS); }
  set settings(s) { writeSettings(this, FIELDS, s); }
  /** The recorded step whose gradient norms are drawn (0 = initialisation). */
  get atStep() { return intAttr(this, 'at-step', 0, 0, 1000); }
  /** 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed' */
  get state() { return this.#run.state; }
  /** The live run's data so far ({options, variants: [{id, prenorm, warmup, history}]}; null before a run). */
  get data() { return this.#live; }
  /** The committed reference run, once loaded. */
  get reference() { return this.#reference?.failed ? null : this.#reference; }

  async run() {
    const options = this.settings;
    this.#live = { options, variants: [] };
    this.#fraction = 0;
    const data = await this.#run.start(options, (event) => this.#onProgress(event));
    if (data) {
      this.#live = data;
      this.#fraction = 1;
      this.schedule();
      this.emit('run-end', { data });
    }
  }
  pause() { this.#run.pause(); }
  resume() { this.#run.resume(); }
  cancel() { this.#run.cancel(); }

  #onProgress(event) {
    const live = this.#live;
    let entry = live.variants.find((v) => v.id === event.variant);
    if (!entry) { entry = { id: event.variant, history: [] }; live.variants.push(entry); }
    // Progress comes at recorded steps; the loss between them is in the final data.
    entry.history.push(event.record);
    this.#where = { variant: event.variant, step: event.step };
    this.#fraction = event.fraction;
    this.schedule();
  }

  render() {
    const L = this.language;
    const s = this.settings;
    renderFields(this, FIELDS, this.#fields, (option) => t(`norm.${option}`, {}, L), s);
    this.#fields.names['at-step'].textContent = t('norm.step', {}, L);
    if (this.shadowRoot.activeElement !== this.#fields.inputs['at-step']) this.#fields.inputs['at-step'].value = String(this.atStep);
    const variantName = (id) => t(`norm.variant.${id}`, {}, L);
    this.#controls.update((key) => t(`grok.${key}`, {}, L), {
      fraction: this.#fraction,
      statusText: t(`norm.state.${this.state}`, {
        variant: variantName(this.#where.variant), step: this.#where.step, steps: this.#live?.options.steps ?? s.steps, message: this.#run.message,
      }, L),
    });
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
    add(this.#live?.variants, false);
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
