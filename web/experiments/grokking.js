// runGrokking: a small Transformer learns a ∘ b mod p from a fraction of all
// pairs (Power et al. 2022). Training accuracy reaches 100% early; with
// weight decay the validation accuracy jumps to ~100% much later ("grokking"),
// without it it stays low. Trained by the wasm core (Model.create + Trainer,
// full batch AdamW); evaluated on a log-spaced grid of steps; deterministic
// from the seed.
import { Model, Trainer, ready } from '../lib/api.js';
import { checkEnum, checkInt, checkNumber, checkOptions, fail } from '../lib/tensor.js';
import { modularSplit, OPERATIONS } from './modular-data.js';
import { embeddingSpectrum, topFrequencyShare } from './fourier.js';
import { evaluationSteps } from './log-steps.js';
import { runControl } from './run-control.js';

const FN = 'runGrokking';
export const GROKKING_DEFAULTS = Object.freeze({
  p: 31,
  operation: 'add', // 'add' | 'subtract'
  trainFraction: 0.5,
  weightDecay: 1,
  seed: 1,
  steps: 8000, // the most steps; the run stops earlier once it has grokked
  stopAtValidationAccuracy: 0.99, // 0 or 1.01 never stops early... (see resolve)
  learningRate: 3e-3,
  warmupSteps: 10,
  dim: 64,
  heads: 4,
  layers: 1,
  evalEvery: 100, // besides the log-spaced early steps
  grokThreshold: 0.95,
});

function resolve(options) {
  const o = { ...GROKKING_DEFAULTS, ...checkOptions(options, FN, Object.keys(GROKKING_DEFAULTS)) };
  checkInt(o.p, 'options.p', { min: 3, max: 113 });
  checkEnum(o.operation, 'options.operation', Object.keys(OPERATIONS));
  checkNumber(o.trainFraction, 'options.trainFraction', { positive: true });
  if (o.trainFraction >= 1) fail(`${FN}: options.trainFraction must be below 1 (got ${o.trainFraction}): the validation set needs pairs`);
  checkNumber(o.weightDecay, 'options.weightDecay', { nonNegative: true });
  checkInt(o.seed, 'options.seed', { min: 0, max: 2 ** 32 - 1 });
  checkInt(o.steps, 'options.steps', { min: 0, max: 1e6 });
  checkNumber(o.stopAtValidationAccuracy, 'options.stopAtValidationAccuracy', { nonNegative: true });
  checkNumber(o.learningRate, 'options.learningRate', { positive: true });
  checkInt(o.warmupSteps, 'options.warmupSteps', { min: 0, max: 1e6 });
  checkInt(o.dim, 'options.dim', { min: 4, max: 256 });
  checkInt(o.heads, 'options.heads', { min: 1, max: 16 });
  if (o.dim % o.heads !== 0) fail(`${FN}: options.dim (${o.dim}) must be a multiple of options.heads (${o.heads})`);
  checkInt(o.layers, 'options.layers', { min: 1, max: 2 });
  checkInt(o.evalEvery, 'options.evalEvery', { min: 1, max: 1e6 });
  checkNumber(o.grokThreshold, 'options.grokThreshold', { positive: true });
  return o;
}

/**
 * ‖θ‖₂ over every parameter (float64 sum of squares): the quantity weight
 * decay shrinks; the lecture's explanation of grokking is that the
 * generalising solution is the one of small norm.
 */
export function weightNorm(params) {
  let s = 0;
  for (const t of Object.values(params)) for (const v of t.data) s += v * v;
  return Math.sqrt(s);
}

/** Accuracy (argmax of the answer's logits = the answer) over a split, one forward per pair. */
function accuracy(model, split) {
  let right = 0;
  split.pairs.forEach(([a, b], i) => {
    const { data } = model.forward([a, b, split.eqToken], { lastOnly: true }).logits;
    let best = 0;
    for (let v = 1; v < split.p; v++) if (data[v] > data[best]) best = v;
    if (best === split.answers[i]) right++;
  });
  return right / split.pairs.length;
}

