// <attn-kv-compression>: KV-cache compression on a trained model, live.
// Trains runKvCacheCompression's model in a Worker (progress, pause, resume,
// cancel), then draws the continuation's loss against the share of the cache
// kept for each rule (recency, accumulated attention, expected attention;
// KV heads merged by QCQA-style or uniform groups) between the full-cache and
// no-cache lines, which positions each rule keeps of one window, and the
// training curve; the project's reference run beside it, labelled.
// Attributes: steps, seed; `settings-change` when the reader changes one.
import { el } from './dom.js';
import { ExperimentElement } from './experiment-element.js';
import { t } from './i18n.js';
import { AttnLineChart } from './attn-line-chart.js';
import { formatNumber } from './line-chart-scale.js';
import { EXPERIMENT_STYLE, facts } from './experiment-style.js';
import { halfUnitBounds, setYBounds } from './chart-bounds.js';

/** [lo, hi] around `values` on tenths, with a margin (the eviction rules differ by hundredths). */
function tightBounds(values) {
  const v = values.filter(Number.isFinite);
  if (!v.length) return null;
  const lo = Math.min(...v), hi = Math.max(...v), pad = Math.max(0.02, (hi - lo) * 0.1);
  return [Math.floor((lo - pad) * 20) / 20, Math.ceil((hi + pad) * 20) / 20];
}
import './kv-experiment-messages.js';
import { CHART_COLORS } from './chart-colors.js';

const FIELDS = [['steps', 'steps', 20, 3000, 20, 600], ['seed', 'seed', 0, 9999, 1, 1]];
const RULES = ['recent', 'accumulated', 'expected', 'qcqa', 'uniform'];
const EVICTION = RULES.slice(0, 3);
const COLORS = { recent: CHART_COLORS.blue, accumulated: CHART_COLORS.orange, expected: CHART_COLORS.green, qcqa: CHART_COLORS.purple, uniform: CHART_COLORS.red };
const STYLE = `${EXPERIMENT_STYLE}
.strip { margin: 4px 0 10px; }
.strip .rule { font-size: 12px; color: var(--attn-muted, #5b6675); margin: 6px 0 2px; }
.strip .chars { display: flex; flex-wrap: wrap; gap: 1px; font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12px; }
.strip .chars span { min-width: 0.75em; padding: 1px 0; text-align: center; border-radius: 2px; color: var(--attn-muted, #5b6675); background: var(--attn-subtle, #f3f5f9); }
.strip .chars span.kept { color: var(--attn-on-accent, #fff); background: var(--attn-accent, #3451b2); font-weight: 600; }
`;

export class AttnKvCompression extends ExperimentElement {
  static tag = 'attn-kv-compression';
  static uses = { 'attn-line-chart': AttnLineChart };
  static experiment = 'kv-cache-compression';
  static referenceUrl = new URL('../experiments/reference/kv-cache-compression.json', import.meta.url);
  static fields = FIELDS;
  static styles = STYLE;

  #byFraction; #byHeads; #training; #strip; #facts; #texts = {};

