// The plane of <attn-vectors>: a grid from −R to R, arrows a and b with
// draggable, focusable heads (arrow keys move them by one snap step, with
// Shift by 1), a + b and a − b. It draws and reports moves; computes nothing
// that is shown as a result.
const NS = 'http://www.w3.org/2000/svg';
const SIZE = 300;

function svg(tag, attrs = {}) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

export const PLANE_STYLE = `
.plane { width: 100%; max-width: ${SIZE}px; height: auto; display: block; touch-action: none; user-select: none; }
.plane .grid { stroke: var(--line); } .plane .axis { stroke: #9aa4b2; }
.plane line.vec { stroke-width: 2.5; stroke-linecap: round; }
.plane .a { stroke: var(--q); fill: var(--q); } .plane .b { stroke: var(--k); fill: var(--k); }
.plane .sum { stroke: #1a7f37; fill: #1a7f37; stroke-dasharray: 5 4; } .plane .diff { stroke: #8250df; fill: #8250df; stroke-dasharray: 5 4; }
.plane .handle { cursor: grab; stroke: var(--surface); stroke-width: 2; }
/* Focus: a ring in ink, and a transparent outline that forced colours show. */
.plane .handle:focus-visible { outline: 2px solid transparent; outline-offset: 2px; stroke: var(--ink); stroke-width: 3.5; }
@media (forced-colors: active) { .plane .handle:focus-visible { outline-color: Highlight; } }
.plane text { font-size: 13px; font-weight: 650; stroke: none; }
`;

export class VectorPlane {
  #svg; #range; #snap; #onMove; #parts = {};

  /** range R (the plane shows [−R, R]²), snap step, onMove(name, [x, y]). */
  constructor(container, { range = 4, snap = 0.25, onMove }) {
    this.#range = range; this.#snap = snap; this.#onMove = onMove;
    const s = svg('svg', { viewBox: `${-SIZE / 2} ${-SIZE / 2} ${SIZE} ${SIZE}`, class: 'plane' });
    const unit = SIZE / (2 * range);
    for (let v = -range; v <= range; v++) {
      const cls = v === 0 ? 'axis' : 'grid';
      s.append(svg('line', { class: cls, x1: v * unit, x2: v * unit, y1: -SIZE / 2, y2: SIZE / 2 }), svg('line', { class: cls, y1: v * unit, y2: v * unit, x1: -SIZE / 2, x2: SIZE / 2 }));
    }
    for (const name of ['sum', 'diff', 'a', 'b']) {
      const g = svg('g', { class: name });
      const line = svg('line', { class: 'vec', x1: 0, y1: 0, x2: 0, y2: 0 });
      const label = svg('text', {});
      g.append(line, label);
      this.#parts[name] = { g, line, label };
      s.append(g);
    }
    for (const name of ['a', 'b']) {
      const handle = svg('circle', { class: `handle ${name}`, r: 9, tabindex: 0, role: 'slider' });
      handle.dataset.vector = name;
      this.#parts[name].handle = handle;
      s.append(handle);
      handle.addEventListener('pointerdown', (e) => { handle.setPointerCapture(e.pointerId); handle.focus(); });
      handle.addEventListener('pointermove', (e) => { if (handle.hasPointerCapture(e.pointerId)) this.#moveTo(name, this.#toPlane(e)); });
      handle.addEventListener('keydown', (e) => {
        const step = e.shiftKey ? 1 : this.#snap;
        const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[e.key];
        if (!d) return;
        e.preventDefault();
        const [x, y] = this.#parts[name].at;
        this.#moveTo(name, [x + d[0], y + d[1]]);
      });
    }
    this.#svg = s;
    container.append(s);
  }

  #toPlane(e) {
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(this.#svg.getScreenCTM().inverse());
    const unit = SIZE / (2 * this.#range);
    return [p.x / unit, -p.y / unit];
  }

  #moveTo(name, [x, y]) {
    const clamp = (v) => Math.max(-this.#range, Math.min(this.#range, Math.round(v / this.#snap) * this.#snap));
    this.#onMove(name, [clamp(x), clamp(y)]);
  }

  /** Draws a, b and the given sum and difference (plain numbers); handleLabel(name, [x, y]) names a head for screen readers. */
  draw({ a, b, sum, diff, handleLabel }) {
    const unit = SIZE / (2 * this.#range);
    const put = (name, from, to, text) => {
      const { line, label } = this.#parts[name];
      Object.entries({ x1: from[0] * unit, y1: -from[1] * unit, x2: to[0] * unit, y2: -to[1] * unit }).forEach(([k, v]) => line.setAttribute(k, v));
      label.setAttribute('x', to[0] * unit + 8);
      label.setAttribute('y', -to[1] * unit - 8);
      label.textContent = text;
    };
    put('a', [0, 0], a, 'a'); put('b', [0, 0], b, 'b');
    put('sum', [0, 0], sum, 'a+b'); put('diff', b, a, 'a−b'); // a − b runs from the tip of b to the tip of a
    for (const [name, v] of [['a', a], ['b', b]]) {
      const { handle } = this.#parts[name];
      this.#parts[name].at = v;
      handle.setAttribute('cx', v[0] * unit);
      handle.setAttribute('cy', -v[1] * unit);
      handle.setAttribute('aria-label', handleLabel(name, v));
      handle.setAttribute('aria-valuetext', `(${v[0]}, ${v[1]})`);
    }
  }
}
