// <attn-kv-head-sharing>: MHA, GQA and MQA on the same budget, live. Trains
// runKvHeadSharing's models (every KV-head count, once per seed) in a Worker
// (progress, pause, resume, cancel) and draws held-out loss against the KV
// cache each needs, the training curves, and the lecture's claim judged
// against the seed noise; the project's reference run beside it, labelled.
// Attributes: steps, seeds (the run uses seeds 1 … n); `settings-change`
// when the reader changes one.
import { el } from './dom.js';
import { ExperimentElement } from './experiment-element.js';
import { t } from './i18n.js';
import { AttnLineChart } from './attn-line-chart.js';
import { formatNumber } from './line-chart-scale.js';
import { facts } from './experiment-style.js';
import { halfUnitBounds, setYBounds } from './chart-bounds.js';

/** [lo, hi] around `values` with a margin, on hundredths: the gaps here are hundredths of a nat. */
function tightBounds(values) {
  const v = values.filter(Number.isFinite);
  if (!v.length) return null;
  const lo = Math.min(...v), hi = Math.max(...v), pad = Math.max(0.01, (hi - lo) * 0.25);
  return [Math.floor((lo - pad) * 100) / 100, Math.ceil((hi + pad) * 100) / 100];
}
import { headSharingClaim, headSharingSummary, KV_HEAD_SHARING_DEFAULTS } from '../experiments/kv-head-sharing-summary.js';
import './kv-experiment-messages.js';
import { CHART_COLORS, CHART_CYCLE } from './chart-colors.js';

const FIELDS = [['steps', 'steps', 25, 2000, 25, 400], ['seeds', 'seeds', 1, 4, 1, 2]];

export class AttnKvHeadSharing extends ExperimentElement {
  static tag = 'attn-kv-head-sharing';
  static uses = { 'attn-line-chart': AttnLineChart };
  static experiment = 'kv-head-sharing';
  static referenceUrl = new URL('../experiments/reference/kv-head-sharing.json', import.meta.url);
  static fields = FIELDS;

  #byBytes; #curves; #facts; #texts = {};