  constructor() {
    super();
    this.#texts.byFraction = el('h3');
    this.#byFraction = new AttnLineChart();
    this.#byFraction.setAttribute('log-x', '');
    this.#byFraction.id = 'by-fraction';
    this.#texts.byHeads = el('h3');
    this.#byHeads = new AttnLineChart();
    this.#byHeads.id = 'by-heads';
    this.#facts = el('div');
    this.#texts.example = el('h3');
    this.#strip = el('div', 'strip');
    this.#texts.training = el('h3');
    this.#training = new AttnLineChart();
    this.#training.id = 'training';
    this.#texts.note = el('p', 'note');
    this.#texts.reference = el('p', 'note');
    this.shadowRoot.append(this.#texts.byFraction, this.#byFraction, this.#texts.byHeads, this.#byHeads, this.#facts, this.#texts.example, this.#strip, this.#texts.training, this.#training, this.#texts.note, this.#texts.reference);
  }

  runOptions(s) { return { steps: s.steps, seed: s.seed, evalEvery: Math.max(10, Math.round(s.steps / 10)) }; }
  startData(options) { return { options, step: 0, steps: 0, training: [], curves: null, full: null, none: null }; }
  progressed(live, event) {
    if (event.phase === 'train') live.training.push(event.point);
    else Object.assign(live, event.result);
    Object.assign(live, { step: event.step, steps: event.steps });
  }
  finished(data, live) { return { ...data, step: live.steps, steps: live.steps }; }

  render() {
    const L = this.language;
    this.renderSettings((option) => t(`kvc.${option}`, {}, L));
    const live = this.data;
    this.renderControls((key) => t(`kvc.${key}`, {}, L), (state, message) => t(`kvc.state.${state}`, { step: live?.step ?? 0, steps: live?.steps || '…', message }, L));
    const ref = this.reference?.data ?? null;
    const shownLive = Boolean(live?.curves);
    const shown = shownLive ? live : ref;
    const o = shown?.options;
    // eviction (positions kept, log axis) and merging (KV heads kept) each between the full-cache and no-cache lines
    const chart = (chartEl, rules, titleKey, xKey) => {
      const series = [];
      if (shown?.curves) {
        const xs = rules.flatMap((r) => shown.curves[r].map((p) => p.fraction));
        const span = [Math.min(...xs, 1), 1];
        series.push({ label: t('kvc.full', {}, L), points: span.map((x) => [x, shown.full]), color: CHART_COLORS.ink, dashed: true });
        series.push({ label: t('kvc.none', {}, L), points: span.map((x) => [x, shown.none]), color: CHART_COLORS.grey, dotted: true });
        for (const r of rules) series.push({ label: t(`kvc.rule.${r}`, {}, L), points: [...shown.curves[r].map((p) => [p.fraction, p.loss]), [1, shown.full]].sort((a, b) => a[0] - b[0]), color: COLORS[r] });
      }
      chartEl.setAttribute('x-label', t(xKey, {}, L));
      chartEl.setAttribute('y-label', t('kvc.axis.loss', { m: o?.continuation ?? '' }, L));
      setYBounds(chartEl, tightBounds(series.flatMap((x) => x.points.map((p) => p[1]))));
      chartEl.series = series;
      return t(titleKey, {}, L) + (shownLive ? '' : t('kvc.refSuffix', {}, L));
    };
    this.#texts.byFraction.textContent = chart(this.#byFraction, EVICTION, 'kvc.byFraction.title', 'kvc.axis.fraction');
    this.#texts.byHeads.textContent = chart(this.#byHeads, ['qcqa', 'uniform'], 'kvc.byHeads.title', 'kvc.axis.heads');
    this.#renderFacts(shown, shownLive, L);
    this.#renderStrip(shown, L);
    const training = [];
    if (ref) training.push({ label: t('kvc.fact.reference', {}, L), points: ref.training.filter((p) => p.step > 0).map((p) => [p.step, p.heldOutLoss]), color: CHART_COLORS.grey, dashed: true });
    if (live?.training.length) training.push({ label: t('kvc.fact.live', {}, L), points: live.training.filter((p) => p.step > 0).map((p) => [p.step, p.heldOutLoss]), color: CHART_COLORS.blue });
    this.#texts.training.textContent = t('kvc.training.title', {}, L);
    this.#training.setAttribute('x-label', t('kvc.axis.step', {}, L));
    this.#training.setAttribute('y-label', t('kvc.axis.heldOut', {}, L));
    setYBounds(this.#training, halfUnitBounds(training.flatMap((x) => x.points.map((p) => p[1]))));
    this.#training.series = training;
    this.#texts.note.textContent = o ? t('kvc.note', { p: o.prefix, m: o.continuation }, L) : '';
    const r = this.reference;
    this.#texts.reference.textContent = r ? t('kvc.reference', { command: r.command, seed: r.options.seed, steps: r.options.steps, windows: r.options.evalWindows, seconds: formatNumber(r.madeOn.seconds, 3) }, L) : '';
  }

  #renderFacts(shown, shownLive, L) {
    if (!shown?.curves) { this.#facts.replaceChildren(); return; }
    const at = (rule, f) => shown.curves[rule].find((p) => Math.abs(p.fraction - f) < 1e-9)?.loss;
    const f = (v) => (v === undefined ? '—' : formatNumber(v, 4));
    const quarter = shown.example?.fraction ?? 0.25;
    const half = shown.groupings?.[0]?.qcqa?.[shown.options.nHeads / 2]?.groups; // the model has nHeads KV heads (MHA)
    this.#facts.replaceChildren(facts([
      [t('kvc.fact.which', {}, L), t(shownLive ? 'kvc.fact.live' : 'kvc.fact.reference', {}, L)],
      [t('kvc.fact.full', {}, L), `${f(shown.full)} · ${f(shown.none)}`],
      [t('kvc.fact.quarter', { share: formatNumber(quarter, 3) }, L), EVICTION.map((r) => f(at(r, quarter))).join(' · ')],
      [t('kvc.fact.half', {}, L), `${f(at('qcqa', 0.5))} · ${f(at('uniform', 0.5))}`],
      [t('kvc.fact.groups', {}, L), half ? half.map((g) => `{${g.join(',')}}`).join(' ') : '—'],
    ]));
    this.#facts.querySelector('dl').id = 'compression-facts';
  }

  #renderStrip(shown, L) {
    const ex = shown?.example;
    this.#texts.example.textContent = ex ? t('kvc.example.title', { share: formatNumber(ex.fraction, 3), n: [...ex.text].length }, L) : '';
    if (!ex) { this.#strip.replaceChildren(); return; }
    const chars = [...ex.text];
    this.#strip.replaceChildren(...EVICTION.filter((r) => ex.kept[r]).flatMap((r) => {
      const kept = new Set(ex.kept[r][0][0]);
      const row = el('div', 'chars');
      row.setAttribute('aria-label', t(`kvc.rule.${r}`, {}, L));
      row.append(...chars.map((c, j) => el('span', kept.has(j) ? 'kept' : '', c === '\n' ? '↵' : c === ' ' ? '␣' : c)));
      return [el('p', 'rule', t(`kvc.rule.${r}`, {}, L)), row];
    }));
  }
}
