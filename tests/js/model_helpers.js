// Shared by the model suites: the shipped and fixture files, models.json,
// float64 loss and argmax on logits, and the native tool (build/native).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export { thrown } from './helpers.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const MODELS_DIR = `${ROOT}web/models/`;
export const FIXTURES_DIR = `${ROOT}tests/fixtures/models/`;
export const NATIVE_TOOL = `${ROOT}build/native/attnscope_run_model_sse41`;

export const modelsJson = () => JSON.parse(readFileSync(`${MODELS_DIR}models.json`, 'utf8'));
export const fixtureJson = (name) => JSON.parse(readFileSync(`${FIXTURES_DIR}${name}.json`, 'utf8'));
export const fixtureBytes = (name) => new Uint8Array(readFileSync(`${FIXTURES_DIR}${name}`));
export const modelBytes = (file) => new Uint8Array(readFileSync(`${MODELS_DIR}${file}`));

/** The rejection of a promise (or null). */
export async function rejected(promise) {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  return null;
}

/** Index of the largest value (the first of equal maxima, as the core's argmax). */
export function argmax(row) {
  let best = 0;
  for (let i = 1; i < row.length; i++) if (row[i] > row[best]) best = i;
  return best;
}

/** float64 -log softmax(row)[target]. */
export function crossEntropy(row, target) {
  let m = -Infinity;
  for (const v of row) m = Math.max(m, v);
  let s = 0;
  for (const v of row) s += Math.exp(v - m);
  return Math.log(s) + m - row[target];
}

/** Mean cross-entropy of logits [T, V] (a tensor) against targets[t], over the rows in `rows`. */
export function meanLoss(logits, targets, rows = targets.map((_, t) => t)) {
  const V = logits.shape[1];
  let sum = 0;
  for (const t of rows) sum += crossEntropy(logits.data.subarray(t * V, (t + 1) * V), targets[t]);
  return sum / rows.length;
}

/**
 * Largest |got - want| over two flat arrays, asserted against rel · max(1,
 * max|want|) (the C++ fixture test's measure); returns the worst difference.
 */
export function expectCloseScaled(got, want, rel, label) {
  expect(got.length, `${label}: length`).toBe(want.length);
  let worst = 0, at = 0, scale = 1;
  for (let i = 0; i < want.length; i++) {
    scale = Math.max(scale, Math.abs(want[i]));
    const d = Math.abs(got[i] - want[i]);
    if (!(d <= worst)) { worst = d; at = i; }
  }
  expect(worst, `${label}: worst |got - want| = ${worst.toExponential(2)} at ${at} `
    + `(got ${got[at]}, want ${want[at]}); allowed ${rel} × ${scale.toFixed(3)}`).toBeLessThanOrEqual(rel * scale);
  return worst;
}

/**
 * Runs the native tool's `generate` (the C++ core built with -march=native)
 * and returns what it printed: the prompt's text, then the generated text.
 */
export function nativeGenerate(checkpoint, tokenizer, args) {
  if (!existsSync(NATIVE_TOOL)) {
    throw new Error(`${NATIVE_TOOL} is missing: build it with bash scripts/build.sh native (scripts/test.sh does)`);
  }
  return execFileSync(NATIVE_TOOL, ['generate', checkpoint, tokenizer, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * A llama2.c legacy checkpoint (shared classifier) of the given shape with
 * deterministic weights in [-0.1, 0.1), as the native tool's `random` writes.
 */
export function randomCheckpoint({ dim, hidden, layers, heads, kvHeads, vocab, seq }, seed = 42) {
  const D = dim / heads, KV = D * kvHeads;
  const floats = vocab * dim + layers * dim * 2 + layers * dim * dim * 2 + layers * KV * dim * 2
    + 3 * layers * hidden * dim + dim + seq * D;
  const file = new ArrayBuffer(28 + floats * 4);
  new Int32Array(file, 0, 7).set([dim, hidden, layers, heads, kvHeads, vocab, seq]);
  const w = new Float32Array(file, 28);
  let s = seed >>> 0;
  for (let i = 0; i < floats; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    w[i] = (s / 2 ** 31 - 1) * 0.1;
  }
  return new Uint8Array(file);
}
