// runKvCacheCompression: how much of a trained model's KV cache can go, and
// by which rule. A character-level model (multi-head attention) is trained on
// the corpus; then each held-out window's first `prefix` characters are run
// (the prefill), their cached keys and values compressed in every layer, and
// the next `continuation` characters predicted from the compressed cache plus
// themselves. Loss against the kept fraction, for eviction along the sequence
// (recency window, accumulated attention, expected attention) and merging of
// KV heads (QCQA-style grouping vs uniform grouping). Rules and merging:
// selectKvPositions / groupKvHeads / mergeKvHeads in attnscope.
import { ready } from '../lib/runtime.js';
import { Model } from '../lib/ops/model.js';
import { selectKvPositions, groupKvHeads, mergeKvHeads, KV_EVICTION_RULES } from '../lib/ops/kv_compression.js';
import { checkInt, checkNumber, checkOptions, fail } from '../lib/tensor.js';
import { corpusText, corpusSplit, evaluationWindows } from './text-corpus.js';
import { trainCharModel } from './char-training.js';
import { replayWeights, replay, meanCrossEntropy } from './layer-replay.js';
import { runControl } from './run-control.js';

const FN = 'runKvCacheCompression';
/** The curves: three eviction rules, then the two ways of grouping KV heads. */
export const KV_COMPRESSION_RULES = Object.freeze([...KV_EVICTION_RULES, 'qcqa', 'uniform']);
export const KV_CACHE_COMPRESSION_DEFAULTS = Object.freeze({
  dim: 64,
  nHeads: 8,
  nLayers: 2,
  prefix: 96, // cached characters, then compressed
  continuation: 32, // predicted from the compressed cache; seqLen = prefix + continuation
  batchSize: 8,
  steps: 600,
  learningRate: 3e-3,
  warmupSteps: 10,
  evalEvery: 100,
  evalWindows: 16,
  fractions: Object.freeze([0.75, 0.5, 0.25, 0.125, 0.0625]), // of the prefix's positions kept by the eviction rules
  expectedSamples: 4, // future query positions the expected-attention rule averages over
  shownFraction: 0.25, // the kept positions of the first window at this fraction go into `example`
  corpusChars: 200000,
  seed: 1,
});

function resolve(options) {
  const o = { ...KV_CACHE_COMPRESSION_DEFAULTS, ...checkOptions(options, FN, Object.keys(KV_CACHE_COMPRESSION_DEFAULTS)) };
  checkInt(o.nHeads, 'options.nHeads', { min: 1, max: 16 });
  checkInt(o.dim, 'options.dim', { min: 2, max: 512 });
  if (o.dim % o.nHeads || (o.dim / o.nHeads) % 2) fail(`${FN}: options.dim (${o.dim}) / options.nHeads (${o.nHeads}) must be a whole, even head size (RoPE rotates pairs)`);
  checkInt(o.nLayers, 'options.nLayers', { min: 1, max: 8 });
  checkInt(o.prefix, 'options.prefix', { min: 2, max: 1024 });
  checkInt(o.continuation, 'options.continuation', { min: 1, max: 1024 });
  checkInt(o.batchSize, 'options.batchSize', { min: 1, max: 256 });
  checkInt(o.steps, 'options.steps', { min: 1, max: 1e6 });
  checkNumber(o.learningRate, 'options.learningRate', { positive: true });
  checkInt(o.warmupSteps, 'options.warmupSteps', { min: 0, max: 1e6 });
  checkInt(o.evalEvery, 'options.evalEvery', { min: 1, max: 1e6 });
  checkInt(o.evalWindows, 'options.evalWindows', { min: 1, max: 256 });
  if (!Array.isArray(o.fractions) || !o.fractions.length || o.fractions.length > 16) fail(`${FN}: options.fractions must be an array of 1–16 kept fractions in (0, 1)`);
  o.fractions.forEach((f, i) => { checkNumber(f, `options.fractions[${i}]`, { positive: true }); if (f >= 1) fail(`${FN}: options.fractions[${i}] must be below 1 (1 is the full cache, always measured)`); });
  checkInt(o.expectedSamples, 'options.expectedSamples', { min: 1, max: o.continuation });
  checkNumber(o.shownFraction, 'options.shownFraction', { positive: true });
  checkInt(o.corpusChars, 'options.corpusChars', { min: 1000, max: 1e7 });
  checkInt(o.seed, 'options.seed', { min: 0, max: 2 ** 32 - 1 });
  return o;
}

/** Positions kept out of `prefix` for a fraction (at least one). */
export const keptCount = (fraction, prefix) => Math.max(1, Math.round(fraction * prefix));

/** Each layer's KV-head groupings for every group count: { qcqa: {g: groups}, uniform: {g: groups} } per layer. */
function headGroupings(w) {
  const Hkv = w.config.nKvHeads, D = w.headDim, C = w.config.dim;
  return w.layers.map((lw) => {
    const weights = { wk: { data: lw.rawK.data, shape: [Hkv, D, C] }, wv: { data: lw.rawV.data, shape: [Hkv, D, C] } };
    const out = { qcqa: {}, uniform: {} };
    for (let g = 1; g < Hkv; g++) {
      out.qcqa[g] = groupKvHeads(weights, g, { method: 'qcqa' });
      if (Hkv % g === 0) out.uniform[g] = groupKvHeads(weights, g, { method: 'uniform' });
    }
    return out;
  });
}

