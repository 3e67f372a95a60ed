// runKvHeadSharing's defaults and verdict, apart from the training so that a
// page can judge a live run's numbers without loading the core: the variants
// side by side and the lecture's claim measured against the seed noise.

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

