// The gain of a core change on the training step, measured honestly: two (or
// more) builds of the wasm module loaded in ONE Node process, the same model
// (seed 1) and batch (timing.js's) trained on each, steps interleaved rep by
// rep with the order alternating, so machine load hits every build alike.
//   node scripts/bench/train/gain.js base/attnscope-simd.js new/attnscope-simd.js [more.js] [--rounds 7 --steps 3]
// Each path is an Emscripten glue file with its .wasm beside it (build one
// from an older commit: git archive <commit> | tar -x -C /tmp/x, then
// emcmake cmake -S /tmp/x -B /tmp/x/build/wasm -G Ninja && ninja -C /tmp/x/build/wasm attnscope-simd).
// It drives the Embind handles directly (ModelHandle.createTrainable,
// TrainerHandle; unchanged since the training core landed), so any two
// builds of that API compare. Prints per build the median ms per step and,
// against the first build, the median of the per-round ratios (each round's
// median step of the first build over this one's) with their min-max; and checks that every build's loss and gradient norm at
// each step agree with the first's (float rounding only: rel 1e-4 at step 1,
// 2e-3 later, as Adam amplifies rounding differences).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(args[i + 1]);
  args.splice(i, 2);
  return v;
};
const rounds = opt('rounds', 7), stepsPerRound = opt('steps', 3);
if (args.length < 2) throw new Error('usage: node gain.js base.js new.js [more.js] [--rounds R --steps S]');
const shape = JSON.parse(readFileSync(new URL('./shape.json', import.meta.url), 'utf8'));
const { dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen, batch: B, tokens: T } = shape;

async function load(path) {
  const file = resolve(path);
  const wasmBinary = readFileSync(file.replace(/\.js$/, '.wasm'));
  const { default: create } = await import(pathToFileURL(file).href);
  const M = await create({ wasmBinary });
  const h = new M.ModelHandle();
  // llama, shared classifier, rope, rmsnorm, pre-LN, swiglu, no bias (model_train.js's enum order).
  let s = h.createTrainable(0, dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen, true, 0, 0, true, 0, false, 1);
  if (s !== 0) throw new Error(`${path}: createTrainable: ${h.error()}`);
  const t = new M.TrainerHandle();
  s = t.create(h, shape.learningRate, 0.9, 0.999, 1e-8, 0.01, shape.clipGradNorm, 0, -1, 0);
  if (s !== 0) throw new Error(`${path}: TrainerHandle.create: ${t.error()}`);
  const x = M._malloc(4 * B * T), y = M._malloc(4 * B * T);
  for (let i = 0; i < B * T; i++) {
    M.HEAP32[x / 4 + i] = (7 * i + 3) % vocabSize;
    M.HEAP32[y / 4 + i] = (7 * (i + 1) + 3) % vocabSize;
  }
  const step = () => {
    const t0 = performance.now();
    if (t.step(x, y, B, T) !== 0) throw new Error(`${path}: step: ${t.error()}`);
    const ms = performance.now() - t0;
    return { ms, ...t.result() };
  };
  return { path, name: path, step, times: [], results: [] };
}

const builds = [];
for (const p of args) builds.push(await load(p));
for (const b of builds) for (let w = 0; w < 2; w++) b.results.push(b.step()); // warm-up, same steps on each

const roundMedians = builds.map(() => []);
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
for (let r = 0; r < rounds; r++) {
  const times = builds.map(() => []);
  for (let s = 0; s < stepsPerRound; s++) {
    const order = builds.map((_, i) => i);
    if ((r * stepsPerRound + s) % 2) order.reverse();
    for (const i of order) {
      const res = builds[i].step();
      builds[i].results.push(res);
      times[i].push(res.ms);
      builds[i].times.push(res.ms);
    }
  }
  times.forEach((t, i) => roundMedians[i].push(median(t)));
}

// Same training on every build: loss and gradient norm per step against the first build's.
let worst = { rel: 0 };
const ref = builds[0].results;
for (const b of builds.slice(1)) {
  b.results.forEach((r, k) => {
    for (const key of ['loss', 'gradNorm']) {
      const rel = Math.abs(r[key] - ref[k][key]) / Math.abs(ref[k][key]);
      const tol = k === 0 ? 1e-4 : 2e-3;
      if (!(rel <= tol)) throw new Error(`${b.path}: ${key} at step ${k + 1} is ${r[key]}, first build ${ref[k][key]} (rel ${rel.toExponential(2)} > ${tol})`);
      if (rel > worst.rel) worst = { rel, key, step: k + 1, build: b.name };
    }
  });
}

console.log(`training step, chars model B ${B} x T ${T}; ${rounds} rounds x ${stepsPerRound} steps per build, interleaved`);
const base = median(builds[0].times);
for (const [i, b] of builds.entries()) {
  const m = median(b.times);
  const ratios = roundMedians[i].map((v, r) => roundMedians[0][r] / v);
  const span = i === 0 ? '' : ` | speed-up vs first: ${median(ratios).toFixed(2)}x median of the round ratios ` +
    `(min-max ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}; ratio of the medians ${(base / m).toFixed(2)}x)`;
  console.log(`${b.name}: median ${m.toFixed(1)} ms/step (best ${Math.min(...b.times).toFixed(1)})${span}`);
}
const last = ref.length - 1;
console.log(`loss step 1 ${ref[0].loss.toFixed(5)}, step ${last + 1} ${ref[last].loss.toFixed(5)}; every build within ` +
  `rel ${worst.rel.toExponential(1)} of the first (worst: ${worst.key ?? '-'} at step ${worst.step ?? '-'}, ${worst.build ?? '-'})`);
console.log(`load average ${loadavg().map((v) => v.toFixed(1)).join(' ')}`);
