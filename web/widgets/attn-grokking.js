// <attn-grokking>: grokking, live. Trains runGrokking's small Transformer on
// a ∘ b mod p in a Worker (progress, pause, resume, cancel) and draws, as it
// goes, training and validation accuracy and loss against the step on a log
// axis; once the run ends, the embedding's Fourier spectrum. The project's
// reference run (web/experiments/reference/grokking.json) is drawn beside
// it, labelled. Attributes: p, operation, train-fraction, weight-decay,
// seed, steps (the run's options); `settings-change` fires when the reader
// changes one, `run-end` when a run finishes.
import { el } from './dom.js';
import { enumAttr } from './attn-element.js';
import { ExperimentElement } from './experiment-element.js';
import { writeSettings } from './experiment-fields.js';
import { t } from './i18n.js';
import { AttnLineChart } from './attn-line-chart.js';
import { formatNumber } from './line-chart-scale.js';
import { EXPERIMENT_STYLE, facts } from './experiment-style.js';
import './grokking-messages.js';
import { CHART_COLORS } from './chart-colors.js';

const FIELDS = [
  // [attribute, option, min, max, step, default]
  ['p', 'p', 5, 61, 1, 31],
  ['train-fraction', 'trainFraction', 0.1, 0.9, 0.05, 0.5],
  ['weight-decay', 'weightDecay', 0, 5, 0.1, 1],
  ['seed', 'seed', 0, 9999, 1, 1],
  ['steps', 'steps', 10, 20000, 100, 8000],
];
const OPERATIONS = ['add', 'subtract'];
const SELECT_STYLE = 'select { font: inherit; font-size: 13px; padding: 4px 6px; border: 1px solid var(--attn-line, #cfd6e0); border-radius: 7px; background: var(--attn-field, #fff); color: inherit; }';
// A reference curve has its live counterpart's colour, dashed (train) or dotted (validation).
const COLORS = { train: CHART_COLORS.orange, validation: CHART_COLORS.blue };

export class AttnGrokking extends ExperimentElement {
  static tag = 'attn-grokking';
  static uses = { 'attn-line-chart': AttnLineChart };
  static experiment = 'grokking';
  static referenceUrl = new URL('../experiments/reference/grokking.json', import.meta.url);
  static fields = FIELDS;
  static styles = `${EXPERIMENT_STYLE}${SELECT_STYLE}`;
  static get observedAttributes() { return [...FIELDS.map((f) => f[0]), 'operation', 'lang']; }

  #operation; #charts = {}; #titles = {}; #facts; #note;

