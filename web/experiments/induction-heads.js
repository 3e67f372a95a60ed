// runInductionHeads: the mechanism behind in-context copying (Olsson et al.
// 2022), formed in front of you. A two-layer attention-only model
// (Model.create({ hiddenDim: 0 })) learns sequences of random tokens in
// which a segment of random length comes back (repeated-segments.js).
// Positions are ALiBi's: a distance penalty that makes attending to the
// previous token easy but gives no head a way to single out "n − 1 back", so
// the copy can only be found by its tokens. Every `evalEvery` steps it
// reports the loss on the first copy (unpredictable) and on the repeats, and
// every head's induction and previous-token scores (attn.headRoleScores) on
// held-out sequences. The repeats' loss falls suddenly when a layer-1 head
// starts attending to the token after an earlier copy — the phase change —
// while the first copy's stays put.
import { ready } from '../lib/runtime.js';
import { Model } from '../lib/ops/model.js';
import { Trainer } from '../lib/ops/trainer.js';
import { headRoleScores } from '../lib/ops/head_roles.js';
import { checkInt, checkNumber, checkOptions, fail } from '../lib/tensor.js';
import { runControl } from './run-control.js';
import { repeatedSegments, FIRST_TOKEN } from './repeated-segments.js';
import { INDUCTION_HEADS_DEFAULTS, INDUCTION_THRESHOLD, inductionSummary } from './induction-heads-summary.js';

export { INDUCTION_HEADS_DEFAULTS, INDUCTION_THRESHOLD, inductionSummary };

const FN = 'runInductionHeads';
const EVAL_SEED = 0x5eed; // held-out sequences: no training step draws with it (training seeds are seed·1e6 + step)

function resolve(options) {
  const o = { ...INDUCTION_HEADS_DEFAULTS, ...checkOptions(options, FN, Object.keys(INDUCTION_HEADS_DEFAULTS)) };
  checkInt(o.nHeads, 'options.nHeads', { min: 1, max: 64 });
  checkInt(o.dim, 'options.dim', { min: 2, max: 512 });
  if (o.dim % o.nHeads) fail(`${FN}: options.dim (${o.dim}) must be a multiple of options.nHeads (${o.nHeads})`);
  checkInt(o.nLayers, 'options.nLayers', { min: 1, max: 8 });
  checkInt(o.seqLen, 'options.seqLen', { min: 8, max: 512 });
  checkInt(o.minSegment, 'options.minSegment', { min: 3, max: 256 });
  checkInt(o.maxSegment, 'options.maxSegment', { min: o.minSegment, max: 256 });
  if (2 * o.maxSegment + 1 > o.seqLen - 1) fail(`${FN}: options.maxSegment (${o.maxSegment}) must fit twice, and one more token, in options.seqLen − 1 (${o.seqLen - 1}) tokens after the bos`);
  checkInt(o.tokens, 'options.tokens', { min: 4, max: 4096 });
  if (o.tokens < o.maxSegment) fail(`${FN}: options.tokens (${o.tokens}) must be at least options.maxSegment (${o.maxSegment}): a segment's tokens are distinct`);
  checkInt(o.batchSize, 'options.batchSize', { min: 1, max: 1024 });
  checkInt(o.steps, 'options.steps', { min: 1, max: 1e6 });
  checkNumber(o.learningRate, 'options.learningRate', { positive: true });
  checkInt(o.warmupSteps, 'options.warmupSteps', { min: 0, max: 1e6 });
  checkInt(o.evalEvery, 'options.evalEvery', { min: 1, max: 1e6 });
  checkInt(o.evalSequences, 'options.evalSequences', { min: 1, max: 256 });
  checkInt(o.seed, 'options.seed', { min: 0, max: 4000 });
  return o;
}

/** Trains the model and reports the losses and head scores at every evaluation. */
export async function runInductionHeads(options = {}, context = {}) {
  const o = resolve(options);
  const control = runControl(FN, context);
  await ready();
  const held = repeatedSegments(o, o.evalSequences, EVAL_SEED);
  const data = { options: o, vocabSize: FIRST_TOKEN + o.tokens, chance: { first: null }, curve: [], summary: null, elapsedMs: 0 };
  // the best a model can do on the first copy: each target is one of the tokens its segment has not used yet
  let chance = 0, count = 0;
  for (const { n } of held.rows) for (let k = 0; k < n; k++) { chance += Math.log(o.tokens - k); count++; }
  data.chance.first = chance / count;
  const finish = () => { data.summary = inductionSummary(data.curve); data.elapsedMs = control.elapsedMs(); return data; };
  control.partialData(finish);
  const model = Model.create({ dim: o.dim, hiddenDim: 0, nLayers: o.nLayers, nHeads: o.nHeads, vocabSize: data.vocabSize, seqLen: o.seqLen, positions: 'alibi' }, { seed: o.seed });
  const trainer = new Trainer(model, { learningRate: o.learningRate, warmupSteps: o.warmupSteps, clipGradNorm: 1 });
  try {
    let sum = 0, count = 0;
    const evaluate = (step) => {
      const roles = headRoleScores(held.rows.map(({ ids }) => ({ ids, attention: model.forward(ids, { returnAttention: true }).attention })));
      const point = {
        step, tokens: step * o.batchSize * (o.seqLen - 1), trainLoss: count ? sum / count : NaN,
        firstLoss: model.loss(held.inputs, held.first), repeatedLoss: model.loss(held.inputs, held.repeated),
        induction: roles.scores.induction, previousToken: roles.scores.previousToken,
      };
      sum = 0; count = 0;
      data.curve.push(point);
      control.progress({ step, steps: o.steps, fraction: step / o.steps, point, chance: data.chance, data: finish() });
    };
    evaluate(0);
    for (let s = 1; s <= o.steps; s++) {
      await control.checkpoint();
      const batch = repeatedSegments(o, o.batchSize, o.seed * 1e6 + s);
      sum += trainer.step(batch.inputs, batch.targets).loss;
      count++;
      if (s % o.evalEvery === 0 || s === o.steps) evaluate(s);
    }
  } finally {
    trainer.dispose();
    model.dispose();
  }
  return finish();
}
