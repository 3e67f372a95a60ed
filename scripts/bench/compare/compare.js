// npm run bench (BENCH_GROUPS=compare): attnscope against onnxruntime-web and
// tfjs-backend-wasm on the same workloads in this one Node process, one
// thread each, wasm SIMD, through each public API (copies included).
//   node scripts/bench/compare/compare.js        (COMPARE_ROUNDS=n, default 5)
//   ... --json [file]   also records the run (default docs/bench/<date>-compare-node.json)
// Per workload: wait for a quiet machine, cross-check every output against
// attnscope's, then rounds in which the systems take turns rep by rep; a
// round keeps each system's median, a ratio is taken within a round. The
// table shows GFLOP/s (median over rounds, min–max) and the ratios, and how
// many cores other work kept busy meanwhile. browser.js runs the same cases
// (rounds.js) in headless Chromium.
import { initAll, matmulSystems, attentionSystems, blockSystems } from './systems.js';
import { cases, prepareCase, timeRounds, report, note, HEAD } from './rounds.js';
import { loadMeter, othersSpan, waitForQuiet } from './load.js';
import { caption, nodeEngine } from '../machine.js';
import { jsonTarget, startRun, writeRun } from '../record.js';
import { compareTable, crossCheckNote } from './record.js';

const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 5);
// QUIET_WAIT_S: how long to wait for a quiet second before each workload (default 60).
const QUIET_MS = 1000 * Number(process.env.QUIET_WAIT_S ?? 60);
const ONLY = process.env.COMPARE_ONLY ? new RegExp(process.env.COMPARE_ONLY) : null;
const CASES = cases({ matmulSystems, attentionSystems, blockSystems });

// CPU milliseconds this process has used: on a machine where other work
// takes the cores, wall time counts the slices the scheduler gave to others.
function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
const CLOCKS = { cpu: cpuMs, wall: () => performance.now() };

async function runCase(c) {
  const { systems, names, fns, errors } = await prepareCase(c);
  const quiet = await waitForQuiet({ maxMs: QUIET_MS });
  const stop = loadMeter();
  const rounds = await timeRounds(fns, ROUNDS, CLOCKS);
  const load = stop();
  systems.dispose?.();
  return { name: c.name, flops: c.flops, names, rounds, errors, load, quiet };
}

const JSON_FILE = jsonTarget(process.argv, 'compare-node');
const recording = startRun();
const versions = await initAll();
console.log(`Side by side in one Node ${process.version} process, one thread, wasm SIMD: attnscope ${versions.attnscope}, ${versions.ort}, ${versions.tfjs}.`);
console.log(`${ROUNDS} rounds per workload; GFLOP/s = median over rounds of each round's median (min–max); ratios ÷ the faster runtime, within each round.`);
const notes = [], results = [];
for (const c of CASES) {
  if (ONLY && !ONLY.test(c.name)) continue;
  const r = await runCase(c);
  results.push(r);
  console.error(report(r, 'cpu'));
  notes.push(note(r));
}
const cap = caption(`${nodeEngine()}: attnscope ${versions.attnscope}`);
console.log(`\nBy CPU time of this process (the time the calls ran, whatever else the cores did):\n\n${cap}\n${HEAD}`);
results.forEach((r) => console.log(report(r, 'cpu')));
console.log(`\nBy wall-clock time (what a user waits; disturbed by other work on the cores):\n\n${cap}\n${HEAD}`);
results.forEach((r) => console.log(report(r, 'wall')));
console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
if (JSON_FILE) {
  const env = Object.entries(process.env).filter(([k]) => /^(COMPARE_|QUIET_WAIT_S)/.test(k)).map(([k, v]) => `${k}=${v} `).join('');
  writeRun(JSON_FILE, recording.finish({
    group: 'compare-node',
    title: 'Side by side in Node',
    software: `${nodeEngine()}; attnscope ${versions.attnscope}; ${versions.ort} (wasm, numThreads 1, SIMD); ${versions.tfjs}; xsimd reference kernel built by the same Emscripten`,
    command: `${env}node scripts/bench/compare/compare.js --json`,
    conditions: `other work ${othersSpan(results.map((r) => r.load.others))} cores while timing`,
    clock: 'CPU time of the process',
    tables: [compareTable(results, 'cpu', ROUNDS)],
    notes: [crossCheckNote(results)],
  }));
}
