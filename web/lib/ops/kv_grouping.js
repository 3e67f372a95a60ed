// Merging KV heads: which heads share one key and value head, and the merged
// cache. A group's shared head is the mean of its heads (for keys K = X·W_K,
// and RoPE, both linear, that is the cache of the mean-pooled weights: the
// MHA → GQA conversion of Ainslie et al. 2023). 'uniform' groups adjacent
// heads into equal groups; 'qcqa' searches the groups of any sizes for the
// least weight-sharing error (QCQA, Joshi et al. 2024; exhaustive up to 10
// heads, greedy merging of the closest groups above).
import { checkEnum, checkInt, checkOptions, checkTensor, fail } from '../tensor.js';

const EXHAUSTIVE_HEADS = 10;

/** Pairwise ‖W_a − W_b‖² over the per-head slices of every tensor in `weights` (each [H, …]). */
function pairDistances(weights, fn) {
  if (weights === null || typeof weights !== 'object' || !Object.keys(weights).length) fail(`${fn}: weights must be an object of tensors whose first dim is the KV head, e.g. { wk, wv } each [nKvHeads, headDim, dim]`);
  let H = null;
  for (const [name, t] of Object.entries(weights)) {
    checkTensor(t, `weights.${name}`);
    if (H === null) H = t.shape[0];
    else if (t.shape[0] !== H) fail(`${fn}: weights.${name} has ${t.shape[0]} heads, the others ${H}`);
  }
  const d = Array.from({ length: H }, () => new Float64Array(H));
  for (const t of Object.values(weights)) {
    const per = t.data.length / H;
    for (let a = 0; a < H; a++) for (let b = a + 1; b < H; b++) {
      let s = 0;
      for (let i = 0; i < per; i++) { const x = t.data[a * per + i] - t.data[b * per + i]; s += x * x; }
      d[a][b] += s; d[b][a] += s;
    }
  }
  return { H, d };
}

/** Σ_h ‖W_h − W̄_group‖² of a group = Σ_{a<b in group} ‖W_a − W_b‖² / |group|. */
const groupError = (group, d) => {
  let s = 0;
  for (let i = 0; i < group.length; i++) for (let j = i + 1; j < group.length; j++) s += d[group[i]][group[j]];
  return s / group.length;
};
const totalError = (groups, d) => groups.reduce((a, g) => a + groupError(g, d), 0);

/** Every partition of 0 … H−1 into exactly `k` groups (restricted growth strings), visited in turn. */
function eachPartition(H, k, visit) {
  const label = new Int32Array(H);
  const walk = (i, used) => {
    if (H - i < k - used) return;
    if (i === H) { if (used === k) visit(label); return; }
    for (let c = 0; c <= Math.min(used, k - 1); c++) { label[i] = c; walk(i + 1, Math.max(used, c + 1)); }
  };
  walk(0, 0);
}

const groupsOf = (label, k) => Array.from({ length: k }, (_, c) => [...label.keys()].filter((h) => label[h] === c));

function bestPartition(H, k, d) {
  let best = null, bestError = Infinity;
  if (H <= EXHAUSTIVE_HEADS) {
    eachPartition(H, k, (label) => {
      const groups = groupsOf(label, k);
      const e = totalError(groups, d);
      if (e < bestError - 1e-12) { bestError = e; best = groups; }
    });
    return best;
  }
  // greedy: start from single heads, merge the pair of groups whose union adds the least error
  let groups = Array.from({ length: H }, (_, h) => [h]);
  while (groups.length > k) {
    let pick = null, add = Infinity;
    for (let a = 0; a < groups.length; a++) for (let b = a + 1; b < groups.length; b++) {
      const u = [...groups[a], ...groups[b]];
      const extra = groupError(u, d) - groupError(groups[a], d) - groupError(groups[b], d);
      if (extra < add) { add = extra; pick = [a, b]; }
    }
    groups = groups.filter((_, i) => i !== pick[0] && i !== pick[1]).concat([[...groups[pick[0]], ...groups[pick[1]]].sort((x, y) => x - y)]);
  }
  return groups.sort((x, y) => x[0] - y[0]);
}

/**
 * Which KV heads share one: `groups` groups of the heads of `weights`
 * ({ name: tensor [nKvHeads, …] }, e.g. the heads' W_K and W_V slices).
 * Returns { groups: number[][] (ascending heads, groups by first head),
 * error: the weight-sharing error Σ_h ‖W_h − W̄_group‖² }.
 */
export function groupKvHeads(weights, groups, opts) {
  const fn = 'groupKvHeads';
  const { method = 'qcqa' } = checkOptions(opts, fn, ['method']);
  checkEnum(method, 'opts.method', ['uniform', 'qcqa']);
  const { H, d } = pairDistances(weights, fn);
  checkInt(groups, 'groups', { min: 1, max: H });
  let out;
  if (method === 'uniform') {
    if (H % groups) fail(`${fn}: uniform grouping needs groups (${groups}) to divide the ${H} heads; 'qcqa' takes any number`);
    const size = H / groups;
    out = Array.from({ length: groups }, (_, g) => Array.from({ length: size }, (_, i) => g * size + i));
  } else out = bestPartition(H, groups, d);
  return { groups: out, error: totalError(out, d) };
}

/**
 * The cache { keys, values } ([nKvHeads, N, ·]) with each group's heads
 * replaced by their mean: [groups.length, N, ·], and `headGroup`, the group
 * of every original head. Every head must be in exactly one group.
 */
export function mergeKvHeads(cache, groups) {
  const fn = 'mergeKvHeads';
  if (cache === null || typeof cache !== 'object') fail(`${fn}: cache must be { keys, values }, each a tensor [nKvHeads, N, headDim]`);
  checkTensor(cache.keys, 'cache.keys');
  checkTensor(cache.values, 'cache.values');
  const H = cache.keys.shape[0];
  if (cache.values.shape[0] !== H) fail(`${fn}: cache.values has ${cache.values.shape[0]} heads but cache.keys has ${H}`);
  if (!Array.isArray(groups) || !groups.length) fail(`${fn}: groups must be a non-empty array of arrays of head indices`);
  const headGroup = new Int32Array(H).fill(-1);
  groups.forEach((g, gi) => {
    if (!Array.isArray(g) || !g.length) fail(`${fn}: groups[${gi}] must be a non-empty array of head indices`);
    for (const h of g) {
      checkInt(h, `groups[${gi}][]`, { min: 0, max: H - 1 });
      if (headGroup[h] !== -1) fail(`${fn}: head ${h} is in two groups`);
      headGroup[h] = gi;
    }
  });
  const missing = [...headGroup.keys()].filter((h) => headGroup[h] === -1);
  if (missing.length) fail(`${fn}: heads ${missing.join(', ')} are in no group`);
  const mean = (t) => {
    const per = t.data.length / H;
    const out = new Float32Array(groups.length * per);
    groups.forEach((g, gi) => {
      for (let i = 0; i < per; i++) {
        let s = 0;
        for (const h of g) s += t.data[h * per + i];
        out[gi * per + i] = s / g.length;
      }
    });
    return { data: out, shape: [groups.length, ...t.shape.slice(1)] };
  };
  return { keys: mean(cache.keys), values: mean(cache.values), headGroup };
}
