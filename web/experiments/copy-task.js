// A small seeded language task for the norm-placement experiment: each
// sequence is k random tokens followed by the same k tokens again, so the
// second half is predictable (an induction task); only its positions have
// targets (the rest are −1, ignored by the loss).
import { mulberry32 } from '../lib/random.js';

/** { inputs, targets }: [B, 2k − 1] batches over tokens 0 … vocab − 1. */
export function copyBatch(rand, B, k, vocab) {
  const T = 2 * k - 1;
  const inputs = new Int32Array(B * T);
  const targets = new Int32Array(B * T).fill(-1);
  for (let b = 0; b < B; b++) {
    const seq = Array.from({ length: k }, () => Math.floor(rand() * vocab));
    const full = [...seq, ...seq];
    for (let t = 0; t < T; t++) {
      inputs[b * T + t] = full[t];
      if (t >= k - 1) targets[b * T + t] = full[t + 1];
    }
  }
  const shape = [B, T];
  return { inputs: { data: inputs, shape }, targets: { data: targets, shape } };
}

export const copyTaskRandom = (seed) => mulberry32((seed * 2246822519 + 3) >>> 0);
