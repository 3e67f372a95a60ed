// Turns what a page gives a widget (a seed, JSON, a tensor, a 2-D array)
// into tensors, and asks the wasm core for one head's attention weights.
// Random inputs are rounded to 2 decimals so that the Q and K a page prints
// are exactly the Q and K the core multiplies. It imports only the parts of
// the API it calls, so that <attn-heatmap> alone stays small
// (attention-source.js adds the whole API for the other elements).
import { tensor } from '../lib/tensor.js';
import { matmul } from '../lib/ops/matmul.js';
import { scaledDotProductAttention } from '../lib/ops/attention.js';
import { mulberry32 } from '../lib/random.js';

const attn = { tensor, matmul, scaledDotProductAttention };

/** `count` standard-normal samples (Box-Muller) rounded to 2 decimals. */
export function seededNormals(count, seed) {
  const next = mulberry32(seed);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i += 2) {
    const u = 1 - next(); // (0, 1]: log(u) stays finite
    const v = next();
    const r = Math.sqrt(-2 * Math.log(u));
    out[i] = Math.round(r * Math.cos(2 * Math.PI * v) * 100) / 100;
    if (i + 1 < count) out[i + 1] = Math.round(r * Math.sin(2 * Math.PI * v) * 100) / 100;
  }
  return out;
}

/** Q [nq, d] and K [nk, d] drawn from one seeded stream (Q first). */
export function randomQK(nq, nk, d, seed) {
  const all = seededNormals((nq + nk) * d, seed);
  return {
    q: attn.tensor(all.slice(0, nq * d), [nq, d]),
    k: attn.tensor(all.slice(nq * d), [nk, d]),
  };
}

/**
 * A [rows, cols] tensor from a tensor, a 2-D array of numbers or its JSON
 * text. Throws an Error naming `name` when the value does not fit.
 */
export function toMatrix(value, name) {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      throw new Error(`${name} is not valid JSON; write a 2-D array such as [[1, 0], [0, 1]]`);
    }
  }
  if (v && typeof v === 'object' && 'data' in v && 'shape' in v) {
    if (v.shape.length !== 2) throw new Error(`${name} must be 2-D [rows, cols] (got shape [${v.shape.join(', ')}])`);
    return attn.tensor(v.data, v.shape);
  }
  if (!Array.isArray(v) || v.length === 0 || !v.every(Array.isArray)) {
    throw new Error(`${name} must be a non-empty 2-D array of numbers, such as [[1, 0], [0, 1]]`);
  }
  const cols = v[0].length;
  v.forEach((row, i) => {
    if (row.length !== cols) throw new Error(`${name}: row ${i} has ${row.length} numbers but row 0 has ${cols}`);
    row.forEach((x, j) => {
      if (typeof x !== 'number') throw new Error(`${name}[${i}][${j}] is not a number (${JSON.stringify(x)})`);
    });
  });
  return attn.tensor(new Float32Array(v.flat()), [v.length, cols]);
}

/**
 * The attention weights [Nq, Nk] of one head, from the core.
 * options: { isCausal, kind: 'dot'|'cosine', scale, temperature }.
 */
export function attentionWeights(q, k, options = {}) {
  const v = attn.tensor(new Float32Array(k.shape[0]), [k.shape[0], 1]); // weights do not depend on V
  const opts = { returnWeights: true };
  for (const key of ['isCausal', 'kind', 'scale', 'temperature']) {
    if (options[key] !== undefined) opts[key] = options[key];
  }
  return attn.scaledDotProductAttention(q, k, v, opts).weights;
}

/** Row sums of a [rows, cols] tensor, computed by the core as m @ 1. */
export function rowSums(m) {
  const [, cols] = m.shape;
  const ones = attn.tensor(new Float32Array(cols).fill(1), [cols, 1]);
  return attn.matmul(m, ones).data;
}

/** Whether causal attention hides key j from query i (queries aligned to the end of the keys). */
export function isCausallyMasked(i, j, nq, nk) {
  return j > i + nk - nq;
}
