// The dials of <attn-rope-dial>: one small SVG per frequency pair with q's
// pair (blue) and k's pair (orange) as arrows, before rotation (dashed) and
// after (solid). Draws what it is given; computes nothing that is shown.
import { el } from './dom.js';
import { formatShort } from './format.js';

const NS = 'http://www.w3.org/2000/svg';
const SIZE = 96, R = 40;

function svg(tag, attrs) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

function arrow(x, y, scale, cls) {
  const g = svg('g', { class: cls });
  const tx = (x / scale) * R, ty = -(y / scale) * R; // SVG y grows downwards
  g.append(svg('line', { x1: 0, y1: 0, x2: tx, y2: ty }));
  const len = Math.hypot(tx, ty);
  if (len > 4) {
    const ux = tx / len, uy = ty / len;
    const head = `${tx},${ty} ${tx - 7 * ux - 3.5 * uy},${ty - 7 * uy + 3.5 * ux} ${tx - 7 * ux + 3.5 * uy},${ty - 7 * uy - 3.5 * ux}`;
    g.append(svg('polygon', { points: head }));
  }
  return g;
}

export const DIAL_STYLE = `
/* A field is as wide as its name and value: a long value (m = 2.356194490192345 with step π/4) takes its own line on a phone. */
.controls .field { flex-basis: auto; }
.modes { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 8px; }
.dials { display: grid; grid-template-columns: repeat(auto-fill, minmax(${SIZE + 8}px, 1fr)); gap: 8px; margin: 8px 0 0; padding: 0; list-style: none; }
.dial { text-align: center; font-size: 11.5px; line-height: 1.35; }
.dial svg { width: ${SIZE}px; height: ${SIZE}px; display: block; margin: 0 auto; overflow: visible; }
.dial .ring { fill: var(--subtle); stroke: var(--line); }
.dial line { stroke-width: 2.2; stroke-linecap: round; }
.dial .q line { stroke: var(--q); } .dial .q polygon { fill: var(--q); }
.dial .k line { stroke: var(--k); } .dial .k polygon { fill: var(--k); }
.dial .before line { stroke-dasharray: 3 3; stroke-width: 1.3; opacity: 0.55; } .dial .before polygon { opacity: 0.55; }
.dial .pair { color: var(--muted); }
.dial .contrib { font-family: var(--attn-mono, ui-monospace, monospace); }
`;

/**
 * Draws the dials into `list`: q, k, rq, rk [D]; dims(i) → [a, b]; thetas
 * [P] (rad per position); pairs [P] (per-pair score); text(i, theta) → label.
 */
export function drawDials(list, { q, k, rq, rk, dims, thetas, pairs, label }) {
  let scale = 1e-12;
  for (let i = 0; i < thetas.length; i++) {
    const [a, b] = dims(i);
    scale = Math.max(scale, Math.hypot(q[a], q[b]), Math.hypot(k[a], k[b]));
  }
  const items = [];
  for (let i = 0; i < thetas.length; i++) {
    const [a, b] = dims(i);
    const s = svg('svg', { viewBox: `${-SIZE / 2} ${-SIZE / 2} ${SIZE} ${SIZE}`, 'aria-hidden': 'true' });
    s.append(
      svg('circle', { class: 'ring', r: R, cx: 0, cy: 0 }),
      arrow(q[a], q[b], scale, 'q before'), arrow(k[a], k[b], scale, 'k before'),
      arrow(rq[a], rq[b], scale, 'q'), arrow(rk[a], rk[b], scale, 'k'),
    );
    const li = el('li', 'dial');
    li.dataset.pair = i;
    li.append(s, el('div', 'pair', label(i, thetas[i])), el('div', 'contrib', formatShort(pairs[i])));
    li.querySelector('.contrib').dataset.value = String(pairs[i]);
    items.push(li);
  }
  list.replaceChildren(...items);
}
