// The data of the induction-heads experiment: sequences of random tokens in
// which a segment comes back. Each row is [bos, r_1..r_n, r_1..r_n, r_1..]
// cut at seqLen ids: n drawn per row from [minSegment, maxSegment] (so no
// fixed offset finds the copy: only the tokens do) and the n tokens of a
// segment distinct, so each token of a repeat has one earlier position per
// earlier copy. The first copy cannot be predicted (loss ≥ log of the tokens
// not yet used); every repeat can, by a head that finds an earlier copy of
// the current token and reads the token after it.
import { mulberry32 } from '../lib/random.js';

export const BOS = 1;
export const FIRST_TOKEN = 3; // ids 0..2 are <unk>, <s>, </s>, as the shipped vocabularies have them

/**
 * B rows with seed `seed`: { rows: [{ ids, n }], inputs, targets (next
 * token), first (the targets of the first copy, −1 elsewhere), repeated
 * (the targets from r_2 of the second copy on: the r_1 that starts it
 * follows r_n, which has no earlier copy to read from) }, each [B, seqLen − 1].
 */
export function repeatedSegments({ tokens, seqLen, minSegment, maxSegment }, B, seed) {
  const random = mulberry32(seed);
  const T = seqLen - 1;
  const shape = [B, T];
  const inputs = new Int32Array(B * T), targets = new Int32Array(B * T);
  const first = new Int32Array(B * T).fill(-1), repeated = new Int32Array(B * T).fill(-1);
  const rows = [];
  for (let b = 0; b < B; b++) {
    const n = minSegment + Math.floor(random() * (maxSegment - minSegment + 1));
    const pool = Array.from({ length: tokens }, (_, i) => FIRST_TOKEN + i);
    for (let i = 0; i < n; i++) { const j = i + Math.floor(random() * (tokens - i)); [pool[i], pool[j]] = [pool[j], pool[i]]; }
    const ids = [BOS];
    while (ids.length < seqLen) ids.push(pool[(ids.length - 1) % n]);
    rows.push({ ids, n });
    for (let t = 0; t < T; t++) {
      inputs[b * T + t] = ids[t];
      targets[b * T + t] = ids[t + 1];
      const at = t + 1; // the target's position in ids
      if (at <= n) first[b * T + t] = ids[at];
      else if (at >= n + 2) repeated[b * T + t] = ids[at];
    }
  }
  const batch = (data) => ({ data, shape });
  return { rows, inputs: batch(inputs), targets: batch(targets), first: batch(first), repeated: batch(repeated) };
}
