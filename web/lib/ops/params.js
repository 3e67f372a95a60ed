// Checks shared by the larger parts, whose parameters are plain objects of
// tensors: each error names the parameter as the caller wrote it
// ('params.attn.wk.shape'), and says which dims were expected and why.
import { checkTensor, checkShape, fail, product } from '../tensor.js';
import { residentPointer } from './resident.js';

function typeName(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a plain Array';
  if (ArrayBuffer.isView(v)) return v.constructor.name;
  return typeof v;
}

/** `obj` must be a plain object (of tensors or settings) whose keys are all in `known`. */
export function checkKeys(obj, name, known, fnName, { what = 'parameter', hint = '' } = {}) {
  if (obj === undefined) fail(`${fnName}: ${name} is missing; expected an object with ${known.join(', ')}`);
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj) || ArrayBuffer.isView(obj)) {
    fail(`${fnName}: ${name} must be an object (got ${typeName(obj)})`);
  }
  for (const key of Object.keys(obj)) {
    if (!known.includes(key)) fail(`${fnName}: ${name}.${key} is not ${what === 'option' ? 'an option' : 'a parameter'} here (known: ${known.join(', ')})${hint}`);
  }
  return obj;
}

/**
 * params[key] as a tensor of exactly `shape`; a string entry in `shape` names
 * a dim that may be anything (e.g. 'dFF'). `dims` explains the shape in words.
 * Absent: an error, or null when optional.
 */
export function checkWeight(params, key, name, shape, dims, fnName, { optional = false } = {}) {
  const t = params[key];
  const full = `${name}.${key}`;
  const want = `[${shape.join(', ')}]`;
  if (t === undefined || t === null) {
    if (optional) return null;
    fail(`${fnName}: ${full} is missing; expected a tensor of shape ${want} (${dims})`);
  }
  checkTensor(t, full);
  const ok = t.shape.length === shape.length && shape.every((d, i) => typeof d === 'string' || t.shape[i] === d);
  if (!ok) fail(`${fnName}: ${full}.shape is [${t.shape.join(', ')}] but expected ${want} (${dims})`);
  return t;
}

/** A tensor's address in the heap: copied in, or where it lies when resident (residentParameters); 0 for an absent one. */
export function upload(h, t, what) {
  if (!t) return 0;
  return residentPointer(t, what) ?? h.input(t.data, what);
}

/** Room for one output per entry of `shapes`; read() copies them all out as tensors. */
export function outputs(h, shapes) {
  const ptrs = {};
  for (const [name, shape] of Object.entries(shapes)) ptrs[name] = h.output(product(shape), name);
  const read = () => Object.fromEntries(Object.entries(shapes).map(
    ([name, shape]) => [name, { data: h.read(ptrs[name], product(shape)), shape: [...shape] }]));
  return { ptrs, read };
}

/** Every name pointing at 0: "do not write this output". */
export function noOutputs(names) {
  return Object.fromEntries(names.map((n) => [n, 0]));
}

/** Checks every shape of an outputs() request against the size limit. */
export function checkOutputShapes(shapes, fnName) {
  for (const [name, shape] of Object.entries(shapes)) checkShape(shape, `${fnName}: ${name} shape`);
}
