// npm run bench (BENCH_GROUPS=compare): attnscope against onnxruntime-web and
// tfjs-backend-wasm on the same workloads in this one Node process, one
// thread each, wasm SIMD, through each public API (copies included).
//   node scripts/bench/compare/compare.js        (COMPARE_ROUNDS=n, default 5)
// Per workload: wait for a quiet machine, cross-check every output against
// attnscope's, then rounds in which the systems take turns rep by rep; a
// round keeps each system's median, a ratio is taken within a round. The
// table shows GFLOP/s (median over rounds, min–max) and the ratios, and how
// many cores other work kept busy meanwhile.
import { initAll, matmulSystems, attentionSystems, blockSystems } from './systems.js';
import { randomTensor, blockParams } from '../node/inputs.js';
import { countFlops } from '../../../web/lib/ops/count.js';
import { loadMeter, waitForQuiet } from './load.js';

const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 5);
// QUIET_WAIT_S: how long to wait for a quiet second before each workload (default 60).
const QUIET_MS = 1000 * Number(process.env.QUIET_WAIT_S ?? 60);
const MIN_REPS = 5, ROUND_MS = 400, WARMUP_MS = 300;
const ONLY = process.env.COMPARE_ONLY ? new RegExp(process.env.COMPARE_ONLY) : null;

const BLOCK = { dModel: 256, nHeads: 4, dFF: 1024, norm: 'layernorm', activation: 'gelu', prenorm: true };
const attnFlops = (H, N, D, causal) => 4 * H * D * (causal ? (N * (N + 1)) / 2 : N * N);
const CASES = [
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

function median(xs) {
  const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// max |a - b| / max |b|: every system's output against attnscope's.
function relError(a, b) {
  let d = 0, m = 0;
  for (let i = 0; i < b.length; i++) {
    d = Math.max(d, Math.abs(a[i] - b[i]));
    m = Math.max(m, Math.abs(b[i]));
  }
  return a.length === b.length ? d / m : Infinity;
}

// CPU milliseconds this process has used: on a machine where other work
// takes the cores, wall time counts the slices the scheduler gave to others.
function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

// One round: the systems take turns call by call; each one's median CPU time
// and median wall time, in ms.
async function timeRound(fns) {
  const cpu = fns.map(() => []), wall = fns.map(() => []);
  const t0 = performance.now();
  for (let rep = 0; rep < MIN_REPS || performance.now() - t0 < ROUND_MS; rep++) {
    for (let i = 0; i < fns.length; i++) {
      const c = cpuMs(), s = performance.now();
      await fns[i]();
      wall[i].push(performance.now() - s);
      cpu[i].push(cpuMs() - c);
    }
  }
  return { cpu: cpu.map(median), wall: wall.map(median) };
}

async function runCase(c) {
  const systems = await c.make();
  const names = Object.keys(systems).filter((n) => n !== 'dispose');
  const fns = names.map((n) => systems[n]);
  const want = await fns[0]();
  const errors = {};
  for (let i = 1; i < fns.length; i++) errors[names[i]] = relError(await fns[i](), want);
  const bad = Object.entries(errors).filter(([, e]) => !(e < 2e-3));
  if (bad.length) throw new Error(`${c.name}: outputs differ from attnscope's: ${JSON.stringify(errors)}`);
  const w0 = performance.now();
  while (performance.now() - w0 < WARMUP_MS) for (const f of fns) await f();
  const quiet = await waitForQuiet({ maxMs: QUIET_MS });
  const stop = loadMeter();
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) rounds.push(await timeRound(fns));
  const load = stop();
  systems.dispose?.();
  return { name: c.name, flops: c.flops, names, rounds, errors, load, quiet };
}

const f1 = (x) => x.toFixed(1);
const f2 = (x) => x.toFixed(2);
const spread = (xs, f) => `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`;

function report(r, clock) {
  const rounds = r.rounds.map((x) => x[clock]);
  const gflops = (i) => rounds.map((t) => r.flops / t[i] / 1e6);
  const idx = (n) => r.names.indexOf(n);
  const faster = rounds.map((t) => Math.min(...['ort', 'tfjs'].filter((n) => idx(n) >= 0).map((n) => t[idx(n)])));
  const ratio = (n) => rounds.map((t, k) => faster[k] / t[idx(n)]);
  const cells = ['attnscope', 'attnscope flash', 'ort', 'tfjs'].map((n) => (idx(n) >= 0 ? spread(gflops(idx(n)), f1) : '—'));
  const ratios = ['attnscope', 'attnscope flash'].map((n) => (idx(n) >= 0 ? spread(ratio(n), f2) : '—'));
  const flashVsPlain = idx('attnscope flash') >= 0 ? spread(rounds.map((t) => t[idx('attnscope')] / t[idx('attnscope flash')]), f2) : '—';
  return `| ${r.name} | ${cells.join(' | ')} | ${ratios.join(' | ')} | ${flashVsPlain} | ${r.load.others.toFixed(2)} |`;
}

const versions = await initAll();
console.log(`Side by side in one Node ${process.version} process, one thread, wasm SIMD: attnscope ${versions.attnscope}, ${versions.ort}, ${versions.tfjs}.`);
console.log(`${ROUNDS} rounds per workload; GFLOP/s = median over rounds of each round's median (min–max); ratios ÷ the faster runtime, within each round.`);
const HEAD = '| workload | attnscope | attnscope flash | onnxruntime-web | tfjs-wasm | attnscope ÷ faster runtime | flash ÷ faster runtime | flash ÷ plain | other work (cores) |\n|---|---|---|---|---|---|---|---|---|';
const notes = [], results = [];
for (const c of CASES) {
  if (ONLY && !ONLY.test(c.name)) continue;
  const r = await runCase(c);
  results.push(r);
  console.error(report(r, 'cpu'));
  notes.push(`${r.name}: max relative difference to attnscope ${Object.entries(r.errors).map(([n, e]) => `${n} ${e.toExponential(1)}`).join(', ')}; waited ${(r.quiet.waitedMs / 1000).toFixed(0)} s for a quiet second (others ${r.quiet.others.toFixed(2)} cores)`);
}
console.log(`\nBy CPU time of this process (the time the calls ran, whatever else the cores did):\n\n${HEAD}`);
results.forEach((r) => console.log(report(r, 'cpu')));
console.log(`\nBy wall-clock time (what a user waits; disturbed by other work on the cores):\n\n${HEAD}`);
results.forEach((r) => console.log(report(r, 'wall')));
console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
