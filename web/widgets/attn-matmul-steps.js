// <attn-matmul-steps>: C = A·B from the core's matmul, one entry at a time:
// pick C[i, j] and row i of A and column j of B light up, with the sum of
// products written out in the input numbers and the core's result.
import { toMatrix, attn } from './attention-source.js';
import { el } from './dom.js';
import { formatExact } from './format.js';
import { t } from './i18n.js';
import { TopicElement } from './topic-element.js';
import './vectors-messages.js';

const ATTRIBUTES = ['a', 'b', 'row', 'col', 'caption', 'lang'];
const STYLE = `
.mats { display: flex; flex-wrap: wrap; align-items: center; gap: 10px 14px; margin: 6px 0; }
.mats table { border-collapse: separate; border-spacing: 3px; }
.mats td { border: 0; padding: 0; }
.mats td span, .mats td button { display: inline-flex; align-items: center; justify-content: center; min-width: 38px; height: 34px; border-radius: 6px; background: var(--subtle); font: inherit; font-size: 13.5px; font-variant-numeric: tabular-nums; color: var(--ink); border: 1px solid transparent; padding: 0 4px; }
.mats td button { border-color: var(--line); background: var(--surface); cursor: pointer; }
.mats .on span { background: var(--soft); }
.mats .on.b span { background: rgba(194, 87, 12, 0.2); }
.mats td button[aria-pressed="true"] { background: var(--accent); color: var(--on-accent); border-color: var(--accent); }
.op { font-size: 18px; color: var(--muted); }
.name { font-weight: 650; margin-right: 4px; }
.expr { font-family: var(--attn-mono, ui-monospace, monospace); font-size: 13.5px; overflow-wrap: anywhere; }
`;
const f = (v) => formatExact(v).replace(/^-/, '−');

export class AttnMatmulSteps extends TopicElement {
  static tag = 'attn-matmul-steps';
  static get observedAttributes() { return ATTRIBUTES; }
  static STYLE = STYLE;

  #ui = null; #last = null;

  build(root) {
    const ui = { title: el('h3', 'title'), rule: el('p', 'rule'), mats: el('div', 'mats'), pick: el('p', 'note'), expr: el('p', 'expr') };
    ui.expr.setAttribute('aria-live', 'polite');
    ui.mats.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-i]');
      if (b) { this.setAttribute('row', b.dataset.i); this.setAttribute('col', b.dataset.j); }
    });
    ui.mats.addEventListener('keydown', (e) => {
      const d = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
      const b = e.target.closest('button[data-i]');
      if (!d || !b || !this.#last) return;
      e.preventDefault();
      const [R, C] = this.#last.c.shape;
      const i = Math.max(0, Math.min(R - 1, Number(b.dataset.i) + d[0])), j = Math.max(0, Math.min(C - 1, Number(b.dataset.j) + d[1]));
      this.setAttribute('row', String(i));
      this.setAttribute('col', String(j));
    });
    root.append(ui.title, ui.rule, ui.pick, ui.mats, ui.expr);
    this.#ui = ui;
  }

  /** {a, b, c (from matmul), row, col} last shown, or null. */
  get values() { return this.#last; }

  update(lang) {
    const a = toMatrix(this.getAttribute('a') ?? '[[1, 2, 0], [-1, 3, 1]]', 'the a attribute');
    const b = toMatrix(this.getAttribute('b') ?? '[[2, 1], [0, -1], [1, 4]]', 'the b attribute');
    const [m, k] = a.shape, [k2, n] = b.shape;
    if (k !== k2) throw new Error(`a is ${m} × ${k} but b is ${k2} × ${n}: the columns of a must equal the rows of b`);
    const c = attn.matmul(a, b);
    const row = Math.min(this.int('row', 0, 0, 4096), m - 1), col = Math.min(this.int('col', 0, 0, 4096), n - 1);
    const ui = this.#ui;
    ui.title.textContent = this.getAttribute('caption') ?? t('mm.title', {}, lang);
    ui.rule.textContent = t('mm.rule', {}, lang);
    ui.pick.textContent = t('mm.pick', {}, lang);
    const grid = (mat, name, cell) => {
      const wrap = el('div');
      const table = el('table');
      table.setAttribute('aria-label', name);
      for (let i = 0; i < mat.shape[0]; i++) {
        const tr = el('tr');
        for (let j = 0; j < mat.shape[1]; j++) tr.append(cell(i, j, mat.data[i * mat.shape[1] + j]));
        table.append(tr);
      }
      wrap.append(table);
      return wrap;
    };
    const plain = (on, cls) => (i, j, v) => { const td = el('td', on(i, j) ? `on ${cls}` : cls); td.append(el('span', null, f(v))); return td; };
    const cGrid = grid(c, 'C', (i, j, v) => {
      const td = el('td'), btn = el('button', null, f(v));
      btn.type = 'button';
      btn.dataset.i = i; btn.dataset.j = j; btn.dataset.value = String(v);
      btn.setAttribute('aria-pressed', String(i === row && j === col));
      btn.tabIndex = i === row && j === col ? 0 : -1;
      td.append(btn);
      return td;
    });
    const hadFocus = this.shadowRoot.activeElement?.dataset?.i !== undefined; // keep focus on C across the redraw
    ui.mats.replaceChildren(el('span', 'name', 'A'), grid(a, 'A', plain((i) => i === row, 'a')), el('span', 'op', '·'),
      el('span', 'name', 'B'), grid(b, 'B', plain((i, j) => j === col, 'b')), el('span', 'op', '='), el('span', 'name', 'C'), cGrid);
    if (hadFocus) ui.mats.querySelector('button[aria-pressed="true"]').focus();
    const terms = Array.from({ length: k }, (_, l) => `${f(a.data[row * k + l])}·${f(b.data[l * n + col])}`);
    const value = c.data[row * n + col];
    ui.expr.textContent = `${t('mm.entry', { i: row, j: col }, lang)} ${terms.join(' + ')} = ${f(value)}`;
    ui.expr.dataset.value = String(value);
    this.#last = { a, b, c, row, col };
    this.emit('change', { row, col, value });
  }
}
