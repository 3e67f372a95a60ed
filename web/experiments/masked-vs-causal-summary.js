// runMaskedVsCausal's defaults and verdict, apart from the training so that a
// page can judge a run's numbers without loading the core.

export const MASKED_VS_CAUSAL_DEFAULTS = Object.freeze({
  // '_' marks a blank (one character each); every other character must be in the corpus's vocabulary
  sentence: 'Mr. Darcy w_lked into the r_om with h_s sister.',
  dim: 32,
  nHeads: 4,
  nLayers: 2,
  seqLen: 48,
  batchSize: 8,
  steps: 600,
  learningRate: 3e-3,
  warmupSteps: 10,
  evalEvery: 50,
  evalWindows: 16,
  maskProbability: 0.15, // BERT's share of positions chosen (80 % [MASK], 10 % random, 10 % kept)
  corpusChars: 100000,
  seed: 1,
  topK: 5,
  generateTokens: 40,
});

/** The blank marker in a sentence. */
export const BLANK = '_';

/**
 * The lecture's claim, measured on the held-out windows: the masked model
 * fills a blank better than the causal one (it reads both sides), and the
 * causal model predicts the next character better (its training objective;
 * the masked model sees no right context at the end either). 'holds' when
 * both are true, 'mixed' when one is, 'contradicted' when neither; null
 * without both evaluations.
 */
export function maskedVsCausalClaim(evaluation) {
  if (!evaluation?.fill || !evaluation?.next) return null;
  const fillGap = evaluation.fill.causal.loss - evaluation.fill.masked.loss; // > 0: the masked model fills better
  const nextGap = evaluation.next.masked.loss - evaluation.next.causal.loss; // > 0: the causal model continues better
  const both = (fillGap > 0) + (nextGap > 0);
  return { fillGap, nextGap, verdict: both === 2 ? 'holds' : both === 1 ? 'mixed' : 'contradicted' };
}
