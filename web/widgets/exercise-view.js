// The DOM of <attn-exercise>: builds the card once per exercise kind and
// paints it from plain state (strings already in the right language). The
// element (attn-exercise.js) owns the state; this file only draws it.
import { el, focusableIfScrolling } from './dom.js';
import { STYLE } from './exercise-style.js';
import { richHtml, mathStylesheet } from './math.js';

const md = (node, text) => { node.innerHTML = richHtml(text ?? ''); return node; };
/** Like md() for one line: the paragraph wrapper is dropped. */
const mdLine = (node, text) => {
  md(node, text);
  const only = node.children.length === 1 && node.firstElementChild.tagName === 'P' ? node.firstElementChild : null;
  if (only) only.replaceWith(...only.childNodes);
  return node;
};

export class ExerciseView {
  #root; #on; #parts = null; #kind = null; #escape = false;

  /** `on`: {check, hint, reveal, another, reset} callbacks. */
  constructor(root, on) {
    this.#root = root;
    this.#on = on;
  }

  /** A one-line message instead of the card (loading, errors). */
  showStatus(text, { error = false } = {}) {
    this.#parts = null;
    const p = el('p', `status${error ? ' error' : ''}`, text);
    p.setAttribute('role', error ? 'alert' : 'status');
    const card = el('div', 'card');
    card.append(p);
    this.#root.replaceChildren(el('style', null, STYLE), card);
  }

