// runInductionHeads' defaults and the reading of its curves (the phase
// change, when induction heads form), apart from the training so that a page
// can read a run's numbers without loading the core.

export const INDUCTION_HEADS_DEFAULTS = Object.freeze({
  dim: 32,
  nHeads: 4,
  nLayers: 2, // attention only (hiddenDim 0): layer 0 can find the previous token, layer 1 the copy
  tokens: 32, // a segment's tokens are drawn from ids 3 … 3 + tokens − 1
  seqLen: 33, // bos + 32 tokens: the segment and its repeats
  minSegment: 4,
  maxSegment: 12,
  batchSize: 32,
  steps: 600,
  learningRate: 3e-3,
  warmupSteps: 10,
  evalEvery: 25,
  evalSequences: 16,
  seed: 1,
});

/** A head counts as an induction head from this score on (attn.DEFAULT_ROLE_THRESHOLD). */
export const INDUCTION_THRESHOLD = 0.4;

/**
 * The phase change read from the curve (points { step, repeatedLoss, firstLoss,
 * induction [L][H] }): `steepest` is the evaluation interval where the loss on
 * the repeated half fell fastest per step ({ from, to, drop }); `formedAt` the
 * first step at which some head's induction score reached `threshold`, with
 * that head; `heads` the heads at or above it at the end; `gap` the final
 * first-half loss minus the repeated-half loss (what the repeat is worth).
 */
export function inductionSummary(curve, threshold = INDUCTION_THRESHOLD) {
  if (curve.length < 2) return null;
  let steepest = null;
  for (let i = 1; i < curve.length; i++) {
    const a = curve[i - 1], b = curve[i];
    const rate = (a.repeatedLoss - b.repeatedLoss) / (b.step - a.step);
    if (!steepest || rate > steepest.rate) steepest = { from: a.step, to: b.step, drop: a.repeatedLoss - b.repeatedLoss, rate };
  }
  const best = (p) => {
    let top = { layer: -1, head: -1, score: -Infinity };
    p.induction.forEach((row, layer) => row.forEach((score, head) => { if (score > top.score) top = { layer, head, score }; }));
    return top;
  };
  const first = curve.find((p) => best(p).score >= threshold);
  const last = curve.at(-1);
  const heads = [];
  last.induction.forEach((row, layer) => row.forEach((score, head) => { if (score >= threshold) heads.push({ layer, head, score }); }));
  return {
    steepest,
    formedAt: first ? { step: first.step, ...best(first) } : null,
    heads,
    gap: last.firstLoss - last.repeatedLoss,
    final: { step: last.step, firstLoss: last.firstLoss, repeatedLoss: last.repeatedLoss },
  };
}
