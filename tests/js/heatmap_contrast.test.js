// Numbers printed on heatmap cells must be readable: WCAG contrast >= 4.5:1
// between the ink colourScale picks and the cell colour, across both scales.
// The contrast is recomputed here from the WCAG 2 definition in float64.
import { describe, expect, test } from 'vitest';
import { colourScale } from '../../web/widgets/format.js';

const channel = (c) => { const x = c / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
const rgb = (css) => (css.startsWith('#') ? [1, 3, 5].map((i) => parseInt(css.slice(i, i + 2), 16)) : css.match(/\d+/g).map(Number));
const contrast = (a, b) => { const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x); return (hi + 0.05) / (lo + 0.05); };

/** The lowest contrast over `values` with `ink(background)` picking the text colour. */
function worst(scale, values, ink = (c) => c.ink) {
  let min = Infinity, at = null;
  for (const v of values) {
    const c = scale.colour(v);
    const ratio = contrast(rgb(ink(c)), rgb(c.background));
    if (ratio < min) { min = ratio; at = v; }
  }
  return { min, at };
}

const steps = (lo, hi, n = 2001) => Array.from({ length: n }, (_, i) => lo + ((hi - lo) * i) / (n - 1));

describe('heatmap cell ink', () => {
  test('sequential scale (weights in [0, 1]): every cell at least 4.5:1', () => {
    const r = worst(colourScale([0, 1]), steps(0, 1));
    expect(r.min, `worst at ${r.at}`).toBeGreaterThanOrEqual(4.5);
  });

  test('diverging scale (values in [-1, 1]): every cell at least 4.5:1', () => {
    const r = worst(colourScale([-1, 1]), steps(-1, 1));
    expect(r.min, `worst at ${r.at}`).toBeGreaterThanOrEqual(4.5);
  });

  test('the old rule (white below luminance 0.55, else #1b2430) fails on mid-blue cells, so the check can catch it', () => {
    const old = (c) => {
      const [r, g, b] = rgb(c.background);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.55 ? '#ffffff' : '#1b2430';
    };
    const r = worst(colourScale([0, 1]), steps(0, 1), old);
    expect(r.min).toBeLessThan(4.5);
  });
});