  constructor() {
    super();
    // The operation: a select before the number inputs.
    const { row, names, inputs } = this.settingsForm;
    const opLabel = el('label', 'field');
    names.operation = el('span', 'name');
    inputs.operation = this.#operation = el('select');
    for (const op of OPERATIONS) this.#operation.append(Object.assign(el('option'), { value: op }));
    opLabel.append(names.operation, this.#operation);
    row.prepend(opLabel);
    this.#operation.addEventListener('change', () => {
      this.setAttribute('operation', this.#operation.value);
      this.emit('settings-change', this.settings);
    });
    const parts = [];
    for (const name of ['accuracy', 'loss', 'spectrum']) {
      this.#titles[name] = el('h3');
      this.#charts[name] = new AttnLineChart();
      parts.push(this.#titles[name], this.#charts[name]);
    }
    this.#charts.accuracy.setAttribute('log-x', '');
    this.#charts.accuracy.setAttribute('y-min', '0');
    this.#charts.accuracy.setAttribute('y-max', '1');
    this.#charts.loss.setAttribute('log-x', '');
    this.#charts.loss.setAttribute('log-y', '');
    this.#facts = el('div');
    this.#note = el('p', 'note');
    this.shadowRoot.append(...parts, this.#facts, this.#note);
  }

  /** The run's options from the attributes. */
  get settings() {
    return { operation: enumAttr(this, 'operation', OPERATIONS, 'add'), ...super.settings };
  }
  set settings(s) {
    writeSettings(this, [['operation', 'operation'], ...FIELDS], s);
  }

  startData(options) { return { options, history: [], step: 0, spectrum: null, memorisedStep: null, grokStep: null }; }

  progressed(live, event) {
    live.history.push(event.snapshot);
    live.step = event.step;
    live.spectrum = event.spectrum;
    live.trainPairs = event.trainPairs;
    live.validationPairs = event.validationPairs;
    const s = event.snapshot;
    if (live.memorisedStep === null && s.trainAccuracy === 1) live.memorisedStep = s.step;
    if (live.grokStep === null && s.validationAccuracy >= 0.95) live.grokStep = s.step;
  }

  render() {
    const L = this.language;
    const s = this.settings;
    this.settingsForm.names.operation.textContent = t('grok.operation', {}, L);
    [...this.#operation.options].forEach((o) => { o.textContent = t(`grok.op.${o.value}`, {}, L); });
    this.#operation.value = s.operation;
    this.renderSettings((option) => t(`grok.${option}`, {}, L));
    const live = this.data;
    this.renderControls((key) => t(`grok.${key}`, {}, L), (state, message) => t(`grok.state.${state}`, { step: live?.step ?? 0, steps: live?.options.steps ?? s.steps, message }, L));
    const ref = this.reference;
    // Step 0 cannot sit on a log axis: the curves start at step 1.
    const curve = (hist, key) => hist.filter((h) => h.step > 0).map((h) => [h.step, h[key]]);
    const series = (key) => {
      const out = [];
      if (ref) {
        out.push({ label: t('grok.series.refTrain', {}, L), points: curve(ref.data.history, `train${key}`), color: COLORS.train, dashed: true });
        out.push({ label: t('grok.series.refValidation', {}, L), points: curve(ref.data.history, `validation${key}`), color: COLORS.validation, dotted: true });
      }
      if (live?.history.length) {
        out.push({ label: t('grok.series.train', {}, L), points: curve(live.history, `train${key}`), color: COLORS.train });
        out.push({ label: t('grok.series.validation', {}, L), points: curve(live.history, `validation${key}`), color: COLORS.validation });
      }
      return out;
    };
    for (const name of ['accuracy', 'loss', 'spectrum']) this.#titles[name].textContent = t(`grok.${name}.title`, {}, L);
    this.#charts.accuracy.setAttribute('x-label', t('grok.axis.step', {}, L));
    this.#charts.accuracy.setAttribute('y-label', t('grok.axis.accuracy', {}, L));
    // the weight norm on the same steps, against the right-hand axis: weight decay's work, seen beside the jump
    const norms = [];
    if (ref?.data.history[0]?.weightNorm !== undefined) norms.push({ label: t('grok.series.refNorm', {}, L), points: curve(ref.data.history, 'weightNorm'), color: CHART_COLORS.purple, dashed: true, axis: 'right' });
    if (live?.history.length) norms.push({ label: t('grok.series.norm', {}, L), points: curve(live.history, 'weightNorm'), color: CHART_COLORS.purple, axis: 'right' });
    this.#charts.accuracy.setAttribute('y2-label', t('grok.axis.norm', {}, L));
    this.#charts.accuracy.series = [...series('Accuracy'), ...norms];
    this.#charts.loss.setAttribute('x-label', t('grok.axis.step', {}, L));
    this.#charts.loss.setAttribute('y-label', t('grok.axis.loss', {}, L));
    this.#charts.loss.series = series('Loss');
    const spectra = [];
    if (ref?.data.spectrum) spectra.push({ label: t('grok.series.refSpectrum', { step: ref.data.step }, L), points: ref.data.spectrum.map((v, k) => [k, v]), color: CHART_COLORS.ink, dashed: true, dot: true });
    if (live?.spectrum) spectra.push({ label: t('grok.series.spectrum', { step: live.step }, L), points: live.spectrum.map((v, k) => [k, v]), color: COLORS.validation, dot: true });
    this.#charts.spectrum.setAttribute('x-label', t('grok.axis.frequency', {}, L));
    this.#charts.spectrum.setAttribute('y-label', t('grok.axis.share', {}, L));
    this.#charts.spectrum.series = spectra;
    const shown = live?.history.length ? live : ref?.data;
    if (shown) {
      const last = shown.history.at(-1);
      const never = t('grok.fact.never', {}, L);
      this.#facts.replaceChildren(facts([
        [t('grok.fact.which', {}, L), t(shown === live ? 'grok.fact.live' : 'grok.fact.reference', {}, L)],
        [t('grok.fact.pairs', {}, L), shown.trainPairs ? `${shown.trainPairs} / ${shown.trainPairs + shown.validationPairs}` : '…'],
        [t('grok.fact.memorised', {}, L), shown.memorisedStep ?? never],
        [t('grok.fact.grokked', {}, L), shown.grokStep ?? never],
        [t('grok.fact.last', { step: last?.step ?? 0 }, L), last ? `${formatNumber(last.trainAccuracy, 3)} · ${formatNumber(last.validationAccuracy, 3)}` : '…'],
      ]));
    }
    this.#note.textContent = ref ? t('grok.note', { command: ref.command, seed: ref.options.seed, seconds: Math.round(ref.madeOn.seconds), cpu: Math.round(ref.madeOn.cpuSeconds ?? ref.madeOn.seconds) }, L) : '';
  }
}
