// <attn-flash-tiles>: FlashAttention's online softmax, one key tile at a
// time. A stepper walks over the tiles; a table shows each query row's
// running max m, running sum ℓ, the rescaling factor and the accumulator o;
// after the last tile o/ℓ is checked against flashAttention and softmax
// attention. See flash-numbers.js for where each number comes from.
import { randomQK, seededNormals, attn } from './attention-source.js';
import { AttnStepper } from './attn-stepper.js';
import { el } from './dom.js';
import { formatShort } from './format.js';
import { t } from './i18n.js';
import { TopicElement, rangeField } from './topic-element.js';
import { flashSteps } from './flash-numbers.js';
import './flash-tiles-messages.js';

const ATTRIBUTES = ['n', 'd', 'tile', 'seed', 'step', 'caption', 'lang'];

const STYLE = `
.keys { display: flex; flex-wrap: wrap; gap: 6px; margin: 10px 0 4px; padding: 0; list-style: none; align-items: center; }
.keys .tile { display: inline-flex; gap: 2px; padding: 3px; border-radius: 6px; border: 1px dashed var(--line); }
.keys .tile.current { border: 2px solid var(--accent); }
.keys .key { width: 22px; height: 22px; border-radius: 4px; font-size: 11px; display: inline-flex; align-items: center; justify-content: center; background: var(--subtle); color: var(--muted); }
.keys .seen .key { background: var(--soft); color: var(--ink); }
.keys .current .key { background: var(--accent); color: var(--on-accent); }
.keys-label { font-size: 12.5px; color: var(--muted); margin-right: 4px; }
td.vec { text-align: left; font-family: var(--attn-mono, ui-monospace, monospace); }
.checks { margin-top: 10px; }
`;

const vector = (data, i, D) => `[${Array.from(data.slice(i * D, (i + 1) * D), (x) => formatShort(x)).join(', ')}]`;
const num = (x) => (Number.isFinite(x) ? formatShort(x) : (x > 0 ? '∞' : '−∞'));

export class AttnFlashTiles extends TopicElement {
  static tag = 'attn-flash-tiles';
  static uses = { 'attn-stepper': AttnStepper };
  static get observedAttributes() { return ATTRIBUTES; }
  static STYLE = STYLE;

  #ui = null; #last = null;

  build(root) {
    const f = {
      n: rangeField({ min: 2, max: 12, value: 6 }), d: rangeField({ min: 1, max: 8, value: 4 }),
      tile: rangeField({ min: 1, max: 12, value: 2 }), seed: rangeField({ min: 1, max: 50, value: 1 }),
    };
    const controls = el('div', 'controls');
    for (const [name, field] of Object.entries(f)) {
      field.label.dataset.control = name;
      field.input.addEventListener('input', () => this.setAttribute(name, field.input.value));
      controls.append(field.label);
    }
    const stepper = new AttnStepper();
    stepper.addEventListener('change', (e) => this.setAttribute('step', String(e.detail.index)));
    const ui = {
      f, stepper, title: el('h3', 'title'), rule: el('p', 'rule'), stepsLabel: el('p', 'note'), keys: el('ul', 'keys'),
      seen: el('p', 'note'), table: el('div', 'scroll'), checks: el('dl', 'readout checks'), note: el('p', 'note'),
    };
    ui.checks.setAttribute('aria-live', 'polite');
    root.append(ui.title, ui.rule, controls, ui.stepsLabel, stepper, ui.keys, ui.seen, ui.table, ui.checks, ui.note);
    this.#ui = ui;
  }

  /** The state last shown: {step, steps, check, q, k, v} (see flash-numbers.js), or null. */
  get values() { return this.#last; }

  update(lang) {
    const N = this.int('n', 6, 1, 64), D = this.int('d', 4, 1, 64);
    const tile = this.int('tile', 2, 1, 64), seed = this.int('seed', 1, 0, 2 ** 32 - 1);
    const { q, k } = randomQK(N, N, D, seed);
    const v = attn.tensor(seededNormals(N * D, seed + 1), [N, D]);
    const r = flashSteps(q, k, v, tile);
    const last = r.steps.length - 1;
    const step = Math.min(this.int('step', last, 0, 4096), last);
    const s = r.steps[step];
    const ui = this.#ui;
    ui.title.textContent = this.getAttribute('caption') ?? t('flash.title', {}, lang);
    ui.rule.textContent = t('flash.rule', {}, lang);
    for (const [name, value] of Object.entries({ n: N, d: D, tile, seed })) {
      const field = ui.f[name];
      field.name.textContent = t(`flash.${name === 'n' ? 'N' : name === 'd' ? 'D' : name}`, {}, lang);
      if (name === 'tile') field.input.max = String(N);
      field.input.value = String(value);
      field.output.textContent = String(value);
    }
    ui.stepsLabel.textContent = t('flash.steps', {}, lang);
    ui.stepper.steps = r.steps.map((x, i) => ({ id: `t${i}`, label: i === 0 ? t('flash.start', {}, lang) : t('flash.tileStep', { t: i }, lang) }));
    ui.stepper.index = step;

    const tiles = [];
    for (let from = 0, n = 0; from < N; from += tile, n++) {
      const box = el('li', `tile${from + tile <= s.seen ? ' seen' : ''}${n === step - 1 ? ' current' : ''}`);
      for (let j = from; j < Math.min(from + tile, N); j++) box.append(el('span', 'key', String(j)));
      tiles.push(box);
    }
    ui.keys.replaceChildren(el('li', 'keys-label', t('flash.keys', {}, lang)), ...tiles);
    ui.seen.textContent = t('flash.seen', { seen: s.seen, n: N }, lang);

    const header = ['row', 'm', 'l', 'rescale', 'o', 'out'].map((c) => el('th', null, t(`flash.${c}`, {}, lang)));
    const table = el('table');
    const head = el('tr');
    head.append(...header);
    table.append(head);
    for (let i = 0; i < N; i++) {
      const tr = el('tr');
      const cells = [[String(i)], [num(s.m[i]), 'm', s.m[i]], [num(s.l[i]), 'l', s.l[i]], [step === 0 ? '—' : num(s.rescale[i]), 'rescale', s.rescale[i]],
        [vector(s.o, i, D), 'vec o'], [vector(s.out, i, D), 'vec out']];
      for (const [text, cls, value] of cells) {
        const td = el('td', cls, text);
        if (value !== undefined) td.dataset.value = String(value);
        tr.append(td);
      }
      table.append(tr);
    }
    ui.table.replaceChildren(table);
    const done = step === last;
    ui.checks.replaceChildren(...(done ? [
      el('dt', null, t('flash.checkFlash', {}, lang)), el('dd', 'vs-flash', r.check.vsFlash.toExponential(1)),
      el('dt', null, t('flash.checkFull', {}, lang)), el('dd', 'vs-full', r.check.vsFull.toExponential(1)),
    ] : []));
    for (const dd of ui.checks.querySelectorAll('dd')) dd.dataset.value = dd.className === 'vs-flash' ? String(r.check.vsFlash) : String(r.check.vsFull);
    ui.note.textContent = done ? '' : t('flash.partial', {}, lang);
    this.#last = { step, steps: r.steps, check: r.check, q, k, v, scale: r.scale };
    this.emit('change', { step, seen: s.seen, done });
  }
}
