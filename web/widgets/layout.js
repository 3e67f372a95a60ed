// Cell-size arithmetic shared by the widgets that fit heatmaps to their width.
// Only sizes in CSS pixels; no value that is shown is computed here.

/** Rough width of 12px label text: wide (CJK) characters ~12 px, others ~7 px. */
export const textWidth = (s) => [...String(s)].reduce((w, ch) => w + (ch.codePointAt(0) > 0x2e80 ? 12 : 7), 0);

/** Width of the row-label column: the widest of the row title and the labels, plus padding. */
export const labelRoom = (rowTitle, rowLabels) => 14 + Math.max(textWidth(rowTitle ?? ''), ...rowLabels.map(textWidth));
