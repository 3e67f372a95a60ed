// <attn-in-context>: in-context learning as a gradient step, live. Trains the
// linear self-attention layer of runInContextRegression in a Worker
// (ExperimentWorker: progress, pause, resume, cancel) and draws, as it goes,
// its error against the prompt length n next to one GD step and ridge, and
// how close its matrices are to the GD construction. The project's
// reference run (web/experiments/reference/) is drawn beside it, labelled.
// Attributes: steps, context-length, dims, noise, seed (the run's options);
// `settings-change` fires when the reader changes one.
import { el } from './dom.js';
import { AttnElement, intAttr, numberAttr } from './attn-element.js';
import { t } from './i18n.js';
import { AttnLineChart } from './attn-line-chart.js';
import { formatNumber } from './line-chart-scale.js';
import { EXPERIMENT_STYLE, facts } from './experiment-style.js';
import { ExperimentWorker } from '../experiments/experiment-worker.js';
import { runInContextRegression } from '../experiments/in-context-regression.js';
import './experiment-messages.js';

const REFERENCE_URL = new URL('../experiments/reference/in-context-regression.json', import.meta.url);
const FIELDS = [
  // [attribute, option, min, max, step, default]
  ['steps', 'steps', 100, 5000, 100, 1000],
  ['context-length', 'contextLength', 2, 40, 1, 20],
  ['dims', 'dims', 1, 10, 1, 5],
  ['noise', 'noise', 0, 1, 0.05, 0.1],
  ['seed', 'seed', 0, 9999, 1, 1],
];

export class AttnInContext extends AttnElement {
  static tag = 'attn-in-context';
  static uses = { 'attn-line-chart': AttnLineChart };
  static get observedAttributes() { return [...FIELDS.map((f) => f[0]), 'lang']; }

