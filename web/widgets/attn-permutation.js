// <attn-permutation>: shuffle a sentence's tokens and compare one attention
// head's output rows token by token. Without positions each row only moves
// with its token (permutation equivariance); with sinusoidal positions or
// RoPE the rows change. Numbers from the core (permutation-numbers.js).
import { el, modeButtonRow, showModes } from './dom.js';
import { formatShort } from './format.js';
import { t } from './i18n.js';
import { TopicElement } from './topic-element.js';
import { POSITION_MODES, permutationCheck, shuffledOrder } from './permutation-numbers.js';
import './permutation-messages.js';

const ATTRIBUTES = ['tokens', 'order', 'mode', 'd', 'seed', 'caption', 'lang'];
const STYLE = `
.modes, .buttons { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 8px; }
.sentence { display: flex; flex-wrap: wrap; gap: 4px 6px; align-items: center; margin: 4px 0; font-size: 14px; }
.sentence .label { color: var(--muted); font-size: 12.5px; min-width: 6em; }
.chip { padding: 2px 8px; border-radius: 999px; background: var(--subtle); }
.chip sub { color: var(--muted); }
td.vec { text-align: left; font-family: var(--attn-mono, ui-monospace, monospace); font-size: 12px; }
.summary { font-size: 13.5px; margin: 10px 0 0; }
`;

const DEFAULT_TOKENS = 'the dog chased the cat';

export class AttnPermutation extends TopicElement {
  static tag = 'attn-permutation';
  static get observedAttributes() { return ATTRIBUTES; }
  static STYLE = STYLE;

  #ui = null; #last = null; #shuffles = 0;

  build(root) {
    const { row: modes, buttons: modeButtons } = modeButtonRow(this, POSITION_MODES);
    const buttons = el('div', 'buttons');
    const action = (key, fn) => { const b = el('button'); b.type = 'button'; b.dataset.action = key; b.addEventListener('click', fn); buttons.append(b); return b; };
    const n = () => this.#words().length;
    const actions = [
      action('shuffle', () => { this.#shuffles++; this.setAttribute('order', shuffledOrder(n(), this.int('seed', 1, 0, 2 ** 32 - 1) + this.#shuffles).join(' ')); }),
      action('reverse', () => this.setAttribute('order', Array.from({ length: n() }, (_, i) => n() - 1 - i).join(' '))),
      action('reset', () => this.removeAttribute('order')),
    ];
    const ui = {
      modeButtons, actions, title: el('h3', 'title'), rule: el('p', 'rule'), original: el('div', 'sentence'), shuffled: el('div', 'sentence'),
      table: el('div', 'scroll'), summary: el('p', 'summary'),
    };
    ui.summary.setAttribute('aria-live', 'polite');
    root.append(ui.title, ui.rule, modes, buttons, ui.original, ui.shuffled, ui.table, ui.summary);
    this.#ui = ui;
  }

  /** {order, x, params, out, outShuffled, diff, maxDiff} last shown, or null. */
  get values() { return this.#last; }

  #words() { return (this.getAttribute('tokens') ?? DEFAULT_TOKENS).trim().split(/\s+/).filter(Boolean); }

  #order(n) {
    const s = this.getAttribute('order');
    if (s === null) return Array.from({ length: n }, (_, i) => i);
    const order = s.trim().split(/[\s,]+/).map(Number);
    const sorted = [...order].sort((a, b) => a - b);
    if (order.length !== n || sorted.some((v, i) => v !== i)) throw new Error(`the order attribute must list each of 0..${n - 1} once (got "${s}")`);
    return order;
  }

  update(lang) {
    const words = this.#words();
    if (words.length < 2 || words.length > 32) throw new Error(`the tokens attribute needs 2 to 32 words (got ${words.length})`);
    const order = this.#order(words.length);
    const mode = this.choice('mode', POSITION_MODES);
    const d = this.int('d', 8, 2, 64);
    if (mode === 'rope' && d % 2) throw new Error(`RoPE needs an even d (got ${d})`);
    const r = permutationCheck(words, order, { d, seed: this.int('seed', 1, 0, 2 ** 32 - 1), mode });
    const ui = this.#ui;
    ui.title.textContent = this.getAttribute('caption') ?? t('perm.title', {}, lang);
    ui.rule.textContent = t('perm.rule', {}, lang);
    showModes(ui.modeButtons, mode, (m) => t(`perm.${m}`, {}, lang));
    for (const b of ui.actions) b.textContent = t(`perm.${b.dataset.action}`, {}, lang);
    const chips = (label, idx) => [el('span', 'label', label), ...idx.map((i) => { const c = el('span', 'chip', words[i]); c.append(el('sub', null, String(i))); return c; })];
    ui.original.replaceChildren(...chips(t('perm.original', {}, lang), words.map((_, i) => i)));
    ui.shuffled.replaceChildren(...chips(t('perm.shuffled', {}, lang), order));
    const show = (data, row) => `[${Array.from(data.slice(row * d, row * d + Math.min(d, 4)), (v) => formatShort(v)).join(', ')}${d > 4 ? ', …' : ''}]`;
    const where = new Map(order.map((i, p) => [i, p]));
    const table = el('table');
    const head = el('tr');
    head.append(...['token', 'diff', 'outOriginal', 'outShuffled'].map((k) => el('th', null, t(`perm.${k}`, {}, lang))));
    table.append(head);
    words.forEach((w, i) => {
      const tr = el('tr');
      const diff = el('td', 'diff', r.diff[i].toExponential(1));
      diff.dataset.value = String(r.diff[i]);
      tr.append(el('td', null, `${w} (${i})`), diff, el('td', 'vec', show(r.out.data, i)), el('td', 'vec', show(r.outShuffled.data, where.get(i))));
      table.append(tr);
    });
    ui.table.replaceChildren(table);
    const identity = order.every((v, i) => v === i);
    ui.summary.dataset.value = String(r.maxDiff);
    ui.summary.textContent = identity ? t('perm.identity', {}, lang)
      : t(r.maxDiff < 1e-5 ? 'perm.same' : 'perm.changed', { diff: r.maxDiff.toExponential(1) }, lang);
    this.#last = { order, ...r };
    this.emit('change', { mode, order, maxDiff: r.maxDiff });
  }
}
