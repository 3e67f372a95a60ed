// runKvHeadSharing: multi-head, grouped-query and multi-query attention
// (Shazeer 2019; Ainslie et al. 2023) trained on the same budget. One
// character-level model is built with every KV-head count (all heads = MHA,
// fewer = GQA, one = MQA) and trained on the same seeded batches for the same
// steps, once per seed; its held-out loss is set against the bytes its KV
// cache takes. The claim "GQA keeps MHA's quality at a fraction of its cache,
// MQA loses some" is checked against the seed-to-seed noise, not repeated.
import { ready } from '../lib/runtime.js';
import { Model } from '../lib/ops/model.js';
import { kvCacheBytes } from '../lib/ops/kv_cache_bytes.js';
import { checkInt, checkNumber, checkOptions, fail } from '../lib/tensor.js';
import { corpusText, corpusSplit, evaluationWindows } from './text-corpus.js';
import { trainCharModel } from './char-training.js';
import { runControl } from './run-control.js';
import { attentionKind, headSharingClaim, headSharingSummary, KV_HEAD_SHARING_DEFAULTS } from './kv-head-sharing-summary.js';

export { attentionKind, headSharingClaim, headSharingSummary, KV_HEAD_SHARING_DEFAULTS };

const FN = 'runKvHeadSharing';
function resolve(options) {
  const o = { ...KV_HEAD_SHARING_DEFAULTS, ...checkOptions(options, FN, Object.keys(KV_HEAD_SHARING_DEFAULTS)) };
  checkInt(o.nHeads, 'options.nHeads', { min: 1, max: 64 });
  checkInt(o.dim, 'options.dim', { min: 2, max: 512 });
  if (o.dim % o.nHeads || (o.dim / o.nHeads) % 2) fail(`${FN}: options.dim (${o.dim}) / options.nHeads (${o.nHeads}) must be a whole, even head size (RoPE rotates pairs)`);
  if (!Array.isArray(o.kvHeads) || o.kvHeads.length < 2 || o.kvHeads.length > 8) fail(`${FN}: options.kvHeads must be an array of 2–8 KV-head counts, e.g. [${o.nHeads}, 2, 1]`);
  o.kvHeads = o.kvHeads.map((k, i) => {
    checkInt(k, `options.kvHeads[${i}]`, { min: 1, max: o.nHeads });
    if (o.nHeads % k) fail(`${FN}: options.kvHeads[${i}] (${k}) must divide options.nHeads (${o.nHeads}): each KV head serves the same number of query heads`);
    return k;
  });
  if (new Set(o.kvHeads).size !== o.kvHeads.length) fail(`${FN}: options.kvHeads lists a count twice`);
  checkInt(o.nLayers, 'options.nLayers', { min: 1, max: 8 });
  checkInt(o.seqLen, 'options.seqLen', { min: 2, max: 512 });
  checkInt(o.batchSize, 'options.batchSize', { min: 1, max: 256 });
  checkInt(o.steps, 'options.steps', { min: 1, max: 1e6 });
  checkNumber(o.learningRate, 'options.learningRate', { positive: true });
  checkInt(o.warmupSteps, 'options.warmupSteps', { min: 0, max: 1e6 });
  checkInt(o.evalEvery, 'options.evalEvery', { min: 1, max: 1e6 });
  checkInt(o.evalWindows, 'options.evalWindows', { min: 1, max: 256 });
  checkInt(o.corpusChars, 'options.corpusChars', { min: 1000, max: 1e7 });
  if (!Array.isArray(o.seeds) || o.seeds.length < 1 || o.seeds.length > 8) fail(`${FN}: options.seeds must be an array of 1–8 seeds (2 or more measure the noise)`);
  o.seeds = o.seeds.map((s, i) => checkInt(s, `options.seeds[${i}]`, { min: 0, max: 2 ** 32 - 1 }));
  if (new Set(o.seeds).size !== o.seeds.length) fail(`${FN}: options.seeds lists a seed twice`);
  return o;
}

/** Trains one model per (seed, KV-head count) in turn; reports after every evaluation. */
export async function runKvHeadSharing(options = {}, context = {}) {
  const o = resolve(options);
  const control = runControl(FN, context);
  await ready();
  const { vocabulary, train, heldOut } = corpusSplit(await corpusText(FN), o.corpusChars);
  const evalBatch = evaluationWindows(heldOut, o.evalWindows, o.seqLen);
  const headDim = o.dim / o.nHeads;
  const data = { options: o, vocabSize: vocabulary.vocabSize, headDim, tokenBudget: o.steps * o.batchSize * o.seqLen, runs: [], summary: [], claim: null, elapsedMs: 0 };
  const finish = () => {
    data.summary = headSharingSummary(data.runs, o.kvHeads);
    data.claim = headSharingClaim(data.summary);
    data.elapsedMs = control.elapsedMs();
    return data;
  };
  control.partialData(finish);
  const plan = o.seeds.flatMap((seed) => o.kvHeads.map((kvHeads) => ({ seed, kvHeads })));
  const totalSteps = o.steps * plan.length;
  for (let i = 0; i < plan.length; i++) {
    await control.checkpoint(); // an abort between variants builds nothing more
    const { seed, kvHeads } = plan[i];
    const model = Model.create({
      dim: o.dim, hiddenDim: 4 * o.dim, nLayers: o.nLayers, nHeads: o.nHeads, nKvHeads: kvHeads,
      vocabSize: vocabulary.vocabSize, seqLen: o.seqLen, activation: 'gelu', positions: 'rope',
    }, { seed });
    try {
      const parameters = Object.values(model.parameters()).reduce((n, t) => n + t.data.length, 0);
      const run = {
        kvHeads, seed, kind: attentionKind(kvHeads, o.nHeads), parameters,
        // per sequence of seqLen tokens, float16 as served; bytes per token = this / seqLen
        cacheBytes: kvCacheBytes({ nLayers: o.nLayers, nKvHeads: kvHeads, headDim, seqLen: o.seqLen, dtype: 'float16' }),
        curve: [], finalLoss: null, ms: 0,
      };
      data.runs.push(run);
      const started = control.elapsedMs();
      await trainCharModel(model, train, evalBatch, { ...o, seed }, control, (point) => {
        run.curve.push(point);
        if (point.step === o.steps) { run.finalLoss = point.heldOutLoss; run.ms = control.elapsedMs() - started; }
        const done = i * o.steps + point.step;
        control.progress({ step: done, steps: totalSteps, fraction: done / totalSteps, run: i, runInfo: { kvHeads, seed, kind: run.kind, parameters, cacheBytes: run.cacheBytes }, point, data: finish() });
      });
    } finally {
      model.dispose();
    }
  }
  return finish();
}
