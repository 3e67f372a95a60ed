// Shared by the Node suite: fixture decoding and a tolerance check that says
// where and by how much a tensor is off.
import { expect } from 'vitest';
import * as attn from '../../web/lib/node.js';

export { attn };

/**
 * Whether this run is the scalar build's (ATTNSCOPE_BACKEND=wasm-scalar). The
 * few tests that score a model over a whole held-out text skip it: they take
 * a minute there, the kernels they run are checked on that build by the
 * fixture tests beside them, and what they measure (the shipped weights'
 * loss) does not depend on the build.
 */
export const SCALAR_RUN = process.env.ATTNSCOPE_BACKEND === 'wasm-scalar';

/** The fixtures' encoding of non-finite numbers ("inf", "-inf", "nan"). */
export function decodeNumber(v) {
  if (v === 'nan') return NaN;
  if (v === 'inf') return Infinity;
  if (v === '-inf') return -Infinity;
  return v;
}

const ARRAYS = { float32: Float32Array, uint8: Uint8Array, float64: Float64Array };

/** Turns every {dtype, shape, data} in a fixture value into a tensor. */
export function decode(x) {
  if (Array.isArray(x)) return x.map(decode);
  if (x !== null && typeof x === 'object') {
    if ('dtype' in x) return { data: ARRAYS[x.dtype].from(x.data, decodeNumber), shape: x.shape };
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, decode(v)]));
  }
  return x;
}

/** Flat index -> "[i, j, ...]" for a row-major shape. */
export function unravel(flat, shape) {
  const idx = [];
  for (let d = shape.length - 1; d >= 0; d--) {
    idx.unshift(shape[d] ? flat % shape[d] : 0);
    flat = shape[d] ? Math.floor(flat / shape[d]) : 0;
  }
  return `[${idx.join(', ')}]`;
}

/**
 * Largest |got - want| (Infinity where NaN/inf do not match exactly) and how
 * many elements exceed atol + rtol * |want|.
 */
export function compare(got, want, { atol, rtol }) {
  let worst = 0, worstAt = -1, nBad = 0;
  for (let i = 0; i < want.length; i++) {
    const g = got[i], w = want[i];
    let err;
    if (!Number.isFinite(w)) err = Object.is(g, w) || (Number.isNaN(g) && Number.isNaN(w)) ? 0 : Infinity;
    else err = Number.isNaN(g) ? Infinity : Math.abs(g - w);
    const bad = !(err <= atol + rtol * (Number.isFinite(w) ? Math.abs(w) : 0));
    if (bad) nBad++;
    if (err > worst || (worstAt < 0 && bad) || Number.isNaN(err)) { worst = err; worstAt = i; }
  }
  return { worst, worstAt, nBad };
}

/** Asserts a result tensor matches a reference tensor within tol; returns the worst error. */
export function expectClose(got, want, tol, label = 'result') {
  expect(got.shape, `${label}: shape`).toEqual(want.shape);
  expect(got.data, `${label}: data type`).toBeInstanceOf(Float32Array);
  expect(got.data.length, `${label}: length`).toBe(want.data.length);
  const { worst, worstAt, nBad } = compare(got.data, want.data, tol);
  const where = worstAt < 0 ? '' : ` at ${unravel(worstAt, want.shape)} (got ${got.data[worstAt]}, expected ${want.data[worstAt]})`;
  expect(nBad, `${label}: ${nBad} of ${want.data.length} elements outside ${tol.atol} + ${tol.rtol}·|expected|; `
    + `worst |error| = ${worst.toExponential(2)}${where}`).toBe(0);
  return worst;
}

/** A tensor of n deterministic pseudo-random floats in [-1, 1) (LCG; no Math.random). */
export function rand(shape, seed = 1) {
  const n = shape.reduce((a, b) => a * b, 1);
  const data = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    data[i] = s / 2 ** 31 - 1;
  }
  return { data, shape: [...shape] };
}

/** float64 softmax of a plain array; an all -inf row is zeros. */
export function softmax64(xs) {
  const m = Math.max(...xs);
  if (m === -Infinity) return xs.map(() => 0);
  const e = xs.map((x) => Math.exp(x - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / s);
}

/**
 * float64 single-head attention: q [Nq*D], k [Nk*D], v [Nk*Dv] as flat arrays,
 * allowed(i, j) says whether query i may see key j. Rows with no key are zero.
 */
export function attention64(q, k, v, { Nq, Nk, D, Dv, scale = 1 / Math.sqrt(D), allowed = () => true }) {
  const weights = [], output = [];
  for (let i = 0; i < Nq; i++) {
    const s = [];
    for (let j = 0; j < Nk; j++) {
      let dot = 0;
      for (let c = 0; c < D; c++) dot += q[i * D + c] * k[j * D + c];
      s.push(allowed(i, j) ? dot * scale : -Infinity);
    }
    const w = softmax64(s);
    weights.push(...w);
    for (let c = 0; c < Dv; c++) output.push(w.reduce((acc, wj, j) => (wj === 0 ? acc : acc + wj * v[j * Dv + c]), 0));
  }
  return { weights, output };
}

/** A valid call after an error still gives the right answer (the module is not broken). */
export function expectStillWorks() {
  const got = attn.softmax(attn.tensor(new Float32Array([1, 2, -Infinity, 3])));
  softmax64([1, 2, -Infinity, 3]).forEach((w, i) => expect(Math.abs(got.data[i] - w)).toBeLessThan(1e-6));
  const x = [0.5, -1, 2, 0.25, 1, 1, -0.5, 3, 0, 2, 1, -1];
  const t = attn.tensor(new Float32Array(x), [3, 4]);
  const want = attention64(x, x, x, { Nq: 3, Nk: 3, D: 4, Dv: 4, allowed: (i, j) => j <= i });
  const out = attn.scaledDotProductAttention(t, t, t, { isCausal: true }).output;
  want.output.forEach((w, i) => expect(Math.abs(out.data[i] - w)).toBeLessThan(1e-5));
}

/** The error `call` throws, or null when it returns. */
export function thrown(call) {
  try {
    call();
  } catch (e) {
    return e;
  }
  return null;
}
