// <attn-vectors>: two draggable 2-D arrows a and b with their sum,
// difference, norms, dot product, angle and cosine, and the law of cosines
// with the numbers filled in; every number from the core (vectors-numbers.js).
import { el } from './dom.js';
import { formatExact } from './format.js';
import { t } from './i18n.js';
import { TopicElement } from './topic-element.js';
import { vectorFacts } from './vectors-numbers.js';
import { VectorPlane, PLANE_STYLE } from './vectors-view.js';
import './vectors-messages.js';

const ATTRIBUTES = ['a', 'b', 'caption', 'lang'];
const STYLE = `${PLANE_STYLE}
.layout { display: grid; grid-template-columns: minmax(0, 300px) minmax(0, 1fr); gap: 16px; align-items: start; }
@media (max-width: 640px) { .layout { grid-template-columns: minmax(0, 1fr); } }
.readout { margin-top: 0; }
`;

const f = (v) => formatExact(Math.fround(v)).replace(/^-/, '−');
const pair = (v) => `(${f(v[0])}, ${f(v[1])})`;

function vectorAttribute(element, name, fallback) {
  const s = element.getAttribute(name);
  if (s === null) return fallback;
  let v;
  try { v = JSON.parse(s); } catch { v = null; }
  if (!Array.isArray(v) || v.length !== 2 || !v.every(Number.isFinite)) throw new Error(`the ${name} attribute must be two numbers such as [2, 1] (got "${s}")`);
  return v;
}

export class AttnVectors extends TopicElement {
  static tag = 'attn-vectors';
  static get observedAttributes() { return ATTRIBUTES; }
  static STYLE = STYLE;

  #ui = null; #plane = null; #last = null;

  build(root) {
    const ui = { title: el('h3', 'title'), rule: el('p', 'rule'), readout: el('dl', 'readout'), note: el('p', 'note') };
    const layout = el('div', 'layout'), planeBox = el('div');
    layout.append(planeBox, ui.readout);
    ui.readout.setAttribute('aria-live', 'polite');
    root.append(ui.title, ui.rule, layout, ui.note);
    this.#plane = new VectorPlane(planeBox, {
      range: 4, snap: 0.25,
      onMove: (name, v) => this.setAttribute(name, JSON.stringify(v)),
    });
    this.#ui = ui;
  }

  /** The numbers last shown (from the core): {a, b, sum, diff, dot, normA, normB, cos, angle, ...}, or null. */
  get values() { return this.#last; }

  update(lang) {
    const a = vectorAttribute(this, 'a', [2, 1]), b = vectorAttribute(this, 'b', [0.5, 2]);
    const r = vectorFacts(a, b);
    const ui = this.#ui;
    ui.title.textContent = this.getAttribute('caption') ?? t('vec.title', {}, lang);
    ui.rule.textContent = t('vec.rule', {}, lang);
    this.#plane.draw({ a, b, sum: Array.from(r.sum), diff: Array.from(r.diff), handleLabel: (name, v) => t('vec.handle', { name, x: v[0], y: v[1] }, lang) });
    const degrees = (r.angle * 180) / Math.PI;
    const rhs = r.normASq + r.normBSq - 2 * r.dot;
    const rows = [
      ['vec.a', pair(a), 'a'], ['vec.b', pair(b), 'b'],
      ['vec.sum', pair(r.sum), 'sum'], ['vec.diff', pair(r.diff), 'diff'],
      ['vec.norms', `${f(r.normA)}, ${f(r.normB)}`, 'norms'],
      ['vec.dot', `${f(a[0])}·${f(b[0])} + ${f(a[1])}·${f(b[1])} = ${f(r.dot)}`, 'dot', r.dot],
      ['vec.cos', `${f(r.dot)} / (${f(r.normA)} · ${f(r.normB)}) = ${f(r.cos)}`, 'cos', r.cos],
      ['vec.angle', `${Number(degrees.toFixed(2))}° = ${Number(r.angle.toFixed(4))} rad`, 'angle', degrees],
      ['vec.law', `${f(r.normDiffSq)} = ${f(r.normASq)} + ${f(r.normBSq)} − 2·${f(r.dot)} = ${f(rhs)}`, 'law', r.normDiffSq],
    ];
    ui.readout.replaceChildren(...rows.flatMap(([key, text, cls, value]) => {
      const dd = el('dd', cls, text);
      if (value !== undefined) dd.dataset.value = String(value);
      return [el('dt', null, t(key, {}, lang)), dd];
    }));
    ui.note.textContent = t('vec.note', {}, lang);
    this.#last = { a, b, ...r };
    this.emit('change', { a, b, dot: r.dot, cos: r.cos });
  }
}
