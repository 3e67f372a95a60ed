// The training benchmark (issue 10): ms per step and tokens/s of one AdamW
// step (forward, backward, clip 1.0, update) of the `chars` model at B 8,
// T 128 (shape.json) — native (-march=native), wasm SIMD and scalar in Node,
// wasm in headless Chromium, and PyTorch on the CPU in one thread, in the same run:
//   node scripts/bench/train/report.js path/to/attnscope_bench_train
// PyTorch (Debian's, /usr/bin/python3) runs with OpenBLAS when it can be had
// without installing it (docs/CONTRIBUTING.md, "Toolchain facts"):
// OPENBLAS_DIR, or build/openblas (filled by `apt-get download
// libopenblas0-pthread` + `dpkg-deb -x`);
// otherwise with the reference BLAS it links, and the table says which.
// BENCH_TRAIN_STEPS (default 10) timed steps after 2 warm-up steps; medians.
import { caption } from '../machine.js';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trainInChromium } from './browser.js';
import { openblasDir, openblasEnv } from './openblas.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const shapeFile = join(here, 'shape.json');
const shape = JSON.parse(readFileSync(shapeFile, 'utf8'));
const steps = String(process.env.BENCH_TRAIN_STEPS || 10);
const [tool] = process.argv.slice(2);
if (!tool) throw new Error('usage: node scripts/bench/train/report.js path/to/attnscope_bench_train');

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 24, env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

const { dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen, batch, tokens } = shape;
const rows = [];
process.stderr.write('bench: training step, native\n');
rows.push({ name: 'attnscope native (-march=native)', ...run(tool, [dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen, batch, tokens, steps].map(String)) });
for (const backend of ['wasm-simd', 'wasm-scalar']) {
  process.stderr.write(`bench: training step, ${backend} in Node\n`);
  const r = run('node', [join(here, 'node.js'), shapeFile, steps], { ATTNSCOPE_BACKEND: backend });
  rows.push({ name: `attnscope ${backend}, Node ${process.versions.node}`, ...r });
}
process.stderr.write('bench: training step, wasm in headless Chromium\n');
try {
  const r = await trainInChromium(shape, Number(steps));
  const chrome = r.userAgent?.match(/Chrome\/([\d.]+)/)?.[1] ?? '?';
  rows.push({ name: `attnscope ${r.backend}, Chromium ${chrome} headless`, ...r });
} catch (e) {
  process.stderr.write(`bench: Chromium skipped: ${e.message.split('\n')[0]}\n`);
}
const python = '/usr/bin/python3';
const blas = openblasDir();
process.stderr.write(`bench: training step, PyTorch (${blas ? 'OpenBLAS' : 'reference BLAS'})\n`);
let torchRow;
try {
  const env = openblasEnv(blas);
  const r = run(python, [join(here, 'torch_train.py'), shapeFile, steps], env);
  torchRow = { name: `PyTorch ${r.torch} CPU, 1 thread, ${blas ? 'OpenBLAS 0.3 (LD_LIBRARY_PATH)' : "Debian's reference BLAS"}`, ...r };
  rows.push(torchRow);
} catch (e) {
  process.stderr.write(`bench: PyTorch skipped: ${e.message.split('\n')[0]}\n`);
}

const f = (v) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
console.log('### Training step (chars model)\n');
console.log(`One AdamW step (forward, backward, clip_grad_norm 1.0, update) of the llama-family \`chars\` model ` +
  `(dim ${dim}, hidden ${hiddenDim}, ${nLayers} layers, ${nHeads} heads, ${nKvHeads} KV heads, vocab ${vocabSize}, ` +
  `seq ${seqLen}) at B ${batch}, T ${tokens}, the same token batch everywhere; median of ${steps} steps after 2 warm-up ` +
  'steps (best in brackets). Command: `BENCH_GROUPS=train npm run bench`.\n');
console.log(caption(rows.map((r) => r.name)));
console.log('| implementation | parameters | ms / step | tokens / s | ÷ PyTorch | loss: first → last |');
console.log('| --- | ---: | ---: | ---: | ---: | --- |');
for (const r of rows) {
  if (r.skipped) {
    console.log(`| ${r.name} | — | skipped: ${r.skipped} | | | |`);
    continue;
  }
  const ratio = torchRow ? (r.median_ms / torchRow.median_ms).toFixed(2) : '—';
  console.log(`| ${r.name} | ${r.parameters} | ${f(r.median_ms)} (${f(r.best_ms)}) | ${f(r.tokens_per_s)} | ${ratio} | ` +
    `${r.first_loss.toFixed(3)} → ${r.last_loss.toFixed(3)} |`);
}
