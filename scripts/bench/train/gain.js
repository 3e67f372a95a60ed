// Training-step speed compared honestly: several trainers timed on the same
// step, interleaved rep by rep with the order alternating, so machine load
// hits every one alike (contestants.js): wasm builds loaded in this ONE Node
// process, and optionally the native build and PyTorch as step servers.
//   node scripts/bench/train/gain.js base/attnscope-simd.js new/attnscope-simd.js [more.js]
//        [--native build/native/attnscope_bench_train] [--torch] [--rounds 7 --steps 3] [--clock cpu|wall]
//        [--json [file]]   (records the run as docs/bench/<date>-train-step.json; needs --torch)
// A wasm path is an Emscripten glue file with its .wasm beside it (with
// `+fma` after it, the fused multiply-add kernels attached: run node with
// --experimental-wasm-relaxed-simd in Node 20); build one from an older
// commit outside the repo:
//   git archive <commit> | tar -x -C /tmp/x
//   emcmake cmake -S /tmp/x -B /tmp/x/build/wasm -G Ninja && ninja -C /tmp/x/build/wasm attnscope-simd
// --torch: torch_train.py (OpenBLAS, one thread, as report.js). --clock:
// the time compared, the process CPU time of each step (default: on a
// shared machine it is what the code costs) or the wall time. Prints per
// trainer the median ms per step and, against the first trainer (and against
// PyTorch when present), the median of the per-round ratios (each round's
// median step of one over the other's) with their min-max. Every attnscope
// trainer starts from the same seeded weights, so their loss at each step
// must agree with the first's (float rounding only: rel 1e-4 at step 1, 2e-3
// later, as Adam amplifies rounding differences); PyTorch draws its own init.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { serverTrainer, wasmTrainer } from './contestants.js';
import { openblasDir, openblasEnv } from './openblas.js';
import { caption, nodeEngine } from '../machine.js';
import { jsonTarget, startRun, writeRun } from '../record.js';

const args = process.argv.slice(2);
const JSON_FILE = jsonTarget(args, 'train-step');
if (JSON_FILE) args.splice(args.indexOf('--json'), args[args.indexOf('--json') + 1] === JSON_FILE ? 2 : 1);
const recording = startRun();
const commandLine = `node ${process.execArgv.join(' ')} scripts/bench/train/gain.js ${process.argv.slice(2).join(' ')}`.replace(/\s+/g, ' ');
const take = (name, hasValue) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = hasValue ? args[i + 1] : true;
  args.splice(i, hasValue ? 2 : 1);
  return v;
};
const rounds = Number(take('rounds', true) ?? 7), stepsPerRound = Number(take('steps', true) ?? 3);
const clock = take('clock', true) ?? 'cpu';
if (clock !== 'cpu' && clock !== 'wall') throw new Error(`--clock is cpu or wall (got ${clock})`);
const native = take('native', true), torch = take('torch', false);
if (args.length + (native ? 1 : 0) + (torch ? 1 : 0) < 2) {
  throw new Error('usage: node gain.js a.js [b.js ...] [--native bin] [--torch] [--rounds R --steps S] (two trainers or more)');
}
const shapeFile = fileURLToPath(new URL('./shape.json', import.meta.url));
const shape = JSON.parse(readFileSync(shapeFile, 'utf8'));
const { dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen, batch: B, tokens: T } = shape;

const trainers = [];
for (const p of args) trainers.push(await wasmTrainer(p, shape));
if (native) {
  const sizes = [dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen, B, T, 0].map(String);
  trainers.push(await serverTrainer(`native ${native}`, native, [...sizes, 'serve'], {}, true));
}
let torchIndex = -1;
if (torch) {
  const blas = openblasDir();
  const script = fileURLToPath(new URL('./torch_train.py', import.meta.url));
  torchIndex = trainers.length;
  trainers.push(await serverTrainer(`PyTorch (${blas ? 'OpenBLAS' : 'reference BLAS'}, 1 thread)`, '/usr/bin/python3',
    [script, shapeFile, 'serve'], openblasEnv(blas)));
}

const runs = trainers.map(() => ({ times: [], walls: [], losses: [], rounds: [] }));
for (const [i, t] of trainers.entries()) for (let w = 0; w < 2; w++) runs[i].losses.push((await t.step()).loss);
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
for (let r = 0; r < rounds; r++) {
  const times = trainers.map(() => []);
  for (let s = 0; s < stepsPerRound; s++) {
    const order = trainers.map((_, i) => i);
    if ((r * stepsPerRound + s) % 2) order.reverse();
    for (const i of order) {
      const res = await trainers[i].step();
      const t = clock === 'cpu' ? res.cpu : res.ms;
      runs[i].losses.push(res.loss);
      runs[i].times.push(t);
      runs[i].walls.push(res.ms);
      times[i].push(t);
    }
  }
  times.forEach((t, i) => runs[i].rounds.push(median(t)));
}
for (const t of trainers) t.close();

