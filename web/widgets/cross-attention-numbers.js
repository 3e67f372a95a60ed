// The numbers of <attn-cross-attention> and <attn-kernel-vs-attention>, asked
// of the core. Word vectors come from permutation-numbers.js (one seeded
// vector per word).
import { attn } from './attention-source.js';
import { wordVectors, headParams } from './permutation-numbers.js';

/** "猫=cat マット=mat" -> Map(猫 → cat, ...). */
export function parsePairs(text) {
  return new Map(text.trim().split(/\s+/).filter((p) => p.includes('=')).map((p) => p.split('=')));
}

const identity = (d) => {
  const m = new Float32Array(d * d);
  for (let i = 0; i < d; i++) m[i * d + i] = 1;
  return attn.tensor(m, [d, d]);
};

/**
 * Cross-attention weights [Nt, Ns] of target over source tokens with
 * multiHeadAttention(target, I, {memory: source}): a target word in `pairs`
 * takes the vector of its source word.
 */
export function crossWeights(source, target, pairs, { d = 16, temperature = 1 } = {}) {
  const xs = wordVectors(source, d);
  const xt = wordVectors(target.map((w) => pairs.get(w) ?? w), d);
  const I = identity(d);
  const r = attn.multiHeadAttention(xt, { wq: I, wk: I, wv: I, wo: I }, { nHeads: 1, memory: xs, temperature, returnIntermediates: true });
  return { xs, xt, weights: attn.tensor(r.intermediates.weights.data, [target.length, source.length]), output: r.output };
}

/**
 * Row-normalised RBF kernel softmax_j(−‖x_i − x_j‖²/2σ²) written as attention:
 * the ‖x_i‖² term is the same along a row and cancels in the softmax, so it is
 * softmax_j((x_i·x_j − ‖x_j‖²/2)/σ²): q = k = x, scale 1/σ² and an additive
 * bias −‖x_j‖²/(2σ²) per key. Next to it, attention with seeded W_Q, W_K.
 */
export function kernelAndAttention(words, { d = 8, sigma = 1, seed = 1 } = {}) {
  const x = wordVectors(words, d);
  const N = words.length;
  const sq = attn.matmul(attn.tensor(x.data, [N, 1, d]), attn.tensor(x.data, [N, d, 1])).data; // ‖x_j‖²
  const bias = new Float32Array(N * N);
  for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) bias[i * N + j] = -sq[j] / (2 * sigma * sigma);
  const v = attn.tensor(new Float32Array(N), [N, 1]);
  const rbf = attn.scaledDotProductAttention(x, x, v, { scale: 1 / (sigma * sigma), attnMask: attn.tensor(bias, [N, N]), returnWeights: true }).weights;
  const p = headParams(d, seed);
  const q = attn.matmul(x, p.wq), k = attn.matmul(x, p.wk);
  const weights = attn.scaledDotProductAttention(q, k, v, { returnWeights: true }).weights;
  return { x, rbf, attention: weights };
}

/** How many rows of a [N, N] matrix have their largest entry on the diagonal. */
export function diagonalArgmaxRows(m) {
  const N = m.shape[0];
  let count = 0;
  for (let i = 0; i < N; i++) {
    const row = m.data.slice(i * N, (i + 1) * N);
    if (row[i] >= Math.max(...row)) count++;
  }
  return count;
}
