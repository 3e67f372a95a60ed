// The numbers of <attn-permutation>, asked of the core: one self-attention
// head (multiHeadAttention with seeded weights) over word vectors, in the
// sentence's order and in a shuffled order, with no positions, sinusoidal
// positions added (addPositionEmbeddings of sinusoidalPositionalEncoding) or
// RoPE on q and k (the rope option). Only indexing and the comparison of the
// two results happen here.
import { attn, seededNormals, mulberry32 } from './attention-source.js';

export const POSITION_MODES = ['none', 'sinusoidal', 'rope'];

/** A seed from a word (FNV-1a), so the same word always gets the same vector. */
function wordSeed(word) {
  let h = 2166136261;
  for (const ch of word) { h ^= ch.codePointAt(0); h = Math.imul(h, 16777619) >>> 0; }
  return h;
}

/** X [N, d]: one seeded N(0, 1) vector per word. */
export function wordVectors(words, d) {
  const data = new Float32Array(words.length * d);
  words.forEach((w, i) => data.set(seededNormals(d, wordSeed(w.toLowerCase())), i * d));
  return attn.tensor(data, [words.length, d]);
}

/** Seeded attention weights {wq, wk, wv, wo}, each [d, d] with N(0, 1/d) entries. */
export function headParams(d, seed) {
  const all = seededNormals(4 * d * d, seed);
  const scale = 1 / Math.sqrt(d);
  const w = (k) => attn.tensor(all.slice(k * d * d, (k + 1) * d * d).map((v) => v * scale), [d, d]);
  return { wq: w(0), wk: w(1), wv: w(2), wo: w(3) };
}

/** A seeded shuffle of 0..n−1 (Fisher–Yates). */
export function shuffledOrder(n, seed) {
  const next = mulberry32(seed);
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) { const j = Math.floor(next() * (i + 1)); [order[i], order[j]] = [order[j], order[i]]; }
  return order;
}

/** The head's output [N, d] for X [N, d] with positions `mode`. */
export function headOutput(x, params, mode) {
  const [N, d] = x.shape;
  const input = mode === 'sinusoidal' ? attn.addPositionEmbeddings(x, attn.sinusoidalPositionalEncoding(N, d)) : x;
  return attn.multiHeadAttention(input, params, { nHeads: 1, rope: mode === 'rope' ? {} : null }).output;
}

/**
 * Outputs in the original order and in `order` (order[p] = the original index
 * of the token at position p), and per original token the largest |difference|
 * between its two output rows.
 */
export function permutationCheck(words, order, { d = 8, seed = 1, mode = 'none' } = {}) {
  const x = wordVectors(words, d);
  const xp = attn.tensor(new Float32Array(order.flatMap((i) => Array.from(x.data.slice(i * d, (i + 1) * d)))), [order.length, d]);
  const params = headParams(d, seed);
  const out = headOutput(x, params, mode), outShuffled = headOutput(xp, params, mode);
  const diff = new Float64Array(words.length);
  order.forEach((i, p) => {
    for (let c = 0; c < d; c++) diff[i] = Math.max(diff[i], Math.abs(outShuffled.data[p * d + c] - out.data[i * d + c]));
  });
  return { x, params, out, outShuffled, diff, maxDiff: Math.max(...diff) };
}
