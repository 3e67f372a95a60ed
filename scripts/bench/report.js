// Runs every backend's benchmark and prints Markdown tables:
//   node scripts/bench/report.js path/to/attnscope_bench
// Each wasm backend lives in its own child process (a process loads one
// backend); the native bench is started once per case. The backends take
// turns case by case, for BENCH_ROUNDS rounds (default 3), so the two sides
// of a ratio are measured seconds apart and a burst of load on a shared
// machine hits all of them. A figure is the median over rounds of the
// per-round medians; a ratio is computed within each round, then the median
// over rounds is shown with its range (the range is the noise). The block and
// long-attention tables, and the peak-heap figures, come from tables.js.
import { caption, cpuModel, nodeEngine } from './machine.js';
import { fork, spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { CASES } from './cases.js';
import { printBlockTable, printLongTables } from './tables.js';
const ENGINES = [`${nodeEngine()}: wasm-simd, wasm-scalar`, 'native (-march=native)'];

const nativeBin = process.argv[2];
if (!nativeBin) throw new Error('usage: node scripts/bench/report.js path/to/attnscope_bench');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
// BENCH_GROUPS=block,long runs only those groups of cases.js (default: all).
const groups = (process.env.BENCH_GROUPS ?? 'kernel,block,long').split(',');
const cases = CASES.filter((c) => groups.includes(c.group));
const nodeBench = fileURLToPath(new URL('./node/bench.js', import.meta.url));

// A wasm backend in a child process: ask(index) resolves to { arch, result }.
function wasmWorker(backend) {
  const child = fork(nodeBench, [], { env: { ...process.env, ATTNSCOPE_BACKEND: backend } });
  let waiting = null;
  const started = new Promise((resolve) => { waiting = resolve; });
  child.on('message', (m) => waiting(m));
  child.on('exit', (code) => { if (code) throw new Error(`${backend} bench exited with ${code}`); });
  return {
    started,
    ask: (index) => new Promise((resolve) => { waiting = resolve; child.send({ index }); }),
    stop: () => child.disconnect(),
  };
}

function nativeCase(index) {
  const r = spawnSync(nativeBin, [String(index)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${nativeBin} ${index} failed:\n${r.stderr}`);
  const out = JSON.parse(r.stdout);
  return { arch: out.arch, result: out.results[0] };
}

const workers = { 'wasm-simd': wasmWorker('wasm-simd'), 'wasm-scalar': wasmWorker('wasm-scalar') };
await Promise.all(Object.values(workers).map((w) => w.started));
const BACKENDS = {
  'wasm-simd': (i) => workers['wasm-simd'].ask(i),
  'wasm-scalar': (i) => workers['wasm-scalar'].ask(i),
  native: async (i) => nativeCase(i),
};

// runs[backend][case] = one { api, kernel } median pair (ms) per round.
const runs = {}, arch = {};
for (let round = 0; round < rounds; round++) {
  for (const c of cases) {
    const i = CASES.indexOf(c);
    process.stderr.write(`bench: round ${round + 1}/${rounds}, ${c.name}\n`);
    for (const [name, runCase] of Object.entries(BACKENDS)) {
      const { arch: a, result: r } = await runCase(i);
      arch[name] = a;
      if (r.name !== c.name || r.flops !== c.flops) {
        throw new Error(`${name} ran "${r.name}" (${r.flops} FLOP) where cases.js has "${c.name}" (${c.flops})`);
      }
      ((runs[name] ??= {})[c.name] ??= []).push({ api: r.api?.median, kernel: r.kernel?.median });
    }
  }
}
Object.values(workers).forEach((w) => w.stop());

const median = (xs) => {
  const t = [...xs].sort((a, b) => a - b), m = t.length >> 1;
  return t.length % 2 ? t[m] : (t[m - 1] + t[m]) / 2;
};
// Median over rounds of one backend's time, and of a ratio taken within each round.
const time = (b, c, what) => median(runs[b][c].map((r) => r[what]));
const ratios = (num, den, c, what) => runs[num][c].map((r, i) => r[what] / runs[den][c][i][what]);
const gflops = (flops, ms) => (Number.isFinite(ms) ? (flops / ms / 1e6).toFixed(2) : '—');
const x = (v) => `${v.toFixed(2)}×`;
const withRange = (rs) => (rs.length > 1
  ? `${x(median(rs))} (${Math.min(...rs).toFixed(1)}–${Math.max(...rs).toFixed(1)})` : x(rs[0]));

const emcc = spawnSync('emcc', ['--version'], { encoding: 'utf8' }).stdout?.match(/\d+\.\d+\.\d+/)?.[0] ?? '?';
console.log(`Machine: ${cpuModel()}; ${nodeEngine()}; Emscripten ${emcc}`);
console.log(`xsimd arch: wasm-simd ${arch['wasm-simd']}, wasm-scalar ${arch['wasm-scalar']}, native ${arch.native}. ` +
  `${rounds} round(s); figures are medians over rounds of per-round medians.`);
console.log('GFLOP/s, higher is better. api = the public JS call, copies into and out of wasm included; ' +
  'kernel = the Embind call on data already in the heap (native: the C++ call).');
console.log('Ratios are taken within each round (backends measured seconds apart), median over rounds (min–max).\n');
const kernels = cases.filter((k) => k.group === 'kernel');
if (kernels.length) {
  console.log('### Kernels\n');
  console.log(caption(ENGINES));
  console.log('| case | MFLOP | simd api | simd kernel | scalar api | scalar kernel | native | SIMD/scalar api | SIMD/scalar kernel | native/SIMD kernel |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
}
for (const c of kernels) {
  const n = c.name, f = c.flops;
  console.log(`| ${n} | ${(f / 1e6).toFixed(1)} | ${gflops(f, time('wasm-simd', n, 'api'))} | ` +
    `${gflops(f, time('wasm-simd', n, 'kernel'))} | ${gflops(f, time('wasm-scalar', n, 'api'))} | ` +
    `${gflops(f, time('wasm-scalar', n, 'kernel'))} | ${gflops(f, time('native', n, 'kernel'))} | ` +
    `${withRange(ratios('wasm-scalar', 'wasm-simd', n, 'api'))} | ` +
    `${withRange(ratios('wasm-scalar', 'wasm-simd', n, 'kernel'))} | ` +
    `${withRange(ratios('wasm-simd', 'native', n, 'kernel'))} |`);
}
const summary = { runs, median, withRange, caption: caption(ENGINES) };
printBlockTable(cases.filter((c) => c.group === 'block'), summary);
printLongTables(cases.filter((c) => c.group === 'long'), summary);
