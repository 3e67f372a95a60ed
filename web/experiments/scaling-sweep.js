// runScalingSweep: language models of several sizes trained on the same text
// for the same token budget; the final held-out loss against parameters and
// against compute, with power laws fitted on log–log axes (Kaplan et al.
// 2020). Runs the wasm Trainer; seeded, so the same options give the same data.
import { ready } from '../lib/runtime.js';
import { Model } from '../lib/ops/model.js';
import { Trainer } from '../lib/ops/trainer.js';
import { fitPowerLaw } from '../lib/ops/scaling_laws.js';
import { checkInt, checkNumber, checkOptions, fail } from '../lib/tensor.js';
import { corpusText, corpusSplit, windowSampler, evaluationWindows } from './text-corpus.js';
import { runControl } from './run-control.js';

const FN = 'runScalingSweep';
export const SCALING_SWEEP_DEFAULTS = Object.freeze({
  // head size 8 everywhere; non-embedding parameters 0.8k … 56k (≈ 72×)
  sizes: Object.freeze([
    { dim: 8, nLayers: 1 }, { dim: 16, nLayers: 1 }, { dim: 24, nLayers: 2 },
    { dim: 32, nLayers: 2 }, { dim: 48, nLayers: 2 },
  ].map(Object.freeze)),
  headSize: 8,
  seqLen: 32,
  batchSize: 8,
  steps: 400, // token budget D = steps · batchSize · seqLen, the same for every size
  learningRate: 3e-3, // constant after warm-up, so every checkpoint is a fair point of the compute sweep
  warmupSteps: 10,
  evalEvery: 50,
  evalWindows: 16,
  corpusChars: 200000,
  seed: 1,
});

function resolve(options) {
  const o = { ...SCALING_SWEEP_DEFAULTS, ...checkOptions(options, FN, Object.keys(SCALING_SWEEP_DEFAULTS)) };
  if (!Array.isArray(o.sizes) || o.sizes.length < 2 || o.sizes.length > 12) fail(`${FN}: options.sizes must be an array of 2–12 { dim, nLayers }`);
  o.sizes = o.sizes.map((s, i) => {
    const size = checkOptions(s, `${FN}: options.sizes[${i}]`, ['dim', 'nLayers']);
    checkInt(size.dim, `options.sizes[${i}].dim`, { min: 2, max: 512 });
    checkInt(size.nLayers, `options.sizes[${i}].nLayers`, { min: 1, max: 12 });
    return { dim: size.dim, nLayers: size.nLayers };
  });
  checkInt(o.headSize, 'options.headSize', { min: 2, max: 128 });
  if (o.headSize % 2) fail(`${FN}: options.headSize must be even (RoPE rotates pairs)`);
  o.sizes.forEach((s, i) => { if (s.dim % o.headSize) fail(`${FN}: options.sizes[${i}].dim (${s.dim}) must be a multiple of options.headSize (${o.headSize})`); });
  checkInt(o.seqLen, 'options.seqLen', { min: 2, max: 1024 });
  checkInt(o.batchSize, 'options.batchSize', { min: 1, max: 256 });
  checkInt(o.steps, 'options.steps', { min: 1, max: 1e6 });
  checkNumber(o.learningRate, 'options.learningRate', { positive: true });
  checkInt(o.warmupSteps, 'options.warmupSteps', { min: 0, max: 1e6 });
  checkInt(o.evalEvery, 'options.evalEvery', { min: 1, max: 1e6 });
  checkInt(o.evalWindows, 'options.evalWindows', { min: 1, max: 256 });
  checkInt(o.corpusChars, 'options.corpusChars', { min: 1000, max: 1e7 });
  checkInt(o.seed, 'options.seed', { min: 0, max: 2 ** 32 - 1 });
  return o;
}

/** The model of one size: llama family (RMSNorm, RoPE), GELU MLP of 4·dim, tied classifier. */
export const sweepConfig = (size, o, vocabSize) => ({
  dim: size.dim, hiddenDim: 4 * size.dim, nLayers: size.nLayers, nHeads: size.dim / o.headSize,
  vocabSize, seqLen: o.seqLen, activation: 'gelu', positions: 'rope',
});

