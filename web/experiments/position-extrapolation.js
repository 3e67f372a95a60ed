// runPositionExtrapolation: one tiny language model trained with each
// position scheme on windows of length L, then evaluated on windows of 4·L:
// the held-out loss against position shows which schemes carry past the
// training length. Attention is causal, so the loss at position p of a 4·L
// window is the loss of a 1·L or 2·L window at p: one evaluation gives all three.
import { ready } from '../lib/runtime.js';
import { Model } from '../lib/ops/model.js';
import { Trainer } from '../lib/ops/trainer.js';
import { checkEnum, checkInt, checkNumber, checkOptions, fail } from '../lib/tensor.js';
import { corpusText, corpusSplit, windowSampler, evaluationWindows, lossInPositions } from './text-corpus.js';
import { runControl } from './run-control.js';

const FN = 'runPositionExtrapolation';
export const POSITION_SCHEMES = Object.freeze(['none', 'sinusoidal', 'learned', 'rope', 'alibi']);
/** How far past L the evaluation goes: 1×, 2× and 4× the training length. */
export const EXTRAPOLATION_FACTORS = Object.freeze([1, 2, 4]);
export const POSITION_EXTRAPOLATION_DEFAULTS = Object.freeze({
  schemes: POSITION_SCHEMES,
  trainLength: 32, // L
  dim: 32,
  nLayers: 2,
  nHeads: 4,
  batchSize: 16,
  steps: 300,
  learningRate: 3e-3,
  warmupSteps: 10,
  evalWindows: 16,
  binWidth: 4, // positions per point of the loss-against-position curve
  reportEvery: 25,
  corpusChars: 200000,
  seed: 1,
});

/** Why the learned curve stops at L (also shown on the page). */
export const LEARNED_LIMIT_NOTE = 'learned positions: the embedding table has one row per training position (L rows), so a position ≥ L has no embedding; the model cannot be run there and its curve stops at L';

function resolve(options) {
  const o = { ...POSITION_EXTRAPOLATION_DEFAULTS, ...checkOptions(options, FN, Object.keys(POSITION_EXTRAPOLATION_DEFAULTS)) };
  if (!Array.isArray(o.schemes) || o.schemes.length < 1) fail(`${FN}: options.schemes must be a non-empty array of ${POSITION_SCHEMES.join(', ')}`);
  o.schemes = o.schemes.map((s, i) => checkEnum(s, `options.schemes[${i}]`, POSITION_SCHEMES));
  if (new Set(o.schemes).size !== o.schemes.length) fail(`${FN}: options.schemes lists a scheme twice`);
  checkInt(o.trainLength, 'options.trainLength', { min: 2, max: 256 });
  checkInt(o.dim, 'options.dim', { min: 2, max: 256 });
  checkInt(o.nLayers, 'options.nLayers', { min: 1, max: 8 });
  checkInt(o.nHeads, 'options.nHeads', { min: 1, max: 32 });
  if (o.dim % o.nHeads || (o.dim / o.nHeads) % 2) fail(`${FN}: options.dim (${o.dim}) / options.nHeads (${o.nHeads}) must be a whole, even head size (RoPE rotates pairs)`);
  checkInt(o.batchSize, 'options.batchSize', { min: 1, max: 256 });
  checkInt(o.steps, 'options.steps', { min: 1, max: 1e6 });
  checkNumber(o.learningRate, 'options.learningRate', { positive: true });
  checkInt(o.warmupSteps, 'options.warmupSteps', { min: 0, max: 1e6 });
  checkInt(o.evalWindows, 'options.evalWindows', { min: 1, max: 256 });
  checkInt(o.binWidth, 'options.binWidth', { min: 1, max: o.trainLength });
  if (o.trainLength % o.binWidth) fail(`${FN}: options.binWidth (${o.binWidth}) must divide options.trainLength (${o.trainLength})`);
  checkInt(o.reportEvery, 'options.reportEvery', { min: 1, max: 1e6 });
  checkInt(o.corpusChars, 'options.corpusChars', { min: 1000, max: 1e7 });
  checkInt(o.seed, 'options.seed', { min: 0, max: 2 ** 32 - 1 });
  return o;
}

