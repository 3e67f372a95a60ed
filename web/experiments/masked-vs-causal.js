// runMaskedVsCausal: GPT against BERT on one budget. The same tiny
// character-level model is trained twice on the same windows of the same
// text: causal (each position predicts the next character from the ones
// before it) and masked (Model.create({ causal: false }) with BERT's masked
// objective, attn.maskedBatch). Both are then asked to do each other's job
// on held-out text — fill a blank inside it, continue it by one character —
// and to fill the blanks of the learner's sentence, whose attention maps show
// what each read. The causal model also generates; the masked one cannot.
import { ready } from '../lib/runtime.js';
import { Model } from '../lib/ops/model.js';
import { Trainer } from '../lib/ops/trainer.js';
import { maskedBatch } from '../lib/ops/masked_batch.js';
import { checkInt, checkNumber, checkOptions, fail } from '../lib/tensor.js';
import { corpusText, corpusSplit, evaluationWindows, windowSampler } from './text-corpus.js';
import { runControl } from './run-control.js';
import { MASKED_VS_CAUSAL_DEFAULTS, maskedVsCausalClaim } from './masked-vs-causal-summary.js';
import { compareOnWindows, fillSentence, sentenceIds } from './masked-vs-causal-eval.js';

export { MASKED_VS_CAUSAL_DEFAULTS, maskedVsCausalClaim };

const FN = 'runMaskedVsCausal';
const OBJECTIVES = ['causal', 'masked'];

function resolve(options) {
  const o = { ...MASKED_VS_CAUSAL_DEFAULTS, ...checkOptions(options, FN, Object.keys(MASKED_VS_CAUSAL_DEFAULTS)) };
  if (typeof o.sentence !== 'string') fail(`${FN}: options.sentence must be a string with _ for each character to fill`);
  checkInt(o.nHeads, 'options.nHeads', { min: 1, max: 64 });
  checkInt(o.dim, 'options.dim', { min: 2, max: 512 });
  if (o.dim % o.nHeads || (o.dim / o.nHeads) % 2) fail(`${FN}: options.dim (${o.dim}) / options.nHeads (${o.nHeads}) must be a whole, even head size (RoPE rotates pairs)`);
  checkInt(o.nLayers, 'options.nLayers', { min: 1, max: 8 });
  checkInt(o.seqLen, 'options.seqLen', { min: 4, max: 256 });
  checkInt(o.batchSize, 'options.batchSize', { min: 1, max: 256 });
  checkInt(o.steps, 'options.steps', { min: 1, max: 1e6 });
  checkNumber(o.learningRate, 'options.learningRate', { positive: true });
  checkInt(o.warmupSteps, 'options.warmupSteps', { min: 0, max: 1e6 });
  checkInt(o.evalEvery, 'options.evalEvery', { min: 1, max: 1e6 });
  checkInt(o.evalWindows, 'options.evalWindows', { min: 1, max: 256 });
  checkNumber(o.maskProbability, 'options.maskProbability', { positive: true });
  if (!(o.maskProbability < 1)) fail(`${FN}: options.maskProbability must be below 1 (got ${o.maskProbability})`);
  checkInt(o.corpusChars, 'options.corpusChars', { min: 1000, max: 1e7 });
  checkInt(o.seed, 'options.seed', { min: 0, max: 2 ** 31 - 1 });
  checkInt(o.topK, 'options.topK', { min: 1, max: 20 });
  checkInt(o.generateTokens, 'options.generateTokens', { min: 0, max: 256 });
  return o;
}

/** The held-out windows with fixed blanks: maskedBatch's choice of positions (never 0), every one a mask. */
function blanksOf(windows, o, maskId, vocabSize) {
  const chosen = maskedBatch(windows.inputs, { maskId, vocabSize, seed: o.seed, probability: o.maskProbability }).targets.data;
  const T = o.seqLen;
  const blanks = Uint8Array.from(chosen, (t, i) => (t >= 0 && i % T !== 0 ? 1 : 0));
  const inputs = Int32Array.from(windows.inputs.data, (id, i) => (blanks[i] ? maskId : id));
  const targets = Int32Array.from(windows.inputs.data, (id, i) => (blanks[i] ? id : -1));
  return { blanks, batch: { inputs: { data: inputs, shape: [o.evalWindows, T] }, targets: { data: targets, shape: [o.evalWindows, T] } } };
}

