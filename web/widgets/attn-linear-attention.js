// <attn-linear-attention>: linear attention and the Performer. The same q,
// k: softmax(QKᵀ/√D) next to the kernel weights φ(q_i)·φ(k_j) (normalised),
// the Performer's error against its number of random features m, and the
// O(N) recurrence: the running state S_t = Σ φ(k_j)v_jᵀ, z_t = Σ φ(k_j) after
// token t, whose read-out equals the core's causal output row t. Numbers:
// linear-attention-numbers.js (the core's scaledDotProductAttention,
// linearAttention, performerProjection).
import { AttnHeatmap } from './attn-heatmap.js';
import { el, showModes } from './dom.js';
import { formatExact, formatShort } from './format.js';
import { t } from './i18n.js';
import { TopicElement, rangeField } from './topic-element.js';
import { linePlot, plotLegend } from './line-plot.js';
import { linearInputs, softmaxWeights, kernelWeights, meanAbsDiff, performerErrorCurve, runningState } from './linear-attention-numbers.js';
import './linear-attention-messages.js';

const ATTRIBUTES = ['feature-map', 'features', 'tokens', 'head-dim', 'step', 'seed', 'caption', 'lang'];
const MAPS = ['performer', 'elu1'];
const CURVE_MS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
const TRIALS = 8;
const SHOWN_FEATURES = 8; // rows of S drawn at most
const STYLE = `
.modes { display: flex; gap: 8px; flex-wrap: wrap; margin: 0 0 8px; }
.maps { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 14px; margin: 8px 0; }
h4 { font-size: 13.5px; margin: 12px 0 4px; font-weight: 650; }
`;

export class AttnLinearAttention extends TopicElement {
  static tag = 'attn-linear-attention';
  static uses = { 'attn-heatmap': AttnHeatmap };
  static get observedAttributes() { return ATTRIBUTES; }
  static STYLE = STYLE;

  #ui = null; #last = null; #curve = { key: '', ys: null };

  build(root) {
    const modes = el('div', 'modes');
    const buttons = MAPS.map((map) => {
      const b = Object.assign(el('button'), { type: 'button' });
      b.dataset.mode = map;
      b.addEventListener('click', () => this.setAttribute('feature-map', map));
      modes.append(b);
      return b;
    });
    const f = {
      features: rangeField({ min: 0, max: 9, value: 4 }), // log2 m
      tokens: rangeField({ min: 2, max: 12, value: 8 }), step: rangeField({ min: 0, max: 11, value: 3 }), seed: rangeField({ min: 1, max: 50, value: 1 }),
    };
    const controls = el('div', 'controls');
    for (const [name, field] of Object.entries(f)) {
      field.label.dataset.control = name;
      field.input.addEventListener('input', () => this.setAttribute(name, name === 'features' ? String(2 ** Number(field.input.value)) : field.input.value));
      controls.append(field.label);
    }
    const ui = {
      modes: buttons, f, title: el('h3', 'title'), rule: el('p', 'rule'), soft: new AttnHeatmap(), kernel: new AttnHeatmap(), diff: el('p', 'note'),
      curveHead: el('h4'), curve: el('div'), stateHead: el('h4'), state: new AttnHeatmap(), z: new AttnHeatmap(), readout: el('dl', 'readout'), note: el('p', 'note'),
    };
    ui.soft.className = 'map-softmax';
    ui.kernel.className = 'map-kernel';
    ui.readout.setAttribute('aria-live', 'polite');
    const maps = el('div', 'maps');
    for (const m of [ui.soft, ui.kernel]) { const w = el('div', 'scroll'); w.append(m); maps.append(w); }
    const state = el('div', 'maps');
    for (const m of [ui.state, ui.z]) { const w = el('div', 'scroll'); w.append(m); state.append(w); }
    root.append(ui.title, ui.rule, modes, controls, maps, ui.diff, ui.curveHead, ui.curve, ui.stateHead, state, ui.readout, ui.note);
    this.#ui = ui;
  }