/** The first `T` columns of a [B, T'] batch. */
function firstColumns(batch, T) {
  const [B, full] = batch.inputs.shape;
  const cut = (t) => {
    const out = new Int32Array(B * T);
    for (let b = 0; b < B; b++) out.set(t.data.subarray(b * full, b * full + T), b * T);
    return { data: out, shape: [B, T] };
  };
  return { inputs: cut(batch.inputs), targets: cut(batch.targets) };
}

/**
 * Held-out loss per bin of positions, up to `maxLength` (4·L, or L for
 * learned positions), and its mean over the first 1·L, 2·L, 4·L positions
 * (null where the scheme cannot go).
 */
function evaluate(model, batch, o, maxLength) {
  const b = maxLength === batch.inputs.shape[1] ? batch : firstColumns(batch, maxLength);
  const positions = [], loss = [];
  for (let from = 0; from < maxLength; from += o.binWidth) {
    positions.push(from + (o.binWidth - 1) / 2); // the bin's centre
    loss.push(lossInPositions(model, b, from, from + o.binWidth));
  }
  const meanLoss = {};
  for (const f of EXTRAPOLATION_FACTORS) {
    const bins = (f * o.trainLength) / o.binWidth;
    meanLoss[`${f}x`] = bins <= loss.length ? loss.slice(0, bins).reduce((a, v) => a + v, 0) / bins : null;
  }
  return { positions, loss, meanLoss };
}

/** Trains one model per scheme in turn; reports during training and after each evaluation. */
export async function runPositionExtrapolation(options = {}, context = {}) {
  const o = resolve(options);
  const control = runControl(FN, context);
  await ready();
  const L = o.trainLength;
  const longest = L * EXTRAPOLATION_FACTORS.at(-1);
  const { vocabulary, train, heldOut } = corpusSplit(await corpusText(FN), o.corpusChars);
  const evalBatch = evaluationWindows(heldOut, o.evalWindows, longest);
  const data = { options: o, vocabSize: vocabulary.vocabSize, trainLength: L, evalLength: longest, results: [], elapsedMs: 0 };
  control.partialData(() => ({ ...data, elapsedMs: control.elapsedMs() }));
  const totalSteps = o.steps * o.schemes.length;
  for (let i = 0; i < o.schemes.length; i++) {
    await control.checkpoint(); // an abort between schemes builds nothing more
    const scheme = o.schemes[i];
    const learned = scheme === 'learned';
    // learned: a table of exactly L rows (what it was trained on); the others are built for 4·L
    const model = Model.create({
      dim: o.dim, hiddenDim: 4 * o.dim, nLayers: o.nLayers, nHeads: o.nHeads, vocabSize: vocabulary.vocabSize,
      seqLen: learned ? L : longest, activation: 'gelu', positions: scheme,
    }, { seed: o.seed });
    let trainer = null;
    try {
      trainer = new Trainer(model, { learningRate: o.learningRate, warmupSteps: o.warmupSteps, clipGradNorm: 1 });
      const result = { scheme, maxPosition: learned ? L : longest, note: learned ? LEARNED_LIMIT_NOTE : null, trainLoss: [], positions: [], loss: [], meanLoss: null };
      data.results.push(result);
      const sample = windowSampler(train, o.seed);
      let lossSum = 0, lossCount = 0;
      for (let s = 1; s <= o.steps; s++) {
        await control.checkpoint();
        const { inputs, targets } = sample(o.batchSize, L);
        lossSum += trainer.step(inputs, targets).loss;
        lossCount++;
        if (s % o.reportEvery === 0 || s === o.steps) {
          result.trainLoss.push({ step: s, loss: lossSum / lossCount });
          lossSum = 0; lossCount = 0;
          const done = i * o.steps + s;
          control.progress({ step: done, steps: totalSteps, fraction: done / totalSteps, scheme, phase: 'train', index: i, result, data });
        }
      }
      await control.checkpoint();
      Object.assign(result, evaluate(model, evalBatch, o, result.maxPosition));
      const done = (i + 1) * o.steps;
      control.progress({ step: done, steps: totalSteps, fraction: done / totalSteps, scheme, phase: 'evaluated', index: i, result, data });
    } finally {
      trainer?.dispose();
      model.dispose();
    }
  }
  data.elapsedMs = control.elapsedMs();
  return data;
}
