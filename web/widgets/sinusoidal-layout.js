// Where <attn-sinusoidal>'s maps go and how big their cells are. PE [T, D] is
// narrow (D columns), the Gram matrix [T, T] wide: the Gram matrix sits beside
// PE only when it keeps cells of SIDE_MIN px there, otherwise below it at the
// full width, with a shorter row title when the long one leaves too little
// room. Only sizes in CSS pixels; no value that is shown is computed here.
import { fitCell, gridWidth, labelRoom } from './layout.js';

export const MAP_GAP = 14; // px between maps side by side: .maps { gap } in attn-sinusoidal.js
const SIDE_MIN = 8; // the Gram matrix's smallest cell beside PE
const LEGEND_ROOM = 230; // a map is never narrower than its colour legend (160 px bar and two numbers)
const PE_HEIGHT = 900; // PE's cells shrink for many positions so it stays about this tall

const positionLabels = (T) => Array.from({ length: T }, (_, i) => String(i));

/**
 * width: the widget's inner width; titles: {positions, positionsShort, dims}
 * (the row titles as shown). Returns {side, pe, gram, a}: each map's
 * {cell, fits, rowTitle}; `fits` false means it scrolls sideways.
 */
export function mapLayout(width, T, D, titles) {
  const rows = positionLabels(T);
  const peLabels = labelRoom(titles.positions, rows);
  const pe = { ...fitCell(D, width, peLabels, { max: Math.max(4, Math.min(22, Math.floor(PE_HEIGHT / T) - 1)) }), rowTitle: titles.positions };
  const peBox = Math.max(LEGEND_ROOM, gridWidth(D, pe.cell, peLabels));
  const beside = fitCell(T, width - MAP_GAP - peBox, peLabels);
  let gram = { ...beside, rowTitle: titles.positions };
  const side = beside.fits && beside.cell >= SIDE_MIN;
  if (!side) {
    gram = { ...fitCell(T, width, peLabels), rowTitle: titles.positions };
    const shortLabels = labelRoom(titles.positionsShort, rows);
    if (!gram.fits) gram = { ...fitCell(T, width, shortLabels), rowTitle: titles.positionsShort };
  }
  const a = { ...fitCell(D, width, labelRoom(titles.dims, positionLabels(D))), rowTitle: titles.dims };
  return { side, pe, gram, a };
}
