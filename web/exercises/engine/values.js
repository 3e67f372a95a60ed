// Answer values. References, mistakes, typed answers and learner functions
// may produce a number, a (nested) array, a typed array or an attnscope
// tensor {data, shape}; toValue() turns any of them into one form,
// {data: number[], shape: number[]} (shape [] for a single number), or
// explains in a ValueProblem what it could not read.

export class ValueProblem extends Error {
  /** key/params name a feedback message (feedback.js). */
  constructor(key, params = {}) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'ValueProblem';
    this.key = key;
    this.params = params;
  }
}

/** A {data, shape} tensor (not an array). */
export const isTensor = (x) => x !== null && typeof x === 'object' && 'data' in x && 'shape' in x && !Array.isArray(x);
const isList = (x) => Array.isArray(x) || (ArrayBuffer.isView(x) && !(x instanceof DataView));

function describeType(x) {
  if (x === undefined) return 'undefined';
  if (x === null) return 'null';
  if (typeof x === 'object' && typeof x.then === 'function') return 'a Promise';
  if (typeof x === 'object') return 'an object';
  return `a ${typeof x}`;
}

/** Any supported value → {data: number[], shape: number[]}. Throws ValueProblem. */
export function toValue(x) {
  if (typeof x === 'number') return { data: [x], shape: [] };
  if (isTensor(x)) {
    const data = Array.from(x.data, Number);
    const shape = Array.from(x.shape);
    if (shape.reduce((a, b) => a * b, 1) !== data.length) throw new ValueProblem('value.tensorSize', { size: data.length, shape: shape.join('×') });
    return { data, shape };
  }
  if (!isList(x)) throw new ValueProblem(x === undefined ? 'value.undefined' : 'value.type', { type: describeType(x) });
  const shape = [];
  for (let level = x; isList(level); level = level[0]) {
    shape.push(level.length);
    if (level.length === 0) break;
  }
  const data = [];
  const walk = (node, depth, path) => {
    if (depth === shape.length) {
      if (typeof node !== 'number') throw new ValueProblem('value.entry', { at: path.length ? `[${path.join('][')}]` : '', type: describeType(node) });
      data.push(node);
      return;
    }
    if (!isList(node)) throw new ValueProblem('value.ragged', { at: `[${path.join('][')}]`, want: shape.slice(depth).join('×') });
    if (node.length !== shape[depth]) throw new ValueProblem('value.ragged', { at: path.length ? `[${path.join('][')}]` : 'the top level', want: shape.slice(depth).join('×'), got: node.length });
    for (let i = 0; i < node.length; i++) walk(node[i], depth + 1, [...path, i]);
  };
  walk(x, 0, []);
  return { data, shape };
}

/** {data, shape} → number or nested arrays (what a learner's code receives). */
export function toNested(value) {
  const v = isTensor(value) ? value : toValue(value);
  const data = Array.from(v.data, Number);
  if (v.shape.length === 0) return data[0];
  const build = (offset, dims) => {
    if (dims.length === 1) return data.slice(offset, offset + dims[0]);
    const stride = dims.slice(1).reduce((a, b) => a * b, 1);
    return Array.from({ length: dims[0] }, (_, i) => build(offset + i * stride, dims.slice(1)));
  };
  return build(0, v.shape);
}

/** Nested arrays (or a number) → an attnscope tensor {data: Float32Array, shape}. */
export function tensorOf(nested) {
  const v = toValue(nested);
  return { data: Float32Array.from(v.data), shape: v.shape };
}

export const sizeOf = (shape) => shape.reduce((a, b) => a * b, 1);

/** Row-major flat index → [i, j, …]. */
export function unravel(index, shape) {
  const out = [];
  for (let d = shape.length - 1; d >= 0; d--) {
    out.unshift(index % shape[d]);
    index = Math.floor(index / shape[d]);
  }
  return out;
}

/**
 * A number for people: fixed `digits` decimals, trailing zeros trimmed, −0 shown as 0, U+2212 not used (copyable).
 * Very large or tiny numbers get `digits` significant digits instead, except whole numbers up to 2^53
 * (parameter counts, bytes), which are shown exactly: a learner's 4718592 is never echoed as 4719000.
 */
export function formatNumber(x, digits = 4) {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  if (x !== 0 && (Math.abs(x) >= 1e6 || Math.abs(x) < 10 ** -digits)) {
    return Number.isSafeInteger(x) ? String(x) : Number(x.toPrecision(Math.max(digits, 1))).toString();
  }
  const fixed = x.toFixed(digits);
  const s = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed; // digits = 0: 10 stays 10
  return s === '-0' ? '0' : s;
}

/** A value as text a learner could type back: 1.5 · [1, 2] · [[1, 2], [3, 4]]. */
export function formatValue(x, digits = 4) {
  const nested = toNested(x);
  const fmt = (n) => (Array.isArray(n) ? `[${n.map(fmt).join(', ')}]` : formatNumber(n, digits));
  return fmt(nested);
}

/** A value as TeX: a number, a row vector (1×n bmatrix) or a bmatrix. */
export function texValue(x, digits = 4) {
  const v = toValue(x);
  const n = (i) => formatNumber(v.data[i], digits);
  if (v.shape.length === 0) return n(0);
  if (v.shape.length === 1) return `\\begin{bmatrix}${v.data.map((_, i) => n(i)).join(' & ')}\\end{bmatrix}`;
  if (v.shape.length === 2) {
    const [r, c] = v.shape;
    const rows = Array.from({ length: r }, (_, i) => Array.from({ length: c }, (_, j) => n(i * c + j)).join(' & '));
    return `\\begin{bmatrix}${rows.join(' \\\\ ')}\\end{bmatrix}`;
  }
  return formatValue(x, digits);
}

/** "a number", "4 numbers", "3×4". */
export function shapeWords(shape) {
  if (shape.length === 0) return { key: 'shape.number', params: {} };
  if (shape.length === 1) return { key: 'shape.vector', params: { n: shape[0] } };
  return { key: 'shape.tensor', params: { dims: shape.join('×') } };
}
