// <attn-scaling-sweep>: the live scaling sweep. Trains the models of
// runScalingSweep in a Worker (progress, pause, resume, cancel) and draws,
// as they finish, held-out loss against non-embedding parameters N and
// against compute C = 6·N·D on log–log axes, with the fitted power laws;
// the project's reference sweep (web/experiments/reference/) beside it,
// labelled. Attributes: steps, seed; `settings-change` when the reader changes one.
import { el } from './dom.js';
import { ExperimentElement } from './experiment-element.js';
import { t } from './i18n.js';
import { AttnLineChart } from './attn-line-chart.js';
import { formatNumber } from './line-chart-scale.js';
import { facts } from './experiment-style.js';
import { logBounds, setYBounds } from './chart-bounds.js';
import './sweep-messages.js';
import { CHART_COLORS, CHART_CYCLE } from './chart-colors.js';

const FIELDS = [['steps', 'steps', 25, 2000, 25, 400], ['seed', 'seed', 0, 9999, 1, 1]];
const SIZE_COLORS = CHART_CYCLE;

/** Points of y ≈ c·x^α at the ends of [lo, hi] (a straight line on log–log axes). */
const fitLine = (fit, xs) => (fit && xs.length ? [Math.min(...xs), Math.max(...xs)].map((x) => [x, fit.coefficient * x ** fit.exponent]) : []);

export class AttnScalingSweep extends ExperimentElement {
  static tag = 'attn-scaling-sweep';
  static uses = { 'attn-line-chart': AttnLineChart };
  static experiment = 'scaling-sweep';
  static referenceUrl = new URL('../experiments/reference/scaling-sweep.json', import.meta.url);
  static fields = FIELDS;

  #byN; #byC; #facts; #texts = {};

