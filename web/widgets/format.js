// Colour scales and number formatting shared by the widgets. Nothing here
// computes a value that is shown as a result; it only presents numbers.

import { SEQUENTIAL, DIVERGING } from './scale-colors.js';

function interpolate(stops, t) {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0));
  for (let s = 1; s < stops.length; s++) {
    const [t1, c1] = stops[s];
    const [t0, c0] = stops[s - 1];
    if (x <= t1) {
      const u = (x - t0) / (t1 - t0);
      return c0.map((c, i) => Math.round(c + (c1[i] - c) * u));
    }
  }
  return stops[stops.length - 1][1];
}

/** WCAG relative luminance of an sRGB colour [r, g, b] (0-255). */
export function relativeLuminance(rgb) {
  const [r, g, b] = rgb.map((c) => {
    const x = c / 255;
    return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Black or white, whichever contrasts more with the background. One of the
 * two always reaches 4.58:1 (the worst background, luminance 0.18, gets
 * exactly that from both); a softer dark grey would drop below 4.5:1 on
 * mid-blue cells.
 */
export function inkOn(rgb) {
  const l = relativeLuminance(rgb);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/**
 * Maps values to colours. Data with no negatives uses [0, max]; data with
 * negatives uses a diverging scale symmetric about 0. `max` may be fixed.
 * `stops` ({sequential, diverging}, as ThemedScales.read() gives them) are the
 * theme's; without them, the light scales of scale-colors.js.
 */
export function colourScale(values, { max, stops = { sequential: SEQUENTIAL, diverging: DIVERGING } } = {}) {
  let lo = 0, hi = 0;
  for (const v of values) {
    if (Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  }
  const diverging = lo < 0;
  const top = Number.isFinite(max) && max > 0 ? max : (diverging ? Math.max(-lo, hi) : hi) || 1;
  const position = diverging ? (v) => 0.5 + v / (2 * top) : (v) => v / top;
  return {
    min: diverging ? -top : 0,
    max: top,
    diverging,
    /** {background, ink}: the cell colour and a readable text colour on it. */
    colour(v) {
      if (Number.isNaN(v)) return { background: 'rgb(255, 236, 179)', ink: '#5c3d00' };
      const t = position(v);
      const [r, g, b] = interpolate(diverging ? stops.diverging : stops.sequential, t);
      return { background: `rgb(${r}, ${g}, ${b})`, ink: inkOn([r, g, b]) };
    },
    /** A CSS linear-gradient showing the scale from min (left) to max. */
    gradient() {
      const shown = diverging ? stops.diverging : stops.sequential;
      return `linear-gradient(to right, ${shown.map(([t, c]) => `rgb(${c.join(', ')}) ${t * 100}%`).join(', ')})`;
    },
  };
}

/**
 * The shortest decimal that reads back as the same float32: the exact value
 * a Float32Array holds, without the noise digits of its float64 widening.
 */
export function formatExact(v) {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  for (let p = 1; p <= 9; p++) {
    const s = v.toPrecision(p);
    if (Math.fround(Number(s)) === v) return String(Number(s));
  }
  return String(v);
}

/** A short form for inside a cell: 2 decimals, without the leading 0 when small cells need room. */
export function formatShort(v, { compact = false } = {}) {
  if (!Number.isFinite(v)) return Number.isNaN(v) ? 'NaN' : (v > 0 ? '∞' : '−∞');
  const s = Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2);
  const out = compact ? s.replace(/^(-?)0\./, '$1.') : s;
  return out.replace('-', '−');
}
