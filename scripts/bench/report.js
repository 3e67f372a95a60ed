// Runs every backend's benchmark and prints one Markdown table:
//   node scripts/bench/report.js path/to/attnscope_bench
// Each backend runs in its own process (a process loads one wasm backend).
// The backends alternate for BENCH_ROUNDS rounds (default 2) so that a burst
// of load on a shared machine hits all of them; per case and backend the
// lowest of the per-round medians is shown (load only ever slows a run down).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { CASES } from './cases.js';

const nativeBin = process.argv[2];
if (!nativeBin) throw new Error('usage: node scripts/bench/report.js path/to/attnscope_bench');
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const nodeBench = fileURLToPath(new URL('./node/bench.js', import.meta.url));

function run(cmd, args, env) {
  const r = spawnSync(cmd, args, { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

const BACKENDS = {
  'wasm-simd': () => run(process.execPath, [nodeBench], { ATTNSCOPE_BACKEND: 'wasm-simd' }),
  'wasm-scalar': () => run(process.execPath, [nodeBench], { ATTNSCOPE_BACKEND: 'wasm-scalar' }),
  native: () => run(nativeBin, []),
};

// best[backend][case] = { api, kernel } in ms (lowest per-round median); arch[backend].
const best = {}, arch = {}, perRound = [];
for (let round = 0; round < rounds; round++) {
  const roundRatio = {};
  for (const [name, runBackend] of Object.entries(BACKENDS)) {
    process.stderr.write(`bench: round ${round + 1}/${rounds}, ${name}\n`);
    const out = runBackend();
    arch[name] = out.arch;
    best[name] ??= {};
    out.results.forEach((r, i) => {
      if (r.name !== CASES[i].name || r.flops !== CASES[i].flops) {
        throw new Error(`${name} ran "${r.name}" (${r.flops} FLOP) where cases.js has "${CASES[i].name}" (${CASES[i].flops})`);
      }
      const b = (best[name][r.name] ??= { api: Infinity, kernel: Infinity });
      if (r.api) b.api = Math.min(b.api, r.api.median);
      b.kernel = Math.min(b.kernel, r.kernel.median);
      (roundRatio[r.name] ??= {})[name] = r.kernel.median;
    });
  }
  perRound.push(roundRatio);
}

const gflops = (flops, ms) => (Number.isFinite(ms) ? (flops / ms / 1e6).toFixed(2) : '—');
const ratio = (x) => `${x.toFixed(2)}×`;

const emcc = spawnSync('emcc', ['--version'], { encoding: 'utf8' }).stdout?.split('\n')[0] ?? '?';
console.log(`Machine: ${os.cpus()[0]?.model ?? '?'}, ${os.availableParallelism()} CPUs; Node ${process.version}; ${emcc.replace(/ \(Emscripten.*\)/, '')}`);
console.log(`Arch: wasm-simd ${arch['wasm-simd']}, wasm-scalar ${arch['wasm-scalar']}, native ${arch.native}. ` +
  `Rounds: ${rounds}; each figure is the lowest per-round median.`);
console.log('GFLOP/s (higher is better). api = public JS call incl. copies in/out; kernel = Embind call on data already in the heap.\n');
console.log('| case | MFLOP | simd api | simd kernel | scalar api | scalar kernel | native | SIMD/scalar api | SIMD/scalar kernel | native/SIMD kernel |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const c of CASES) {
  const s = best['wasm-simd'][c.name], sc = best['wasm-scalar'][c.name], n = best.native[c.name];
  console.log(`| ${c.name} | ${(c.flops / 1e6).toFixed(1)} | ${gflops(c.flops, s.api)} | ${gflops(c.flops, s.kernel)} | ` +
    `${gflops(c.flops, sc.api)} | ${gflops(c.flops, sc.kernel)} | ${gflops(c.flops, n.kernel)} | ` +
    `${ratio(sc.api / s.api)} | ${ratio(sc.kernel / s.kernel)} | ${ratio(s.kernel / n.kernel)} |`);
}

// How much the SIMD/scalar kernel ratio moved between rounds: the noise floor.
if (rounds > 1) {
  console.log('\nSIMD/scalar kernel ratio per round (spread = noise):');
  for (const c of CASES) {
    const rs = perRound.map((r) => r[c.name]['wasm-scalar'] / r[c.name]['wasm-simd']);
    console.log(`  ${c.name.padEnd(28)} ${rs.map(ratio).join('  ')}`);
  }
}
