// Shared by the training suites: the PyTorch fixtures of
// scripts/gen_fixtures_train.py (tensors as base64 little-endian float32),
// a named worst-difference measure, and a small text to memorise.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { unravel } from './helpers.js';

const FIXTURES = new URL('../fixtures/', import.meta.url);

/** A Float32Array from base64 of little-endian float32 (the fixtures' encoding). */
export function f32FromBase64(b64) {
  const bytes = Buffer.from(b64, 'base64');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: bytes.byteLength / 4 }, (_, i) => view.getFloat32(i * 4, true));
}

/** { [name]: Tensor } of a fixture's { [name]: { shape, f32 } }. */
export function tensorsOf(entries) {
  return Object.fromEntries(Object.entries(entries).map(([n, e]) => [n, { data: f32FromBase64(e.f32), shape: e.shape }]));
}

/** The cases of tests/fixtures/train_<name>.json with their tensors decoded. */
export function trainFixture(name) {
  const json = JSON.parse(readFileSync(new URL(`train_${name}.json`, FIXTURES), 'utf8'));
  return json.cases.map((c) => ({
    ...c,
    parameters: tensorsOf(c.parameters),
    gradients: c.gradients ? tensorsOf(c.gradients) : undefined,
    after: c.after ? tensorsOf(c.after) : undefined,
  }));
}

/** float32 rounding anywhere in the model is of the order eps·(the largest gradient). */
export const GLOBAL_FLOOR = 0.1;

/**
 * The worst difference over named tensors, each measured relative to its own
 * scale: max |got - want| / max(|want|max of the tensor, globalFloor · |want|max
 * of all tensors). The floor is for tensors whose true value vanishes (the
 * key bias's gradient is exactly 0: softmax ignores a shift of all scores),
 * which only the rounding of the whole computation can be measured against.
 * Returns { rel, abs, name, index } (index as [i, j]).
 */
export function worstScaled(got, want, globalFloor = GLOBAL_FLOOR) {
  let globalMax = 0;
  for (const w of Object.values(want)) for (const v of w.data) globalMax = Math.max(globalMax, Math.abs(v));
  let worst = { rel: 0, abs: 0, name: '(none)', index: '' };
  for (const [name, w] of Object.entries(want)) {
    const g = got[name];
    if (!g) return { rel: Infinity, abs: Infinity, name, index: '(missing)' };
    if (g.data.length !== w.data.length) return { rel: Infinity, abs: Infinity, name, index: '(length)' };
    let scale = Math.max(globalFloor * globalMax, Number.MIN_VALUE);
    for (const v of w.data) scale = Math.max(scale, Math.abs(v));
    for (let i = 0; i < w.data.length; i++) {
      const abs = Math.abs(g.data[i] - w.data[i]);
      const rel = Number.isNaN(abs) ? Infinity : abs / scale;
      if (rel > worst.rel) worst = { rel, abs, name, index: unravel(i, w.shape) };
    }
  }
  return worst;
}

/** The worst absolute difference over named tensors, but entries skip(name, i) says to leave out: { abs, name, index }. */
export function worstAbsolute(got, want, skip = () => false) {
  let worst = { abs: 0, name: '(none)', index: '' };
  for (const [name, w] of Object.entries(want)) {
    const g = got[name];
    for (let i = 0; i < w.data.length; i++) {
      if (skip(name, i)) continue;
      const abs = Math.abs(g.data[i] - w.data[i]);
      if (!(abs <= worst.abs)) worst = { abs: Number.isNaN(abs) ? Infinity : abs, name, index: unravel(i, w.shape) };
    }
  }
  return worst;
}

export const describeWorst = (w) => `${w.name}${w.index}: ${w.rel !== undefined ? `rel ${w.rel.toExponential(2)}, ` : ''}abs ${w.abs.toExponential(2)}`;

/** Asserts the set of names and every shape match. */
export function expectSameNamesAndShapes(got, want, label) {
  expect(Object.keys(got).sort(), `${label}: names`).toEqual(Object.keys(want).sort());
  for (const [n, t] of Object.entries(want)) expect(got[n].shape, `${label}: ${n} shape`).toEqual(t.shape);
}

/** A character vocabulary of `text` and its ids. */
export function charIds(text) {
  const chars = [...new Set(text)].sort();
  return { vocab: chars, ids: Array.from(text, (c) => chars.indexOf(c)) };
}

/** run.c's tokenizer.bin for a list of pieces (scores 0): what the 'char' kind reads. */
export function tokenizerBin(pieces) {
  const bytes = pieces.map((p) => new TextEncoder().encode(p));
  const view = new DataView(new ArrayBuffer(4 + bytes.reduce((n, b) => n + 8 + b.length, 0)));
  view.setInt32(0, Math.max(...bytes.map((b) => b.length)), true);
  let at = 4;
  for (const b of bytes) {
    view.setFloat32(at, 0, true);
    view.setInt32(at + 4, b.length, true);
    new Uint8Array(view.buffer, at + 8, b.length).set(b);
    at += 8 + b.length;
  }
  return new Uint8Array(view.buffer);
}
