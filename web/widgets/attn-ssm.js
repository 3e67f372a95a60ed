// <attn-ssm>: a state-space model read token by token. Time-invariant, the
// recurrence is shown next to the causal convolution K ∗ u (they agree);
// selective (Mamba), Δ depends on the token, so "write" tokens reset the
// state and the others leave it alone. Every number from attn.selectiveScan,
// attn.ssmConvolutionKernel and attn.matmul (see ssm-numbers.js).
import { AttnHeatmap } from './attn-heatmap.js';
import { seededNormals } from './attention-source.js';
import { el, modeButtonRow, showModes } from './dom.js';
import { formatShort, formatExact } from './format.js';
import { t } from './i18n.js';
import { TopicElement, rangeField } from './topic-element.js';
import { linePlot, plotLegend } from './line-plot.js';
import { fitCell, labelRoom } from './layout.js';
import { inputPattern, runScan, convolutionView } from './ssm-numbers.js';
import './ssm-messages.js';

const ATTRIBUTES = ['mode', 'length', 'state', 'delta', 'delta-write', 'delta-keep', 'write', 'step', 'input', 'seed', 'caption', 'lang'];
const STYLE = `
.modes { display: flex; gap: 8px; flex-wrap: wrap; margin: 0 0 8px; }
.tokens { display: flex; flex-wrap: wrap; gap: 4px; margin: 6px 0; padding: 0; list-style: none; }
.tokens button { min-width: 44px; padding: 3px 6px; font-size: 12px; line-height: 1.25; border-color: var(--line); color: var(--ink); }
.tokens button[aria-pressed="true"] { background: #9a4209; border-color: #9a4209; color: #fff; }
.tokens button[aria-pressed="true"] small { opacity: 1; }
.tokens button.current { outline: 2px solid var(--accent); outline-offset: 1px; }
.tokens small { display: block; font-size: 10.5px; opacity: 0.8; }
h4 { font-size: 13.5px; margin: 12px 0 4px; font-weight: 650; }
.field.select { display: flex; flex-direction: column; gap: 4px; align-items: stretch; }
`;

export class AttnSsm extends TopicElement {
  static tag = 'attn-ssm';
  static uses = { 'attn-heatmap': AttnHeatmap };
  static get observedAttributes() { return ATTRIBUTES; }
  static STYLE = STYLE;

  #ui = null; #last = null;

