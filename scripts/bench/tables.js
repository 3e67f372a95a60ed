// The report's block and long-attention tables, with the peak wasm heap of
// one call per case, each measured in a fresh process (node/heap.js).
// `s` is report.js's summary: { runs, median, withRange }, where
// runs[backend][case] holds one { api, kernel } median pair (ms) per round.
// Wasm figures are the public call (api); native ones the C++ call (kernel).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const heapScript = fileURLToPath(new URL('./node/heap.js', import.meta.url));
const BACKENDS = ['wasm-simd', 'wasm-scalar', 'native'];
// Heap growth with N at the long cases' H and D: one call each, wasm-simd.
const SCALING_N = [512, 1024, 2048, 4096];

function heapOf(c, backend) {
  const r = spawnSync(process.execPath, [heapScript, JSON.stringify(c)],
    { encoding: 'utf8', env: { ...process.env, ATTNSCOPE_BACKEND: backend } });
  if (r.status !== 0) throw new Error(`node/heap.js ${JSON.stringify(c)} (${backend}) failed:\n${r.stderr}`);
  const h = JSON.parse(r.stdout);
  if (h.leaked !== 0) throw new Error(`${JSON.stringify(c)}: ${h.leaked} bytes still allocated after the call`);
  return h;
}

const bytes = (b) => (Math.abs(b) < 2 ** 20 ? `${(b / 1024).toFixed(1)} KiB` : `${(b / 2 ** 20).toFixed(2)} MiB`);
// The scratch lies between extra − freeBefore (what the call may have taken
// from free chunks without growing the heap) and extra; one figure when the
// two print alike.
const extraRange = (h) => {
  const low = Math.max(0, h.extra - h.freeBefore), lo = low ? bytes(low) : '0', hi = bytes(h.extra);
  return lo === hi ? hi : `${lo}–${hi}`;
};
const what = (backend) => (backend === 'native' ? 'kernel' : 'api');
const msOf = (s, backend, c) => s.median(s.runs[backend][c.name].map((r) => r[what(backend)]));
// Ratio num/den of two backends' times, within each round.
const ratios = (s, num, den, c) => s.runs[num][c.name].map((r, i) => r[what(num)] / s.runs[den][c.name][i][what(den)]);
const timeCell = (s, backend, c) => {
  const ms = msOf(s, backend, c);
  return `${ms.toFixed(1)} ms (${(c.flops / ms / 1e6).toFixed(2)})`;
};

export function printBlockTable(cases, s) {
  if (!cases.length) return;
  console.log('\n### Transformer block, one forward\n');
  console.log('Pre-LN, LayerNorm with biases, GELU, not causal, batch 1. FLOPs by `attn.countFlops` ' +
    '(matmuls only: 2 per multiply-add). Cells: median time per forward (GFLOP/s). ' +
    'Peak heap: one call in a fresh process, wasm-simd = copies in/out + scratch.\n');
  console.log(s.caption);
  console.log('| case | MFLOP | wasm-simd | wasm-scalar | native | SIMD/scalar | native/SIMD | peak heap |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const c of cases) {
    const h = heapOf(c, 'wasm-simd');
    console.log(`| ${c.name} | ${(c.flops / 1e6).toFixed(1)} | ` +
      `${BACKENDS.map((b) => timeCell(s, b, c)).join(' | ')} | ` +
      `${s.withRange(ratios(s, 'wasm-scalar', 'wasm-simd', c))} | ${s.withRange(ratios(s, 'wasm-simd', 'native', c))} | ` +
      `${bytes(h.peak)} = ${bytes(h.io)} + ${extraRange(h)} |`);
  }
}

export function printLongTables(cases, s) {
  if (!cases.length) return;
  console.log('\n### Plain vs flash attention, long sequence\n');
  console.log('Not causal. Cells: median time per call (GFLOP/s). Peak heap: one call in a fresh process; ' +
    'copies = q, k, v in and the output out; extra = peak − copies, the scratch the core used ' +
    '(a range when the call may have reused free chunks: see docs/BENCHMARKS.md).\n');
  console.log(s.caption);
  console.log('| case | GFLOP | wasm-simd | wasm-scalar | native | peak heap simd | peak heap scalar | copies | extra |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const c of cases) {
    const hs = heapOf(c, 'wasm-simd'), hc = heapOf(c, 'wasm-scalar');
    console.log(`| ${c.name} | ${(c.flops / 1e9).toFixed(2)} | ${BACKENDS.map((b) => timeCell(s, b, c)).join(' | ')} | ` +
      `${bytes(hs.peak)} | ${bytes(hc.peak)} | ${bytes(hs.io)} | ${extraRange(hs)} |`);
  }
  const { H, D } = cases[0];
  console.log(`\nExtra heap (peak − copies) of one call against N, H = ${H}, D = ${D}, wasm-simd:\n`);
  console.log(s.caption);
  console.log('| N | plain (sdpa) | flash | one head\'s N×N floats | copies |');
  console.log('| ---: | ---: | ---: | ---: | ---: |');
  for (const N of SCALING_N) {
    const [plain, flash] = ['sdpa', 'flash'].map((op) => heapOf({ op, H, N, D, causal: false }, 'wasm-simd'));
    console.log(`| ${N} | ${extraRange(plain)} | ${extraRange(flash)} | ${bytes(4 * N * N)} | ${bytes(plain.io)} |`);
  }
}
