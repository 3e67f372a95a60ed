// The text the language-model experiments (scaling sweep, position
// extrapolation) learn from: the shipped corpus (Pride and Prejudice),
// character-level, split into a training part and a held-out tail, with
// seeded random windows. The same seed gives the same batches everywhere.
import { readAsset } from '../lib/runtime.js';
import { buildVocabulary } from '../lib/ops/vocabulary.js';
import { mulberry32 } from '../lib/random.js';

const CORPUS_URL = new URL('../models/corpus/pride_and_prejudice.txt', import.meta.url);
let cachedText = null;

/** The corpus text (read once per process or Worker). */
export async function corpusText(fnName) {
  if (cachedText === null) cachedText = new TextDecoder().decode(await readAsset(CORPUS_URL, fnName));
  return cachedText;
}

/**
 * The first `chars` characters, a character vocabulary of them, and the ids
 * split into train (the first 90 %) and held-out (the last 10 %).
 */
export function corpusSplit(text, chars) {
  const used = text.slice(0, chars);
  const vocabulary = buildVocabulary(used, { level: 'char' });
  const ids = vocabulary.encode(used);
  const cut = Math.floor(ids.length * 0.9);
  return { vocabulary, train: ids.subarray(0, cut), heldOut: ids.subarray(cut) };
}

/** A seeded source of [B, T] (inputs, targets) windows from `ids`. */
export function windowSampler(ids, seed) {
  const random = mulberry32(seed);
  return (B, T) => {
    if (ids.length < T + 1) throw new RangeError(`windowSampler: ${ids.length} tokens cannot give a window of ${T + 1}`);
    const inputs = new Int32Array(B * T);
    const targets = new Int32Array(B * T);
    for (let b = 0; b < B; b++) {
      const start = Math.floor(random() * (ids.length - T));
      inputs.set(ids.subarray(start, start + T), b * T);
      targets.set(ids.subarray(start + 1, start + T + 1), b * T);
    }
    return { inputs: { data: inputs, shape: [B, T] }, targets: { data: targets, shape: [B, T] } };
  };
}

/** Evenly spaced, non-overlapping windows of the held-out ids: a fixed evaluation batch. */
export function evaluationWindows(ids, B, T) {
  const stride = Math.floor((ids.length - T - 1) / Math.max(1, B - 1));
  if (stride < 1 && B > 1) throw new RangeError(`evaluationWindows: ${ids.length} held-out tokens are too few for ${B} windows of ${T + 1}`);
  const inputs = new Int32Array(B * T);
  const targets = new Int32Array(B * T);
  for (let b = 0; b < B; b++) {
    const start = b * stride;
    inputs.set(ids.subarray(start, start + T), b * T);
    targets.set(ids.subarray(start + 1, start + T + 1), b * T);
  }
  return { inputs: { data: inputs, shape: [B, T] }, targets: { data: targets, shape: [B, T] } };
}

/**
 * Mean loss of the targets at positions [from, to) of every row: the other
 * targets are set to −1 (ignored), so one forward pass gives one bin.
 */
export function lossInPositions(model, batch, from, to) {
  const [B, T] = batch.targets.shape;
  const masked = new Int32Array(B * T).fill(-1);
  for (let b = 0; b < B; b++) {
    for (let t = from; t < to; t++) masked[b * T + t] = batch.targets.data[b * T + t];
  }
  return model.loss(batch.inputs, { data: masked, shape: [B, T] });
}