/** The answer position's attention (query '=' over keys a, b, =) per layer and head, averaged over the pairs. */
function answerAttention(model, split, layers, heads) {
  const mean = new Float64Array(layers * heads * 3);
  for (const [a, b] of split.pairs) {
    const { data } = model.forward([a, b, split.eqToken], { returnAttention: true, lastOnly: true }).attention;
    for (let i = 0; i < mean.length; i++) mean[i] += data[i] / split.pairs.length;
  }
  return Array.from(mean);
}

/**
 * Trains on the training pairs (full batch) and reports, at every step of
 * evaluationSteps, the training and validation loss and accuracy and the
 * embedding's Fourier spectrum.
 */
export async function runGrokking(options = {}, context = {}) {
  const o = resolve(options);
  const control = runControl(FN, context);
  await ready();
  const { train, validation } = modularSplit(o.p, o.trainFraction, o.operation, o.seed);
  for (const split of [train, validation]) Object.assign(split, { p: o.p, eqToken: o.p });
  const model = Model.create({
    arch: 'gpt2', dim: o.dim, hiddenDim: 4 * o.dim, nLayers: o.layers, nHeads: o.heads,
    vocabSize: o.p + 1, seqLen: 3, positions: 'learned', activation: 'relu', sharedClassifier: false,
  }, { seed: o.seed });
  const trainer = new Trainer(model, {
    learningRate: o.learningRate, betas: [0.9, 0.98], weightDecay: o.weightDecay, warmupSteps: o.warmupSteps,
  });
  const data = {
    options: o,
    trainPairs: train.pairs.length,
    validationPairs: validation.pairs.length,
    step: 0,
    history: [],
    memorisedStep: null, // first evaluated step with training accuracy 1
    grokStep: null, // first evaluated step with validation accuracy ≥ grokThreshold
    spectrum: null,
    attention: null,
    elapsedMs: 0,
  };
  control.partialData(() => ({ ...data, elapsedMs: control.elapsedMs() }));
  const evaluate = (trainLoss) => {
    const params = model.parameters();
    const wte = params['transformer.wte.weight'].data;
    const spectrum = embeddingSpectrum(wte, o.p, o.dim);
    const s = {
      step: data.step,
      trainLoss: trainLoss ?? model.loss(train.inputs, train.targets),
      validationLoss: model.loss(validation.inputs, validation.targets),
      trainAccuracy: accuracy(model, train),
      validationAccuracy: accuracy(model, validation),
      topFrequencyShare: topFrequencyShare(spectrum, 5),
      weightNorm: weightNorm(params),
    };
    data.history.push(s);
    data.spectrum = spectrum;
    if (data.memorisedStep === null && s.trainAccuracy === 1) data.memorisedStep = s.step;
    if (data.grokStep === null && s.validationAccuracy >= o.grokThreshold) data.grokStep = s.step;
    data.elapsedMs = control.elapsedMs();
    control.progress({
      step: data.step, steps: o.steps, fraction: o.steps ? data.step / o.steps : 1, snapshot: s, spectrum,
      trainPairs: data.trainPairs, validationPairs: data.validationPairs, data,
    });
    return s;
  };
  try {
    const grid = evaluationSteps(o.steps, o.evalEvery);
    let next = 0;
    let s = evaluate();
    next++;
    while (data.step < o.steps && !(s.validationAccuracy >= o.stopAtValidationAccuracy && o.stopAtValidationAccuracy > 0)) {
      await control.checkpoint();
      // The loss of a step is that of the weights before it; evaluate after the update.
      trainer.step(train.inputs, train.targets);
      data.step++;
      if (data.step === grid[next]) { s = evaluate(); next++; }
    }
    data.attention = answerAttention(model, validation, o.layers, o.heads);
    data.elapsedMs = control.elapsedMs();
    return data;
  } finally {
    trainer.dispose();
    model.dispose();
  }
}
