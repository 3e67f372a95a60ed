// <attn-masked-vs-causal>: GPT against BERT on one budget, live. Trains
// runMaskedVsCausal's two models (causal, masked) in a Worker (progress,
// pause, resume, cancel); draws both held-out curves, the fill and
// next-character scores with the claim's verdict, the learner's sentence
// filled by each (top candidates), the two attention maps side by side (of
// what each read) and what each can do with a prompt. The project's
// reference run is shown until a run of your own comes in, labelled.
// Attributes: steps, seed, sentence ('_' marks each blank); `settings-change`.
import { el } from './dom.js';
import { ExperimentElement } from './experiment-element.js';
import { t } from './i18n.js';
import { AttnLineChart } from './attn-line-chart.js';
import { AttnHeatmap } from './attn-heatmap.js';
import { formatNumber } from './line-chart-scale.js';
import { EXPERIMENT_STYLE, facts } from './experiment-style.js';
import { halfUnitBounds, setYBounds } from './chart-bounds.js';
import { CHART_COLORS } from './chart-colors.js';
import { MASKED_VS_CAUSAL_DEFAULTS, maskedVsCausalClaim } from '../experiments/masked-vs-causal-summary.js';
import './masked-vs-causal-messages.js';

const FIELDS = [['steps', 'steps', 50, 5000, 50, MASKED_VS_CAUSAL_DEFAULTS.steps], ['seed', 'seed', 1, 9999, 1, MASKED_VS_CAUSAL_DEFAULTS.seed]];
const COLORS = { causal: CHART_COLORS.blue, masked: CHART_COLORS.orange };
const OBJECTIVES = ['causal', 'masked'];
const STYLE = `${EXPERIMENT_STYLE}
.maps { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 12px; }
.maps figure { margin: 0; min-width: 0; }
.maps figcaption { font-size: 13px; color: var(--attn-muted, #5b6675); margin: 0 0 4px; }
table.fill { border-collapse: collapse; font-size: 13px; width: 100%; }
table.fill th, table.fill td { text-align: left; padding: 3px 6px; border-bottom: 1px solid var(--attn-subtle, #e6e9f0); vertical-align: top; }
table.fill td.cands { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; overflow-wrap: anywhere; }
p.gen { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px; overflow-wrap: anywhere; background: var(--attn-subtle, #f3f5f9); border-radius: 6px; padding: 6px 8px; margin: 4px 0; }
`;

/** A character as the table and maps show it (space ␣, newline ↵, [MASK] ▯); a candidate with its probability. */
const shownChar = (s) => ({ ' ': '␣', '\n': '↵', '[MASK]': '▯' }[s] ?? s);
const candidate = (c) => `${shownChar(c.text)} ${formatNumber(c.p, 2)}`;

export class AttnMaskedVsCausal extends ExperimentElement {
  static tag = 'attn-masked-vs-causal';
  static uses = { 'attn-line-chart': AttnLineChart, 'attn-heatmap': AttnHeatmap };
  static experiment = 'masked-vs-causal';
  static referenceUrl = new URL('../experiments/reference/masked-vs-causal.json', import.meta.url);
  static fields = FIELDS;
  static styles = STYLE;
  static get observedAttributes() { return [...super.observedAttributes, 'sentence']; }

  #curves; #facts; #fill; #maps = {}; #gen; #sentence; #sentenceName; #texts = {};

