// KV-cache compression: which cached positions a rule keeps (eviction along
// the sequence) and which KV heads share one (merging along the heads). The
// rules of runKvCacheCompression (web/experiments) and of the lecture:
//   'recent'      a window of the last `keep` positions;
//   'accumulated' the positions that received the most attention from the
//                 queries seen so far (H2O, Zhang et al. 2023);
//   'expected'    the positions future queries are expected to attend to,
//                 the queries modelled as N(μ, Σ) from the ones seen so far
//                 (Expected Attention, Devoto et al. 2025):
//                 E exp(qᵀk'/√D) = exp(μᵀk'/√D + k'ᵀΣk'/(2D)), k' = R(−t)k
//                 for a future query at position t (RoPE moved onto the key);
// and for heads, groups of KV heads whose keys and values are replaced by
// their mean: 'uniform' (adjacent heads, equal groups, as GQA's mean-pooled
// conversion) or 'qcqa' (the grouping of any sizes with the least
// weight-sharing error Σ_h ‖W_h − W̄_group‖², as QCQA, Joshi et al. 2024).
import { applyRope } from './position.js';
import { matmul } from './matmul.js';
import { checkEnum, checkInt, checkNumber, checkOptions, checkTensor, fail } from '../tensor.js';

export const KV_EVICTION_RULES = Object.freeze(['recent', 'accumulated', 'expected']);
export const KV_GROUPING_METHODS = Object.freeze(['uniform', 'qcqa']);

function cacheShape(cache, fn) {
  if (cache === null || typeof cache !== 'object') fail(`${fn}: cache must be { keys, values }, each a tensor [nKvHeads, N, headDim]`);
  checkTensor(cache.keys, 'cache.keys');
  checkTensor(cache.values, 'cache.values');
  if (cache.keys.shape.length !== 3) fail(`${fn}: cache.keys must be [nKvHeads, N, headDim] (got [${cache.keys.shape.join(', ')}])`);
  const [H, N, D] = cache.keys.shape;
  const [Hv, Nv] = cache.values.shape;
  if (cache.values.shape.length !== 3 || Hv !== H || Nv !== N) fail(`${fn}: cache.values must be [${H}, ${N}, headDim] like cache.keys (got [${cache.values.shape.join(', ')}])`);
  return { H, N, D, Dv: cache.values.shape[2] };
}

/** Rows `rows[h]` (sorted positions) of each head of a [H, N, D] tensor → [H, keep, D]. */
function gatherRows(t, rows) {
  const [H, N, D] = t.shape, keep = rows[0].length;
  const out = new Float32Array(H * keep * D);
  for (let h = 0; h < H; h++) rows[h].forEach((j, r) => out.set(t.data.subarray((h * N + j) * D, (h * N + j + 1) * D), (h * keep + r) * D));
  return { data: out, shape: [H, keep, D] };
}

/** Query heads per KV head of a [H, …] statistic, checked. */
function groupSize(Hq, H, name) {
  if (Hq % H) fail(`selectKvPositions: ${name} has ${Hq} heads, not a multiple of the cache's ${H} KV heads`);
  return Hq / H;
}

// H2O: Σ over the query heads of KV head g and over the queries of the weights each position received.
function accumulatedScores(attention, H, N) {
  checkTensor(attention, 'opts.attention');
  const [Hq, Nq, Nk] = attention.shape;
  if (attention.shape.length !== 3 || Nk !== N) fail(`selectKvPositions: opts.attention must be [nHeads, nQueries, ${N}] (got [${attention.shape.join(', ')}])`);
  const g = groupSize(Hq, H, 'opts.attention');
  const scores = new Float64Array(H * N);
  for (let h = 0; h < Hq; h++) for (let i = 0; i < Nq; i++) for (let j = 0; j < N; j++) scores[Math.floor(h / g) * N + j] += attention.data[(h * Nq + i) * N + j];
  return scores;
}