  /** Builds the card for `kind` with `choiceCount` options. */
  build(kind, choiceCount = 0) {
    this.#kind = kind;
    const p = {};
    const card = el('article', 'card');
    card.setAttribute('part', 'card');
    card.dataset.kind = kind;
    const head = el('header', 'head');
    p.tag = el('span', 'tag');
    p.title = el('h3', 'title');
    p.badge = el('span', 'badge');
    head.append(p.tag, p.title, p.badge);
    p.prompt = el('div', 'prompt md');
    p.answer = el('div', 'answer');
    p.caption = el('label', 'caption');
    if (kind === 'choice') {
      p.choices = el('fieldset', 'choices');
      p.choiceLabels = Array.from({ length: choiceCount }, (_, i) => {
        const label = el('label');
        const input = el('input');
        Object.assign(input, { type: 'radio', name: 'choice', value: String(i) });
        input.addEventListener('change', () => this.#markPicked());
        label.append(input, el('span', 'md'));
        p.choices.append(label);
        return label;
      });
      p.answer.append(p.choices);
    } else {
      const multiline = kind === 'matrix' || kind === 'code';
      p.input = el(multiline ? 'textarea' : 'input', kind === 'code' ? 'code' : multiline ? 'matrix' : 'typed');
      p.input.id = 'answer';
      p.input.spellcheck = false;
      p.input.setAttribute('autocomplete', 'off');
      p.input.setAttribute('autocapitalize', 'off');
      if (kind === 'matrix') p.input.rows = 3;
      if (!multiline) p.input.type = 'text';
      p.caption.htmlFor = 'answer';
      p.input.addEventListener('keydown', (e) => this.#key(e));
      p.answer.append(p.caption, p.input);
    }
    p.help = el('p', 'help');
    p.answer.append(p.help);
    const actions = el('div', 'actions');
    p.check = this.#button('primary', 'check');
    p.hint = this.#button('', 'hint');
    p.reveal = this.#button('', 'reveal');
    p.another = this.#button('', 'another');
    const meta = el('span', 'meta');
    p.attempts = el('span', 'attempts');
    p.reset = this.#button('link', 'reset');
    meta.append(p.attempts, p.reset);
    actions.append(p.check, p.hint, p.reveal, p.another, meta);
    p.feedback = el('div', 'feedback');
    p.feedback.setAttribute('role', 'status');
    p.feedback.setAttribute('aria-live', 'polite');
    p.hints = el('ol', 'hints');
    p.revealBox = el('section', 'box reveal-box');
    p.explanation = el('section', 'box explanation');
    card.append(head, p.prompt, p.answer, actions, p.feedback, p.hints, p.revealBox, p.explanation);
    const css = mathStylesheet();
    this.#root.replaceChildren(el('style', null, STYLE), ...(css ? [css] : []), card);
    this.#parts = p;
  }

  #button(className, action) {
    const b = el('button', className);
    b.type = 'button';
    b.dataset.action = action;
    b.addEventListener('click', () => this.#on[action]());
    return b;
  }

  #key(e) {
    const multiline = this.#parts.input.tagName === 'TEXTAREA';
    if (e.key === 'Enter' && (!multiline || e.ctrlKey || e.metaKey)) { e.preventDefault(); this.#on.check(); return; }
    // Tab indents code; Escape then Tab leaves the editor (no keyboard trap).
    if (this.#kind === 'code' && e.key === 'Tab' && !e.shiftKey && !this.#escape) {
      e.preventDefault();
      const t = this.#parts.input;
      t.setRangeText('  ', t.selectionStart, t.selectionEnd, 'end');
    }
    this.#escape = e.key === 'Escape';
  }

  #markPicked() {
    for (const label of this.#parts.choiceLabels) label.classList.toggle('picked', label.querySelector('input').checked);
  }

  /** The answer: text (typed kinds and code) or the chosen index (choice, null when none). */
  get answer() {
    const p = this.#parts;
    if (!p) return null;
    if (p.choices) {
      const picked = p.choices.querySelector('input:checked');
      return picked ? Number(picked.value) : null;
    }
    return p.input.value;
  }

  set answer(v) {
    const p = this.#parts;
    if (!p) return;
    if (p.choices) {
      for (const input of p.choices.querySelectorAll('input')) input.checked = Number(input.value) === v;
      this.#markPicked();
    } else {
      p.input.value = v ?? '';
    }
  }

  /** Paints everything from `s` (see attn-exercise.js #paint for the fields). */
  paint(s) {
    const p = this.#parts;
    if (!p) return;
    p.tag.textContent = s.tag;
    mdLine(p.title, s.title);
    md(p.prompt, s.prompt);
    p.badge.textContent = s.solvedText;
    p.badge.hidden = !s.solved;
    p.caption.textContent = s.caption ?? '';
    if (p.input) {
      p.input.placeholder = s.placeholder ?? '';
      p.input.setAttribute('aria-label', s.caption ?? '');
    }
    p.choiceLabels?.forEach((label, i) => {
      mdLine(label.querySelector('.md'), s.choices[i]);
      // Maths renders as KaTeX markup: name the radio button by the choice's plain text.
      label.querySelector('input').setAttribute('aria-label', label.querySelector('.md').textContent.trim() || s.choices[i]);
    });
    p.choices?.setAttribute('aria-label', s.caption ?? '');
    p.help.textContent = s.help ?? '';
    p.help.hidden = !s.help;
    p.check.textContent = s.busy ? s.busyText : s.checkText;
    p.check.disabled = s.busy;
    p.hint.textContent = s.hintText;
    p.hint.disabled = !s.moreHints;
    p.reveal.textContent = s.revealText;
    p.reveal.hidden = !s.canReveal;
    p.another.textContent = s.anotherText;
    p.another.hidden = !s.canAnother;
    p.attempts.textContent = s.attemptsText;
    p.reset.textContent = s.resetText;
    this.#feedback(s.feedback);
    p.hints.replaceChildren(...s.hints.map((h) => md(el('li', 'md'), h)));
    p.hints.hidden = s.hints.length === 0;
    p.hints.setAttribute('aria-label', s.hintsTitle);
    this.#box(p.revealBox, s.reveal);
    this.#box(p.explanation, s.explanation);
    this.#scrollers();
  }

  // Display maths widens later, when KaTeX's stylesheet and fonts arrive, so it
  // is always a tab stop (arrow keys scroll it); code blocks only when they scroll.
  #scrollers() {
    for (const m of this.#root.querySelectorAll('.math-display')) m.tabIndex = 0;
    focusableIfScrolling(this.#root.querySelectorAll('pre'));
  }

  #feedback(f) {
    const box = this.#parts.feedback;
    box.hidden = !f;
    if (!f) return;
    box.className = `feedback ${f.tone}`;
    const nodes = [md(el('div', 'title md'), f.title), ...f.lines.map((l) => md(el('div', 'line md'), l))];
    if (f.inputs) nodes.push(el('div', 'inputs-title', f.inputsTitle), el('pre', 'inputs', f.inputs));
    box.replaceChildren(...nodes);
  }

  #box(node, content) {
    node.hidden = !content;
    if (!content) return;
    const body = content.code !== undefined ? el('pre', null, content.code) : md(el('div', 'md'), content.text);
    node.replaceChildren(el('h4', null, content.title), body);
  }
}