  #inputs = {}; #names = {}; #buttons = {}; #progress; #status; #byN; #training; #facts; #texts = {};
  #worker = null; #run = null; #paused = false; #live = null; #reference = null; #state = 'idle';

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const row = el('div', 'row');
    for (const [attr, , min, max, step] of FIELDS) {
      const label = el('label', 'field');
      this.#names[attr] = el('span', 'name');
      this.#inputs[attr] = Object.assign(el('input'), { type: 'number', min, max, step });
      this.#inputs[attr].addEventListener('change', () => {
        this.setAttribute(attr, this.#inputs[attr].value);
        this.emit('settings-change', this.settings);
      });
      label.append(this.#names[attr], this.#inputs[attr]);
      row.append(label);
    }
    const buttons = el('div', 'row');
    for (const name of ['run', 'pause', 'cancel']) {
      this.#buttons[name] = Object.assign(el('button', name === 'run' ? 'primary' : ''), { type: 'button' });
      buttons.append(this.#buttons[name]);
    }
    this.#buttons.run.addEventListener('click', () => this.run());
    this.#buttons.pause.addEventListener('click', () => (this.#paused ? this.resume() : this.pause()));
    this.#buttons.cancel.addEventListener('click', () => this.cancel());
    this.#progress = Object.assign(el('progress'), { max: 1, value: 0 });
    this.#status = el('p', 'status');
    this.#status.setAttribute('aria-live', 'polite');
    this.#texts.byN = el('h3');
    this.#byN = new AttnLineChart();
    this.#byN.setAttribute('log-y', '');
    this.#texts.training = el('h3');
    this.#training = new AttnLineChart();
    this.#training.setAttribute('log-y', '');
    this.#facts = el('div');
    this.#texts.note = el('p', 'note');
    root.append(el('style', null, EXPERIMENT_STYLE), row, buttons, this.#progress, this.#status,
      this.#texts.byN, this.#byN, this.#texts.training, this.#training, this.#facts, this.#texts.note);
    this.onDisconnect(() => { this.#worker?.terminate(); this.#worker = null; });
  }

  connected() {
    if (!this.#reference) {
      fetch(REFERENCE_URL).then((r) => r.json()).then((ref) => { this.#reference = ref; this.schedule(); this.emit('reference-load'); })
        .catch(() => { this.#reference = { failed: true }; this.schedule(); this.emit('reference-load'); });
    }
  }

  /** The run's options from the attributes. */
  get settings() {
    return Object.fromEntries(FIELDS.map(([attr, option, min, max, step, fallback]) => [option,
      step < 1 ? Math.min(max, Math.max(min, numberAttr(this, attr, fallback))) : intAttr(this, attr, fallback, min, max)]));
  }
  set settings(s) {
    for (const [attr, option] of FIELDS) if (s[option] !== undefined) this.setAttribute(attr, String(s[option]));
  }
  /** 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed' */
  get state() { return this.#state; }
  /** The live run's data so far (null before a run). */
  get data() { return this.#live; }
  /** The committed reference run ({experiment, command, options, madeOn, data}), once loaded. */
  get reference() { return this.#reference?.failed ? null : this.#reference; }

  /** Starts a run with the current settings (a run going is cancelled). */
  async run() {
    this.cancel();
    const options = { ...this.settings, maxContextLength: 40, reportEvery: Math.max(10, Math.round(this.settings.steps / 20)) };
    const controller = new AbortController();
    this.#run = controller;
    this.#paused = false;
    this.#setState('running');
    const onProgress = (event) => {
      if (this.#run !== controller) return;
      const live = this.#live && this.#live.step <= event.step && this.#live.options === options ? this.#live : { options, history: [], step: 0 };
      live.history.push(event.snapshot);
      live.final = event.snapshot;
      live.step = event.step;
      live.baselines = event.baselines;
      this.#live = live;
      this.#progress.value = event.fraction;
      this.schedule();
    };
    this.#live = { options, history: [], step: 0 };
    try {
      let data;
      if (typeof Worker === 'function') {
        this.#worker ??= new ExperimentWorker();
        data = await this.#worker.run('in-context-regression', options, { onProgress, signal: controller.signal });
      } else {
        data = await runInContextRegression(options, { onProgress, signal: controller.signal });
      }
      if (this.#run !== controller) return;
      this.#live = { ...data, options };
      this.#setState('done');
      this.emit('run-end', { data });
    } catch (e) {
      if (this.#run !== controller) return;
      this.#setState(e.name === 'AbortError' ? 'cancelled' : 'failed', e.message);
    }
  }

  pause() { if (this.#state === 'running') { this.#worker?.pause(); this.#paused = true; this.#setState('paused'); } }
  resume() { if (this.#state === 'paused') { this.#worker?.resume(); this.#paused = false; this.#setState('running'); } }
  cancel() {
    if (!this.#run) return;
    this.#run.abort();
    if (this.#paused) this.#worker?.resume();
    this.#paused = false;
    this.#run = null;
    this.#setState('cancelled');
  }

  #setState(state, message = '') {
    this.#state = state;
    this.#message = message;
    this.schedule();
    this.emit('state-change', { state });
  }

  #message = '';

  render() {
    const L = this.language;
    const s = this.settings;
    for (const [attr, option] of FIELDS) {
      this.#names[attr].textContent = t(`icl.${option}`, {}, L);
      if (this.shadowRoot.activeElement !== this.#inputs[attr]) this.#inputs[attr].value = String(s[option]);
    }
    const busy = this.#state === 'running' || this.#state === 'paused';
    this.#buttons.run.textContent = t(busy ? 'icl.restart' : 'icl.run', {}, L);
    this.#buttons.pause.textContent = t(this.#state === 'paused' ? 'icl.resume' : 'icl.pause', {}, L);
    this.#buttons.pause.disabled = !busy;
    this.#buttons.cancel.textContent = t('icl.cancel', {}, L);
    this.#buttons.cancel.disabled = !busy;
    const live = this.#live;
    this.#status.textContent = t(`icl.state.${this.#state}`, { step: live?.step ?? 0, steps: live?.options.steps ?? s.steps, message: this.#message }, L);
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
      byN.push({ label: t('icl.series.gd', { n: baseN }, L), points: pts(base.n, base.gdTrainStep), color: '#c2410c' });
      byN.push({ label: t('icl.series.gdBest', {}, L), points: pts(base.n, base.gdBest), color: '#c2410c', dashed: true });
      byN.push({ label: t('icl.series.ridge', {}, L), points: pts(base.n, base.ridge), color: '#15803d' });
    }
    // The layers last, drawn over the GD curve they should lie on.
    if (ref) byN.push({ label: t('icl.series.refLayer', { steps: ref.options.steps }, L), points: pts(ref.data.baselines.n, ref.data.final.lsaByN), color: '#1b2430', dashed: true });
    if (live?.final) byN.push({ label: t('icl.series.layer', { step: live.step }, L), points: pts(ns, live.final.lsaByN), color: '#3451b2' });
    this.#byN.setAttribute('x-label', t('icl.axis.n', {}, L));
    this.#byN.setAttribute('y-label', t('icl.axis.error', {}, L));
    this.#byN.series = byN;
    const curve = (hist, key) => hist.filter((h) => h.step > 0).map((h) => [h.step, h[key]]);
    const training = [];
    if (live?.history.length) {
      training.push({ label: t('icl.series.vsGd', {}, L), points: curve(live.history, 'lsaVsGd'), color: '#3451b2' });
      training.push({ label: t('icl.series.gamma', {}, L), points: curve(live.history, 'gammaDistance'), color: '#7e22ce' });
    }
    if (ref) {
      training.push({ label: t('icl.series.refVsGd', {}, L), points: curve(ref.data.history, 'lsaVsGd'), color: '#1b2430', dashed: true });
      training.push({ label: t('icl.series.refGamma', {}, L), points: curve(ref.data.history, 'gammaDistance'), color: '#c4a8e0', dashed: true });
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
