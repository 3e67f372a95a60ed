// Reading tokenizer.json fields: each reader names the field's path in its
// error ("tokenizer.json: model.merges[12] is not a pair of strings"), so a
// bad file says where it is bad. Absent optional fields take Hugging Face's
// defaults; a field of the wrong type is an error, never coerced.
import { AttnscopeError } from '../errors.js';

export const FILE = 'tokenizer.json';

export function bad(path, what) {
  throw new AttnscopeError(`${FILE}: ${path} ${what}`);
}

export function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return v.length > 40 ? `the string "${v.slice(0, 40)}…"` : `the string ${JSON.stringify(v)}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}

/** A value's type for an argument error ("Uint8Array", "number", "null"). */
export function typeName(v) {
  if (v === null) return 'null';
  if (ArrayBuffer.isView(v)) return v.constructor.name;
  return typeof v === 'object' ? (v.constructor?.name ?? 'object') : typeof v;
}

export function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function object(v, path) {
  if (!isObject(v)) bad(path, `must be an object (got ${describe(v)})`);
  return v;
}

export function array(v, path) {
  if (!Array.isArray(v)) bad(path, `must be an array (got ${describe(v)})`);
  return v;
}

export function string(v, path) {
  if (typeof v !== 'string') bad(path, `must be a string (got ${describe(v)})`);
  return v;
}

export function bool(v, path) {
  if (typeof v !== 'boolean') bad(path, `must be true or false (got ${describe(v)})`);
  return v;
}

export function nonNegativeInt(v, path, max = 2 ** 31 - 1) {
  if (!Number.isInteger(v) || v < 0 || v > max) bad(path, `must be an integer in 0..${max} (got ${describe(v)})`);
  return v;
}

/** A string of exactly one code point (Rust's `char`). */
export function char(v, path) {
  string(v, path);
  if ([...v].length !== 1) bad(path, `must be a single character (got ${describe(v)})`);
  return v;
}

export function oneOf(v, path, values) {
  if (!values.includes(v)) bad(path, `must be one of ${values.map((s) => JSON.stringify(s)).join(', ')} (got ${describe(v)})`);
  return v;
}

/** The `type` of a component, checked against the supported ones; others are refused by name. */
export function componentType(v, path, supported, kind) {
  object(v, path);
  const type = v.type;
  if (typeof type !== 'string') bad(`${path}.type`, `must be a string naming the ${kind} (got ${describe(type)})`);
  if (!supported.includes(type)) {
    bad(path, `is a ${kind} of type "${type.slice(0, 60)}", which attnscope does not support (supported: ${supported.join(', ')})`);
  }
  return type;
}
