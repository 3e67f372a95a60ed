// The live loss plot of <attn-train>: the training loss of every step and the
// held-out loss at each evaluation, against the step, in an SVG drawn at the
// element's own pixel width (so its labels stay readable on a phone). It
// draws exactly the numbers it is given; `series` returns them.
const NS = 'http://www.w3.org/2000/svg';
const HEIGHT = 220;
const PAD = { left: 44, right: 12, top: 10, bottom: 28 };

function svg(tag, attrs = {}) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** Round "nice" tick values covering [0, max]. */
function ticks(max, count) {
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw);
  return Array.from({ length: Math.floor(max / step + 1e-9) + 1 }, (_, i) => i * step);
}

export class LossPlot {
  #svg; #train = []; #heldOut = []; #steps = 1; #width = 0; #label;

  constructor(container, label) {
    this.#label = label;
    this.#svg = svg('svg', { class: 'plot', role: 'img', height: HEIGHT });
    container.append(this.#svg);
    new ResizeObserver(([entry]) => {
      const w = Math.floor(entry.contentRect.width);
      if (w !== this.#width) { this.#width = w; this.render(); }
    }).observe(container);
  }

  /** Forgets every point; the x axis then runs to `steps`. */
  reset(steps) { this.#train = []; this.#heldOut = []; this.#steps = Math.max(1, steps); }

  /** Adds a progress event's losses (loss of the step, held-out loss when measured). */
  add(p) {
    if (typeof p.loss === 'number') this.#train.push([p.step, p.loss]);
    if (typeof p.heldOutLoss === 'number') this.#heldOut.push([p.step, p.heldOutLoss]);
  }

  /** The points drawn: { train: [[step, loss]], heldOut: [[step, loss]] }. */
  get series() { return { train: this.#train.map((p) => [...p]), heldOut: this.#heldOut.map((p) => [...p]) }; }

  /** Redraws (call at most once a frame). `text(key, params)` gives the strings. */
  render(text = this.#label) {
    this.#label = text;
    const W = Math.max(200, this.#width), H = HEIGHT, s = this.#svg;
    s.setAttribute('width', W);
    s.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const all = [...this.#train, ...this.#heldOut].map((p) => p[1]).filter(Number.isFinite);
    const yMax = Math.max(1, ...all) * 1.05;
    const x = (step) => PAD.left + (step / this.#steps) * (W - PAD.left - PAD.right);
    const y = (loss) => PAD.top + (1 - Math.min(loss, yMax) / yMax) * (H - PAD.top - PAD.bottom);
    const parts = [];
    for (const v of ticks(yMax, 4)) {
      parts.push(svg('line', { class: 'grid', x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }));
      parts.push(Object.assign(svg('text', { class: 'tick', x: PAD.left - 6, y: y(v) + 4, 'text-anchor': 'end' }), { textContent: String(+v.toFixed(2)) }));
    }
    for (const v of ticks(this.#steps, W < 400 ? 3 : 5)) {
      parts.push(Object.assign(svg('text', { class: 'tick', x: x(v), y: H - PAD.bottom + 16, 'text-anchor': 'middle' }), { textContent: String(v) }));
    }
    parts.push(svg('line', { class: 'axis', x1: PAD.left, x2: W - PAD.right, y1: y(0), y2: y(0) }));
    parts.push(Object.assign(svg('text', { class: 'axis-label', x: W - PAD.right, y: H - 2, 'text-anchor': 'end' }), { textContent: text('train.plot.step') }));
    const line = (pts, cls) => svg('polyline', { class: cls, points: pts.map(([a, b]) => `${x(a).toFixed(1)},${y(b).toFixed(1)}`).join(' ') });
    parts.push(line(this.#train, 'train-line'));
    parts.push(line(this.#heldOut, 'held-line'));
    for (const [a, b] of this.#heldOut) parts.push(svg('circle', { class: 'held-dot', cx: x(a), cy: y(b), r: 3 }));
    s.replaceChildren(...parts);
    const lastTrain = this.#train.at(-1), lastHeld = this.#heldOut.at(-1);
    s.setAttribute('aria-label', lastTrain || lastHeld
      ? text('train.plot.label', { step: (lastTrain ?? lastHeld)[0], loss: lastTrain ? lastTrain[1].toFixed(3) : '–', held: lastHeld ? lastHeld[1].toFixed(3) : '–' })
      : text('train.plot.empty'));
  }
}
