// A small drawing for each lecture topic of topics.js, for the home page's
// cards: what the topic looks like in the widgets that teach it (a causal
// triangle, waves, a turning arrow, tiles …). Decorative (aria-hidden); the
// colours come from home.css (.ink, .soft, .accent, .faint), so they follow
// the theme. Every drawing is 120 × 72 units.
const NS = 'http://www.w3.org/2000/svg';

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

const rect = (x, y, w, h, cls, opacity = 1) => svg('rect', { x, y, width: w, height: h, rx: 1.5, class: cls, 'fill-opacity': opacity });
const line = (x1, y1, x2, y2, cls = 'stroke') => svg('line', { x1, y1, x2, y2, class: cls });
const path = (d, cls = 'stroke') => svg('path', { d, class: cls });
const arrow = (x1, y1, x2, y2, cls = 'stroke accent-stroke') => {
  const a = Math.atan2(y2 - y1, x2 - x1), h = 6;
  const head = `M${x2},${y2} L${x2 - h * Math.cos(a - 0.45)},${y2 - h * Math.sin(a - 0.45)} M${x2},${y2} L${x2 - h * Math.cos(a + 0.45)},${y2 - h * Math.sin(a + 0.45)}`;
  return svg('g', {}, line(x1, y1, x2, y2, cls), path(head, cls));
};

/** An n × n grid of cells at (x, y), cell size s, shaded by weight(i, j) in [0, 1] (null: an empty cell). */
function grid(x, y, n, s, weight, cls = 'accent') {
  const cells = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const w = weight(i, j);
      cells.push(w === null ? rect(x + j * s, y + i * s, s - 1.5, s - 1.5, 'faint') : rect(x + j * s, y + i * s, s - 1.5, s - 1.5, cls, 0.15 + 0.85 * w));
    }
  }
  return svg('g', {}, ...cells);
}

/** A wave y = mid + amp·sin(k·x) across [x0, x1]. */
function wave(x0, x1, mid, amp, k, cls) {
  let d = '';
  for (let x = x0; x <= x1; x += 2) d += `${d ? 'L' : 'M'}${x},${(mid - amp * Math.sin(k * (x - x0))).toFixed(1)}`;
  return path(d, cls);
}

// A fixed pattern of attention-like weights (each row peaks somewhere else).
const PEAKS = [0, 0, 1, 2, 1, 4];
const peaked = (i, j) => Math.exp(-1.2 * Math.abs(j - PEAKS[i])) ;

const DRAW = {
  'linear-algebra': () => [
    line(20, 62, 110, 62, 'stroke soft'), line(20, 62, 20, 6, 'stroke soft'),
    arrow(20, 62, 92, 30), arrow(20, 62, 52, 12, 'stroke ink-stroke'),
    path('M44,50 A26,26 0 0 0 38,40', 'stroke soft'),
  ],
  'language-model': () => [
    ...['t', 'h', 'e'].map((c, i) => svg('g', {}, rect(8 + i * 26, 24, 22, 24, 'soft'), svg('text', { x: 19 + i * 26, y: 41, class: 'label' }, c))),
    arrow(86, 36, 96, 36),
    rect(98, 24, 16, 24, 'accent', 0.25), svg('text', { x: 106, y: 41, class: 'label' }, '?'),
  ],
  attention: () => [grid(33, 6, 6, 10, (i, j) => peaked(i, j) / [1, 1, 1, 1, 1, 1][i])],
  masks: () => [grid(33, 6, 6, 10, (i, j) => (j > i ? null : 1 / (i + 1) + 0.3 * (j === i)))],
  'positional-encoding': () => [
    wave(6, 114, 16, 8, 0.28, 'stroke accent-stroke'), wave(6, 114, 38, 8, 0.12, 'stroke ink-stroke'),
    wave(6, 114, 60, 8, 0.05, 'stroke soft'),
  ],
  rope: () => [
    svg('circle', { cx: 60, cy: 38, r: 28, class: 'stroke soft' }),
    arrow(60, 38, 86, 27, 'stroke ink-stroke'), arrow(60, 38, 70, 12),
    path('M79,31 A22,22 0 0 0 68,18', 'stroke accent-stroke dashed'),
  ],
  alibi: () => [grid(33, 6, 6, 10, (i, j) => (j > i ? null : Math.exp(-0.6 * (i - j))))],
  'multi-head': () => [0, 1, 2].map((h) => grid(8 + h * 38, 14, 4, 9, (i, j) => Math.exp(-1.5 * Math.abs(j - ((i + h * 2) % 4))))),
  normalisation: () => [
    ...[30, 14, 44, 22].map((v, i) => rect(10 + i * 12, 64 - v, 8, v, 'soft')),
    arrow(60, 40, 70, 40, 'stroke ink-stroke'),
    ...[28, 28, 28, 28].map((v, i) => rect(76 + i * 10, 64 - v, 7, v, 'accent', 0.8)),
  ],
  blocks: () => [
    rect(34, 44, 52, 16, 'accent', 0.35), rect(34, 12, 52, 16, 'soft'),
    svg('text', { x: 60, y: 55, class: 'label small' }, 'attention'), svg('text', { x: 60, y: 23, class: 'label small' }, 'MLP'),
    path('M22,68 L22,4', 'stroke ink-stroke'), path('M22,52 L34,52 M22,20 L34,20', 'stroke soft'),
    path('M86,52 L98,52 L98,36 L22,36 M86,20 L98,20 L98,4 L22,4', 'stroke soft'),
  ],
  'efficient-attention': () => [
    grid(33, 6, 6, 10, (i, j) => (Math.floor(i / 2) === 1 && Math.floor(j / 2) === 0 ? 1 : 0.08)),
    rect(32, 25.5, 21, 21, 'outline'),
  ],
  'in-context-learning': () => [
    line(10, 64, 112, 64, 'stroke soft'), line(10, 64, 10, 6, 'stroke soft'),
    ...[[20, 52], [34, 47], [48, 38], [62, 35], [76, 26], [90, 22], [104, 13]].map(([x, y]) => svg('circle', { cx: x, cy: y, r: 3, class: 'ink' })),
    line(14, 57, 110, 10, 'stroke accent-stroke'),
  ],
  'scaling-laws': () => [
    line(10, 64, 112, 64, 'stroke soft'), line(10, 64, 10, 6, 'stroke soft'),
    path('M14,10 C30,40 50,52 110,58', 'stroke accent-stroke'),
    path('M14,18 C34,46 58,55 110,61', 'stroke soft dashed'),
  ],
  'sequence-models': () => [
    ...[0, 1, 2, 3].map((i) => svg('circle', { cx: 18 + i * 28, cy: 36, r: 9, class: i === 3 ? 'accent' : 'soft' })),
    ...[0, 1, 2].map((i) => arrow(28 + i * 28, 36, 36 + i * 28, 36, 'stroke ink-stroke')),
  ],
};

/** The drawing of topic `id` as an <svg> (a blank one for a topic without a drawing). */
export function topicPicture(id) {
  const picture = svg('svg', { viewBox: '0 0 120 72', class: 'topic-picture', 'aria-hidden': 'true', focusable: 'false' });
  picture.append(...(DRAW[id]?.() ?? []));
  return picture;
}

/** The topic ids that have a drawing. */
export const PICTURED = Object.keys(DRAW);
