// Threads vs one thread on this machine (docs/BENCHMARKS.md "Threads"):
//   node scripts/bench/threads/bench.js [rounds] [trainSteps] [--json [file]]
//   (--json records the run as docs/bench/<date>-threads.json)
// 1. matmul 512³ and attention (B 1, H 8, N 2048, D 64; plain and flash)
//    in ONE process: the single-thread SIMD build and the threaded build are
//    both loaded (raw Embind calls on inputs already in each heap, so the
//    kernels are timed, not the copies), interleaved rep by rep; outputs
//    cross-checked bit for bit.
// 2. a training step (scripts/bench/train, the chars shape) through the
//    public API: one backend per process, so the two processes alternate.
// Prints the medians, each round's ratio, the load average and how many
// cores each side got (process CPU time / wall time: on a machine shared
// with other work the threaded side cannot get 2 when the load is high).
import { caption, nodeEngine } from '../machine.js';
import { jsonTarget, startRun, writeRun } from '../record.js';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const JSON_FILE = jsonTarget(process.argv, 'threads');
const recording = startRun();
const positional = process.argv.slice(2).filter((a, i, all) => a !== '--json' && all[i - 1] !== '--json');
const rounds = Number(positional[0] ?? 15);
const trainSteps = Number(positional[1] ?? 4);
const rows = [];
let differing = 0;
const WASM = new URL('../../../web/lib/wasm/', import.meta.url);
const { default: createSingle } = await import('../../../web/lib/wasm/attnscope-simd.js');
const single = await createSingle({ wasmBinary: readFileSync(new URL('attnscope-simd.wasm', WASM)) });
const createThreaded = createRequire(import.meta.url)('../../../web/lib/wasm/node/attnscope-simd-threads.js');
const threaded = await createThreaded({ wasmBinary: readFileSync(new URL('node/attnscope-simd-threads.wasm', WASM)) });
threaded.unrefThreads();

function lcg(n, seed) {
  const a = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; a[i] = s / 2 ** 31 - 1; }
  return a;
}
function put(M, a) {
  const p = M._malloc(a.byteLength);
  M.HEAPF32.set(a, p / 4);
  return p;
}

