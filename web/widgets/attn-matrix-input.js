// <attn-matrix-input label="Q" rows="8" cols="16">: a text box for a matrix,
// one row per line, numbers separated by spaces or commas. While the text
// parses to the expected shape it fires `change` with the tensor; otherwise
// it says what is wrong (in the page's language) and keeps the last value.
import { formatExact } from './format.js';
import { t, langFor } from './i18n.js';
import { AttnElement } from './attn-element.js';

const STYLE = `
:host { display: block; color: var(--attn-ink, #1b2430); --accent: var(--attn-accent, #3451b2); }
:host([hidden]) { display: none; }
.head { display: flex; align-items: baseline; gap: 10px; margin-bottom: 6px; }
label { font-weight: 650; font-size: 14px; }
.status { margin-left: auto; font-size: 12px; color: var(--attn-muted, #5b6675); font-family: var(--attn-mono, ui-monospace, "DejaVu Sans Mono", monospace); }
.status.bad { color: #a1121f; font-family: inherit; }
textarea {
  display: block; box-sizing: border-box; width: 100%; min-height: 6em; resize: vertical;
  font-family: var(--attn-mono, ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, monospace);
  font-size: 12px; line-height: 1.5; padding: 8px 10px; white-space: pre; overflow: auto;
  border: 1px solid var(--attn-line, #cfd6e0); border-radius: 8px; background: var(--attn-field, #fbfcfe); color: inherit; tab-size: 2;
}
textarea:focus { outline: 2px solid transparent; border-color: var(--accent); box-shadow: 0 0 0 3px color-mix(in srgb, var(--accent) 20%, transparent); background: var(--attn-surface, #fff); }
textarea[aria-invalid="true"] { border-color: #d9475a; }
`;

/** Parses matrix text; returns {data, shape} or {error: {key, params}}. */
export function parseMatrixText(text, rows, cols) {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  if (rows && lines.length !== rows) return { error: { key: 'matrix.rows', params: { want: rows, got: lines.length } } };
  const width = cols || lines[0]?.split(/[\s,]+/).length || 0;
  const data = new Float32Array(lines.length * width);
  for (let i = 0; i < lines.length; i++) {
    const tokens = lines[i].split(/[\s,]+/).filter(Boolean);
    if (tokens.length !== width) return { error: { key: 'matrix.cols', params: { row: i + 1, want: width, got: tokens.length } } };
    for (let j = 0; j < width; j++) {
      const v = Number(tokens[j].replace('−', '-'));
      if (!Number.isFinite(v)) return { error: { key: 'matrix.nan', params: { row: i + 1, token: tokens[j] } } };
      data[i * width + j] = v;
    }
  }
  return { data, shape: [lines.length, width] };
}

/** One row per line, columns aligned (a monospace font lines them up). */
export function formatMatrixText({ data, shape: [rows, cols] }) {
  const cells = Array.from(data, formatExact);
  const width = Math.max(...cells.map((s) => s.length), 1);
  const lines = [];
  for (let i = 0; i < rows; i++) lines.push(cells.slice(i * cols, (i + 1) * cols).map((s) => s.padStart(width)).join(' '));
  return lines.join('\n');
}

export class AttnMatrixInput extends AttnElement {
  static tag = 'attn-matrix-input';

  static get observedAttributes() { return ['label', 'rows', 'cols', 'lang']; }

  #value = null; #error = null; #area; #label; #status;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${STYLE}</style><div class="head"><label for="m" part="label"></label><span class="status" part="status" aria-live="polite"></span></div><textarea id="m" part="textarea" spellcheck="false" autocomplete="off" wrap="off"></textarea>`;
    this.#area = root.querySelector('textarea');
    this.#label = root.querySelector('label');
    this.#status = root.querySelector('.status');
    this.#area.addEventListener('input', () => this.#parse());
  }

  connected() { this.#paint(); }
  languageChanged() { this.#paint(); }
  attributeChanged() { this.#paint(); }

  /** The last valid matrix ({data: Float32Array, shape: [rows, cols]}) or null. */
  get value() { return this.#value; }
  /** Replaces the text with `v` (a tensor [rows, cols]); fires no event. */
  set value(v) {
    this.#value = v ? { data: Float32Array.from(v.data), shape: [...v.shape] } : null;
    this.#error = null;
    this.#area.value = v ? formatMatrixText(this.#value) : '';
    this.#paint();
  }
  /** The matrix text as typed. */
  get text() { return this.#area.value; }
  set text(s) { this.#area.value = s; this.#parse(); }
  /** Whether the current text is a valid matrix of the expected shape. */
  get valid() { return this.#error === null; }

  #dims() {
    const n = (name) => { const v = Number(this.getAttribute(name)); return Number.isInteger(v) && v > 0 ? v : 0; };
    return [n('rows'), n('cols')];
  }

  #parse() {
    const [rows, cols] = this.#dims();
    const result = parseMatrixText(this.#area.value, rows, cols);
    this.#error = result.error ?? null;
    if (!this.#error) {
      this.#value = result;
      this.dispatchEvent(new CustomEvent('change', { detail: { value: result } }));
    }
    this.#paint();
  }

  #paint() {
    const lang = langFor(this);
    this.#label.textContent = this.getAttribute('label') || t('matrix.label', {}, lang); // never an unnamed text box
    const lines = this.#dims()[0] || this.#value?.shape[0] || 4;
    this.#area.rows = Math.min(Math.max(lines, 3), 10);
    this.#area.setAttribute('aria-invalid', String(!!this.#error));
    this.#status.classList.toggle('bad', !!this.#error);
    this.#status.textContent = this.#error
      ? t(this.#error.key, this.#error.params, lang)
      : this.#value ? t('matrix.ok', { rows: this.#value.shape[0], cols: this.#value.shape[1] }, lang) : '';
  }
}