  /** The numbers last shown: {softmax, kernel, error, curve?, state}, or null. */
  get values() { return this.#last; }

  update(lang) {
    const featureMap = this.choice('feature-map', MAPS);
    const m = this.int('features', 16, 1, 4096), N = this.int('tokens', 8, 2, 12), D = this.int('head-dim', 4, 1, 16);
    const step = Math.min(this.int('step', 3, 0, 64), N - 1), seed = this.int('seed', 1, 0, 2 ** 32 - 1);
    const { q, k, v } = linearInputs(N, D, seed);
    const opts = { featureMap, features: m, seed };
    const soft = softmaxWeights(q, k);
    const kernel = kernelWeights(q, k, opts);
    const error = meanAbsDiff(kernel.weights, soft);
    const ui = this.#ui;
    ui.title.textContent = this.getAttribute('caption') ?? t('lin.title', {}, lang);
    ui.rule.textContent = t(`lin.rule.${featureMap}`, {}, lang);
    showModes(ui.modes, featureMap, (x) => t(`lin.map.${x}`, {}, lang));
    const values = { features: Math.log2(m), tokens: N, step, seed };
    for (const [name, field] of Object.entries(ui.f)) {
      field.label.hidden = name === 'features' && featureMap !== 'performer';
      field.name.textContent = t(`lin.${name}`, {}, lang);
      if (name === 'step') field.input.max = String(N - 1);
      field.input.value = String(values[name]);
      field.output.textContent = name === 'features' ? String(m) : formatExact(values[name]);
    }
    const labels = Array.from({ length: N }, (_, i) => `${i}`).join(' ');
    const cell = String(Math.max(16, Math.min(36, Math.floor(((this.clientWidth >= 560 ? this.clientWidth / 2 : this.clientWidth) - 90) / N))));
    for (const [map, data, caption] of [[ui.soft, soft, 'lin.softmax'], [ui.kernel, kernel.weights, `lin.kernel.${featureMap}`]]) {
      for (const [name, val] of [['tokens', labels], ['caption', t(caption, { m }, lang)], ['row-title', t('lin.queries', {}, lang)], ['col-title', t('lin.keys', {}, lang)], ['max', '1'], ['cell-size', cell]]) map.setAttribute(name, val);
      map.data = data;
    }
    ui.diff.textContent = t('lin.diff', { e: formatShort(error) }, lang);
    ui.diff.dataset.value = String(error);
    // the error against m: the same q, k, TRIALS projection seeds per m (recomputed only when they change)
    let curve = null;
    if (featureMap === 'performer') {
      const key = `${N}/${D}/${seed}`;
      if (this.#curve.key !== key) this.#curve = { key, ys: performerErrorCurve(q, k, CURVE_MS, TRIALS, seed) };
      curve = this.#curve.ys;
      const series = [
        { name: t('lin.curve.error', { trials: TRIALS }, lang), xs: CURVE_MS, ys: curve },
        { name: t('lin.curve.rate', {}, lang), xs: CURVE_MS, ys: CURVE_MS.map((x) => curve[0] / Math.sqrt(x)), dashed: true },
        { name: t('lin.curve.here', { m }, lang), xs: [m, m], ys: [Math.min(...curve, curve[0] / Math.sqrt(512)), Math.max(...curve)] },
      ];
      ui.curveHead.textContent = t('lin.curve.title', {}, lang);
      ui.curve.replaceChildren(linePlot(series, { height: 220, logX: true, logY: true, xLabel: t('lin.curve.x', {}, lang), yLabel: t('lin.curve.y', {}, lang), label: ui.curveHead.textContent }), plotLegend(series));
    }
    ui.curveHead.hidden = ui.curve.hidden = featureMap !== 'performer';
    // the running state after token `step`
    const s = runningState(q, k, v, step, opts);
    const F = Math.min(s.features, SHOWN_FEATURES);
    ui.stateHead.textContent = t('lin.state.title', { t: step, f: s.features, dv: D }, lang);
    for (const [map, rows, caption, cols] of [[ui.state, s.S.slice(0, F), 'lin.state.S', Array.from({ length: D }, (_, c) => `v${c}`)], [ui.z, s.z.slice(0, F).map((x) => [x]), 'lin.state.z', ['z']]]) {
      for (const [name, val] of [['tokens', Array.from({ length: F }, (_, f) => `φ${f}`).join(' ')], ['col-tokens', cols.join(' ')], ['caption', t(caption, { shown: F, f: s.features }, lang)], ['row-title', t('lin.state.rows', {}, lang)], ['col-title', ''], ['cell-size', '34'], ['show-values', 'true']]) map.setAttribute(name, val);
      map.data = rows;
    }
    const diff = Math.max(...s.output.map((x, c) => Math.abs(x - s.core[c])));
    const rows = [
      ['lin.readout.state', s.output.map((x) => formatShort(x)).join(', '), 'state'],
      ['lin.readout.core', s.core.map((x) => formatShort(x)).join(', '), 'core'],
      ['lin.readout.diff', diff.toExponential(1), 'diff'],
      ['lin.readout.memory', t('lin.memory', { f: s.features, dv: D, n: step + 1 }, lang), 'memory'],
    ];
    ui.readout.replaceChildren(...rows.flatMap(([key, value, id]) => [el('dt', null, t(key, { t: step }, lang)), el('dd', id, value)]));
    ui.note.textContent = t('lin.note', {}, lang);
    this.#last = { q, k, v, softmax: soft, kernel: kernel.weights, error, curve: curve ? { ms: CURVE_MS, error: curve } : null, state: s };
    this.emit('change', { featureMap, features: m, error, stateDiff: diff });
  }
}