// Each workload: flops and, per module, a () => output runner with inputs in place.
function matmulCase(M, n) {
  const a = put(M, lcg(n * n, 1)), b = put(M, lcg(n * n, 2)), o = M._malloc(n * n * 4);
  const idx = put(M, new Float32Array(1)); // one int 0 (the same bits as float 0)
  return () => { M.matmul(o, a, b, idx, idx, 1, n, n, n); return new Float32Array(M.HEAPF32.buffer, o, n * n).slice(); };
}
function attentionCase(M, { H, N, D, flash }) {
  const n = H * N * D;
  const q = put(M, lcg(n, 3)), k = put(M, lcg(n, 4)), v = put(M, lcg(n, 5)), o = M._malloc(n * 4);
  const args = { B: 1, H, Hkv: H, Nq: N, Nk: N, D, Dv: D, kind: 0, window: 0, scale: 1 / Math.sqrt(D),
    temperature: 1, eps: 1e-6, causal: false, alibi: false, maskAllow: 0, maskAdd: 0,
    strideB: 0, strideH: 0, strideQ: 0, strideK: 0 };
  return () => {
    const s = flash ? M.flashAttention(o, q, k, v, args) : M.attention(o, 0, q, k, v, args);
    if (s !== 0) throw new Error(`status ${s}`);
    return new Float32Array(M.HEAPF32.buffer, o, n).slice();
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x, d = 1) => x.toFixed(d);
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

const CASES = [
  // label: the row of the recorded table (the same on every run, so runs on two CPU kinds line up)
  { name: 'matmul 512x512x512', label: 'matmul 512×512×512', flops: 2 * 512 ** 3, make: (M) => matmulCase(M, 512) },
  { name: 'attention H 8, N 2048, D 64', label: 'attention B 1, H 8, N 2048, D 64', flops: 4 * 8 * 2048 * 2048 * 64, make: (M) => attentionCase(M, { H: 8, N: 2048, D: 64 }) },
  { name: 'flash attention H 8, N 2048, D 64', label: 'flash attention, same shape', flops: 4 * 8 * 2048 * 2048 * 64, make: (M) => attentionCase(M, { H: 8, N: 2048, D: 64, flash: true }) },
];

console.log(caption(nodeEngine()));
console.log(`threads bench: ${cpus().length} cores, ${rounds} rounds; load average at start ${loadavg().map((x) => fmt(x, 2)).join(' ')}`);
const loadStart = loadavg()[0];
for (const c of CASES) {
  const runS = c.make(single), runT = c.make(threaded);
  const outS = runS(), outT = runT();
  let diff = 0;
  for (let i = 0; i < outS.length; i++) if (!Object.is(outS[i], outT[i])) diff++;
  const ts = [], tt = [], ratios = [];
  let cpuS = 0, wallS = 0, cpuT = 0, wallT = 0;
  for (let r = 0; r < rounds; r++) {
    let c0 = cpuMs(), t0 = performance.now(); runS(); const s = performance.now() - t0;
    cpuS += cpuMs() - c0; wallS += s;
    c0 = cpuMs(); t0 = performance.now(); runT(); const t = performance.now() - t0;
    cpuT += cpuMs() - c0; wallT += t;
    ts.push(s); tt.push(t); ratios.push(s / t);
  }
  const ms = median(ts), mt = median(tt);
  console.log(`${c.name}: one thread ${fmt(ms)} ms (${fmt(c.flops / ms / 1e6)} GFLOP/s), threads ${fmt(mt)} ms `
    + `(${fmt(c.flops / mt / 1e6)} GFLOP/s): speed-up ${fmt(ms / mt, 2)}x (rounds ${fmt(Math.min(...ratios), 2)}-${fmt(Math.max(...ratios), 2)}); `
    + `cores used (CPU time / wall time): one thread ${fmt(cpuS / wallS, 2)}, threads ${fmt(cpuT / wallT, 2)}; outputs differing: ${diff}`);
  const r1 = (x) => Number(x.toFixed(1)), r2 = (x) => Number(x.toFixed(2));
  rows.push([c.label, r1(ms), r1(c.flops / ms / 1e6), r1(mt), r1(c.flops / mt / 1e6),
    [r2(ms / mt), r2(Math.min(...ratios)), r2(Math.max(...ratios))], `${fmt(cpuS / wallS, 2)} / ${fmt(cpuT / wallT, 2)}`]);
  differing += diff;
}

// The training step: alternate processes, one backend each (public API, with its copies).
const here = fileURLToPath(new URL('../train/', import.meta.url));
const step = { 'wasm-simd': [], 'wasm-simd-threads': [] };
const trainRounds = Math.max(1, Math.round(rounds / 5));
for (let r = 0; r < trainRounds; r++) {
  for (const backend of Object.keys(step)) {
    const out = execFileSync('node', [`${here}node.js`, `${here}shape.json`, String(trainSteps)],
      { encoding: 'utf8', env: { ...process.env, ATTNSCOPE_BACKEND: backend } });
    const r = JSON.parse(out.trim().split('\n').pop());
    if (r.backend !== backend) throw new Error(`asked for ${backend}, ran ${r.backend}`);
    step[backend].push(r.median_ms);
  }
}
const [s1, s2] = [median(step['wasm-simd']), median(step['wasm-simd-threads'])];
console.log(`training step (chars shape, ${trainSteps} steps x ${trainRounds} alternating process pairs): `
  + `one thread ${fmt(s1)} ms, threads ${fmt(s2)} ms: speed-up ${fmt(s1 / s2, 2)}x `
  + `(per pair ${step['wasm-simd'].map((x, i) => fmt(x / step['wasm-simd-threads'][i], 2)).join(', ')})`);
console.log(`load average at end ${loadavg().map((x) => fmt(x, 2)).join(' ')} (start ${fmt(loadStart, 2)})`);
if (JSON_FILE) {
  const pairs = step['wasm-simd'].map((x, i) => x / step['wasm-simd-threads'][i]);
  rows.push([`training step (chars, B 8 × T 128)`, Number(fmt(s1)), null, Number(fmt(s2)), null,
    [Number(fmt(s1 / s2, 2)), Number(fmt(Math.min(...pairs), 2)), Number(fmt(Math.max(...pairs), 2))], null]);
  writeRun(JSON_FILE, recording.finish({
    group: 'threads',
    title: 'Threads against one thread',
    software: `${nodeEngine()}; wasm-simd-threads (a pool of ${Math.min(cpus().length, 4)}) against wasm-simd`,
    command: `node scripts/bench/threads/bench.js ${positional.join(' ')} --json`,
    conditions: 'matmul and attention interleaved in one process on raw bindings, the training step in alternating processes through the public API (as TrainerWorker runs it)',
    clock: 'wall-clock time',
    tables: [{
      id: 'threads',
      unit: `median over ${rounds} rounds; speed-up min–max over rounds (the training step: over its ${trainRounds} process pairs)`,
      compare: 'speedup',
      columns: [{ key: 'workload', label: 'workload' }, { key: 'oneMs', label: 'one thread, ms', digits: 1 },
        { key: 'oneGflops', label: 'GFLOP/s', digits: 1 }, { key: 'threadsMs', label: 'threads, ms', digits: 1 },
        { key: 'threadsGflops', label: 'GFLOP/s', digits: 1 }, { key: 'speedup', label: 'speed-up', digits: 2, unit: '×' },
        { key: 'cores', label: 'cores used (one / threads)' }],
      rows,
    }],
    notes: [differing ? `${differing} output elements differed between the two builds.` : 'Outputs equal bit for bit between the two builds.'],
  }));
}
process.exit(0);
