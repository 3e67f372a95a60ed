// Comparing an answer with the expected value: shapes first (with the
// transposed / reshaped cases named), then NaN and Infinity, then every
// entry within tolerance. A value passes when, entry by entry,
//   |got - want| <= abs + rel * |want|
// and non-finite expected entries are matched exactly. `abs` and `rel` may
// be arrays with one tolerance per entry (row-major), for answers whose
// entries differ in scale: an entry near 0 needs a small `abs`, or leaving
// it out (0) passes as "close".
import { sizeOf, unravel } from './values.js';

/** Tolerances used when an exercise does not give its own. */
export const DEFAULT_TOLERANCE = {
  // Typed answers: rounding to 2 decimals, or a 1% slip from rounding
  // intermediate results by hand, still passes.
  typed: { abs: 0.01, rel: 0.01 },
  // Code: learner float64 vs core float32 differ by ~1e-6 relative; 1e-4
  // still catches every real mistake (they change results at the 1e-2 level).
  code: { abs: 1e-4, rel: 1e-4 },
};

const squeeze = (shape) => shape.filter((d) => d !== 1);
const sameShape = (a, b) => a.length === b.length && a.every((d, i) => d === b[i]);

/** Whether `got` entry passes against `want` entry. */
export function closeEnough(got, want, { abs, rel }) {
  if (!Number.isFinite(want)) return Object.is(got, want) || (Number.isNaN(got) && Number.isNaN(want));
  return Math.abs(got - want) <= abs + rel * Math.abs(want);
}

function transposed(v) {
  const [r, c] = v.shape;
  const data = new Array(r * c);
  for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) data[j * r + i] = v.data[i * c + j];
  return { data, shape: [c, r] };
}

/** The tolerance of entry i: a number, or the i-th of an array of per-entry tolerances. */
const tolAt = (t, i) => (Array.isArray(t) ? t[Math.min(i, t.length - 1)] : t);

function entries(got, want, tol) {
  let first = -1, count = 0, worst = 0;
  for (let i = 0; i < want.data.length; i++) {
    if (closeEnough(got.data[i], want.data[i], { abs: tolAt(tol.abs, i), rel: tolAt(tol.rel, i) })) continue;
    if (first < 0) first = i;
    count++;
    worst = Math.max(worst, Math.abs(got.data[i] - want.data[i]));
  }
  return { first, count, worst };
}

/**
 * Compares values ({data, shape} from toValue). Returns {equal: true} or
 * {equal: false, reason, ...}:
 * - 'shape': {got, want} shapes, `transposed` when the shape is the
 *   transpose and `transposedValues` when the transpose would be correct,
 *   `reshaped` when the sizes agree;
 * - 'nonfinite': {index, position, value} of the first NaN/±Infinity
 *   the answer has where the expected value is finite;
 * - 'mismatch': {index, position, got, want, count, total, worst}.
 * Shapes that differ only by dims of size 1 ([4] vs [1, 4]) count as equal;
 * positions are then in the answer's shape.
 */
export function compareValues(got, want, tol) {
  let g = got;
  if (!sameShape(got.shape, want.shape)) {
    if (sizeOf(got.shape) === sizeOf(want.shape) && sameShape(squeeze(got.shape), squeeze(want.shape))) {
      g = { data: got.data, shape: want.shape };
    } else {
      const out = { equal: false, reason: 'shape', got: got.shape, want: want.shape };
      if (got.shape.length === 2 && want.shape.length === 2 && got.shape[0] === want.shape[1] && got.shape[1] === want.shape[0]) {
        out.transposed = true;
        out.transposedValues = entries(transposed(got), want, tol).count === 0;
      } else if (sizeOf(got.shape) === sizeOf(want.shape)) {
        out.reshaped = true;
      }
      return out;
    }
  }
  // Positions are given in the shape the answer has (it may differ from the expected one by size-1 dims).
  const bad = g.data.findIndex((x, i) => !Number.isFinite(x) && Number.isFinite(want.data[i]));
  if (bad >= 0) return { equal: false, reason: 'nonfinite', index: bad, position: unravel(bad, got.shape), value: g.data[bad] };
  const { first, count, worst } = entries(g, want, tol);
  if (count === 0) return { equal: true };
  return {
    equal: false, reason: 'mismatch', index: first, position: unravel(first, got.shape),
    got: g.data[first], want: want.data[first], count, total: want.data.length, worst,
  };
}

/** true when the two values agree within tolerance (shapes up to size-1 dims). */
export const agrees = (got, want, tol) => compareValues(got, want, tol).equal;