  constructor() {
    super();
    this.#texts.byBytes = el('h3');
    this.#byBytes = new AttnLineChart();
    this.#byBytes.setAttribute('log-x', '');
    this.#byBytes.id = 'by-bytes';
    this.#facts = el('div');
    this.#texts.curves = el('h3');
    this.#curves = new AttnLineChart();
    this.#curves.id = 'curves';
    this.#texts.note = el('p', 'note');
    this.#texts.reference = el('p', 'note');
    this.shadowRoot.append(this.#texts.byBytes, this.#byBytes, this.#facts, this.#texts.curves, this.#curves, this.#texts.note, this.#texts.reference);
  }

  runOptions(s) { return { steps: s.steps, seeds: Array.from({ length: s.seeds }, (_, i) => i + 1), evalEvery: Math.max(5, Math.round(s.steps / 8)) }; }
  startData(options) { return { options, step: 0, steps: 0, runs: [], summary: [], claim: null }; }
  progressed(live, event) {
    // the Worker leaves `data` out of progress events: rebuild the runs from the points
    const { run, point } = event;
    live.runs[run] ??= { ...event.runInfo, curve: [], finalLoss: null };
    const r = live.runs[run];
    r.curve.push(point);
    if (point.step === live.options.steps) r.finalLoss = point.heldOutLoss;
    Object.assign(live, { step: event.step, steps: event.steps });
  }
  finished(data, live) { return { ...data, step: live.steps, steps: live.steps }; }

  render() {
    const L = this.language;
    this.renderSettings((option) => t(`kvh.${option}`, {}, L));
    const live = this.data;
    this.renderControls((key) => t(`kvh.${key}`, {}, L), (state, message) => t(`kvh.state.${state}`, { step: live?.step ?? 0, steps: live?.steps || '…', message }, L));
    const ref = this.reference?.data ?? null;
    const kvOrder = (o) => o.kvHeads ?? KV_HEAD_SHARING_DEFAULTS.kvHeads;
    const liveSummary = live?.runs.length ? headSharingSummary(live.runs.filter(Boolean), kvOrder(live.options)) : [];
    const perToken = (v, o) => v.cacheBytes / o.seqLen;
    const byBytes = [];
    const add = (summary, o, mean, seeds, color, dashed) => {
      if (!summary.length) return;
      byBytes.push({ label: t(seeds, {}, L), points: summary.flatMap((v) => v.losses.map((l) => [perToken(v, o), l])), color, dot: true });
      byBytes.push({ label: t(mean, {}, L), points: summary.map((v) => [perToken(v, o), v.meanLoss]).sort((a, b) => a[0] - b[0]), color, dashed });
    };
    if (ref) add(ref.summary, ref.options, 'kvh.series.refMean', 'kvh.series.refSeeds', CHART_COLORS.grey, true);
    if (liveSummary.length) add(liveSummary, live.options, 'kvh.series.mean', 'kvh.series.seeds', CHART_COLORS.blue, false);
    this.#texts.byBytes.textContent = t('kvh.byBytes.title', {}, L);
    this.#byBytes.setAttribute('x-label', t('kvh.axis.bytes', {}, L));
    this.#byBytes.setAttribute('y-label', t('kvh.axis.loss', {}, L));
    setYBounds(this.#byBytes, tightBounds(byBytes.flatMap((s) => s.points.map((p) => p[1]))));
    this.#byBytes.series = byBytes;
    const shownLive = liveSummary.length > 0 || (live?.runs.some(Boolean) ?? false);
    const shown = shownLive ? live : ref;
    const summary = shownLive ? liveSummary : ref?.summary ?? [];
    const claim = shownLive ? headSharingClaim(liveSummary) : ref?.claim;
    const curves = (shown?.runs ?? []).filter(Boolean).map((r) => ({
      label: t('kvh.series.curve', { kind: r.kind, kv: r.kvHeads, seed: r.seed }, L),
      points: r.curve.filter((c) => c.step > 0).map((c) => [c.tokens, c.heldOutLoss]),
      color: CHART_CYCLE[Math.max(0, kvOrder(shown.options).indexOf(r.kvHeads)) % CHART_CYCLE.length], dashed: r.seed !== shown.options.seeds[0],
    }));
    this.#texts.curves.textContent = t('kvh.curves.title', {}, L);
    this.#curves.setAttribute('x-label', t('kvh.axis.tokens', {}, L));
    this.#curves.setAttribute('y-label', t('kvh.axis.loss', {}, L));
    setYBounds(this.#curves, halfUnitBounds(curves.flatMap((c) => c.points.map((p) => p[1]))));
    this.#curves.series = curves;
    const rows = [[t('kvh.fact.which', {}, L), t(shownLive ? 'kvh.fact.live' : 'kvh.fact.reference', {}, L)]];
    const gapOf = (kv) => claim?.gaps.find((g) => g.kvHeads === kv)?.gap;
    for (const v of summary) {
      const gap = gapOf(v.kvHeads);
      rows.push([t('kvh.fact.variant', { kind: v.kind, kv: v.kvHeads }, L), t('kvh.fact.value', { bytes: formatNumber(perToken(v, shown.options)), loss: formatNumber(v.meanLoss, 4), gap: gap === undefined || gap === null ? '—' : `${gap >= 0 ? '+' : ''}${formatNumber(gap, 2)}` }, L)]);
    }
    rows.push([t('kvh.fact.noise', {}, L), claim?.noise === null || claim?.noise === undefined ? '—' : formatNumber(claim.noise, 2)]);
    rows.push([t('kvh.fact.verdict', {}, L), t(`kvh.verdict.${claim?.verdict ?? 'none'}`, {}, L)]);
    this.#facts.replaceChildren(facts(rows));
    this.#facts.querySelector('dl').id = 'claim';
    this.#texts.note.textContent = t('kvh.note', {}, L);
    const r = this.reference;
    this.#texts.reference.textContent = r ? t('kvh.reference', { command: r.command, seeds: r.options.seeds.length, steps: r.options.steps, seconds: formatNumber(r.madeOn.seconds, 3) }, L) : '';
  }
}