// The same training on every attnscope trainer: the loss per step against the first's.
let worst = { rel: 0 };
const ref = runs[0].losses;
trainers.forEach((t, i) => {
  if (i === 0 || !t.sameInit) return;
  runs[i].losses.forEach((l, k) => {
    const rel = Math.abs(l - ref[k]) / Math.abs(ref[k]);
    const tol = k === 0 ? 1e-4 : 2e-3;
    if (!(rel <= tol)) throw new Error(`${t.name}: loss at step ${k + 1} is ${l}, first trainer ${ref[k]} (rel ${rel.toExponential(2)} > ${tol})`);
    if (rel > worst.rel) worst = { rel, step: k + 1, name: t.name };
  });
});

const ratio = (i, j) => {
  const v = runs[i].rounds.map((m, r) => m / runs[j].rounds[r]);
  return `${median(v).toFixed(2)}x (${Math.min(...v).toFixed(2)}-${Math.max(...v).toFixed(2)})`;
};
console.log(caption(`${nodeEngine()} for the wasm builds`));
console.log(`training step, chars model B ${B} x T ${T}; ${rounds} rounds x ${stepsPerRound} steps each, interleaved; ` +
  `${clock === 'cpu' ? 'CPU' : 'wall'} time; ratios: median of the per-round ratios (min-max)`);
for (const [i, t] of trainers.entries()) {
  const parts = [`median ${median(runs[i].times).toFixed(1)} ms/step (best ${Math.min(...runs[i].times).toFixed(1)}; ` +
    `wall median ${median(runs[i].walls).toFixed(1)})`];
  if (i > 0) parts.push(`speed-up vs first ${ratio(0, i)}`);
  if (torchIndex >= 0 && i !== torchIndex) parts.push(`time / PyTorch ${ratio(i, torchIndex)}`);
  console.log(`${t.name}: ${parts.join(' | ')}`);
}
const last = ref.length - 1;
console.log(`loss step 1 ${ref[0].toFixed(5)}, step ${last + 1} ${ref[last].toFixed(5)}; attnscope trainers within ` +
  `rel ${worst.rel.toExponential(1)} of the first (worst at step ${worst.step ?? '-'}, ${worst.name ?? '-'})`);
if (torchIndex >= 0) {
  const tl = runs[torchIndex].losses;
  console.log(`PyTorch loss step 1 ${tl[0].toFixed(5)}, step ${tl.length} ${tl[tl.length - 1].toFixed(5)} (its own init)`);
}
console.log(`load average ${loadavg().map((v) => v.toFixed(1)).join(' ')}`);

if (JSON_FILE) {
  if (torchIndex < 0) throw new Error('--json records the time against PyTorch: add --torch');
  const ratioCell = (i, j) => {
    const v = runs[i].rounds.map((m, r) => m / runs[j].rounds[r]).sort((a, b) => a - b);
    return [Number(median(v).toFixed(2)), Number(v[0].toFixed(2)), Number(v.at(-1).toFixed(2))];
  };
  const label = (t) => (t.name.startsWith('PyTorch') ? `PyTorch 1.13, ${t.name.includes('OpenBLAS') ? 'OpenBLAS' : 'reference BLAS'}, one thread`
    : t.name.startsWith('native') ? 'attnscope native (`-march=native`)'
      : t.name.endsWith('+fma') ? 'attnscope wasm-simd-fma (Node, relaxed SIMD enabled)' : 'attnscope wasm-SIMD (Node)');
  writeRun(JSON_FILE, recording.finish({
    group: 'train-step',
    title: 'Training step against PyTorch',
    software: `${nodeEngine()} (wasm builds); native core built with -march=native; PyTorch 1.13 with ${openblasDir() ? 'OpenBLAS 0.3' : 'the reference BLAS'}, one thread`,
    command: commandLine,
    conditions: `trainers interleaved step by step, the order alternating`,
    clock: `${clock === 'cpu' ? 'CPU' : 'wall-clock'} time of each step`,
    tables: [{
      id: 'train',
      unit: `one step of the chars model (B ${B} × T ${T}): forward, backward, clipping, AdamW; median over ${rounds} rounds (min–max of the per-round ratio)`,
      compare: 'overTorch',
      columns: [{ key: 'trainer', label: 'trainer' }, { key: 'ms', label: 'ms / step', digits: 0 },
        { key: 'overTorch', label: 'time ÷ PyTorch', digits: 2, unit: '×' }],
      rows: trainers.map((t, i) => [label(t), Number(median(runs[i].times).toFixed(0)), i === torchIndex ? 1 : ratioCell(i, torchIndex)]),
    }],
    notes: [`Every attnscope trainer starts from the same seeded weights; their losses agreed at every step within rel ${worst.rel.toExponential(1)} (${ref[0].toFixed(5)} at step 1).`],
  }));
}