/** The compressions measured: { rule, fraction, kept, make(prefill record per layer, layer) → past }. */
function compressions(o, w, groupings) {
  const P = o.prefix, Hkv = w.config.nKvHeads, list = [];
  const future = Array.from({ length: o.expectedSamples }, (_, i) => P + Math.floor((i * o.continuation) / o.expectedSamples));
  for (const rule of KV_EVICTION_RULES) {
    for (const fraction of o.fractions) {
      const keep = keptCount(fraction, P);
      list.push({ rule, fraction: keep / P, kept: keep, make: (L) => selectKvPositions({ keys: L.keys, values: L.values }, { rule, keep, attention: rule === 'accumulated' ? L.attention : undefined, queries: rule === 'expected' ? L.queries : undefined, futurePositions: rule === 'expected' ? future : undefined }) });
    }
  }
  for (const rule of ['qcqa', 'uniform']) {
    for (let g = Hkv - 1; g >= 1; g--) {
      if (!groupings[0][rule][g]) continue;
      list.push({ rule, fraction: g / Hkv, kept: g, make: (L, l) => ({ ...mergeKvHeads({ keys: L.keys, values: L.values }, groupings[l][rule][g].groups), groups: groupings[l][rule][g].groups }) });
    }
  }
  return list;
}

/**
 * Trains the model, then measures every compression on the held-out
 * windows; reports during training and after each window.
 */
export async function runKvCacheCompression(options = {}, context = {}) {
  const o = resolve(options);
  const control = runControl(FN, context);
  await ready();
  const seqLen = o.prefix + o.continuation;
  const { vocabulary, train, heldOut } = corpusSplit(await corpusText(FN), o.corpusChars);
  const evalBatch = evaluationWindows(heldOut, o.evalWindows, seqLen);
  const data = {
    options: o, vocabSize: vocabulary.vocabSize, seqLen, training: [], full: null, none: null,
    curves: Object.fromEntries(KV_COMPRESSION_RULES.map((r) => [r, []])), groupings: null, example: null, windows: 0, elapsedMs: 0,
  };
  control.partialData(() => ({ ...data, elapsedMs: control.elapsedMs() }));
  const total = o.steps + o.evalWindows;
  const model = Model.create({
    dim: o.dim, hiddenDim: 4 * o.dim, nLayers: o.nLayers, nHeads: o.nHeads, vocabSize: vocabulary.vocabSize,
    seqLen, activation: 'gelu', positions: 'rope',
  }, { seed: o.seed });
  try {
    await trainCharModel(model, train, evalBatch, { ...o, seqLen }, control, (point) => {
      data.training.push(point);
      control.progress({ step: point.step, steps: total, fraction: point.step / total, phase: 'train', point, data });
    });
    const w = replayWeights(model);
    const groupings = headGroupings(w);
    data.groupings = groupings; // per layer: { qcqa: { [g]: { groups, error } }, uniform: … }
    const list = compressions(o, w, groupings);
    const sums = new Float64Array(list.length + 2); // + full cache, + no cache
    const T = seqLen, P = o.prefix;
    for (let b = 0; b < o.evalWindows; b++) {
      await control.checkpoint();
      const ids = Array.from(evalBatch.inputs.data.subarray(b * T, (b + 1) * T));
      const targets = Array.from(evalBatch.targets.data.subarray(b * T + P, (b + 1) * T));
      const pre = replay(w, ids.slice(0, P), { record: true }).layers;
      const lossWith = (past) => meanCrossEntropy(replay(w, ids.slice(P), { start: P, past }).logits, targets);
      sums[0] += lossWith(pre.map((L) => ({ keys: L.keys, values: L.values })));
      sums[1] += lossWith(null);
      list.forEach((c, i) => {
        const past = pre.map((L, l) => c.make(L, l));
        sums[i + 2] += lossWith(past);
        if (b === 0 && KV_EVICTION_RULES.includes(c.rule) && c.kept === keptCount(o.shownFraction, P)) {
          data.example ??= { text: vocabulary.decode(ids.slice(0, P)), fraction: c.fraction, kept: {} };
          data.example.kept[c.rule] = past.map((p) => p.positions.map((row) => Array.from(row)));
        }
      });
      data.windows = b + 1;
      const n = b + 1;
      data.full = sums[0] / n;
      data.none = sums[1] / n;
      for (const r of KV_COMPRESSION_RULES) data.curves[r] = [];
      list.forEach((c, i) => data.curves[c.rule].push({ fraction: c.fraction, kept: c.kept, loss: sums[i + 2] / n }));
      data.elapsedMs = control.elapsedMs();
      control.progress({ step: o.steps + n, steps: total, fraction: (o.steps + n) / total, phase: 'compress', windows: n, result: { curves: data.curves, full: data.full, none: data.none, example: data.example, groupings: data.groupings, windows: n }, data });
    }
    data.elapsedMs = control.elapsedMs();
    return data;
  } finally {
    model.dispose();
  }
}
