// <attn-rope-dial>: RoPE as rotation. q and k [D] are cut into D/2 pairs;
// each pair is drawn as two arrows on a dial, turned by m·θ_i (q) and n·θ_i
// (k). The score (R(m)q)ᵀ(R(n)k) and qᵀR(n−m)k are shown side by side: equal,
// and unchanged when m and n move together. See index.d.ts for the API.
import { seededNormals } from './attention-source.js';
import { el, showModes } from './dom.js';
import { formatExact } from './format.js';
import { t } from './i18n.js';
import { TopicElement, rangeField, reducedMotion } from './topic-element.js';
import { ropeDial, pairFrequencies, pairDims } from './rope-numbers.js';
import { drawDials, DIAL_STYLE } from './rope-dial-view.js';
import './rope-dial-messages.js';

const ATTRIBUTES = ['head-dim', 'base', 'layout', 'direction', 'm', 'n', 'max-position', 'step', 'q', 'k', 'seed', 'caption', 'lang'];
const DIRECTIONS = ['standard', 'flipped'];

/** A JSON array of `D` numbers from attribute `name`, or null when absent. */
function vectorAttribute(element, name, D) {
  const s = element.getAttribute(name);
  if (s === null) return null;
  let v;
  try { v = JSON.parse(s); } catch { throw new Error(`the ${name} attribute is not valid JSON; write an array such as [1, 0, 0.5, 2]`); }
  if (!Array.isArray(v) || v.length !== D || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    throw new Error(`the ${name} attribute must be an array of ${D} finite numbers (head-dim is ${D})`);
  }
  return Float32Array.from(v);
}

export class AttnRopeDial extends TopicElement {
  static tag = 'attn-rope-dial';
  static get observedAttributes() { return ATTRIBUTES; }
  static STYLE = DIAL_STYLE;

  #ui = null; #timer = null; #last = null;

