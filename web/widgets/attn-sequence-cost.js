// <attn-sequence-cost>: FLOPs, sequential steps and the longest path between
// two tokens against N for an RNN, a CNN (contiguous and dilated) and
// self-attention, on log axes, with a table at one N. See
// sequence-cost-numbers.js for the counts.
import { el } from './dom.js';
import { t } from './i18n.js';
import { TopicElement, rangeField } from './topic-element.js';
import { linePlot, plotLegend } from './line-plot.js';
import { SEQUENCE_MODELS, sequenceCost } from './sequence-cost-numbers.js';
import { formatCount } from './format-bytes.js';
import './sequence-cost-messages.js';

const ATTRIBUTES = ['n', 'd', 'k', 'caption', 'lang'];
const STYLE = `
.plots { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 12px; }
h4 { font-size: 13.5px; margin: 8px 0 2px; font-weight: 650; }
td:first-child, th:first-child { text-align: left; }
`;
const NS = Array.from({ length: 15 }, (_, i) => 2 ** (i + 2)); // 4 .. 65,536

export class AttnSequenceCost extends TopicElement {
  static tag = 'attn-sequence-cost';
  static get observedAttributes() { return ATTRIBUTES; }
  static STYLE = STYLE;

  #ui = null; #last = null;

  build(root) {
    const f = { n: rangeField({ min: 2, max: 16, value: 10 }), d: rangeField({ min: 16, max: 1024, step: 16, value: 512 }), k: rangeField({ min: 2, max: 9, value: 3 }) };
    f.n.input.addEventListener('input', () => this.setAttribute('n', String(2 ** Number(f.n.input.value))));
    f.d.input.addEventListener('input', () => this.setAttribute('d', f.d.input.value));
    f.k.input.addEventListener('input', () => this.setAttribute('k', f.k.input.value));
    const controls = el('div', 'controls');
    for (const [name, field] of Object.entries(f)) { field.label.dataset.control = name; controls.append(field.label); }
    const ui = { f, title: el('h3', 'title'), rule: el('p', 'rule'), formulas: el('p', 'rule'), plots: el('div', 'plots'), legend: el('div'), table: el('div', 'scroll'), note: el('p', 'note') };
    root.append(ui.title, ui.rule, controls, ui.table, ui.plots, ui.legend, ui.formulas, ui.note);
    this.#ui = ui;
  }

  /** {N, d, k, rows: {model: {flops, steps, path}}} last shown, or null. */
  get values() { return this.#last; }

  update(lang) {
    const N = this.int('n', 1024, 2, 2 ** 20), d = this.int('d', 512, 1, 65536), k = this.int('k', 3, 2, 64);
    const ui = this.#ui;
    ui.title.textContent = this.getAttribute('caption') ?? t('cost.title', {}, lang);
    ui.rule.textContent = t('cost.rule', {}, lang);
    ui.formulas.textContent = t('cost.formulas', {}, lang);
    for (const [name, pos, shown] of [['n', Math.round(Math.log2(N)), N], ['d', d, d], ['k', k, k]]) {
      ui.f[name].name.textContent = t(`cost.${name === 'n' ? 'N' : name}`, {}, lang);
      ui.f[name].input.value = String(pos);
      ui.f[name].output.textContent = formatCount(shown);
    }
    const rows = Object.fromEntries(SEQUENCE_MODELS.map((m) => [m, sequenceCost(m, N, d, k)]));
    const table = el('table');
    const head = el('tr');
    head.append(...['model', 'flops', 'steps', 'path'].map((c) => el('th', null, t(`cost.${c}`, {}, lang))));
    table.append(head);
    for (const m of SEQUENCE_MODELS) {
      const tr = el('tr');
      tr.dataset.model = m;
      tr.append(el('td', null, t(`cost.${m}`, {}, lang)));
      for (const key of ['flops', 'steps', 'path']) {
        const td = el('td', key, formatCount(rows[m][key]));
        td.dataset.value = String(rows[m][key]);
        tr.append(td);
      }
      table.append(tr);
    }
    ui.table.replaceChildren(table);
    const curves = Object.fromEntries(SEQUENCE_MODELS.map((m) => [m, NS.map((n) => sequenceCost(m, n, d, k))]));
    ui.plots.replaceChildren(...['flops', 'steps', 'path'].map((key) => {
      const series = SEQUENCE_MODELS.map((m) => ({ name: t(`cost.${m}`, {}, lang), xs: NS, ys: curves[m].map((c) => Math.max(c[key], 1)), dashed: m === 'dilated' }));
      const box = el('div');
      box.append(el('h4', null, t(`cost.${key}`, {}, lang)),
        linePlot(series, { width: 360, height: 240, logX: true, logY: true, xLabel: t('cost.tokens', {}, lang), yLabel: '', label: t(`cost.${key}`, {}, lang) }));
      return box;
    }));
    ui.legend.replaceChildren(plotLegend(SEQUENCE_MODELS.map((m) => ({ name: t(`cost.${m}`, {}, lang) }))));
    ui.note.textContent = t('cost.note', {}, lang);
    this.#last = { N, d, k, rows };
    this.emit('change', { N, rows });
  }
}