/** Trains both models on the same windows in turn, evaluates them, fills the sentence. */
export async function runMaskedVsCausal(options = {}, context = {}) {
  const o = resolve(options);
  const control = runControl(FN, context);
  await ready();
  const { vocabulary, train, heldOut } = corpusSplit(await corpusText(FN), o.corpusChars);
  const maskId = vocabulary.vocabSize; // one id past the corpus's characters: BERT's [MASK]
  const vocabSize = maskId + 1;
  const ids = sentenceIds(o.sentence, vocabulary, o.seqLen, FN);
  const windows = evaluationWindows(heldOut, o.evalWindows, o.seqLen);
  const { blanks, batch: maskedEval } = blanksOf(windows, o, maskId, vocabSize);
  const decode = (id) => (id === maskId ? '[MASK]' : vocabulary.tokens[id]);
  const data = { options: o, vocabSize, maskId, curves: { causal: [], masked: [] }, targetsSeen: { causal: 0, masked: 0 }, evaluation: null, claim: null, sentence: null, generation: null, elapsedMs: 0 };
  const finish = () => { data.claim = maskedVsCausalClaim(data.evaluation); data.elapsedMs = control.elapsedMs(); return data; };
  control.partialData(finish);
  const models = {};
  try {
    for (const [k, objective] of OBJECTIVES.entries()) {
      const model = Model.create({
        dim: o.dim, hiddenDim: 4 * o.dim, nLayers: o.nLayers, nHeads: o.nHeads, vocabSize, seqLen: o.seqLen,
        activation: 'gelu', positions: 'rope', causal: objective === 'causal',
      }, { seed: o.seed });
      models[objective] = model;
      const trainer = new Trainer(model, { learningRate: o.learningRate, warmupSteps: o.warmupSteps, clipGradNorm: 1 });
      try {
        const sample = windowSampler(train, o.seed); // the same windows for both
        // held-out loss of the model's own objective: next character (causal), blanks (masked)
        const heldOutLoss = () => (objective === 'causal' ? model.loss(windows.inputs, windows.targets) : model.loss(maskedEval.inputs, maskedEval.targets));
        let sum = 0, count = 0;
        const evaluate = (step) => {
          const point = { step, tokens: step * o.batchSize * o.seqLen, targets: data.targetsSeen[objective], trainLoss: count ? sum / count : NaN, heldOutLoss: heldOutLoss() };
          sum = 0; count = 0;
          data.curves[objective].push(point);
          const done = k * o.steps + step;
          control.progress({ step: done, steps: 2 * o.steps, fraction: done / (2 * o.steps), objective, point, data: finish() });
        };
        evaluate(0);
        for (let s = 1; s <= o.steps; s++) {
          await control.checkpoint();
          const { inputs, targets } = sample(o.batchSize, o.seqLen);
          const batch = objective === 'causal' ? { inputs, targets } : maskedBatch(inputs, { maskId, vocabSize, seed: (o.seed * 1000003 + s) >>> 0, probability: o.maskProbability });
          sum += trainer.step(batch.inputs, batch.targets).loss;
          for (const t of batch.targets.data) if (t >= 0) data.targetsSeen[objective]++; // what each objective learns from
          count++;
          if (s % o.evalEvery === 0 || s === o.steps) evaluate(s);
        }
      } finally {
        trainer.dispose();
      }
    }
    await control.checkpoint();
    data.evaluation = compareOnWindows(models.causal, models.masked, windows, blanks, maskId);
    data.sentence = fillSentence(models.causal, models.masked, ids, maskId, o.topK, decode);
    const prompt = ids.slice(0, ids.indexOf(-1));
    data.generation = { prompt: prompt.map(decode).join(''), causal: null, masked: null };
    if (prompt.length && o.generateTokens) {
      const r = models.causal.generate(prompt, { maxNewTokens: Math.min(o.generateTokens, o.seqLen - prompt.length), temperature: 0 });
      data.generation.causal = r.ids.map(decode).join('');
    }
    try { models.masked.generate(prompt.length ? prompt : [ids.find((id) => id >= 0)], { maxNewTokens: 1 }); } catch (e) { data.generation.masked = e.message; }
  } finally {
    for (const m of Object.values(models)) m.dispose();
  }
  return finish();
}
