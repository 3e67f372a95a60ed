// <attn-kv-cache>: how much memory the KV cache of a model takes, for MHA,
// GQA and MQA side by side, per token and at T tokens, every count from
// attn.kvCacheBytes. Presets load real model shapes (GPT-2 small, Llama-2-7B,
// Llama-2-70B with 8 KV heads). See index.d.ts for the API.
import { attn } from './attention-source.js';
import { el } from './dom.js';
import { t } from './i18n.js';
import { TopicElement, rangeField } from './topic-element.js';
import { formatBytes, formatCount } from './format-bytes.js';
import './kv-cache-messages.js';

export const KV_PRESETS = {
  'gpt2-small': { label: 'GPT-2 small', layers: 12, heads: 12, 'kv-heads': 12, 'head-dim': 64, tokens: 1024 },
  'llama2-7b': { label: 'Llama-2-7B', layers: 32, heads: 32, 'kv-heads': 32, 'head-dim': 128, tokens: 4096 },
  'llama2-70b': { label: 'Llama-2-70B', layers: 80, heads: 64, 'kv-heads': 8, 'head-dim': 128, tokens: 4096 },
};
const DTYPES = ['float16', 'bfloat16', 'float32', 'int8'];
const ATTRIBUTES = ['preset', 'layers', 'heads', 'kv-heads', 'head-dim', 'tokens', 'batch', 'dtype', 'caption', 'lang'];
const STYLE = `
.field.select { display: flex; flex-direction: column; gap: 4px; align-items: stretch; }
td:first-child, th:first-child { text-align: left; white-space: normal; min-width: 9em; }
td small { display: block; color: var(--muted); font-size: 11px; }
`;

export class AttnKvCache extends TopicElement {
  static tag = 'attn-kv-cache';
  static get observedAttributes() { return ATTRIBUTES; }
  static STYLE = STYLE;

  #ui = null; #last = null;

  build(root) {
    const f = {
      layers: rangeField({ min: 1, max: 128, value: 32 }), heads: rangeField({ min: 1, max: 128, value: 32 }),
      'kv-heads': rangeField({ min: 1, max: 128, value: 8 }), 'head-dim': rangeField({ min: 8, max: 256, step: 8, value: 128 }),
      tokens: rangeField({ min: 0, max: 20, value: 12 }), batch: rangeField({ min: 1, max: 64, value: 1 }),
    };
    const select = (name, options) => {
      const label = el('label', 'field select'), text = el('span', 'field-name'), s = el('select');
      s.append(...options.map(([value, shown]) => Object.assign(el('option', null, shown), { value })));
      label.append(text, s);
      return { label, text, s };
    };
    const preset = select('preset', [['', ''], ...Object.entries(KV_PRESETS).map(([k, p]) => [k, p.label])]);
    const dtype = select('dtype', DTYPES.map((d) => [d, d]));
    preset.s.addEventListener('change', () => {
      const p = KV_PRESETS[preset.s.value];
      if (!p) return;
      for (const [name, value] of Object.entries(p)) if (name !== 'label') this.setAttribute(name, String(value));
      this.setAttribute('preset', preset.s.value);
    });
    dtype.s.addEventListener('change', () => this.setAttribute('dtype', dtype.s.value));
    const controls = el('div', 'controls');
    controls.append(preset.label);
    for (const [name, field] of Object.entries(f)) {
      field.label.dataset.control = name;
      // tokens moves in powers of two (the slider holds log2 T)
      field.input.addEventListener('input', () => this.setAttribute(name, name === 'tokens' ? String(2 ** Number(field.input.value)) : field.input.value));
      controls.append(field.label);
    }
    controls.append(dtype.label);
    const ui = { f, preset, dtype, title: el('h3', 'title'), rule: el('p', 'rule'), table: el('div', 'scroll'), note: el('p', 'note') };
    root.append(ui.title, ui.rule, controls, ui.table, ui.note);
    this.#ui = ui;
  }

