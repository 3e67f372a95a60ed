// Cell-size arithmetic shared by the widgets that fit heatmaps to their width.
// Only sizes in CSS pixels; no value that is shown is computed here.

/** Rough width of 12px label text: wide (CJK) characters ~12 px, others ~7 px. */
export const textWidth = (s) => [...String(s)].reduce((w, ch) => w + (ch.codePointAt(0) > 0x2e80 ? 12 : 7), 0);

/** Width of the row-label column: the widest of the row title and the labels, plus padding. */
export const labelRoom = (rowTitle, rowLabels) => 14 + Math.max(textWidth(rowTitle ?? ''), ...rowLabels.map(textWidth));

/** Cells smaller than this are drawn without the 1 px gap between them (at 2–4 px a gap would be a third of the map). */
export const DENSE_BELOW = 5;

/** Cells smaller than this get small sideways column labels, which stick out of their column. */
export const TINY_BELOW = 14;
/** Room after the last column for its label's overhang (a 10 px label over a 2 px column: 5 px a side). */
export const TINY_OVERHANG = 5;

/** Width of a heatmap grid: the label column, then C cells and their gaps. */
export const gridWidth = (C, cell, labels) =>
  labels + C * (cell < DENSE_BELOW ? cell : cell + 1) + (cell < TINY_BELOW ? TINY_OVERHANG : 0);

/**
 * The largest cell edge in [min, max] at which C columns and a label column
 * `labels` px wide fit `room` px, and whether they fit at all (when not, the
 * cell is `min` and the map scrolls).
 */
export function fitCell(C, room, labels, { min = 2, max = 22 } = {}) {
  const edge = (spread) => {
    const gapped = Math.floor(spread / C) - 1;
    return gapped >= DENSE_BELOW ? gapped : Math.min(DENSE_BELOW - 1, Math.floor(spread / C)); // touching cells
  };
  let cell = edge(room - labels);
  if (cell < TINY_BELOW) cell = edge(room - labels - TINY_OVERHANG);
  cell = Math.max(min, Math.min(max, cell));
  return { cell, fits: gridWidth(C, cell, labels) <= room };
}
