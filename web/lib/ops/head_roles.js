// Head roles: what each attention head of a model does, measured from its
// attention weights on a probe sequence (head_role_probe.js makes the probes
// and runs a model). Four roles, each a mean attention weight, in float64:
//   previousToken  A[i, i-1]
//   induction      Σ A[i, j+1] over earlier copies j of token i (j <= i-3)
//   sink           A[i, 0]
//   diagonal       A[i, i]
// previousToken, sink and diagonal are averaged over the queries i >= 2
// (where the keys 0, i-1 and i are three different positions); induction
// over the queries that have an earlier copy. The induction targets stop at
// i-2 so that no key counts for two roles. On repeated random tokens
// (distinct within a segment of n >= 3) the one target of a query in the
// second copy is i-n+1: Olsson et al. (2022)'s induction score.
import { checkNumber, checkOptions, checkTensor, fail } from '../tensor.js';
import { typeName } from './model_load.js';

/** The roles, in the order tables show them. */
export const HEAD_ROLES = Object.freeze(['previousToken', 'induction', 'sink', 'diagonal']);

/** A head is named after its highest role score when that is at least this. */
export const DEFAULT_ROLE_THRESHOLD = 0.4;

/**
 * For each query i, the induction targets: j + 1 for every earlier j <= i - 3
 * holding the same id. Returns an array of arrays (empty when none).
 */
export function inductionTargets(ids) {
  const seen = new Map(); // id -> positions so far (those <= i - 3 when read at i)
  const targets = ids.map(() => []);
  for (let i = 0; i < ids.length; i++) {
    if (i >= 3) {
      const j = i - 3;
      if (!seen.has(ids[j])) seen.set(ids[j], []);
      seen.get(ids[j]).push(j);
    }
    for (const j of seen.get(ids[i]) ?? []) targets[i].push(j + 1);
  }
  return targets;
}

function checkRun(run, name, fnName) {
  if (run === null || typeof run !== 'object') fail(`${fnName}: ${name} must be { attention, ids } (got ${typeName(run)})`);
  const { attention, ids } = run;
  checkTensor(attention, `${fnName}: ${name}.attention`);
  if (!Array.isArray(ids) && !(ArrayBuffer.isView(ids) && !(ids instanceof DataView))) {
    fail(`${fnName}: ${name}.ids must be an array of token ids (got ${typeName(ids)})`);
  }
  const s = attention.shape;
  if (s.length !== 4 || s[2] !== s[3]) {
    fail(`${fnName}: ${name}.attention must be [layers, heads, T, T], as Model.forward(ids, { returnAttention: true }) gives (got [${s.join(', ')}])`);
  }
  if (s[2] !== ids.length) fail(`${fnName}: ${name}.attention has T = ${s[2]} but ${name}.ids has ${ids.length} tokens`);
  return { attention, ids: Array.from(ids) };
}

/**
 * Role scores of every head from one or more runs { attention [L, H, T, T],
 * ids [T] }, pooled over all their queries. See head_roles.d.ts.
 */
export function headRoleScores(runs, opts) {
  const fnName = 'headRoleScores';
  const o = checkOptions(opts, fnName, ['threshold']);
  const threshold = checkNumber(o.threshold ?? DEFAULT_ROLE_THRESHOLD, 'opts.threshold');
  const list = Array.isArray(runs) ? runs : [runs];
  if (list.length === 0) fail(`${fnName}: runs is empty`);
  const checked = list.map((r, k) => checkRun(r, Array.isArray(runs) ? `runs[${k}]` : 'runs', fnName));
  const [L, H] = checked[0].attention.shape;
  checked.forEach(({ attention: a }, k) => {
    if (a.shape[0] !== L || a.shape[1] !== H) fail(`${fnName}: runs[${k}].attention has ${a.shape[0]} layers × ${a.shape[1]} heads but runs[0] has ${L} × ${H}`);
  });

  const sums = Object.fromEntries(HEAD_ROLES.map((r) => [r, new Float64Array(L * H)]));
  const queries = { previousToken: 0, induction: 0, sink: 0, diagonal: 0 };
  const chanceSums = { previousToken: 0, induction: 0, sink: 0, diagonal: 0 };
  for (const { attention, ids } of checked) {
    const T = ids.length, A = attention.data;
    const targets = inductionTargets(ids);
    for (let i = 2; i < T; i++) {
      const plain = 1 / (i + 1); // what uniform causal attention gives one key
      for (const r of ['previousToken', 'sink', 'diagonal']) { queries[r] += 1; chanceSums[r] += plain; }
      if (targets[i].length) { queries.induction += 1; chanceSums.induction += targets[i].length * plain; }
      for (let lh = 0; lh < L * H; lh++) {
        const row = (lh * T + i) * T;
        sums.previousToken[lh] += A[row + i - 1];
        sums.sink[lh] += A[row];
        sums.diagonal[lh] += A[row + i];
        for (const t of targets[i]) sums.induction[lh] += A[row + t];
      }
    }
  }
  const scores = {}, chance = {};
  for (const r of HEAD_ROLES) {
    const n = queries[r];
    scores[r] = Array.from({ length: L }, (_, l) => Array.from({ length: H }, (_, h) => (n ? sums[r][l * H + h] / n : NaN)));
    chance[r] = n ? chanceSums[r] / n : NaN;
  }
  const names = Array.from({ length: L }, (_, l) => Array.from({ length: H }, (_, h) => {
    let best = null;
    for (const r of HEAD_ROLES) {
      const s = scores[r][l][h];
      if (s >= threshold && (best === null || s > scores[best][l][h])) best = r;
    }
    return best;
  }));
  return { nLayers: L, nHeads: H, roles: HEAD_ROLES, scores, chance, queries, names, threshold };
}
