// The shared base of the topic widgets (<attn-rope-dial>, <attn-sinusoidal>,
// <attn-rope-decay>, ...), on AttnElement (lifecycle, language, the core):
// a shadow root with the widget's style, attribute parsing that names the
// attribute in its error, and one render per task. Subclasses build their
// DOM in build(root) and draw in update(lang); an exception there is shown
// in the element and fired as `error`.
import { AttnElement, boolAttr, enumAttr } from './attn-element.js';
import { el } from './dom.js';
import { t } from './i18n.js';
import { TOPIC_STYLE } from './topic-style.js';
import './topic-messages.js';

export class TopicElement extends AttnElement {
  static needsCore = true;
  static observesSize = true; // redraw on a new width: plots, cell sizes and scroll boxes follow it

  #status; #built = false;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#status = el('p', 'status');
    this.#status.setAttribute('role', 'status');
    root.append(el('style', null, TOPIC_STYLE + (this.constructor.STYLE ?? '')));
  }

  connected() {
    if (!this.#built) {
      this.#built = true;
      this.build(this.shadowRoot);
      this.shadowRoot.append(this.#status);
    }
    if (!this.coreReady) this.#status.textContent = t('heatmap.loading', {}, this.language);
  }

  /** Redraws now (changes otherwise redraw once at the end of the current task). */
  render() {
    const lang = this.language;
    try {
      if (this.coreError) throw this.coreError;
      this.update(lang);
      this.#focusableScrollers();
      requestAnimationFrame(() => this.#focusableScrollers()); // child heatmaps draw a task later
      this.#status.textContent = '';
      this.#status.classList.remove('error');
    } catch (e) {
      this.#status.textContent = t('error.prefix.widget', {}, lang) + (e?.message ?? e);
      this.#status.classList.add('error');
      this.emit('error', { message: e?.message ?? String(e) });
    }
  }

  // A box that scrolls sideways (a wide table on a phone) must be reachable by keyboard.
  #focusableScrollers() {
    for (const box of this.shadowRoot.querySelectorAll('.scroll')) {
      if (box.scrollWidth > box.clientWidth) box.tabIndex = 0;
      else box.removeAttribute('tabindex');
    }
  }

  /** A number attribute in [min, max] (integer when `integer`), or fallback when absent. */
  num(name, fallback, { min = -Infinity, max = Infinity, integer = false } = {}) {
    const s = this.getAttribute(name);
    const v = s === null || s.trim() === '' ? fallback : Number(s);
    if (!Number.isFinite(v) || v < min || v > max || (integer && !Number.isInteger(v))) {
      const kind = integer ? 'an integer' : 'a number';
      throw new Error(`the ${name} attribute must be ${kind} from ${min} to ${max} (got "${s}")`);
    }
    return v;
  }

  /** An integer attribute in [min, max]. */
  int(name, fallback, min, max) { return this.num(name, fallback, { min, max, integer: true }); }

  /** A boolean attribute: on when present unless "false"; `fallback` when absent. */
  bool(name, fallback = false) { return boolAttr(this, name, fallback); }

  /** One of `values`, or the first when absent. */
  choice(name, values) { return enumAttr(this, name, values, values[0]); }
}

/** true when the reader asked for less motion (no animation then). */
export const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * A labelled range input with its value shown: returns {label, input, output}.
 * The label text is set by the caller on each language change (label.name).
 */
export function rangeField({ min, max, step = 1, value }) {
  const label = el('label', 'field');
  const name = el('span', 'field-name');
  const output = el('output', 'num');
  const input = el('input');
  Object.assign(input, { type: 'range', min: String(min), max: String(max), step: String(step), value: String(value) });
  label.append(name, output, input);
  return { label, name, input, output };
}
