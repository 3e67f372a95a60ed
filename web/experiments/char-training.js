// Training one character-level language model of the shipped corpus: the
// loop the attention-variant experiments (KV-head sharing, KV-cache
// compression) share. Seeded windows of the training part, the core's
// Trainer (AdamW, warm-up, clip 1), and a held-out loss on fixed windows
// every `evalEvery` steps. The caller owns the model (and disposes it).
import { Trainer } from '../lib/ops/trainer.js';
import { windowSampler } from './text-corpus.js';

/**
 * Trains `model` for o.steps steps of o.batchSize windows of o.seqLen
 * characters drawn from `train` with o.seed (so two models given the same
 * options see the same batches). Calls `onEval(point)` at step 0, every
 * o.evalEvery steps and at the end: point = { step, tokens, trainLoss
 * (mean since the last point; NaN at step 0), heldOutLoss }. Returns the points.
 */
export async function trainCharModel(model, train, evalBatch, o, control, onEval) {
  const trainer = new Trainer(model, { learningRate: o.learningRate, warmupSteps: o.warmupSteps, clipGradNorm: 1 });
  const curve = [];
  try {
    const sample = windowSampler(train, o.seed);
    let lossSum = 0, lossCount = 0;
    const evaluate = (step) => {
      const point = { step, tokens: step * o.batchSize * o.seqLen, trainLoss: lossCount ? lossSum / lossCount : NaN, heldOutLoss: model.loss(evalBatch.inputs, evalBatch.targets) };
      lossSum = 0; lossCount = 0;
      curve.push(point);
      onEval(point);
    };
    evaluate(0);
    for (let s = 1; s <= o.steps; s++) {
      await control.checkpoint();
      const { inputs, targets } = sample(o.batchSize, o.seqLen);
      lossSum += trainer.step(inputs, targets).loss;
      lossCount++;
      if (s % o.evalEvery === 0 || s === o.steps) evaluate(s);
    }
    return curve;
  } finally {
    trainer.dispose();
  }
}
