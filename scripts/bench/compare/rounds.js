// The side-by-side workloads and the way they are timed, shared by the Node
// run (compare.js) and the Chromium run (browser.js + page.js); versus.js
// times its pairs with the same rounds. Nothing here imports Node or page APIs. A case is cross-checked, warmed up, then timed
// in rounds in which the systems take turns call by call; a round keeps each
// system's median; a ratio is taken within a round; a table cell is the
// median over rounds with the min–max.
import { randomTensor, blockParams } from '../node/inputs.js';
import { countFlops } from '../../../web/lib/ops/count.js';

const MIN_REPS = 5, ROUND_MS = 400, WARMUP_MS = 300;

const BLOCK = { dModel: 256, nHeads: 4, dFF: 1024, norm: 'layernorm', activation: 'gelu', prenorm: true };
const attnFlops = (H, N, D, causal) => 4 * H * D * (causal ? (N * (N + 1)) / 2 : N * N);

/** The workloads, given the builders of workloads.js. */
export function cases({ matmulSystems, attentionSystems, blockSystems }) {
  return [
    ...[[256, 256, 256], [64, 512, 2048], [512, 512, 512]].map(([M, K, N]) => ({
      name: `matmul ${M}×${K}×${N}`, flops: 2 * M * K * N,
      make: () => matmulSystems({ M, K, N }, randomTensor([M, K], 1), randomTensor([K, N], 2)),
    })),
    ...[[512, false], [512, true], [2048, false], [2048, true]].map(([N, causal]) => ({
      name: `attention H 8 D 64 N ${N}${causal ? ' causal' : ''}`, flops: attnFlops(8, N, 64, causal),
      make: () => attentionSystems({ H: 8, N, D: 64, causal }, ...[3, 4, 5].map((s) => randomTensor([8, N, 64], s))),
    })),
    {
      name: 'transformerBlock C 256 H 4 F 1024 T 256', flops: countFlops(BLOCK, 256).total,
      make: () => blockSystems(BLOCK, 256, randomTensor([256, 256], 7), blockParams(BLOCK)),
    },
  ];
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** max |a - b| / max |b|: a system's output against attnscope's. */
export function relError(a, b) {
  let d = 0, m = 0;
  for (let i = 0; i < b.length; i++) {
    d = Math.max(d, Math.abs(a[i] - b[i]));
    m = Math.max(m, Math.abs(b[i]));
  }
  return a.length === b.length ? d / m : Infinity;
}

/**
 * Builds a case's systems, cross-checks every output against attnscope's
 * (the first system) and refuses the case if one differs by 2e-3 or more;
 * then warms every system up. minSampleMs > 0 (the page, whose clock is
 * coarse): `calls` = how many calls of one system make one timed sample, so
 * that the fastest system's sample lasts at least that long; otherwise 1.
 * Resolves to { systems, names, fns, errors, calls }.
 */
export async function prepareCase(c, { minSampleMs = 0 } = {}) {
  const systems = await c.make();
  const names = Object.keys(systems).filter((n) => n !== 'dispose');
  const fns = names.map((n) => systems[n]);
  const want = await fns[0]();
  const errors = {};
  for (let i = 1; i < fns.length; i++) errors[names[i]] = relError(await fns[i](), want);
  const bad = Object.entries(errors).filter(([, e]) => !(e < 2e-3));
  if (bad.length) {
    systems.dispose?.();
    throw new Error(`${c.name}: outputs differ from attnscope's: ${JSON.stringify(errors)}`);
  }
  let fastest = Infinity;
  const w0 = performance.now();
  while (performance.now() - w0 < WARMUP_MS) {
    for (const f of fns) {
      const s = performance.now();
      await f();
      fastest = Math.min(fastest, performance.now() - s);
    }
  }
  const calls = minSampleMs > 0 ? Math.max(1, Math.ceil(minSampleMs / Math.max(fastest, 0.01))) : 1;
  return { systems, names, fns, errors, calls };
}

/**
 * One round: the systems take turns call by call (at least `minReps` turns,
 * default 5, and ROUND_MS each); clocks = { name: () => ms } read around
 * every turn of `calls` calls, e.g. { cpu, wall }. Resolves to
 * { [clock name]: each system's median time per call, ms }.
 */
export async function timeRound(fns, clocks, { calls = 1, minReps = MIN_REPS } = {}) {
  const names = Object.keys(clocks), read = Object.values(clocks);
  const spent = names.map(() => fns.map(() => []));
  const t0 = performance.now();
  for (let rep = 0; rep < minReps || performance.now() - t0 < ROUND_MS; rep++) {
    for (let i = 0; i < fns.length; i++) {
      const start = read.map((r) => r());
      for (let j = 0; j < calls; j++) await fns[i]();
      for (let k = read.length - 1; k >= 0; k--) spent[k][i].push((read[k]() - start[k]) / calls);
    }
  }
  return Object.fromEntries(names.map((n, k) => [n, spent[k].map(median)]));
}

export async function timeRounds(fns, rounds, clocks, options) {
  const out = [];
  for (let r = 0; r < rounds; r++) out.push(await timeRound(fns, clocks, options));
  return out;
}

const f1 = (x) => x.toFixed(1);
const f2 = (x) => x.toFixed(2);
const spread = (xs, f) => `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`;

export const HEAD = '| workload | attnscope | attnscope flash | onnxruntime-web | tfjs-wasm | xsimd reference | attnscope ÷ faster runtime | flash ÷ faster runtime | flash ÷ plain | attnscope ÷ xsimd reference | other work (cores) |\n|---|---|---|---|---|---|---|---|---|---|---|';

/** A table row of r = { name, flops, names, rounds, load } by one clock's times. */
export function report(r, clock) {
  const rounds = r.rounds.map((x) => x[clock]);
  const gflops = (i) => rounds.map((t) => r.flops / t[i] / 1e6);
  const idx = (n) => r.names.indexOf(n);
  const faster = rounds.map((t) => Math.min(...['ort', 'tfjs'].filter((n) => idx(n) >= 0).map((n) => t[idx(n)])));
  const ratio = (n) => rounds.map((t, k) => faster[k] / t[idx(n)]);
  const cells = ['attnscope', 'attnscope flash', 'ort', 'tfjs', 'xsimd reference'].map((n) => (idx(n) >= 0 ? spread(gflops(idx(n)), f1) : '—'));
  const ratios = ['attnscope', 'attnscope flash'].map((n) => (idx(n) >= 0 ? spread(ratio(n), f2) : '—'));
  const vs = (n) => (idx(n) >= 0 ? spread(rounds.map((t) => t[idx(n)] / t[idx('attnscope')]), f2) : '—');
  const flashVsPlain = idx('attnscope flash') >= 0 ? spread(rounds.map((t) => t[idx('attnscope')] / t[idx('attnscope flash')]), f2) : '—';
  return `| ${r.name} | ${cells.join(' | ')} | ${ratios.join(' | ')} | ${flashVsPlain} | ${vs('xsimd reference')} | ${r.load.others.toFixed(2)} |`;
}

/** The line under the tables: the cross-check and the wait for a quiet second. */
export function note(r) {
  return `${r.name}: max relative difference to attnscope ${Object.entries(r.errors).map(([n, e]) => `${n} ${e.toExponential(1)}`).join(', ')}; waited ${(r.quiet.waitedMs / 1000).toFixed(0)} s for a quiet second (others ${r.quiet.others.toFixed(2)} cores)`;
}
