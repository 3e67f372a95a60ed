// layout.js fitCell: the cell edge it picks is the largest one at which the
// heatmap grid fits its room, found here by trying every edge with the grid's
// width written out from the heatmap's CSS (1 px gaps from 5 px up, 5 px after
// the last column under 14 px). No wasm: sizes only.
import { describe, expect, test } from 'vitest';
import { fitCell, gridWidth } from '../../web/widgets/layout.js';

/** The grid's width as the heatmap draws it: label column, C cells, gaps, the last label's overhang. */
const drawnWidth = (C, cell, labels) => labels + C * cell + (cell >= 5 ? C : 0) + (cell < 14 ? 5 : 0);

/** Largest edge in [min, max] that fits, by trying each; null when none does. */
function bruteForce(C, room, labels, min, max) {
  for (let cell = max; cell >= min; cell--) if (drawnWidth(C, cell, labels) <= room) return cell;
  return null;
}

describe('fitCell', () => {
  test('gridWidth is the drawn width', () => {
    for (const C of [1, 2, 8, 32, 128]) for (let cell = 2; cell <= 30; cell++) expect(gridWidth(C, cell, 49)).toBe(drawnWidth(C, cell, 49));
  });

  test('picks the largest edge that fits, or the minimum and fits: false', () => {
    let checked = 0;
    for (const C of [1, 2, 3, 7, 8, 17, 32, 64, 96, 128, 256]) {
      for (let room = 40; room <= 1400; room += 7) {
        for (const labels of [0, 42, 91]) {
          for (const [min, max] of [[2, 22], [10, 30]]) {
            const want = bruteForce(C, room, labels, min, max);
            const got = fitCell(C, room, labels, { min, max });
            const where = `C ${C}, room ${room}, labels ${labels}, [${min}, ${max}]`;
            if (want === null) expect(got, where).toEqual({ cell: min, fits: false });
            else expect(got, where).toEqual({ cell: want, fits: true });
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10000);
  });

  test('the 128-position Gram matrix fits a 360 px phone (310 px inside the page) at 2 px cells', () => {
    expect(fitCell(128, 310, 49)).toEqual({ cell: 2, fits: true }); // 49 + 256 + 5
    expect(fitCell(128, 309, 49).fits).toBe(false);
  });
});
