// The kernels' gain since a base commit (issue 14: the scalar build at least
// 1.5× faster than when the issue was filed, and the SIMD gain recorded):
// two copies of the package, BASE_LIB (e.g. a clone of f36f1c8 with its wasm
// built) and this tree's web/lib, loaded in ONE Node process with the same
// backend, take turns call by call (rounds.js), timed by this process's CPU
// time. One child process per backend (a package loads one backend per
// process): wasm-scalar, then wasm-simd.
//   BASE_LIB=/tmp/scalar-base/web/lib node scripts/bench/compare/versus.js
// VERSUS_BACKENDS=wasm-scalar,wasm-simd (default), VERSUS_ROUNDS (default 3),
// QUIET_WAIT_S (default 10) before each workload, VERSUS_ONLY=regexp.
// Every output is cross-checked base against current before timing (as
// compare.js, max |difference| / max |value| under 2e-3; the training step:
// loss of the first step within 1e-4, after the timed steps within 2e-3).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomTensor, blockParams } from '../node/inputs.js';
import { countFlops } from '../../../web/lib/ops/count.js';
import { median, relError, timeRounds } from './rounds.js';
import { loadMeter, waitForQuiet } from './load.js';
import { caption, nodeEngine } from '../machine.js';

const BASE = process.env.BASE_LIB && resolve(process.env.BASE_LIB);
const CURRENT = fileURLToPath(new URL('../../../web/lib/', import.meta.url));
const ROUNDS = Number(process.env.VERSUS_ROUNDS ?? 3);
const QUIET_MS = 1000 * Number(process.env.QUIET_WAIT_S ?? 10);
const ONLY = process.env.VERSUS_ONLY ? new RegExp(process.env.VERSUS_ONLY) : null;
// Turns per round (compare.js: 5): a scalar call of attention N 2048 takes
// about 2 s, and the coordinator wants the whole run in a few minutes.
const MIN_REPS = 3;
if (!BASE || !existsSync(join(BASE, 'node.js'))) {
  throw new Error('usage: BASE_LIB=<a web/lib folder with its wasm built> node scripts/bench/compare/versus.js');
}
// The same folder would be the same module instance: one package timed against itself.
if (resolve(BASE) === resolve(CURRENT)) throw new Error('BASE_LIB is this tree\'s web/lib: copy it elsewhere to compare it with itself');

// The commit a lib folder was checked out at (and whether its tree had changes).
function commitOf(dir) {
  const git = (...a) => spawnSync('git', ['-C', dir, ...a], { encoding: 'utf8' }).stdout?.trim();
  const head = git('rev-parse', '--short', 'HEAD');
  return head ? `${head}${git('status', '--porcelain', '--untracked-files=no') ? ' + uncommitted changes' : ''}` : '?';
}

if (!process.env.VERSUS_BACKEND) {
  // Parent: one child per backend, in turn.
  console.log(`Base ${BASE} (${commitOf(BASE)}) against current ${CURRENT} (${commitOf(CURRENT)}), one Node ${process.version} process per backend, ` +
    `${cpus()[0]?.model ?? '?'}, ${cpus().length} CPUs; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}.`);
  console.log(`${ROUNDS} rounds per workload, base and current taking turns call by call; CPU time of the process; ` +
    `at least ${MIN_REPS} turns each and 400 ms per round; figures: median over rounds of each round's median (min–max); current ÷ base = speed-up, taken within each round.`);
  for (const backend of (process.env.VERSUS_BACKENDS ?? 'wasm-scalar,wasm-simd').split(',')) {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], { stdio: 'inherit', env: { ...process.env, VERSUS_BACKEND: backend } });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  console.log(`\nLoad average at the end ${loadavg().map((x) => x.toFixed(2)).join(' ')}.`);
  process.exit(0);
}

// Child: both packages with one backend.
const backend = process.env.VERSUS_BACKEND;
const libs = {};
for (const [name, dir] of [['base', BASE], ['current', CURRENT]]) {
  libs[name] = await import(pathToFileURL(join(dir, 'node.js')).href);
  await libs[name].ready({ backend });
  if (libs[name].backend() !== backend) throw new Error(`${name}: backend ${libs[name].backend()}, wanted ${backend}`);
}

const BLOCK = { dModel: 256, nHeads: 4, dFF: 1024, norm: 'layernorm', activation: 'gelu', prenorm: true };
const SHAPE = JSON.parse(readFileSync(new URL('../train/shape.json', import.meta.url), 'utf8'));
const attnFlops = (N, causal) => 4 * 8 * 64 * (causal ? (N * (N + 1)) / 2 : N * N);
const qkv = (N) => [3, 4, 5].map((s) => randomTensor([8, N, 64], s));

