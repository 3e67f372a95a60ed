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

const FN = 'runKvHeadSharing';
export const KV_HEAD_SHARING_DEFAULTS = Object.freeze({
  kvHeads: Object.freeze([8, 2, 1]), // each must divide nHeads; nHeads itself is MHA
  dim: 64,
  nHeads: 8, // head size 8
  nLayers: 2,
  seqLen: 64,
  batchSize: 8,
  steps: 400,
  learningRate: 3e-3,
  warmupSteps: 10,
  evalEvery: 50,
  evalWindows: 32,
  corpusChars: 200000,
  seeds: Object.freeze([1, 2]), // every variant once per seed: the spread between seeds is the noise a gap is judged against
});

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

/** 'MHA' (every head its own K and V), 'MQA' (one shared), 'GQA' (between). */
export const attentionKind = (kvHeads, nHeads) => (kvHeads === nHeads ? 'MHA' : kvHeads === 1 ? 'MQA' : 'GQA');

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * The variants side by side: for each KV-head count, its final held-out loss
 * per seed and their mean, and its cache bytes.
 */
export function headSharingSummary(runs, kvHeads) {
  return kvHeads.map((k) => {
    const done = runs.filter((r) => r.kvHeads === k && r.finalLoss !== null);
    return done.length ? { kvHeads: k, kind: done[0].kind, cacheBytes: done[0].cacheBytes, parameters: done[0].parameters, seeds: done.map((r) => r.seed), losses: done.map((r) => r.finalLoss), meanLoss: mean(done.map((r) => r.finalLoss)) } : null;
  }).filter(Boolean);
}

/**
 * The lecture's claim, measured: "GQA keeps MHA's quality at a fraction of
 * its cache; MQA loses some". gap = a variant's loss minus MHA's under the
 * same seed (same batches), averaged over the seeds; noise = the sample
 * standard deviation of MHA's own loss across seeds (how much a model moves
 * with the seed alone; null with one seed). verdict: 'holds' when MQA's gap
 * is above 2·noise and every GQA gap is at most half of it, 'within-noise'
 * when MQA's gap is not above 2·noise, 'contradicted' otherwise; null
 * without MHA, MQA or two seeds.
 */
export function headSharingClaim(summary) {
  const mha = summary.find((v) => v.kind === 'MHA');
  const mqa = summary.find((v) => v.kind === 'MQA');
  if (!mha) return null;
  const gap = (v) => {
    const paired = v.seeds.filter((s) => mha.seeds.includes(s)).map((s) => v.losses[v.seeds.indexOf(s)] - mha.losses[mha.seeds.indexOf(s)]);
    return paired.length ? mean(paired) : null;
  };
  const gaps = summary.map((v) => ({ kvHeads: v.kvHeads, kind: v.kind, gap: gap(v), cacheShare: v.cacheBytes / mha.cacheBytes }));
  const n = mha.losses.length;
  const noise = n >= 2 ? Math.sqrt(mha.losses.reduce((a, l) => a + (l - mha.meanLoss) ** 2, 0) / (n - 1)) : null;
  const mqaGap = mqa ? gap(mqa) : null;
  const gqaGaps = gaps.filter((g) => g.kind === 'GQA' && g.gap !== null).map((g) => g.gap);
  let verdict = null;
  if (noise !== null && mqaGap !== null) {
    if (!(mqaGap > 2 * noise)) verdict = 'within-noise';
    else verdict = gqaGaps.every((g) => g <= mqaGap / 2) ? 'holds' : 'contradicted';
  }
  return { gaps, mqaGap, noise, verdict };
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
        control.progress({ step: done, steps: totalSteps, fraction: done / totalSteps, run: i, point, data: finish() });
      });
    } finally {
      model.dispose();
    }
  }
  return finish();
}
