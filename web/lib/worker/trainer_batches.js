// Batches of a token stream for next-token training, as llama2.c's and
// nanoGPT's get_batch: a row is T tokens starting at a random offset o, its
// targets the T tokens starting at o + 1. Offsets come from a seeded PRNG, so
// a seed fixes every batch of a run.

/** A function giving the next random offset o in [0, n − T − 1] (n tokens, rows of T). */
export function batchOffsets(random, n, T) {
  const count = n - T; // offsets o with o + T + 1 <= n
  return () => Math.min(count - 1, Math.floor(random() * count));
}

/** Writes row b of inputs/targets ([B, T] each, row-major) from data at offset o. */
export function fillBatch(data, o, T, inputs, targets, b) {
  inputs.set(data.subarray(o, o + T), b * T);
  targets.set(data.subarray(o + 1, o + T + 1), b * T);
}

/**
 * The fixed offsets of the held-out loss: batches × B rows spread evenly over
 * the held-out tokens, the same at every evaluation (so the curve moves only
 * because the model does).
 */
export function heldOutOffsets(n, T, B, batches = 4) {
  const rows = B * Math.max(1, batches);
  const last = n - T - 1;
  return Array.from({ length: rows }, (_, k) => (rows === 1 ? 0 : Math.floor((k * last) / (rows - 1))));
}
