// Small helpers the built-in exercises share. Expected answers always come
// from attnscope calls; these only slice results and compute *mistakes*
// (what a plausible wrong method gives), which the core has no function for.
import { tensorOf, toNested } from '../engine/values.js';

export { tensorOf, toNested };

/** Row i of a 2-D tensor as a plain array. */
export const row = (t, i) => Array.from(t.data.subarray(i * t.shape[1], (i + 1) * t.shape[1]));

export const dot = (a, b) => a.reduce((s, x, i) => s + x * b[i], 0);

/** RoPE (interleaved, base 10000) applied by attnscope to one vector at position pos. */
export const ropeAt = (attn, x, pos, layout = 'interleaved') =>
  row(attn.applyRope(tensorOf([x]), { positionOffset: pos, layout }), 0);

/**
 * A hand-written interleaved rotation for mistakes: angle(i) gives pair i's
 * angle; `swap` uses sin where cos belongs and vice versa.
 */
export function rotatePairs(x, angle, { swap = false } = {}) {
  const out = [...x];
  for (let i = 0; 2 * i + 1 < x.length; i++) {
    const a = angle(i);
    const [c, s] = swap ? [Math.sin(a), Math.cos(a)] : [Math.cos(a), Math.sin(a)];
    out[2 * i] = x[2 * i] * c - x[2 * i + 1] * s;
    out[2 * i + 1] = x[2 * i] * s + x[2 * i + 1] * c;
  }
  return out;
}

/** Bilingual text. */
export const text = (ja, en) => ({ ja, en });

/**
 * A template tag for texts: String.raw (TeX backslashes stay as written)
 * that also unescapes \` so Markdown code spans can be written inside.
 * Do not put a {{placeholder}} right after $ ($ followed by { interpolates).
 */
export const R = (s, ...v) => String.raw(s, ...v).replace(/\\`/g, '`');

/** A zero tensor of `shape` (for asking the core what shape a product has). */
export const zeros = (shape) => ({ data: new Float32Array(shape.reduce((a, b) => a * b, 1)), shape: [...shape] });

/** The transpose of a matrix given as nested arrays. */
export const transpose = (m) => m[0].map((_, j) => m.map((r) => r[j]));

/** The sum of an array of numbers. */
export const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/** Elementwise a - s * b for nested arrays of one shape (a gradient step, a difference). */
export const axpy = (a, b, s = 1) => (Array.isArray(a) ? a.map((x, i) => axpy(x, b[i], s)) : a - s * b);

/** x as TeX in scientific notation with `digits` significant digits: 1.86 \times 10^{18}. */
export function sci(x, digits = 3) {
  const [m, e] = x.toExponential(digits - 1).split('e');
  return `${m} \\times 10^{${Number(e)}}`;
}
