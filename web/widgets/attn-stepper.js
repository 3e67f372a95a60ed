// <attn-stepper>: a row of numbered step buttons, optionally grouped, with
// one current step. Click a step (or use ← → when one has focus) to move;
// fires `change` with detail {index, id}. Labels may carry subscripts
// written as 'W_O' or 'O_{H−1}'.
import { el } from './dom.js';
import { AttnElement } from './attn-element.js';

const STYLE = `
:host { display: block; --accent: var(--attn-accent, #3451b2); --muted: var(--attn-muted, #5b6675); }
:host([hidden]) { display: none; }
ol { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 6px; }
li.group-label {
  font-size: 11.5px; font-weight: 650; letter-spacing: 0.06em; text-transform: uppercase; color: var(--muted);
  margin: 0 2px 0 10px; padding-left: 10px; border-left: 1px solid var(--attn-line, #d5dbe5);
}
li.group-label:lang(ja) { text-transform: none; letter-spacing: 0.02em; }
button {
  font: inherit; font-size: 13px; display: inline-flex; align-items: center; gap: 6px; cursor: pointer; white-space: nowrap;
  border: 1px solid var(--attn-line, #d5dbe5); background: var(--attn-field, #fbfcfe); color: var(--attn-ink, #1b2430); border-radius: 999px; padding: 3px 11px 3px 4px;
}
button:hover { border-color: var(--accent); }
button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
button[aria-current="step"] { background: var(--accent); border-color: var(--accent); color: var(--attn-on-accent, #fff); font-weight: 600; }
.no {
  font-size: 11px; min-width: 19px; height: 19px; border-radius: 999px; display: inline-flex; align-items: center; justify-content: center;
  background: var(--attn-accent-soft, #e8edfb); color: var(--accent); font-variant-numeric: tabular-nums;
}
button[aria-current="step"] .no { background: var(--attn-surface, #fff); }
sub { font-size: 0.72em; }
@media (forced-colors: active) { button[aria-current="step"] { outline: 2px solid Highlight; outline-offset: -2px; } }
`;

/** 'W_Q' -> ['W', <sub>Q</sub>]; 'O_{H−1}' -> ['O', <sub>H−1</sub>]. */
export function withSubscripts(text) {
  return String(text).split(/_(\{[^}]*\}|[A-Za-z0-9]+)/)
    .map((part, i) => (i % 2 ? el('sub', null, part.replace(/^\{|\}$/g, '')) : part));
}

export class AttnStepper extends AttnElement {
  static tag = 'attn-stepper';

  #list; #steps = []; #index = 0;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#list = el('ol');
    root.append(el('style', null, STYLE), this.#list);
    this.#list.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-index]');
      if (b) this.#select(Number(b.dataset.index));
    });
    this.#list.addEventListener('keydown', (e) => {
      const move = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity }[e.key];
      if (move === undefined) return;
      e.preventDefault();
      this.#select(this.#index + move);
      this.#list.querySelector(`[data-index="${this.#index}"]`)?.focus();
    });
  }

  /**
   * The steps: [{id, label, title?, group?}]; a group label is shown before
   * the first step of each group that has a `groupLabel`.
   */
  get steps() { return this.#steps; }
  set steps(list) {
    this.#steps = [...list];
    this.#index = Math.min(this.#index, Math.max(0, this.#steps.length - 1));
    const items = [];
    let group;
    this.#steps.forEach((step, i) => {
      if (step.group !== group && step.groupLabel) items.push(el('li', 'group-label', step.groupLabel));
      group = step.group;
      const b = el('button');
      b.type = 'button';
      b.dataset.index = i;
      b.dataset.id = step.id;
      if (step.title) b.title = step.title;
      const label = el('span', 'label');
      label.append(...withSubscripts(step.label));
      b.append(el('span', 'no', String(i + 1)), label);
      const li = el('li');
      li.append(b);
      items.push(li);
    });
    this.#list.replaceChildren(...items);
    this.#mark();
  }

  /** The current step's index; setting it fires no event. */
  get index() { return this.#index; }
  set index(i) { this.#index = Math.max(0, Math.min(this.#steps.length - 1, Math.trunc(i) || 0)); this.#mark(); }

  #select(i) {
    const next = Math.max(0, Math.min(this.#steps.length - 1, i));
    if (next === this.#index) return;
    this.index = next;
    this.dispatchEvent(new CustomEvent('change', { detail: { index: next, id: this.#steps[next].id } }));
  }

  #mark() {
    for (const b of this.#list.querySelectorAll('button')) {
      if (Number(b.dataset.index) === this.#index) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    }
  }
}
