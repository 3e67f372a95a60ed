// <attn-induction-heads>: induction heads forming, live. Trains
// runInductionHeads' two-layer attention-only model in a Worker (progress,
// pause, resume, cancel) and draws the loss on the first and on the repeated
// copy of each sequence, every head's induction score over training (with
// the threshold a head is named at), and the phase change read from the
// curves; the project's reference run beside it, labelled.
// Attributes: steps, seed; `settings-change` when the reader changes one.
import { el } from './dom.js';
import { ExperimentElement } from './experiment-element.js';
import { t } from './i18n.js';
import { AttnLineChart } from './attn-line-chart.js';
import { formatNumber } from './line-chart-scale.js';
import { facts } from './experiment-style.js';
import { halfUnitBounds, setYBounds } from './chart-bounds.js';
import { CHART_COLORS, CHART_CYCLE } from './chart-colors.js';
import { INDUCTION_HEADS_DEFAULTS, INDUCTION_THRESHOLD, inductionSummary } from '../experiments/induction-heads-summary.js';
import './induction-heads-messages.js';

const FIELDS = [['steps', 'steps', 50, 10000, 50, INDUCTION_HEADS_DEFAULTS.steps], ['seed', 'seed', 1, 4000, 1, INDUCTION_HEADS_DEFAULTS.seed]];

export class AttnInductionHeads extends ExperimentElement {
  static tag = 'attn-induction-heads';
  static uses = { 'attn-line-chart': AttnLineChart };
  static experiment = 'induction-heads';
  static referenceUrl = new URL('../experiments/reference/induction-heads.json', import.meta.url);
  static fields = FIELDS;

  #losses; #scores; #facts; #texts = {};

  constructor() {
    super();
    this.#texts.losses = el('h3');
    this.#losses = new AttnLineChart();
    this.#losses.id = 'losses';
    this.#facts = el('div');
    this.#texts.scores = el('h3');
    this.#scores = new AttnLineChart();
    this.#scores.id = 'scores';
    this.#texts.note = el('p', 'note');
    this.#texts.reference = el('p', 'note');
    this.shadowRoot.append(this.#texts.losses, this.#losses, this.#facts, this.#texts.scores, this.#scores, this.#texts.note, this.#texts.reference);
  }

  runOptions(s) { return { steps: s.steps, seed: s.seed, evalEvery: Math.max(10, Math.round(s.steps / 30)) }; }
  startData(options) { return { options, step: 0, steps: options.steps, curve: [] }; }
  progressed(live, event) {
    live.curve.push(event.point);
    live.chance = event.chance;
    Object.assign(live, { step: event.step, steps: event.steps });
  }
  finished(data, live) { return { ...data, step: live.steps, steps: live.steps }; }

  render() {
    const L = this.language;
    const say = (key, vars = {}) => t(`ind.${key}`, vars, L);
    this.renderSettings((option) => say(option));
    const live = this.data;
    this.renderControls((key) => say(key), (state, message) => say(`state.${state}`, { step: live?.step ?? 0, steps: live?.steps || '…', message }));
    const ref = this.reference?.data ?? null;
    const liveShown = Boolean(live?.curve.length);
    const shown = liveShown ? live : ref;
    const lossSeries = [];
    const add = (d, suffix, colors, dashed) => {
      lossSeries.push({ label: say('series.first') + suffix, points: d.curve.map((p) => [p.step, p.firstLoss]), color: colors[0], dashed });
      lossSeries.push({ label: say('series.repeated') + suffix, points: d.curve.map((p) => [p.step, p.repeatedLoss]), color: colors[1], dashed });
    };
    if (ref && liveShown) add(ref, say('refSuffix'), [CHART_COLORS.grey, CHART_COLORS.grey], true);
    if (shown) add(shown, '', [CHART_COLORS.blue, CHART_COLORS.orange], false);
    if (shown?.chance && shown.curve.length) lossSeries.push({ label: say('series.floor'), points: [[0, shown.chance.first], [shown.curve.at(-1).step, shown.chance.first]], color: CHART_COLORS.blue, dashed: true });
    this.#texts.losses.textContent = say('losses.title');
    this.#losses.setAttribute('x-label', say('axis.step'));
    this.#losses.setAttribute('y-label', say('axis.loss'));
    setYBounds(this.#losses, halfUnitBounds(lossSeries.flatMap((s) => s.points.map((p) => p[1]))));
    this.#losses.series = lossSeries;

    const scoreSeries = [];
    if (shown?.curve.length) {
      const [first] = shown.curve;
      const Ls = first.induction.length, Hs = first.induction[0].length;
      for (let l = 0; l < Ls; l++) for (let h = 0; h < Hs; h++) {
        scoreSeries.push({ label: say('series.head', { layer: l, head: h }), points: shown.curve.map((p) => [p.step, p.induction[l][h]]), color: CHART_CYCLE[h % CHART_CYCLE.length], dashed: l < Ls - 1 });
      }
      const steps = shown.curve.map((p) => p.step);
      scoreSeries.push({ label: say('series.threshold'), points: [[Math.min(...steps), INDUCTION_THRESHOLD], [Math.max(...steps), INDUCTION_THRESHOLD]], color: CHART_COLORS.grey, dashed: true });
    }
    this.#texts.scores.textContent = say('scores.title');
    this.#scores.setAttribute('x-label', say('axis.step'));
    this.#scores.setAttribute('y-label', say('axis.score'));
    setYBounds(this.#scores, [0, 1]);
    this.#scores.series = scoreSeries;

    const summary = shown?.curve.length >= 2 ? inductionSummary(shown.curve) : null;
    const rows = [[say('fact.which'), say(liveShown ? 'fact.live' : 'fact.reference')]];
    if (summary) {
      const s = summary.steepest;
      rows.push([say('fact.steepest'), say('fact.steepestValue', { from: s.from, to: s.to, drop: formatNumber(s.drop, 3) })]);
      rows.push([say('fact.formed'), summary.formedAt ? say('fact.formedValue', { step: summary.formedAt.step, layer: summary.formedAt.layer, head: summary.formedAt.head, score: formatNumber(summary.formedAt.score, 2) }) : say('fact.notFormed', { threshold: INDUCTION_THRESHOLD })]);
      rows.push([say('fact.heads', { step: summary.final.step }), summary.heads.length ? summary.heads.map((h) => say('fact.head', { layer: h.layer, head: h.head, score: formatNumber(h.score, 2) })).join(' · ') : '—']);
      rows.push([say('fact.final'), say('fact.finalValue', { first: formatNumber(summary.final.firstLoss, 3), repeated: formatNumber(summary.final.repeatedLoss, 3), chance: shown.chance ? formatNumber(shown.chance.first, 3) : '—' })]);
    }
    this.#facts.replaceChildren(facts(rows));
    this.#facts.querySelector('dl').id = 'phase';
    this.#texts.note.textContent = say('note');
    const r = this.reference;
    this.#texts.reference.textContent = r ? say('reference', { command: r.command, steps: r.options.steps, seed: r.options.seed, seconds: formatNumber(r.madeOn.seconds, 3) }) : '';
  }
}
