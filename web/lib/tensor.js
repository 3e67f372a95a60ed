// Tensors are plain { data: Float32Array, shape: number[] } (row-major).
// Validation helpers shared by every function: each error names the argument.
import { AttnscopeError } from './errors.js';

/** Largest tensor the package accepts: 2^28 floats (1 GiB of wasm memory). */
export const MAX_ELEMENTS = 2 ** 28;
const MAX_DIM = 2 ** 31 - 1;

function typeName(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a plain Array';
  if (ArrayBuffer.isView(v)) return v.constructor.name;
  return typeof v === 'object' ? (v.constructor?.name ?? 'object') : typeof v;
}

export function fail(message) {
  throw new AttnscopeError(message);
}

export function checkShape(shape, name) {
  if (!Array.isArray(shape)) fail(`${name} must be an array of integers (got ${typeName(shape)})`);
  let size = 1;
  shape.forEach((d, i) => {
    if (!Number.isInteger(d) || d < 0 || d > MAX_DIM) {
      fail(`${name}[${i}] must be a non-negative integer (got ${d})`);
    }
    size *= d;
  });
  if (size > MAX_ELEMENTS) {
    fail(`${name} [${shape.join(', ')}] has ${size} elements, over the limit of ${MAX_ELEMENTS}`);
  }
  return size;
}

/** Checks `t` is a Float32 tensor (or Uint8 when allowUint8) and returns its size. */
export function checkTensor(t, name, { allowUint8 = false } = {}) {
  if (t === null || typeof t !== 'object' || !('data' in t) || !('shape' in t)) {
    fail(`${name} must be a tensor { data: Float32Array, shape: number[] } (got ${typeName(t)}); build one with attn.tensor(data, shape)`);
  }
  const ok = t.data instanceof Float32Array || (allowUint8 && t.data instanceof Uint8Array);
  if (!ok) {
    const want = allowUint8 ? 'a Float32Array (additive) or a Uint8Array (boolean)' : 'a Float32Array';
    const how = allowUint8 ? 'new Uint8Array(values) for a boolean mask, new Float32Array(values) for an additive one' : 'new Float32Array(values)';
    fail(`${name}.data must be ${want} (got ${typeName(t.data)}); convert with ${how}`);
  }
  const size = checkShape(t.shape, `${name}.shape`);
  if (size !== t.data.length) {
    fail(`${name}.data has ${t.data.length} elements but ${name}.shape [${t.shape.join(', ')}] needs ${size}`);
  }
  return size;
}

export function checkRank(t, name, minRank) {
  if (t.shape.length < minRank) {
    fail(`${name} must have at least ${minRank} dim${minRank === 1 ? '' : 's'} (got shape [${t.shape.join(', ')}])`);
  }
}

/** Builds and validates a tensor; shape defaults to [data.length]. */
export function tensor(data, shape) {
  const t = { data, shape: shape === undefined && data && typeof data.length === 'number' ? [data.length] : shape };
  checkTensor(t, 'tensor');
  return { data: t.data, shape: [...t.shape] };
}

export function checkInt(v, name, { min = -MAX_DIM, max = MAX_DIM } = {}) {
  if (!Number.isInteger(v)) fail(`${name} must be an integer (got ${typeof v === 'number' ? v : typeName(v)})`);
  if (v < min) fail(`${name} must be at least ${min} (got ${v})`);
  if (v > max) fail(`${name} must be at most ${max} (got ${v})`);
  return v;
}

export function checkNumber(v, name, { positive = false, nonNegative = false } = {}) {
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(`${name} must be a finite number (got ${typeof v === 'number' ? v : typeName(v)})`);
  if (positive && !(v > 0)) fail(`${name} must be greater than 0 (got ${v})`);
  if (nonNegative && v < 0) fail(`${name} must not be negative (got ${v})`);
  return v;
}

export function checkBool(v, name) {
  if (typeof v !== 'boolean') fail(`${name} must be true or false (got ${typeName(v)})`);
  return v;
}

export function checkEnum(v, name, values) {
  if (!values.includes(v)) {
    fail(`${name} must be one of ${values.map((s) => `'${s}'`).join(', ')} (got ${JSON.stringify(v)})`);
  }
  return v;
}

/** Rejects option keys the function does not know (a typo would otherwise be silent). */
export function checkOptions(opts, fnName, known) {
  if (opts === undefined || opts === null) return {};
  if (typeof opts !== 'object' || Array.isArray(opts)) fail(`${fnName}: options must be an object (got ${typeName(opts)})`);
  for (const key of Object.keys(opts)) {
    if (!known.includes(key)) {
      fail(`${fnName}: opts.${key} is not an option (known: ${known.join(', ')})`);
    }
  }
  return opts;
}

export const product = (dims) => dims.reduce((a, b) => a * b, 1);