  constructor() {
    super();
    const label = el('label', 'field wide');
    this.#sentenceName = el('span', 'name');
    this.#sentence = Object.assign(el('input'), { type: 'text', id: 'sentence', spellcheck: false });
    this.#sentence.addEventListener('change', () => { this.setAttribute('sentence', this.#sentence.value); this.emit('settings-change', this.settings); });
    label.append(this.#sentenceName, this.#sentence);
    this.settingsForm.row.append(label);
    this.#texts.curves = el('h3');
    this.#curves = new AttnLineChart();
    this.#curves.id = 'curves';
    this.#facts = el('div');
    this.#texts.fill = el('h3');
    this.#fill = el('div');
    this.#texts.maps = el('h3');
    const maps = el('div', 'maps');
    for (const o of OBJECTIVES) {
      const figure = el('figure');
      this.#maps[o] = { caption: el('figcaption'), map: new AttnHeatmap() };
      this.#maps[o].map.id = `map-${o}`;
      this.#maps[o].map.setAttribute('cell-size', '7');
      figure.append(this.#maps[o].caption, this.#maps[o].map);
      maps.append(figure);
    }
    this.#texts.gen = el('h3');
    this.#gen = el('div');
    this.#gen.id = 'generation';
    this.#texts.note = el('p', 'note');
    this.#texts.reference = el('p', 'note');
    this.shadowRoot.append(this.#texts.curves, this.#curves, this.#facts, this.#texts.fill, this.#fill, this.#texts.maps, maps, this.#texts.gen, this.#gen, this.#texts.note, this.#texts.reference);
  }

  get settings() { return { ...super.settings, sentence: this.getAttribute('sentence') || MASKED_VS_CAUSAL_DEFAULTS.sentence }; }
  set settings(s) { super.settings = s; if (s.sentence !== undefined) this.setAttribute('sentence', s.sentence); }

  runOptions(s) { return { steps: s.steps, seed: s.seed, sentence: s.sentence, evalEvery: Math.max(10, Math.round(s.steps / 6)) }; }
  startData(options) { return { options, step: 0, steps: 0, curves: { causal: [], masked: [] } }; }
  progressed(live, event) {
    live.curves[event.objective].push(event.point);
    Object.assign(live, { step: event.step, steps: event.steps });
  }
  finished(data, live) { return { ...data, step: live.steps, steps: live.steps }; }

  render() {
    const L = this.language;
    const say = (key, vars = {}) => t(`mvc.${key}`, vars, L);
    this.renderSettings((option) => say(option));
    this.#sentenceName.textContent = say('sentence');
    if (this.shadowRoot.activeElement !== this.#sentence) this.#sentence.value = this.settings.sentence;
    const live = this.data;
    this.renderControls((key) => say(key), (state, message) => say(`state.${state}`, { step: live?.step ?? 0, steps: live?.steps || '…', message }));
    const ref = this.reference?.data ?? null;
    const liveShown = Boolean(live && (live.curves.causal.length || live.curves.masked.length));
    const shown = liveShown ? live : ref;
    const series = [];
    if (ref && liveShown) for (const o of OBJECTIVES) series.push({ label: say(`series.ref.${o}`), points: ref.curves[o].filter((p) => p.step > 0).map((p) => [p.step, p.heldOutLoss]), color: CHART_COLORS.grey, dashed: true });
    if (shown) for (const o of OBJECTIVES) series.push({ label: say(`series.${o}`), points: shown.curves[o].filter((p) => p.step > 0).map((p) => [p.step, p.heldOutLoss]), color: COLORS[o] });
    this.#texts.curves.textContent = say('curves.title');
    this.#curves.setAttribute('x-label', say('axis.step'));
    this.#curves.setAttribute('y-label', say('axis.loss'));
    setYBounds(this.#curves, halfUnitBounds(series.flatMap((s) => s.points.map((p) => p[1]))));
    this.#curves.series = series;

    const ev = shown?.evaluation;
    const claim = ev ? maskedVsCausalClaim(ev) : null;
    const score = (s) => say('fact.score', { loss: formatNumber(s.loss, 3), accuracy: formatNumber(100 * s.accuracy, 3) });
    const rows = [[say('fact.which'), say(liveShown ? 'fact.live' : 'fact.reference')]];
    if (ev) {
      rows.push([say('fact.fill.masked', { n: ev.fill.masked.positions }), score(ev.fill.masked)], [say('fact.fill.causal'), score(ev.fill.causal)]);
      rows.push([say('fact.next.causal', { n: ev.next.causal.positions }), score(ev.next.causal)], [say('fact.next.masked'), score(ev.next.masked)]);
    }
    const seen = (o) => shown?.curves[o].at(-1)?.targets;
    const count = (n) => n.toLocaleString(L === 'ja' ? 'ja-JP' : 'en-US');
    if (seen('causal') !== undefined) rows.push([say('fact.targets'), say('fact.targetsValue', { causal: count(seen('causal')), masked: count(seen('masked') ?? 0) })]);
    rows.push([say('fact.verdict'), say(`verdict.${claim?.verdict ?? 'none'}`)]);
    this.#facts.replaceChildren(facts(rows));
    this.#facts.querySelector('dl').id = 'claim';

    const sentence = shown?.sentence;
    this.#texts.fill.textContent = say('fill.title', { sentence: shown?.options.sentence ?? this.settings.sentence });
    if (sentence) {
      const table = el('table', 'fill');
      table.id = 'fill';
      const head = el('tr');
      for (const k of ['position', 'masked', 'causal']) head.append(el('th', null, say(`fill.${k}`)));
      table.append(head);
      for (const b of sentence.blanks) {
        const tr = el('tr');
        tr.append(el('td', null, String(b.position + 1)), el('td', 'cands', b.masked.slice(0, 3).map(candidate).join(' · ')), el('td', 'cands', b.causal ? b.causal.slice(0, 3).map(candidate).join(' · ') : say('fill.none')));
        table.append(tr);
      }
      this.#fill.replaceChildren(table);
    } else this.#fill.replaceChildren(el('p', 'note', say('fill.waiting')));

    this.#texts.maps.textContent = say('maps.title');
    for (const o of OBJECTIVES) {
      const { caption, map } = this.#maps[o];
      const layers = sentence?.attention[o];
      caption.textContent = say(`maps.${o}`, { layer: layers ? layers.length : '…' });
      map.tokens = sentence ? sentence.read[o].map(shownChar) : null;
      map.data = layers ? layers.at(-1) : null;
    }

    this.#texts.gen.textContent = say('gen.title');
    const gen = shown?.generation;
    this.#gen.replaceChildren(...(gen ? [
      el('p', 'note', say('gen.causal', { prompt: gen.prompt })), el('p', 'gen', `${gen.prompt}${gen.causal ?? ''}`),
      el('p', 'note', say('gen.masked')), el('p', 'gen', gen.masked ?? '—'),
    ] : []));
    this.#texts.note.textContent = say('note');
    const r = this.reference;
    this.#texts.reference.textContent = r ? say('reference', { command: r.command, steps: r.options.steps, seed: r.options.seed, seconds: formatNumber(r.madeOn.seconds, 3) }) : '';
  }
}