  constructor() {
    super();
    this.#texts.byN = el('h3');
    this.#byN = new AttnLineChart();
    this.#byN.setAttribute('log-x', '');
    this.#byN.setAttribute('log-y', '');
    this.#byN.id = 'by-parameters';
    this.#texts.byC = el('h3');
    this.#byC = new AttnLineChart();
    this.#byC.setAttribute('log-x', '');
    this.#byC.setAttribute('log-y', '');
    this.#byC.id = 'by-compute';
    this.#facts = el('div');
    this.#texts.note = el('p', 'note');
    this.#texts.reference = el('p', 'note');
    this.shadowRoot.append(this.#texts.byN, this.#byN, this.#texts.byC, this.#byC, this.#facts, this.#texts.note, this.#texts.reference);
  }

  runOptions(s) { return { steps: s.steps, seed: s.seed, evalEvery: Math.max(5, Math.round(s.steps / 8)) }; }
  startData(options) { return { options, step: 0, steps: 0, runs: [], fitParameters: null, frontier: [], fitCompute: null }; }
  progressed(live, event) {
    Object.assign(live, event.sweep, { step: event.step, steps: event.steps });
    this.emit('sweep-progress', { step: event.step, steps: event.steps });
  }
  finished(data, live) { return { ...live, ...data, step: live.steps }; }

  render() {
    const L = this.language;
    this.renderSettings((option) => t(`sweep.${option}`, {}, L));
    const live = this.data;
    this.renderControls((key) => t(`sweep.${key}`, {}, L), (state, message) => t(`sweep.state.${state}`, { step: live?.step ?? 0, steps: live?.steps || '…', message }, L));
    const ref = this.reference?.data ?? null;
    const liveRuns = live?.runs.filter((r) => r.finalLoss !== null) ?? [];
    // loss against N: finished sizes as dots, the fitted law as a line
    const byN = [];
    if (ref) {
      const done = ref.runs.filter((r) => r.finalLoss !== null);
      byN.push({ label: t('sweep.series.ref', {}, L), points: done.map((r) => [r.parameters, r.finalLoss]), color: CHART_COLORS.grey, dot: true });
      byN.push({ label: t('sweep.series.refFit', { a: formatNumber(ref.fitParameters.exponent, 3) }, L), points: fitLine(ref.fitParameters, done.map((r) => r.parameters)), color: CHART_COLORS.grey, dashed: true });
    }
    if (liveRuns.length) byN.push({ label: t('sweep.series.live', {}, L), points: liveRuns.map((r) => [r.parameters, r.finalLoss]), color: CHART_COLORS.blue, dot: true });
    if (live?.fitParameters) byN.push({ label: t('sweep.series.liveFit', { a: formatNumber(live.fitParameters.exponent, 3) }, L), points: fitLine(live.fitParameters, liveRuns.map((r) => r.parameters)), color: CHART_COLORS.blue });
    this.#texts.byN.textContent = t('sweep.byN.title', {}, L);
    this.#byN.setAttribute('x-label', t('sweep.axis.n', {}, L));
    this.#byN.setAttribute('y-label', t('sweep.axis.loss', {}, L));
    setYBounds(this.#byN, logBounds(byN.flatMap((x) => x.points.map((p) => p[1]))));
    this.#byN.series = byN;
    // loss against compute: every size's checkpoints (the live sweep once it has any, else the reference)
    const shownLive = (live?.runs.length ?? 0) > 0;
    const shown = shownLive ? live : ref;
    const byC = [];
    shown?.runs.forEach((r, k) => byC.push({
      label: t(shownLive ? 'sweep.series.size' : 'sweep.series.refSize', { n: formatNumber(r.parameters, 2), dim: r.dim, layers: r.nLayers }, L),
      points: r.curve.filter((c) => c.step > 0).map((c) => [c.flops, c.heldOutLoss]), color: SIZE_COLORS[k % SIZE_COLORS.length],
    }));
    if (ref?.fitCompute) byC.push({ label: t('sweep.series.refFrontier', { a: formatNumber(ref.fitCompute.exponent, 3) }, L), points: fitLine(ref.fitCompute, ref.frontier.map((p) => p.flops)), color: CHART_COLORS.ink, dashed: true });
    if (shownLive && live.fitCompute) byC.push({ label: t('sweep.series.liveFrontier', { a: formatNumber(live.fitCompute.exponent, 3) }, L), points: fitLine(live.fitCompute, live.frontier.map((p) => p.flops)), color: CHART_COLORS.ink });
    this.#texts.byC.textContent = t(shownLive ? 'sweep.byC.title' : 'sweep.byC.refTitle', {}, L);
    this.#byC.setAttribute('x-label', t('sweep.axis.c', {}, L));
    this.#byC.setAttribute('y-label', t('sweep.axis.loss', {}, L));
    setYBounds(this.#byC, logBounds(byC.flatMap((x) => x.points.map((p) => p[1]))));
    this.#byC.series = byC;
    const fact = (fit) => (fit ? `${formatNumber(fit.exponent, 3)} (r² ${formatNumber(fit.r2, 3)})` : '—');
    this.#facts.replaceChildren(facts([
      [t('sweep.fact.alphaN', {}, L), `${fact(live?.fitParameters)} · ${fact(ref?.fitParameters)}`],
      [t('sweep.fact.alphaC', {}, L), `${fact(live?.fitCompute)} · ${fact(ref?.fitCompute)}`],
      [t('sweep.fact.span', {}, L), ref ? `${formatNumber(ref.runs[0].parameters, 3)} … ${formatNumber(ref.runs.at(-1).parameters, 3)} (×${formatNumber(ref.runs.at(-1).parameters / ref.runs[0].parameters, 2)})` : '—'],
      [t('sweep.fact.budget', {}, L), ref ? formatNumber(ref.tokenBudget, 3) : '—'],
    ]));
    this.#texts.note.textContent = t('sweep.note', {}, L);
    const r = this.reference;
    this.#texts.reference.textContent = r ? t('sweep.reference', { command: r.command, seed: r.options.seed, steps: r.options.steps, seconds: formatNumber(r.madeOn.seconds, 3) }, L) : '';
  }
}
