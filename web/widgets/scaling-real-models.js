// Real models on Chinchilla's iso-FLOP chart: sizes and token counts as their
// papers state them (Brown et al. 2020; Hoffmann et al. 2022; Touvron et al.
// 2023). Everything else — C = 6ND, the loss the fit predicts, the
// compute-optimal N* and D* at the same C — is asked of attnscope.
import { CHART_COLORS } from './chart-colors.js';

export const REAL_MODELS = Object.freeze([
  { id: 'gpt3', name: 'GPT-3 175B', params: 175e9, tokens: 300e9, color: CHART_COLORS.red },
  { id: 'chinchilla', name: 'Chinchilla 70B', params: 70e9, tokens: 1.4e12, color: CHART_COLORS.purple },
  { id: 'llama2-7b', name: 'Llama-2-7B', params: 7e9, tokens: 2e12, color: CHART_COLORS.teal },
].map(Object.freeze));

/**
 * Per model: its compute C = 6·N·D, the loss L(N, D) of Chinchilla's fit, and
 * the fit's optimum at the same C (N*, D*, L*), with N/N* (above 1: bigger
 * than compute-optimal, trained on too few tokens; below 1: smaller and
 * trained longer, as models meant to be served cheaply are).
 */
export function realModelRows(attn) {
  return REAL_MODELS.map((m) => {
    const flops = 6 * m.params * m.tokens;
    const optimum = attn.chinchillaOptimum(flops);
    return { ...m, flops, loss: attn.chinchillaLoss(m.params, m.tokens), optimum, sizeRatio: m.params / optimum.params, tokensPerParam: m.tokens / m.params };
  });
}