  /** The rows last shown: [{kind, kvHeads, perToken, total}] in bytes, or null. */
  get values() { return this.#last; }

  #settings() {
    const base = KV_PRESETS[this.getAttribute('preset')] ?? KV_PRESETS['llama2-70b'];
    const heads = this.int('heads', base.heads, 1, 4096);
    const s = {
      layers: this.int('layers', base.layers, 1, 4096), heads,
      'kv-heads': this.int('kv-heads', base['kv-heads'], 1, heads),
      'head-dim': this.int('head-dim', base['head-dim'], 1, 65536),
      tokens: this.int('tokens', base.tokens, 0, 2 ** 40), batch: this.int('batch', 1, 1, 1 << 20),
      dtype: this.choice('dtype', DTYPES),
    };
    s.preset = Object.keys(KV_PRESETS).find((k) => ['layers', 'heads', 'kv-heads', 'head-dim'].every((n) => KV_PRESETS[k][n] === s[n])) ?? '';
    return s;
  }

  update(lang) {
    const s = this.#settings();
    const ui = this.#ui;
    ui.title.textContent = this.getAttribute('caption') ?? t('kv.title', {}, lang);
    ui.rule.textContent = t('kv.rule', {}, lang);
    ui.preset.text.textContent = t('kv.preset', {}, lang);
    ui.preset.s.options[0].textContent = t('kv.custom', {}, lang);
    ui.preset.s.value = s.preset;
    ui.dtype.text.textContent = t('kv.dtype', {}, lang);
    ui.dtype.s.value = s.dtype;
    const keys = { layers: 'layers', heads: 'heads', 'kv-heads': 'groups', 'head-dim': 'headDim', tokens: 'tokens', batch: 'batch' };
    for (const [name, field] of Object.entries(ui.f)) {
      field.name.textContent = t(`kv.${keys[name]}`, {}, lang);
      if (name === 'kv-heads') field.input.max = String(s.heads);
      field.input.value = String(name === 'tokens' ? Math.round(Math.log2(Math.max(1, s.tokens))) : s[name]);
      field.output.textContent = formatCount(s[name]);
    }
    const shape = { nLayers: s.layers, headDim: s['head-dim'], batch: s.batch, dtype: s.dtype };
    const kinds = [['mha', s.heads], ['gqa', s['kv-heads']], ['mqa', 1]];
    const rows = kinds.map(([kind, kvHeads]) => ({
      kind, kvHeads,
      perToken: attn.kvCacheBytes({ ...shape, nKvHeads: kvHeads, seqLen: 1, batch: 1 }),
      total: attn.kvCacheBytes({ ...shape, nKvHeads: kvHeads, seqLen: s.tokens }),
    }));
    const table = el('table');
    const head = el('tr');
    head.append(...['kind', 'total', 'perToken', 'ratio', 'kvHeads'].map((k) => el('th', null, t(`kv.${k}`, {}, lang))));
    table.append(head);
    for (const r of rows) {
      const tr = el('tr');
      tr.dataset.kind = r.kind;
      const cells = [
        [t(`kv.${r.kind}`, { g: r.kvHeads }, lang)],
        [formatBytes(r.total), 'total', r.total],
        [formatBytes(r.perToken), 'per-token', r.perToken],
        [rows[0].total ? `${Number((r.total / rows[0].total).toPrecision(3))}×` : '—'],
        [formatCount(r.kvHeads)],
      ];
      for (const [text, cls, value] of cells) {
        const td = el('td', cls, text);
        if (value !== undefined) { td.dataset.value = String(value); td.append(el('small', null, formatCount(value))); }
        tr.append(td);
      }
      table.append(tr);
    }
    ui.table.replaceChildren(table);
    ui.note.textContent = t('kv.note', {}, lang);
    this.#last = rows;
    this.emit('change', { rows });
  }
}