/** N as Kaplan et al. count it: every parameter but the embeddings (the classifier is tied to them). */
export function nonEmbeddingParameters(model) {
  let total = 0, embedding = 0;
  for (const [name, t] of Object.entries(model.parameters())) {
    total += t.data.length;
    if (/(^|\.)(tok_embeddings|pos_embeddings|output|wte|wpe|lm_head)\.weight$/.test(name)) embedding += t.data.length;
  }
  return { nonEmbedding: total - embedding, total };
}

/**
 * The compute-efficient frontier: checkpoints sorted by compute, each kept
 * when its loss is below every checkpoint that used less compute.
 */
export function computeFrontier(points) {
  const sorted = [...points].sort((a, b) => a.flops - b.flops || a.loss - b.loss);
  const out = [];
  let best = Infinity;
  for (const p of sorted) if (p.loss < best) { out.push(p); best = p.loss; }
  return out;
}

const fitOrNull = (x, y) => (x.length >= 2 && new Set(x).size >= 2 ? fitPowerLaw(x, y) : null);

/** Trains every size in turn; reports after every evaluation. */
export async function runScalingSweep(options = {}, context = {}) {
  const o = resolve(options);
  const control = runControl(FN, context);
  await ready();
  const { vocabulary, train, heldOut } = corpusSplit(await corpusText(FN), o.corpusChars);
  const evalBatch = evaluationWindows(heldOut, o.evalWindows, o.seqLen);
  const tokensPerStep = o.batchSize * o.seqLen;
  const data = {
    options: o, vocabSize: vocabulary.vocabSize, tokenBudget: o.steps * tokensPerStep,
    runs: [], fitParameters: null, frontier: [], fitCompute: null, elapsedMs: 0,
  };
  const finish = () => {
    const done = data.runs.filter((r) => r.finalLoss !== null);
    data.fitParameters = fitOrNull(done.map((r) => r.parameters), done.map((r) => r.finalLoss));
    data.frontier = computeFrontier(data.runs.flatMap((r, run) => r.curve.filter((c) => c.step > 0).map((c) => ({ flops: c.flops, loss: c.heldOutLoss, run }))));
    data.fitCompute = fitOrNull(data.frontier.map((p) => p.flops), data.frontier.map((p) => p.loss));
    data.elapsedMs = control.elapsedMs();
    return data;
  };
  control.partialData(finish);
  const totalSteps = o.steps * o.sizes.length;
  for (let i = 0; i < o.sizes.length; i++) {
    await control.checkpoint(); // an abort between sizes builds nothing more
    const model = Model.create(sweepConfig(o.sizes[i], o, vocabulary.vocabSize), { seed: o.seed });
    let trainer = null;
    try {
      trainer = new Trainer(model, { learningRate: o.learningRate, warmupSteps: o.warmupSteps, clipGradNorm: 1 });
      const counts = nonEmbeddingParameters(model);
      const run = { ...o.sizes[i], nHeads: o.sizes[i].dim / o.headSize, parameters: counts.nonEmbedding, totalParameters: counts.total, curve: [], finalLoss: null, ms: 0 };
      data.runs.push(run);
      const sample = windowSampler(train, o.seed);
      const started = control.elapsedMs();
      let lossSum = 0, lossCount = 0;
      const evaluate = (step) => {
        const tokens = step * tokensPerStep;
        const point = { step, tokens, flops: 6 * run.parameters * tokens, trainLoss: lossCount ? lossSum / lossCount : NaN, heldOutLoss: model.loss(evalBatch.inputs, evalBatch.targets) };
        run.curve.push(point);
        lossSum = 0; lossCount = 0;
        if (step === o.steps) { run.finalLoss = point.heldOutLoss; run.ms = control.elapsedMs() - started; }
        const done = i * o.steps + step;
        const sweep = finish();
        control.progress({ step: done, steps: totalSteps, fraction: done / totalSteps, run: i, point, sweep: { runs: sweep.runs, fitParameters: sweep.fitParameters, frontier: sweep.frontier, fitCompute: sweep.fitCompute }, data: sweep });
      };
      evaluate(0);
      for (let s = 1; s <= o.steps; s++) {
        await control.checkpoint();
        const { inputs, targets } = sample(o.batchSize, o.seqLen);
        lossSum += trainer.step(inputs, targets).loss;
        lossCount++;
        if (s % o.evalEvery === 0 || s === o.steps) evaluate(s);
      }
    } finally {
      trainer?.dispose();
      model.dispose();
    }
  }
  return finish();
}
