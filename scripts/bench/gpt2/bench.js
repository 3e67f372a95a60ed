// npm run bench (BENCH_GROUPS=gpt2): a GPT-2-124M-shaped model with random
// float32 weights, attnscope against onnxruntime-web 1.30 running the same
// weights exported from PyTorch with torch.onnx, in one Node process, one
// thread each, wasm SIMD:
//   prefill     the 128-token prompt -> the last position's logits (and the cache)
//   generation  then GPT2_NEW (default 32) greedy tokens with the KV cache / past key values
//   node scripts/bench/gpt2/bench.js      (GPT2_ROUNDS=n, default 3; GPT2_DIR)
//   ... --json [file]                     also writes the run (docs/bench/<date>-gpt2.json)
// The files come from make_gpt2.py (run here when missing: needs
// /usr/bin/python3 with Debian's torch). Both systems are first checked
// against PyTorch's float64 logits; then rounds in which they take turns rep
// by rep, a ratio taken within each round.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import * as ort from 'onnxruntime-web';
import * as attn from '../../../web/lib/node.js';
import { loadMeter, othersSpan, waitForQuiet } from '../compare/load.js';
import { median } from '../compare/rounds.js';
import { attnscopeSystem, onnxSystem } from './systems.js';
import { crossCheck, readReference } from './check.js';
import { jsonTarget, spreadCell, startRun, writeRun } from '../record.js';

const DIR = process.env.GPT2_DIR ?? 'build/bench-models/gpt2-124m';
const ROUNDS = Number(process.env.GPT2_ROUNDS ?? 3);
const REPS = 3;
const NEW_TOKENS = Number(process.env.GPT2_NEW ?? 32);
const QUIET_MS = 1000 * Number(process.env.QUIET_WAIT_S ?? 60);
const TARGET = { prefill: 1.3, generation: 1.2 };
const JSON_FILE = jsonTarget(process.argv, 'gpt2');
const recording = startRun();

const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const CLOCKS = { cpu: cpuMs, wall: () => performance.now() };
const timed = async (fn) => {
  const c0 = cpuMs(), w0 = performance.now();
  await fn();
  return { cpu: cpuMs() - c0, wall: performance.now() - w0 };
};

function makeFiles() {
  if (existsSync(`${DIR}/made.json`)) return;
  console.error(`bench gpt2: writing the model files into ${DIR} (make_gpt2.py, a few minutes)`);
  const r = spawnSync('nice', ['-n', '10', '/usr/bin/python3', 'scripts/bench/gpt2/make_gpt2.py', DIR], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('make_gpt2.py failed (it needs /usr/bin/python3 with torch and numpy)');
}

/** One round: the systems take turns REPS times; each system's median per clock. */
async function round(systems, run) {
  const spent = systems.map(() => ({ cpu: [], wall: [] }));
  for (let rep = 0; rep < REPS; rep++) {
    const order = rep % 2 ? [...systems.keys()].reverse() : [...systems.keys()];
    for (const i of order) {
      const t = await run(systems[i]);
      spent[i].cpu.push(t.cpu);
      spent[i].wall.push(t.wall);
    }
  }
  return spent.map((s) => ({ cpu: median(s.cpu), wall: median(s.wall) }));
}

async function workload(name, systems, run, perSecond) {
  const quiet = await waitForQuiet({ maxMs: QUIET_MS });
  const stop = loadMeter();
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) rounds.push(await round(systems, run));
  return { name, rounds, perSecond, load: stop(), quiet };
}

const f = (x, d = 1) => x.toFixed(d);
const spread = (xs, d) => `${f(median(xs), d)} (${f(Math.min(...xs), d)}–${f(Math.max(...xs), d)})`;

function row(w, clock) {
  const rate = (i) => w.rounds.map((r) => w.perSecond / (r[i][clock] / 1000));
  const ratio = w.rounds.map((r) => r[1][clock] / r[0][clock]);
  const target = TARGET[w.name.startsWith('prefill') ? 'prefill' : 'generation'];
  const met = median(ratio) >= target ? 'met' : 'not met';
  return `| ${w.name} | ${spread(rate(0), 1)} | ${spread(rate(1), 1)} | ${spread(ratio, 2)} | ≥ ${target} (${met}) | ${f(w.load.others, 2)} |`;
}

makeFiles();
await attn.ready({ backend: 'wasm-simd' });
ort.env.wasm.numThreads = 1;
ort.env.wasm.simd = true;
const made = JSON.parse(readFileSync(`${DIR}/made.json`, 'utf8'));
const loadTimes = {};
let t0 = performance.now();
const a = await attnscopeSystem(attn, DIR, CLOCKS);
loadTimes.attnscope = performance.now() - t0;
t0 = performance.now();
const o = await onnxSystem(ort, DIR, CLOCKS);
loadTimes.ort = performance.now() - t0;
const systems = [a, o];
const reference = readReference(DIR);
const checks = await crossCheck(a, o, reference);
const prompt = reference.prompt;

const results = [
  await workload(`prefill, ${prompt.length} tokens (tokens/s)`, systems, (s) => timed(() => s.prefill(prompt)), prompt.length),
  await workload(`generation, ${NEW_TOKENS} tokens after the prompt (tokens/s)`, systems, async (s) => (await s.generate(prompt, NEW_TOKENS)).spent, NEW_TOKENS),
];
systems.forEach((s) => s.dispose());