  build(root) {
    const title = el('h3', 'title'), rule = el('p', 'rule');
    const m = rangeField({ min: 0, max: 16, value: 1 }), n = rangeField({ min: 0, max: 16, value: 3 });
    const together = el('button'), play = el('button');
    together.type = play.type = 'button';
    together.className = 'together';
    play.className = 'play';
    play.setAttribute('aria-pressed', 'false');
    const controls = el('div', 'controls');
    const buttons = el('div', 'buttons');
    buttons.append(together, play);
    controls.append(m.label, n.label, buttons);
    // which way the pairs turn: the RoPE paper's, or nanochat's sign-flipped rotation
    const directions = el('div', 'modes');
    const directionButtons = DIRECTIONS.map((d) => {
      const b = Object.assign(el('button'), { type: 'button' });
      b.dataset.mode = d;
      b.addEventListener('click', () => this.setAttribute('direction', d));
      directions.append(b);
      return b;
    });
    const readout = el('dl', 'readout');
    readout.setAttribute('aria-live', 'polite');
    const dials = el('ul', 'dials'), note = el('p', 'note');
    root.append(title, rule, directions, controls, readout, dials, note);
    this.#ui = { title, rule, m, n, together, play, readout, dials, note, directionButtons };
    m.input.addEventListener('input', () => this.setAttribute('m', m.input.value));
    n.input.addEventListener('input', () => this.setAttribute('n', n.input.value));
    together.addEventListener('click', () => this.#moveTogether());
    play.addEventListener('click', () => (this.#timer ? this.#stop() : this.#start()));
  }

  disconnected() { this.#stop(); }

  /** The numbers last shown: {m, n, q, k, score, relative, rq, rk, pairs, norms}, or null. */
  get values() { return this.#last; }

  #settings() {
    const D = this.int('head-dim', 8, 2, 256);
    if (D % 2) throw new Error(`the head-dim attribute must be even: RoPE turns pairs of dims (got ${D})`);
    const step = this.num('step', 1, { min: 0.001, max: 64 });
    const max = this.num('max-position', 16, { min: step, max: 65536 });
    const seed = this.int('seed', 1, 0, 2 ** 32 - 1);
    const random = seededNormals(2 * D, seed);
    return {
      D, step, max,
      base: this.num('base', 10000, { min: 1e-6 }),
      layout: this.choice('layout', ['interleaved', 'half']),
      direction: this.choice('direction', DIRECTIONS),
      m: this.num('m', 1, { min: 0, max }),
      n: this.num('n', 3, { min: 0, max }),
      q: vectorAttribute(this, 'q', D) ?? random.slice(0, D),
      k: vectorAttribute(this, 'k', D) ?? random.slice(D),
    };
  }

  #moveTogether() {
    const s = this.#settings();
    const [m, n] = [s.m + s.step, s.n + s.step];
    if (Math.max(m, n) > s.max) return false;
    this.setAttribute('m', formatExact(m));
    this.setAttribute('n', formatExact(n));
    return true;
  }

  #start() {
    // With reduced motion the play button is hidden: "Move both" steps by hand.
    if (reducedMotion()) return;
    this.#timer = setInterval(() => { if (!this.#moveTogether()) this.#stop(); }, 700);
    this.#ui.play.setAttribute('aria-pressed', 'true');
    this.schedule();
  }

  #stop() {
    clearInterval(this.#timer);
    this.#timer = null;
    this.#ui?.play.setAttribute('aria-pressed', 'false');
    this.schedule();
  }

  update(lang) {
    const s = this.#settings();
    const ui = this.#ui;
    const r = ropeDial(s.q, s.k, s.m, s.n, { base: s.base, layout: s.layout, direction: s.direction });
    const flipped = s.direction === 'flipped';
    const thetas = pairFrequencies(s.D, s.base);
    ui.title.textContent = this.getAttribute('caption') ?? t('rope.title', {}, lang);
    ui.rule.textContent = t(flipped ? 'rope.rule.flipped' : 'rope.rule', {}, lang);
    showModes(ui.directionButtons, s.direction, (d) => t(`rope.direction.${d}`, {}, lang));
    for (const [f, name, v] of [[ui.m, 'rope.m', s.m], [ui.n, 'rope.n', s.n]]) {
      f.name.textContent = t(name, {}, lang);
      Object.assign(f.input, { max: String(s.max), step: String(s.step) });
      f.input.value = String(v);
      f.output.textContent = formatExact(v);
    }
    ui.together.textContent = t('rope.together', { step: formatExact(s.step) }, lang);
    ui.play.textContent = t(this.#timer ? 'rope.pause' : 'rope.play', {}, lang);
    ui.play.hidden = reducedMotion();
    const diff = Math.abs(r.score - r.relative);
    const rows = [
      [flipped ? 'rope.score.flipped' : 'rope.score', formatExact(r.score), 'score'],
      [flipped ? 'rope.relative.flipped' : 'rope.relative', `${formatExact(r.relative)}  (${diff <= 1e-5 * Math.max(1, Math.abs(r.score)) ? t('rope.sameScore', {}, lang) : t('rope.diffScore', { diff: diff.toExponential(1) }, lang)})`, 'relative'],
      ['rope.normsQ', `${formatExact(Math.fround(r.norms.q))} → ${formatExact(Math.fround(r.norms.rq))}`, 'norms-q'],
      ['rope.normsK', `${formatExact(Math.fround(r.norms.k))} → ${formatExact(Math.fround(r.norms.rk))}`, 'norms-k'],
    ];
    ui.readout.replaceChildren(...rows.flatMap(([key, value, id]) => {
      const dd = el('dd', id, value);
      if (id === 'score') dd.dataset.value = String(r.score);
      if (id === 'relative') dd.dataset.value = String(r.relative);
      return [el('dt', null, t(key, { d: formatExact(s.n - s.m), e: formatExact(s.m - s.n) }, lang)), dd];
    }));
    ui.dials.setAttribute('aria-label', t('rope.label', { pairs: s.D / 2 }, lang));
    drawDials(ui.dials, {
      q: s.q, k: s.k, rq: r.rq, rk: r.rk, thetas, pairs: r.pairs,
      dims: (i) => pairDims(i, s.D, s.layout),
      label: (i, theta) => t('rope.pair', { i, theta: Number(theta.toPrecision(3)) }, lang),
    });
    ui.note.textContent = t('rope.dials', { layout: s.layout, base: formatExact(s.base) }, lang) + (flipped ? ` ${t('rope.flippedNote', {}, lang)}` : '');
    this.#last = { m: s.m, n: s.n, direction: s.direction, q: s.q, k: s.k, ...r };
    this.emit('change', { m: s.m, n: s.n, score: r.score, relative: r.relative });
  }
}