// Expected Attention: mean over the future positions t and the query heads of KV head g of the
// expected softmax weight of each key, the pre-RoPE queries modelled as N(μ_h, Σ_h).
function expectedScores(cache, { queries, futurePositions, rope = {}, covariance = true }, H, N, D) {
  checkTensor(queries, 'opts.queries');
  const [Hq, Nq, Dq] = queries.shape;
  if (queries.shape.length !== 3 || Dq !== D || Nq < 1) fail(`selectKvPositions: opts.queries must be [nHeads, nQueries ≥ 1, ${D}] (the queries before RoPE; got [${queries.shape.join(', ')}])`);
  const g = groupSize(Hq, H, 'opts.queries');
  if (!Array.isArray(futurePositions) || futurePositions.length < 1) fail('selectKvPositions: opts.futurePositions must be a non-empty array of the positions future queries will have');
  futurePositions.forEach((t, i) => checkNumber(t, `opts.futurePositions[${i}]`));
  const { base = 10000, layout = 'interleaved' } = checkOptions(rope, 'selectKvPositions: opts.rope', ['base', 'layout']);
  const scores = new Float64Array(H * N);
  for (let h = 0; h < Hq; h++) {
    const q = queries.data.subarray(h * Nq * D, (h + 1) * Nq * D);
    const mu = new Float64Array(D), sigma = new Float32Array(D * D);
    for (let i = 0; i < Nq; i++) for (let a = 0; a < D; a++) mu[a] += q[i * D + a] / Nq;
    if (covariance) for (let i = 0; i < Nq; i++) for (let a = 0; a < D; a++) for (let b = 0; b < D; b++) sigma[a * D + b] += ((q[i * D + a] - mu[a]) * (q[i * D + b] - mu[b])) / Nq;
    const kv = Math.floor(h / g);
    const keys = { data: cache.keys.data.slice(kv * N * D, (kv + 1) * N * D), shape: [N, D] };
    for (const t of futurePositions) {
      const back = applyRope(keys, { base, layout, positions: new Array(N).fill(-t) }); // R(−t)k: the future query's rotation moved onto the keys
      const linear = matmul(back, { data: Float32Array.from(mu), shape: [D, 1] }).data;
      const spread = covariance ? matmul(back, { data: sigma, shape: [D, D] }).data : null;
      const logit = new Float64Array(N);
      for (let j = 0; j < N; j++) {
        let quad = 0;
        if (spread) for (let a = 0; a < D; a++) quad += spread[j * D + a] * back.data[j * D + a];
        logit[j] = linear[j] / Math.sqrt(D) + quad / (2 * D);
      }
      const top = Math.max(...logit);
      let z = 0;
      for (let j = 0; j < N; j++) z += Math.exp(logit[j] - top);
      for (let j = 0; j < N; j++) scores[kv * N + j] += Math.exp(logit[j] - top) / z / (g * futurePositions.length);
    }
  }
  return scores;
}

/**
 * Keeps `keep` of the N cached positions of every KV head by `rule`:
 * returns { keys, values } [nKvHeads, keep, ·] (kept positions in order),
 * positions (per head, ascending) and scores (per head, the rule's score of
 * every position; for 'recent' the position itself).
 */
export function selectKvPositions(cache, opts) {
  const fn = 'selectKvPositions';
  const o = checkOptions(opts, fn, ['rule', 'keep', 'attention', 'queries', 'futurePositions', 'rope', 'covariance']);
  const { H, N, D } = cacheShape(cache, fn);
  const rule = checkEnum(o.rule, 'opts.rule', KV_EVICTION_RULES);
  const keep = checkInt(o.keep, 'opts.keep', { min: 1, max: N });
  let scores;
  if (rule === 'recent') scores = Float64Array.from({ length: H * N }, (_, i) => i % N);
  else if (rule === 'accumulated') scores = accumulatedScores(o.attention, H, N);
  else scores = expectedScores(cache, o, H, N, D);
  // the highest scores; ties keep the later position (the more recent one)
  const positions = Array.from({ length: H }, (_, h) => Array.from({ length: N }, (_, j) => j)
    .sort((a, b) => scores[h * N + b] - scores[h * N + a] || b - a).slice(0, keep).sort((a, b) => a - b));
  return {
    keys: gatherRows(cache.keys, positions), values: gatherRows(cache.values, positions),
    positions: positions.map((p) => Int32Array.from(p)), scores: Array.from({ length: H }, (_, h) => scores.slice(h * N, (h + 1) * N)),
  };
}

export { groupKvHeads, mergeKvHeads } from './kv_grouping.js';
