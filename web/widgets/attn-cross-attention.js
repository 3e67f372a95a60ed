// <attn-cross-attention>: an encoder–decoder picture. Source tokens (keys and
// values) on top, target tokens (queries) below; pressing a target token draws
// its weights over the source as lines, and a heatmap shows every weight.
// Weights from multiHeadAttention with `memory` (cross-attention-numbers.js).
import { AttnHeatmap } from './attn-heatmap.js';
import { el } from './dom.js';
import { formatShort, formatExact } from './format.js';
import { t } from './i18n.js';
import { TopicElement, rangeField } from './topic-element.js';
import { crossWeights, parsePairs } from './cross-attention-numbers.js';
import './cross-attention-messages.js';

const ATTRIBUTES = ['source', 'target', 'pairs', 'temperature', 'query', 'caption', 'lang'];
const NS = 'http://www.w3.org/2000/svg';
const STYLE = `
.row-label { font-size: 12.5px; color: var(--muted); margin: 6px 0 2px; }
.tokens { display: flex; gap: 6px; flex-wrap: wrap; margin: 0; padding: 0; list-style: none; }
.tokens span, .tokens button { font: inherit; font-size: 14px; padding: 3px 9px; border-radius: 8px; min-height: 30px; display: inline-flex; align-items: center; }
.tokens.source span { background: rgba(194, 87, 12, 0.2); }
.tokens.target button { border: 1px solid var(--line); background: var(--surface); color: var(--ink); cursor: pointer; }
.tokens.target button[aria-pressed="true"] { background: var(--accent); border-color: var(--accent); color: var(--on-accent); }
.links { width: 100%; height: 70px; display: block; }
.links line { stroke: var(--accent); stroke-linecap: round; }
.bars { margin: 8px 0 0; }
`;

const words = (s) => s.trim().split(/\s+/).filter(Boolean);

export class AttnCrossAttention extends TopicElement {
  static tag = 'attn-cross-attention';
  static uses = { 'attn-heatmap': AttnHeatmap };
  static get observedAttributes() { return ATTRIBUTES; }
  static STYLE = STYLE;

  #ui = null; #last = null;

  build(root) {
    const temp = rangeField({ min: 0.1, max: 3, step: 0.1, value: 1 });
    temp.label.dataset.control = 'temperature';
    temp.input.addEventListener('input', () => this.setAttribute('temperature', temp.input.value));
    const controls = el('div', 'controls');
    controls.append(temp.label);
    const ui = {
      temp, title: el('h3', 'title'), rule: el('p', 'rule'), pick: el('p', 'note'),
      sourceLabel: el('p', 'row-label'), source: el('ul', 'tokens source'), links: document.createElementNS(NS, 'svg'),
      targetLabel: el('p', 'row-label'), target: el('ul', 'tokens target'), readout: el('p', 'readout bars'), map: new AttnHeatmap(), note: el('p', 'note'),
    };
    ui.links.setAttribute('class', 'links');
    ui.links.setAttribute('aria-hidden', 'true');
    ui.readout.setAttribute('aria-live', 'polite');
    ui.target.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-i]');
      if (b) this.setAttribute('query', b.dataset.i);
    });
    const wrap = el('div', 'scroll');
    wrap.append(ui.map);
    root.append(ui.title, ui.rule, controls, ui.pick, ui.sourceLabel, ui.source, ui.links, ui.target, ui.targetLabel, ui.readout, wrap, ui.note);
    this.#ui = ui;
  }

  /** {source, target, weights [Nt, Ns], query, xs, xt (the word vectors), temperature} last shown, or null. */
  get values() { return this.#last; }

  update(lang) {
    const source = words(this.getAttribute('source') ?? 'the cat sleeps on the mat');
    const target = words(this.getAttribute('target') ?? '猫 は マット の 上 で 寝る');
    const pairsText = this.getAttribute('pairs') ?? '猫=cat マット=mat 上=on 寝る=sleeps';
    if (!source.length || !target.length || source.length > 32 || target.length > 32) throw new Error('the source and target attributes need 1 to 32 words each');
    const temperature = this.num('temperature', 1, { min: 0.01, max: 100 });
    const query = Math.min(this.int('query', 0, 0, 4096), target.length - 1);
    const { weights, xs, xt } = crossWeights(source, target, parsePairs(pairsText), { temperature });
    const Ns = source.length;
    const ui = this.#ui;
    ui.title.textContent = this.getAttribute('caption') ?? t('cross.title', {}, lang);
    ui.rule.textContent = t('cross.rule', {}, lang);
    ui.temp.name.textContent = t('cross.temperature', {}, lang);
    ui.temp.input.value = String(temperature);
    ui.temp.output.textContent = formatExact(temperature);
    ui.pick.textContent = t('cross.pick', {}, lang);
    ui.sourceLabel.textContent = t('cross.source', {}, lang);
    ui.targetLabel.textContent = t('cross.target', {}, lang);
    ui.source.replaceChildren(...source.map((w) => { const li = el('li'); li.append(el('span', null, w)); return li; }));
    ui.target.replaceChildren(...target.map((w, i) => {
      const li = el('li'), b = el('button', null, w);
      b.type = 'button';
      b.dataset.i = i;
      b.setAttribute('aria-pressed', String(i === query));
      li.append(b);
      return li;
    }));
    const row = weights.data.slice(query * Ns, (query + 1) * Ns);
    // Lines from the chosen query to each source token, as wide and dark as its weight.
    requestAnimationFrame(() => this.#drawLinks(row, query));
    ui.readout.textContent = `${t('cross.weights', { token: target[query] }, lang)}: ${source.map((w, j) => `${w} ${formatShort(row[j])}`).join(' · ')}`;
    ui.readout.dataset.values = JSON.stringify(Array.from(row));
    for (const [name, v] of [['tokens', target.join(' ')], ['col-tokens', source.join(' ')], ['row-title', t('cross.rows', {}, lang)], ['col-title', t('cross.cols', {}, lang)], ['max', '1']]) ui.map.setAttribute(name, v);
    ui.map.data = weights;
    ui.note.textContent = t('cross.note', { pairs: pairsText }, lang);
    this.#last = { source, target, weights, query, xs, xt, temperature };
    this.emit('change', { query, weights: row });
  }

  #drawLinks(row, query) {
    const ui = this.#ui;
    const box = ui.links.getBoundingClientRect();
    if (!box.width) return;
    const centre = (node, top) => { const r = node.getBoundingClientRect(); return [r.left + r.width / 2 - box.left, top]; };
    const to = centre(ui.target.querySelectorAll('button')[query], box.height - 2);
    ui.links.setAttribute('viewBox', `0 0 ${box.width} ${box.height}`);
    ui.links.replaceChildren(...[...ui.source.querySelectorAll('span')].map((span, j) => {
      const [x1, y1] = centre(span, 2);
      const line = document.createElementNS(NS, 'line');
      Object.entries({ x1, y1, x2: to[0], y2: to[1], 'stroke-width': 0.5 + 7 * row[j], 'stroke-opacity': 0.15 + 0.85 * row[j] }).forEach(([k, v]) => line.setAttribute(k, String(v)));
      return line;
    }));
  }
}
