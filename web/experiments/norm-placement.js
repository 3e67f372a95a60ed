// runNormPlacement: where the LayerNorm sits decides how gradients flow
// through a deep stack (Xiong et al. 2020). The same 8-layer model (same
// seed, same batches) is trained four ways — pre-LN or post-LN, with or
// without learning-rate warm-up — and each layer's gradient norm is recorded
// at initialisation and during the first steps, with the loss.
import { Model, Trainer, ready } from '../lib/api.js';
import { checkInt, checkNumber, checkOptions } from '../lib/tensor.js';
import { copyBatch, copyTaskRandom } from './copy-task.js';
import { runControl } from './run-control.js';

const FN = 'runNormPlacement';
export const NORM_PLACEMENT_DEFAULTS = Object.freeze({
  layers: 8,
  dim: 32,
  heads: 4,
  vocab: 16,
  copyLength: 8, // k: sequences of 2k − 1 tokens
  batchSize: 16,
  steps: 100,
  learningRate: 3e-3,
  warmupSteps: 50, // of the warmed-up variants; the others use 0
  recordEvery: 5, // per-layer gradient norms at step 0 and every this many steps
  seed: 1,
});

export const NORM_VARIANTS = Object.freeze([
  { id: 'pre-ln-warmup', prenorm: true, warmup: true },
  { id: 'pre-ln', prenorm: true, warmup: false },
  { id: 'post-ln-warmup', prenorm: false, warmup: true },
  { id: 'post-ln', prenorm: false, warmup: false },
]);

function resolve(options) {
  const o = { ...NORM_PLACEMENT_DEFAULTS, ...checkOptions(options, FN, Object.keys(NORM_PLACEMENT_DEFAULTS)) };
  checkInt(o.layers, 'options.layers', { min: 1, max: 24 });
  checkInt(o.dim, 'options.dim', { min: 4, max: 256 });
  checkInt(o.heads, 'options.heads', { min: 1, max: 16 });
  checkInt(o.vocab, 'options.vocab', { min: 2, max: 1024 });
  checkInt(o.copyLength, 'options.copyLength', { min: 2, max: 64 });
  checkInt(o.batchSize, 'options.batchSize', { min: 1, max: 256 });
  checkInt(o.steps, 'options.steps', { min: 0, max: 1e5 });
  checkNumber(o.learningRate, 'options.learningRate', { positive: true });
  checkInt(o.warmupSteps, 'options.warmupSteps', { min: 1, max: 1e5 });
  checkInt(o.recordEvery, 'options.recordEvery', { min: 1, max: 1e5 });
  checkInt(o.seed, 'options.seed', { min: 0, max: 2 ** 32 - 1 });
  return o;
}

/** ‖∂L/∂θ‖₂ over every tensor of each block `transformer.h.{i}.*`, i = 0 … L − 1. */
export function layerGradientNorms(gradients, layers) {
  const sums = new Float64Array(layers);
  for (const [name, t] of Object.entries(gradients)) {
    const m = /^transformer\.h\.(\d+)\./.exec(name);
    if (!m) continue;
    let s = 0;
    for (const g of t.data) s += g * g;
    sums[Number(m[1])] += s;
  }
  return Array.from(sums, Math.sqrt);
}

async function trainVariant(o, variant, control, onRecord) {
  const model = Model.create({
    arch: 'gpt2', dim: o.dim, hiddenDim: 4 * o.dim, nLayers: o.layers, nHeads: o.heads,
    vocabSize: o.vocab, seqLen: 2 * o.copyLength - 1, prenorm: variant.prenorm,
  }, { seed: o.seed });
  const trainer = new Trainer(model, {
    learningRate: o.learningRate, betas: [0.9, 0.98], weightDecay: 0.01,
    warmupSteps: variant.warmup ? o.warmupSteps : 0,
  });
  const rand = copyTaskRandom(o.seed); // the same batches for every variant
  try {
    for (let step = 0; step <= o.steps; step++) {
      await control.checkpoint();
      const batch = copyBatch(rand, o.batchSize, o.copyLength, o.vocab);
      const recordNow = step % o.recordEvery === 0 || step === o.steps;
      let layerNorms = null;
      if (recordNow) layerNorms = layerGradientNorms(model.lossAndGradients(batch.inputs, batch.targets).gradients, o.layers);
      if (step === o.steps) { onRecord({ step, loss: model.loss(batch.inputs, batch.targets), learningRate: null, layerNorms }); break; }
      const r = trainer.step(batch.inputs, batch.targets); // its loss: the weights before the update
      onRecord({ step, loss: r.loss, learningRate: r.learningRate, gradNorm: r.gradNorm, layerNorms });
    }
  } finally {
    trainer.dispose();
    model.dispose();
  }
}

/**
 * Trains the four variants one after the other and reports every step's
 * loss and, every recordEvery steps, each layer's gradient norm (before
 * that step's update: step 0 is the initialisation).
 */
export async function runNormPlacement(options = {}, context = {}) {
  const o = resolve(options);
  const control = runControl(FN, context);
  await ready();
  const data = { options: o, variants: [], elapsedMs: 0 };
  control.partialData(() => ({ ...data, elapsedMs: control.elapsedMs() }));
  const total = NORM_VARIANTS.length * (o.steps + 1);
  let done = 0;
  for (const variant of NORM_VARIANTS) {
    const entry = { ...variant, history: [] };
    data.variants.push(entry);
    await trainVariant(o, variant, control, (record) => {
      const r = { ...record, layerNorms: record.layerNorms };
      entry.history.push(r);
      done++;
      data.elapsedMs = control.elapsedMs();
      if (r.layerNorms || record.step === o.steps) {
        control.progress({ variant: variant.id, step: record.step, steps: o.steps, fraction: done / total, record: r, data });
      }
    });
  }
  data.elapsedMs = control.elapsedMs();
  return data;
}
