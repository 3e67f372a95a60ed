// The shared base of the topic widgets (<attn-rope-dial>, <attn-sinusoidal>,
// <attn-rope-decay>, ...): a shadow root with the widget's style, the wasm
// core loaded once, attribute parsing that names the attribute in its error,
// one redraw per task and a redraw on every language change. Subclasses build
// their DOM in build(root) and draw in update(lang); an exception there is
// shown in the element and fired as `error`.
import { attn } from './attention-source.js';
import { el } from './dom.js';
import { t, langFor, onLangChange } from './i18n.js';
import { TOPIC_STYLE } from './topic-style.js';
import './topic-messages.js';

export class TopicElement extends HTMLElement {
  #status; #queued = false; #ready = false; #loadError = null; #stopLang = null; #built = false;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#status = el('p', 'status');
    this.#status.setAttribute('role', 'status');
    root.append(el('style', null, TOPIC_STYLE + (this.constructor.STYLE ?? '')));
  }

  connectedCallback() {
    if (!this.#built) {
      this.#built = true;
      this.build(this.shadowRoot);
      this.shadowRoot.append(this.#status);
    }
    this.#stopLang = onLangChange(() => this.schedule());
    if (!this.#ready) this.#status.textContent = t('heatmap.loading', {}, langFor(this));
    attn.ready().then(() => { this.#ready = true; }, (e) => { this.#loadError = e; }).finally(() => this.schedule());
  }

  disconnectedCallback() {
    this.#stopLang?.();
    this.#stopLang = null;
  }

  // setAttribute with an unchanged value still calls back: nothing to redo.
  attributeChangedCallback(name, old, value) { if (old !== value) this.schedule(); }

  /** true once the core has loaded and the first draw may happen. */
  get ready() { return this.#ready; }

  /** Redraws at the end of the current task (many changes, one redraw). */
  schedule() {
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => { this.#queued = false; if (this.isConnected) this.render(); });
  }

  /** Redraws now. */
  render() {
    const lang = langFor(this);
    try {
      if (this.#loadError) throw this.#loadError;
      if (!this.#ready) return;
      this.update(lang);
      this.#status.textContent = '';
      this.#status.classList.remove('error');
    } catch (e) {
      this.#status.textContent = t('error.prefix.widget', {}, lang) + (e?.message ?? e);
      this.#status.classList.add('error');
      this.dispatchEvent(new CustomEvent('error', { detail: { message: e?.message ?? String(e) } }));
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
  bool(name, fallback = false) {
    const v = this.getAttribute(name);
    return v === null ? fallback : v !== 'false';
  }

  /** One of `values`, or the first when absent. */
  choice(name, values) {
    const v = this.getAttribute(name) ?? values[0];
    if (!values.includes(v)) throw new Error(`the ${name} attribute must be one of ${values.join(', ')} (got "${v}")`);
    return v;
  }

  /** Fires `name` with `detail`. */
  emit(name, detail) { this.dispatchEvent(new CustomEvent(name, { detail })); }
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
