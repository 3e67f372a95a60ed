// The data of the grokking experiment (Power et al. 2022): every pair (a, b)
// of 0..p−1 with its answer a ∘ b mod p, split by a seeded shuffle into a
// training set and a validation set. A sequence is [a, b, =] (token p is
// '='); only the last position has a target (the others are −1, ignored by
// the loss), so the model is trained on the answer alone.
import { mulberry32 } from '../lib/random.js';

export const OPERATIONS = Object.freeze({
  add: (a, b, p) => (a + b) % p,
  subtract: (a, b, p) => (((a - b) % p) + p) % p,
});

/** Fisher–Yates with mulberry32(seed): the same seed, the same order everywhere. */
function shuffled(n, seed) {
  const order = Array.from({ length: n }, (_, i) => i);
  const rand = mulberry32(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** Number of training pairs: round(fraction · p²), at least 1 and at most p² − 1 (validation keeps one). */
export const trainingPairCount = (p, fraction) => Math.min(p * p - 1, Math.max(1, Math.round(fraction * p * p)));

function batch(pairs, p, op) {
  const T = 3;
  const inputs = new Int32Array(pairs.length * T);
  const targets = new Int32Array(pairs.length * T).fill(-1);
  const answers = new Int32Array(pairs.length);
  pairs.forEach(([a, b], i) => {
    inputs.set([a, b, p], i * T);
    answers[i] = OPERATIONS[op](a, b, p);
    targets[i * T + 2] = answers[i];
  });
  const shape = [pairs.length, T];
  return { inputs: { data: inputs, shape }, targets: { data: targets, shape }, answers, pairs };
}

/** { train, validation }: each { inputs, targets ([N, 3] batches), answers, pairs }. */
export function modularSplit(p, fraction, op, seed) {
  const all = [];
  for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) all.push([a, b]);
  const order = shuffled(all.length, seed);
  const nTrain = trainingPairCount(p, fraction);
  return {
    train: batch(order.slice(0, nTrain).map((i) => all[i]), p, op),
    validation: batch(order.slice(nTrain).map((i) => all[i]), p, op),
  };
}