const HEAD = '| workload | attnscope | onnxruntime-web | attnscope ÷ onnxruntime-web | target | other work (cores) |\n|---|---|---|---|---|---|';
console.log(`GPT-2-124M shape (${made.parameters.toLocaleString('en')} parameters, random float32 weights, seed ${made.seed}), one Node ${process.version} process, one thread, wasm SIMD: attnscope ${attn.backend()} (${a.route}), onnxruntime-web ${ort.env.versions.web} (torch.onnx ${made.torch} graphs, opset 17, graphOptimizationLevel 'all').`);
console.log(`${ROUNDS} rounds of ${REPS} turns each; a cell is the median over rounds of each round's median (min–max); the ratio is onnxruntime-web's time ÷ attnscope's within a round (> 1: attnscope faster).`);
console.log(`\nBy CPU time of this process:\n\n${HEAD}`);
results.forEach((w) => console.log(row(w, 'cpu')));
console.log(`\nBy wall-clock time:\n\n${HEAD}`);
results.forEach((w) => console.log(row(w, 'wall')));
console.log(`\n- Loading: attnscope ${f(loadTimes.attnscope / 1000)} s, onnxruntime-web ${f(loadTimes.ort / 1000)} s (both graphs); wall time on this machine.`);
console.log(`- ${checks.join('\n- ')}`);
results.forEach((w) => console.log(`- ${w.name}: waited ${f(w.quiet.waitedMs / 1000, 0)} s for a quiet second (others ${f(w.quiet.others, 2)} cores).`));

/** The run as docs/bench/*.json (the same cells as the tables above). */
function record() {
  const cells = (w, clock) => {
    const rate = (i) => w.rounds.map((r) => w.perSecond / (r[i][clock] / 1000));
    const ratio = w.rounds.map((r) => r[1][clock] / r[0][clock]);
    return [spreadCell(rate(0), 1), spreadCell(rate(1), 1), spreadCell(ratio, 2), median(ratio)];
  };
  const label = (w) => w.name.replace(' (tokens/s)', '');
  const columns = [{ key: 'workload', label: 'workload' }, { key: 'attnscope', label: 'attnscope, tokens/s', digits: 1 },
    { key: 'ort', label: 'onnxruntime-web, tokens/s', digits: 1 }, { key: 'ratio', label: 'attnscope ÷ onnxruntime-web', digits: 2, unit: '×' }];
  const others = results.map((w) => w.load.others);
  const busy = Math.max(...others) > 0.5;
  const quiet = results.every((w) => w.quiet.others <= 0.3);
  const software = `Node ${process.versions.node}; onnxruntime-web ${ort.env.versions.web} (wasm execution provider, one thread, SIMD; graphs from torch.onnx of PyTorch ${made.torch}, opset 17, graphOptimizationLevel 'all'); attnscope ${attn.backend()}, the model read with ${a.route}`;
  writeRun(JSON_FILE, recording.finish({
    group: 'gpt2',
    title: 'A GPT-2-124M-shaped model against onnxruntime-web: prefill and generation',
    software,
    command: `QUIET_WAIT_S=${QUIET_MS / 1000} node scripts/bench/gpt2/bench.js --json`,
    conditions: `${busy ? 'busy' : 'quiet'} machine: other work ${othersSpan(others)} cores of 2 during the timed rounds${quiet ? '' : ` (no quiet second came in ${QUIET_MS / 1000} s)`}${busy ? '; read the CPU-time table, the wall-clock one mostly measures the others' : ''}`,
    clock: 'CPU time of the process (user + system), and wall-clock time',
    tables: [
      {
        id: 'cpu',
        unit: `tokens/s by CPU time of the process; ${made.parameters.toLocaleString('en')} parameters, random float32 weights (seed ${made.seed}); ${ROUNDS} rounds of ${REPS} turns each, the systems taking turns; a cell is the median over rounds of each round's median (min–max); the ratio is onnxruntime-web's time ÷ attnscope's within a round (> 1: attnscope faster)`,
        compare: 'ratio',
        columns: [...columns, { key: 'target', label: 'target' }],
        rows: results.map((w) => {
          const [x, y, r, m] = cells(w, 'cpu');
          const target = TARGET[w.name.startsWith('prefill') ? 'prefill' : 'generation'];
          return [label(w), x, y, r, `≥ ${target}× (${m >= target ? 'met' : 'not met'})`];
        }),
      },
      {
        id: 'wall',
        unit: 'tokens/s by wall-clock time, the same rounds (the machine\'s other work shows here)',
        columns,
        rows: results.map((w) => [label(w), ...cells(w, 'wall').slice(0, 3)]),
      },
    ],
    notes: [
      ...checks,
      `Loading (wall time): attnscope ${f(loadTimes.attnscope / 1000)} s for the folder, onnxruntime-web ${f(loadTimes.ort / 1000)} s for both graphs.`,
      ...results.map((w) => `${label(w)}: waited ${f(w.quiet.waitedMs / 1000, 0)} s for a quiet second (others ${f(w.quiet.others, 2)} cores).`),
    ],
  }));
}
if (JSON_FILE) record();
