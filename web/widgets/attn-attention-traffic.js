// <attn-attention-traffic>: how many bytes standard and tiled (Flash)
// attention move between slow and fast memory, as N, D and the tile size
// change, with the N × N score matrix the tiled version never writes
// (16 MiB per head at N = 2048 in float32). The accounting is written out in
// flash-numbers.js (attentionTraffic); a log-log plot shows both against N.
import { el } from './dom.js';
import { t } from './i18n.js';
import { TopicElement, rangeField } from './topic-element.js';
import { attentionTraffic } from './flash-numbers.js';
import { formatBytes, formatCount } from './format-bytes.js';
import { linePlot, plotLegend } from './line-plot.js';
import './flash-tiles-messages.js';

const ATTRIBUTES = ['n', 'd', 'tile', 'bytes', 'caption', 'lang'];

export class AttnAttentionTraffic extends TopicElement {
  static tag = 'attn-attention-traffic';
  static get observedAttributes() { return ATTRIBUTES; }

  #ui = null; #last = null;

  build(root) {
    // N moves in powers of two (the slider holds log2 N).
    const f = {
      N: rangeField({ min: 6, max: 17, value: 11 }), D: rangeField({ min: 16, max: 256, step: 16, value: 64 }),
      tile: rangeField({ min: 16, max: 256, step: 16, value: 64 }),
    };
    f.N.input.addEventListener('input', () => this.setAttribute('n', String(2 ** Number(f.N.input.value))));
    f.D.input.addEventListener('input', () => this.setAttribute('d', f.D.input.value));
    f.tile.input.addEventListener('input', () => this.setAttribute('tile', f.tile.input.value));
    const dtype = el('select');
    for (const b of [4, 2]) dtype.append(Object.assign(el('option', null, b === 4 ? '4 (float32)' : '2 (float16)'), { value: String(b) }));
    dtype.addEventListener('change', () => this.setAttribute('bytes', dtype.value));
    const dtypeLabel = el('label', 'field'), dtypeName = el('span', 'field-name');
    dtypeLabel.append(dtypeName, el('span'), dtype);
    const controls = el('div', 'controls');
    for (const [name, field] of Object.entries(f)) { field.label.dataset.control = name; controls.append(field.label); }
    controls.append(dtypeLabel);
    const ui = { f, dtype, dtypeName, title: el('h3', 'title'), rule: el('p', 'rule'), readout: el('dl', 'readout'), plot: el('div'), note: el('p', 'note') };
    ui.readout.setAttribute('aria-live', 'polite');
    root.append(ui.title, ui.rule, controls, ui.readout, ui.plot, ui.note);
    this.#ui = ui;
  }

  /** The counts last shown: {scores, standard, tiled, sram} in bytes, or null. */
  get values() { return this.#last; }

  update(lang) {
    const N = this.int('n', 2048, 1, 2 ** 20), D = this.int('d', 64, 1, 4096);
    const tile = this.int('tile', 64, 1, 4096), bytes = this.int('bytes', 4, 1, 8);
    const ui = this.#ui;
    ui.title.textContent = this.getAttribute('caption') ?? t('traffic.title', {}, lang);
    ui.rule.textContent = t('traffic.rule', {}, lang);
    const shown = { N: [Math.round(Math.log2(N)), N], D: [D, D], tile: [tile, tile] };
    for (const [name, [pos, text]] of Object.entries(shown)) {
      ui.f[name].name.textContent = t(`traffic.${name}`, {}, lang);
      ui.f[name].input.value = String(pos);
      ui.f[name].output.textContent = formatCount(text);
    }
    ui.dtypeName.textContent = t('traffic.dtype', {}, lang);
    ui.dtype.value = String(bytes);
    const r = attentionTraffic({ N, D, tile, bytes });
    const rows = [
      ['scores', t('traffic.scores', { b: bytes }, lang), r.scores],
      ['standard', t('traffic.standard', {}, lang), r.standard],
      ['tiled', t('traffic.tiled', {}, lang), r.tiled],
      ['sram', t('traffic.sram', {}, lang), r.sram],
    ];
    ui.readout.replaceChildren(...rows.flatMap(([cls, label, value]) => {
      const dd = el('dd', cls, `${formatBytes(value)} (${formatCount(value)})`);
      dd.dataset.value = String(value);
      return [el('dt', null, label), dd];
    }), el('dt', null, t('traffic.ratio', {}, lang)), el('dd', 'ratio', `${Number((r.standard / r.tiled).toPrecision(3))}×`));
    const ns = Array.from({ length: 12 }, (_, i) => 2 ** (i + 6));
    const curves = ns.map((n) => attentionTraffic({ N: n, D, tile, bytes }));
    const series = [
      { name: t('traffic.standard', {}, lang), xs: ns, ys: curves.map((c) => c.standard) },
      { name: t('traffic.tiled', {}, lang), xs: ns, ys: curves.map((c) => c.tiled) },
      { name: t('traffic.scores', { b: bytes }, lang), xs: ns, ys: curves.map((c) => c.scores), dashed: true },
    ];
    ui.plot.replaceChildren(linePlot(series, { logX: true, logY: true, xLabel: 'N', yLabel: 'bytes', label: ui.title.textContent }), plotLegend(series));
    ui.note.textContent = t('traffic.note', {}, lang);
    this.#last = r;
    this.emit('change', { ...r });
  }
}