// A workload: make(attn) -> () => Float32Array (a computed output), flops, or
// train: make(attn) -> { step: () => loss, dispose }.
const WORKLOADS = [
  ...[[256, 256, 256], [64, 512, 2048], [512, 512, 512]].map(([M, K, N]) => {
    const a = randomTensor([M, K], 1), b = randomTensor([K, N], 2);
    return { name: `matmul ${M}×${K}×${N}`, flops: 2 * M * K * N, make: (attn) => () => attn.matmul(a, b).data };
  }),
  ...[[512, false], [512, true], [2048, false], [2048, true]].flatMap(([N, causal]) => {
    const [q, k, v] = qkv(N), tag = `H 8 D 64 N ${N}${causal ? ' causal' : ''}`;
    return [
      { name: `attention ${tag}`, flops: attnFlops(N, causal),
        make: (attn) => () => attn.scaledDotProductAttention(q, k, v, { isCausal: causal }).output.data },
      { name: `flashAttention ${tag}`, flops: attnFlops(N, causal),
        make: (attn) => () => attn.flashAttention(q, k, v, { isCausal: causal }).output.data },
    ];
  }),
  (() => {
    const x = randomTensor([256, 256], 7), p = blockParams(BLOCK);
    const config = { nHeads: 4, norm: 'layernorm', activation: 'gelu', prenorm: true, eps: 1e-5 };
    return { name: 'transformerBlock C 256 H 4 F 1024 T 256', flops: countFlops(BLOCK, 256).total,
      make: (attn) => () => attn.transformerBlock(x, p, config).output.data };
  })(),
  { name: `training step, chars shape (B ${SHAPE.batch}, T ${SHAPE.tokens})`, train: true, make: trainingStep },
];

// Model.create (seed 1) + Trainer on train/timing.js's batch.
function trainingStep(attn) {
  if (typeof attn.Model?.create !== 'function' || typeof attn.Trainer !== 'function') return null;
  const { dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen, batch: B, tokens: T } = SHAPE;
  const model = attn.Model.create({ arch: 'llama', dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen }, { seed: 1 });
  const trainer = new attn.Trainer(model, { learningRate: SHAPE.learningRate, clipGradNorm: SHAPE.clipGradNorm });
  const inputs = { data: new Int32Array(B * T), shape: [B, T] }, targets = { data: new Int32Array(B * T), shape: [B, T] };
  for (let i = 0; i < B * T; i++) {
    inputs.data[i] = (7 * i + 3) % vocabSize;
    targets.data[i] = (7 * (i + 1) + 3) % vocabSize;
  }
  let loss = NaN;
  return {
    step: () => { loss = trainer.step(inputs, targets).loss; },
    loss: () => loss,
    dispose: () => { trainer.dispose(); model.dispose(); },
  };
}

const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const relDiff = (a, b) => Math.abs(a - b) / Math.abs(b);

// Cross-checks base against current, then times them in turns. Resolves to
// { rounds, check, load, quiet } or { skipped }.
async function run(w) {
  let fns, check, dispose = () => {};
  if (w.train) {
    const t = [libs.base, libs.current].map(w.make);
    if (t.some((x) => !x)) return { skipped: 'no Model.create / Trainer in one of the packages' };
    t.forEach((x) => x.step());
    const d = relDiff(t[0].loss(), t[1].loss());
    if (!(d <= 1e-4)) throw new Error(`${w.name}: first-step loss base ${t[0].loss()}, current ${t[1].loss()}`);
    const first = t[1].loss();
    check = () => `loss of step 1 ${first.toFixed(5)} (rel ${d.toExponential(1)})`;
    fns = t.map((x) => async () => x.step());
    const after = () => {
      const e = relDiff(t[0].loss(), t[1].loss());
      if (!(e <= 2e-3)) throw new Error(`${w.name}: losses parted after the timed steps: base ${t[0].loss()}, current ${t[1].loss()}`);
      return `; after the timed steps rel ${e.toExponential(1)}`;
    };
    dispose = () => { const s = after(); t.forEach((x) => x.dispose()); return s; };
  } else {
    const f = [libs.base, libs.current].map(w.make);
    const e = relError(f[0](), f[1]());
    if (!(e < 2e-3)) throw new Error(`${w.name}: base output differs from current: max rel ${e}`);
    check = () => `max relative difference ${e.toExponential(1)}`;
    fns = f.map((g) => async () => g());
  }
  const w0 = performance.now();
  while (performance.now() - w0 < 300) for (const f of fns) await f();
  const quiet = await waitForQuiet({ maxMs: QUIET_MS });
  const stop = loadMeter();
  const rounds = (await timeRounds(fns, ROUNDS, { cpu: cpuMs }, { minReps: MIN_REPS })).map((r) => r.cpu);
  const load = stop();
  const tail = dispose() ?? '';
  return { rounds, note: check() + tail, load, quiet };
}

const f1 = (x) => x.toFixed(1), f2 = (x) => x.toFixed(2);
const spread = (xs, f) => `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`;
console.log(`\n### ${backend}\n\n${caption(nodeEngine())}`);
console.log('| workload | base | current | current ÷ base | other work (cores) |\n|---|---|---|---|---|');
const notes = [];
for (const w of WORKLOADS) {
  if (ONLY && !ONLY.test(w.name)) continue;
  const r = await run(w);
  if (r.skipped) {
    console.log(`| ${w.name} | — | — | — (${r.skipped}) | — |`);
    continue;
  }
  const speedUp = r.rounds.map(([b, c]) => b / c);
  const cell = w.train
    ? (i) => `${spread(r.rounds.map((t) => t[i]), (x) => x.toFixed(0))} ms/step`
    : (i) => `${spread(r.rounds.map((t) => w.flops / t[i] / 1e6), f1)} GFLOP/s`;
  console.log(`| ${w.name} | ${cell(0)} | ${cell(1)} | ${spread(speedUp, f2)}× | ${r.load.others.toFixed(2)} |`);
  notes.push(`${w.name}: ${r.note}; waited ${(r.quiet.waitedMs / 1000).toFixed(0)} s for a quiet second (others ${r.quiet.others.toFixed(2)} cores)`);
}
console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
