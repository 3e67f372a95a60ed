// The costs <attn-sequence-cost> compares, per layer of width d over N tokens
// (one multiply-add = 2 FLOPs, matrix products only, as countFlops counts):
//   self-attention  countFlops({dModel: d, nHeads: 1, dFF: 0}, N) without the
//                   FFN: projections 8·N·d² + scores and mixing 4·N²·d;
//                   sequential steps 1; path between any two tokens 1
//   RNN             h_t = W·x_t + U·h_{t−1}: 4·N·d²; N sequential steps; path N − 1
//   CNN (kernel k)  2·k·N·d²; 1 step; a stack needs ⌈(N − 1)/(k − 1)⌉ layers to
//                   connect the first and last token
//   dilated CNN     2·k·N·d²; 1 step; ⌈log_k N⌉ layers (dilations 1, k, k², …)
import { attn } from './attention-source.js';

export const SEQUENCE_MODELS = ['attention', 'rnn', 'cnn', 'dilated'];

/** Smallest L with k^L ≥ N (integer arithmetic, no floating-point log). */
function layersToCover(N, k) {
  let L = 0;
  for (let reach = 1; reach < N; reach *= k) L++;
  return L;
}

/** {flops, steps, path} of `model` for N tokens, width d, kernel k. */
export function sequenceCost(model, N, d, k) {
  if (model === 'attention') {
    const f = attn.countFlops({ dModel: d, nHeads: 1, dFF: 1 }, N).breakdown;
    return { flops: f.projections + f.attention, steps: 1, path: 1 };
  }
  if (model === 'rnn') return { flops: 4 * N * d * d, steps: N, path: N - 1 };
  if (model === 'cnn') return { flops: 2 * k * N * d * d, steps: 1, path: Math.ceil((N - 1) / (k - 1)) };
  return { flops: 2 * k * N * d * d, steps: 1, path: layersToCover(N, k) };
}