  build(root) {
    const { row: modes, buttons: modeButtons } = modeButtonRow(this, ['selective', 'invariant']);
    const f = {
      length: rangeField({ min: 4, max: 32, value: 12 }), state: rangeField({ min: 1, max: 8, value: 4 }),
      delta: rangeField({ min: 0.05, max: 3, step: 0.05, value: 0.5 }), 'delta-write': rangeField({ min: 0.05, max: 5, step: 0.05, value: 3 }),
      'delta-keep': rangeField({ min: 0.01, max: 1, step: 0.01, value: 0.05 }), step: rangeField({ min: 0, max: 31, value: 11 }),
    };
    const input = el('select'), inputLabel = el('label', 'field select'), inputName = el('span', 'field-name');
    inputLabel.append(inputName, input);
    input.addEventListener('change', () => this.setAttribute('input', input.value));
    const controls = el('div', 'controls');
    for (const [name, field] of Object.entries(f)) {
      field.label.dataset.control = name;
      field.input.addEventListener('input', () => this.setAttribute(name, field.input.value));
      controls.append(field.label);
    }
    controls.append(inputLabel);
    const tokens = el('ul', 'tokens');
    tokens.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-t]');
      if (!b) return;
      if (this.getAttribute('mode') === 'invariant') { this.setAttribute('step', b.dataset.t); return; }
      const set = new Set(this.#writeSet());
      const i = Number(b.dataset.t);
      if (set.has(i)) set.delete(i); else set.add(i);
      this.setAttribute('write', [...set].sort((a, c) => a - c).join(' '));
    });
    const ui = {
      modes: modeButtons, f, input, inputName, tokens, title: el('h3', 'title'), rule: el('p', 'rule'), tokensLabel: el('p', 'note'),
      statesHead: el('h4'), states: new AttnHeatmap(), plotHead: el('h4'), plot: el('div'), readout: el('dl', 'readout'), note: el('p', 'note'),
    };
    ui.readout.setAttribute('aria-live', 'polite');
    const wrap = el('div', 'scroll');
    wrap.append(ui.states);
    root.append(ui.title, ui.rule, modes, controls, ui.tokensLabel, tokens, ui.statesHead, wrap, ui.plotHead, ui.plot, ui.readout, ui.note);
    this.#ui = ui;
  }

  /** The numbers last shown: {u, deltas, y, states, conv?} (conv: {K, y, maxDiff} when time-invariant), or null. */
  get values() { return this.#last; }

  #writeSet() {
    const s = this.getAttribute('write') ?? '2 5';
    return s.trim().split(/[\s,]+/).filter(Boolean).map(Number).filter((i) => Number.isInteger(i) && i >= 0);
  }

  update(lang) {
    const mode = this.choice('mode', ['selective', 'invariant']);
    const L = this.int('length', 12, 1, 256), N = this.int('state', 4, 1, 64);
    const kind = this.choice('input', ['random', 'impulse', 'step']);
    const s = {
      length: L, state: N, delta: this.num('delta', 0.5, { min: 0.001, max: 100 }),
      'delta-write': this.num('delta-write', 3, { min: 0.001, max: 100 }), 'delta-keep': this.num('delta-keep', 0.05, { min: 0.001, max: 100 }),
      step: Math.min(this.int('step', L - 1, 0, 4096), L - 1),
    };
    const selective = mode === 'selective';
    const writes = new Set(this.#writeSet());
    const u = inputPattern(kind, L, seededNormals(L, this.int('seed', 1, 0, 2 ** 32 - 1)));
    const deltas = Array.from({ length: L }, (_, i) => (selective ? (writes.has(i) ? s['delta-write'] : s['delta-keep']) : s.delta));
    const r = runScan(u, deltas, N, { selective });
    const conv = selective ? null : convolutionView(u, s.delta, N);
    if (conv) { let m = 0; for (let i = 0; i < L; i++) m = Math.max(m, Math.abs(conv.y[i] - r.y[i])); conv.maxDiff = m; }

    const ui = this.#ui;
    ui.title.textContent = this.getAttribute('caption') ?? t('ssm.title', {}, lang);
    ui.rule.textContent = t('ssm.rule', {}, lang);
    showModes(ui.modes, mode, (m) => t(`ssm.${m}`, {}, lang));
    const shownFields = selective ? ['length', 'state', 'delta-write', 'delta-keep', 'step'] : ['length', 'state', 'delta', 'step'];
    const keys = { length: 'L', state: 'N', delta: 'delta', 'delta-write': 'deltaWrite', 'delta-keep': 'deltaKeep', step: 'step' };
    for (const [name, field] of Object.entries(ui.f)) {
      field.label.hidden = !shownFields.includes(name);
      field.name.textContent = t(`ssm.${keys[name]}`, {}, lang);
      if (name === 'step') field.input.max = String(L - 1);
      field.input.value = String(s[name]);
      field.output.textContent = formatExact(s[name]);
    }
    ui.inputName.textContent = t('ssm.input', {}, lang);
    ui.input.replaceChildren(...['random', 'impulse', 'step'].map((k) => Object.assign(el('option', null, t(k === 'step' ? 'ssm.stepInput' : `ssm.${k}`, {}, lang)), { value: k, selected: k === kind })));

    ui.tokensLabel.textContent = t(selective ? 'ssm.tokens' : 'ssm.tokensInv', {}, lang);
    ui.tokens.replaceChildren(...Array.from(u, (v, i) => {
      const b = el('button', i === s.step ? 'current' : '');
      b.type = 'button';
      b.dataset.t = i;
      if (selective) b.setAttribute('aria-pressed', String(writes.has(i)));
      b.append(`t=${i}`, el('small', null, `u ${formatShort(v)}`));
      const li = el('li');
      li.append(b);
      return li;
    }));

    const statesNL = new Float32Array(N * L); // [N, L]: one row per state dim
    for (let i = 0; i < L; i++) for (let n = 0; n < N; n++) statesNL[n * L + i] = r.states[i * N + n];
    ui.statesHead.textContent = t('ssm.states', {}, lang);
    for (const [name, v] of [['row-title', t('ssm.dims', {}, lang)], ['col-title', t('ssm.time', {}, lang)], ['show-values', 'false'],
      ['cell-size', String(fitCell(L, this.clientWidth || 360, labelRoom(t('ssm.dims', {}, lang), Array.from({ length: N }, (_, n) => String(n))), { min: 10, max: 30 }).cell)]]) ui.states.setAttribute(name, v);
    ui.states.data = { data: statesNL, shape: [N, L] };

    const xs = Array.from({ length: L }, (_, i) => i);
    const series = [{ name: t('ssm.u', {}, lang), xs, ys: u }, { name: t('ssm.yRec', {}, lang), xs, ys: r.y }];
    if (conv) series.push({ name: t('ssm.yConv', {}, lang), xs, ys: conv.y, dashed: true });
    ui.plotHead.textContent = t('ssm.plot', {}, lang);
    ui.plot.replaceChildren(linePlot(series, { height: 220, xLabel: t('ssm.token', {}, lang), yLabel: '', label: ui.plotHead.textContent }), plotLegend(series));

    const x = Array.from(r.states.slice(s.step * N, (s.step + 1) * N), (v) => formatShort(v)).join(', ');
    const rows = [['ssm.xAt', `[${x}]`, 'x'], ['ssm.yAt', formatExact(r.y[s.step]), 'y']];
    if (conv) rows.push(['ssm.convDiff', conv.maxDiff.toExponential(1), 'conv-diff']);
    ui.readout.replaceChildren(...rows.flatMap(([k, v, cls]) => [el('dt', null, t(k, { t: s.step }, lang)), el('dd', cls, v)]));
    const yCell = ui.readout.querySelector('dd.y');
    yCell.dataset.value = String(r.y[s.step]);
    ui.note.textContent = t(selective ? 'ssm.selectNote' : 'ssm.keepNote', {}, lang);
    this.#last = { u, deltas, y: r.y, states: r.states, conv };
    this.emit('change', { mode, step: s.step, y: r.y[s.step] });
  }
}
