// <attn-kernel-vs-attention>: the same tokens weighted two ways. A fixed RBF
// kernel (rows normalised) depends only on how close the inputs are;
// attention weights depend on learned projections W_Q, W_K (seeded here).
// Both come from the core's scaledDotProductAttention (cross-attention-numbers.js).
import { AttnHeatmap } from './attn-heatmap.js';
import { el } from './dom.js';
import { formatExact } from './format.js';
import { t } from './i18n.js';
import { TopicElement, rangeField } from './topic-element.js';
import { kernelAndAttention, diagonalArgmaxRows } from './cross-attention-numbers.js';
import './cross-attention-messages.js';

const ATTRIBUTES = ['tokens', 'sigma', 'seed', 'caption', 'lang'];
const STYLE = `
.maps { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 14px; margin: 8px 0; }
.diag { font-size: 13.5px; margin: 4px 0; }
`;

export class AttnKernelVsAttention extends TopicElement {
  static tag = 'attn-kernel-vs-attention';
  static uses = { 'attn-heatmap': AttnHeatmap };
  static get observedAttributes() { return ATTRIBUTES; }
  static STYLE = STYLE;

  #ui = null; #last = null;

  build(root) {
    const f = { sigma: rangeField({ min: 0.5, max: 8, step: 0.25, value: 2 }), seed: rangeField({ min: 1, max: 50, value: 1 }) };
    const controls = el('div', 'controls');
    for (const [name, field] of Object.entries(f)) {
      field.label.dataset.control = name;
      field.input.addEventListener('input', () => this.setAttribute(name, field.input.value));
      controls.append(field.label);
    }
    const ui = { f, title: el('h3', 'title'), rule: el('p', 'rule'), rbf: new AttnHeatmap(), attn: new AttnHeatmap(), diag: el('p', 'diag'), note: el('p', 'note') };
    ui.rbf.className = 'map-rbf';
    ui.attn.className = 'map-attention';
    const maps = el('div', 'maps');
    for (const m of [ui.rbf, ui.attn]) { const w = el('div', 'scroll'); w.append(m); maps.append(w); }
    root.append(ui.title, ui.rule, controls, maps, ui.diag, ui.note);
    this.#ui = ui;
  }

  /** {x, rbf, attention} (weights [N, N]) last shown, or null. */
  get values() { return this.#last; }

  update(lang) {
    const words = (this.getAttribute('tokens') ?? 'the cat sat on the mat').trim().split(/\s+/).filter(Boolean);
    if (words.length < 2 || words.length > 24) throw new Error(`the tokens attribute needs 2 to 24 words (got ${words.length})`);
    const sigma = this.num('sigma', 2, { min: 0.01, max: 100 }), seed = this.int('seed', 1, 0, 2 ** 32 - 1);
    const r = kernelAndAttention(words, { sigma, seed });
    const ui = this.#ui;
    ui.title.textContent = this.getAttribute('caption') ?? t('kernel.title', {}, lang);
    ui.rule.textContent = t('kernel.rule', {}, lang);
    for (const [name, value] of [['sigma', sigma], ['seed', seed]]) {
      ui.f[name].name.textContent = t(`kernel.${name}`, {}, lang);
      ui.f[name].input.value = String(value);
      ui.f[name].output.textContent = formatExact(value);
    }
    const cell = String(Math.max(16, Math.min(40, Math.floor(((this.clientWidth >= 600 ? this.clientWidth / 2 : this.clientWidth) - 110) / words.length))));
    for (const [map, matrix, caption] of [[ui.rbf, r.rbf, 'kernel.rbf'], [ui.attn, r.attention, 'kernel.attn']]) {
      for (const [name, v] of [['tokens', words.join(' ')], ['caption', t(caption, {}, lang)], ['row-title', t('kernel.rows', {}, lang)], ['col-title', t('kernel.cols', {}, lang)], ['max', '1'], ['cell-size', cell]]) map.setAttribute(name, v);
      map.data = matrix;
    }
    const diag = { rbf: diagonalArgmaxRows(r.rbf), attn: diagonalArgmaxRows(r.attention) };
    ui.diag.textContent = t('kernel.diag', { ...diag, n: words.length }, lang);
    ui.diag.dataset.rbf = String(diag.rbf);
    ui.note.textContent = t('kernel.note', {}, lang);
    this.#last = r;
    this.emit('change', { sigma, seed, diagonal: diag });
  }
}
