// Tokens per second of greedy generation (issue 4), native vs wasm in Node vs
// wasm in headless Chromium, next to llama2.c's own published figures; then
// prompt prefill (issue 14), one call per sequence vs one per token, native and Node:
//   node scripts/bench/model/report.js path/to/attnscope_run_model [checkpoint dir]
// Writes the random-weight checkpoints with the native tool if missing
// (default dir build/bench-models), then prints a Markdown table.
//   ... --json [file]   also records the generation tables (default
//   docs/bench/<date>-generation.json)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES, LLAMA2C, PREFILL_TOKENS, REPS, SHAPES, STEPS, checkpointName } from './cases.js';
import { benchInChromium } from './browser.js';
import { caption, chromiumEngine, nodeEngine } from '../machine.js';
import { jsonTarget, startRun, writeRun } from '../record.js';

const JSON_FILE = jsonTarget(process.argv, 'generation');
const recording = startRun();
const [tool, dir = 'build/bench-models'] = process.argv.slice(2).filter((a, i, all) => a !== '--json' && all[i - 1] !== '--json');
if (!tool) throw new Error('usage: node scripts/bench/model/report.js path/to/attnscope_run_model [checkpoint dir]');
mkdirSync(dir, { recursive: true });

function run(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stderr}`);
  return r.stdout;
}

for (const shape of Object.keys(SHAPES)) {
  const file = join(dir, checkpointName(shape));
  if (!existsSync(file)) run(tool, ['random', shape, file]);
}

const key = (c) => `${c.shape}/${c.q8 ? 'q8' : 'f32'}`;
const results = { native: {}, node: {}, chromium: {} };
for (const c of CASES) {
  process.stderr.write(`bench: native ${key(c)}\n`);
  const out = JSON.parse(run(tool, ['bench', c.shape, ...(c.q8 ? ['--q8'] : []), '--steps', String(c.steps ?? STEPS), '--reps', String(REPS)]));
  results.native[key(c)] = { best: out.best_tok_s, last: out.last_token, groupSize: out.group_size };
}
process.stderr.write('bench: wasm-simd in Node\n');
const node = JSON.parse(run('node', [fileURLToPath(new URL('./node.js', import.meta.url)), dir]));
for (const r of node.results) results.node[key(r)] = r;
process.stderr.write('bench: wasm in headless Chromium\n');
const chromium = await benchInChromium(dir);
for (const r of chromium.results) results.chromium[key(r)] = r;

const f = (v) => (v >= 1000 ? v.toFixed(0) : v.toFixed(1));
const chrome = chromium.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '?';
console.log(`### Tiny-model generation (tok/s)\n`);
console.log(`Greedy from BOS, ${STEPS} tokens (${CASES.find((c) => c.steps)?.steps} on the GPT-2 shape), random weights; best of ${REPS} runs after a warm-up (median in brackets). ` +
  `Node: wasm ${node.backend} through Model.generate; Chromium ${chrome} headless: ${chromium.backend}, the same call in the page. ` +
  'Native: `attnscope_run_model bench` (-march=native). "same tokens": the last generated id agrees in all three.\n');
const engines = ['native (-march=native)', `${nodeEngine()}: ${node.backend}`, `${chromiumEngine(chromium.userAgent)}: ${chromium.backend}`];
console.log(caption(engines));
console.log('| shape | weights | native | wasm Node | wasm Chromium | llama2.c run.c wasm* | Node ÷ run.c | Chromium ÷ run.c | llama2.c native* | same tokens |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |');
for (const c of CASES) {
  const k = key(c), n = results.node[k], b = results.chromium[k], nat = results.native[k];
  const ref = c.q8 ? null : LLAMA2C[c.shape];
  const weights = c.q8 ? `Q8_0 (group ${n.groupSize})` : 'fp32';
  const same = nat.last === n.last && n.last === b.last ? 'yes' : `no (${nat.last}/${n.last}/${b.last})`;
  console.log(`| ${c.shape} | ${weights} | ${f(nat.best)} | ${f(n.best)} (${f(n.median)}) | ${f(b.best)} (${f(b.median)}) | ` +
    `${ref ? ref.wasm : '—'} | ${ref ? `${(n.best / ref.wasm).toFixed(2)}×` : '—'} | ` +
    `${ref ? `${(b.best / ref.wasm).toFixed(2)}×` : '—'} | ${ref ? ref.native : '—'} | ${same} |`);
}
for (const shape of ['15m', 'gpt2-124m']) {
  const q8 = (env) => results[env][`${shape}/q8`].best / results[env][`${shape}/f32`].best;
  console.log(`\n${shape} shape, Q8_0 ÷ fp32: native ${q8('native').toFixed(2)}×, Node ${q8('node').toFixed(2)}×, Chromium ${q8('chromium').toFixed(2)}× (target ≥ 1.5× in wasm).`);
}
if (JSON_FILE) recordGeneration();
console.log('\n\\* llama2.c figures are llama2.c\'s own for this machine kind (emcc -O3 -msimd128 -ffast-math in Node; gcc -O3 -march=native -ffast-math), not measured by this script.');

const prefillNative = {};
for (const c of CASES) {
  process.stderr.write(`bench: native prefill ${key(c)}\n`);
  prefillNative[key(c)] = JSON.parse(run(tool, ['prefill', c.shape, ...(c.q8 ? ['--q8'] : []), '--tokens', String(PREFILL_TOKENS), '--reps', String(REPS)]));
}
console.log(`\n### Prompt prefill (tok/s)\n`);
console.log(`A prompt of ${PREFILL_TOKENS} tokens, random weights, best of ${REPS} runs, ` +
  'the two ways interleaved in one process (native ratio: of the two best figures). "one call": forward_sequence (Model.forward with lastOnly, a generation\'s prompt); ' +
  '"per token": the one-token forward at every position, as a prompt ran before. Native: processor time; Node: wall time, ' +
  'ratio = median over runs of per-token time ÷ one-call time. "same logits": the last position\'s logits agree bit for bit (native).\n');
console.log(caption(engines.slice(0, 2)));
console.log('| shape | weights | native one call | native per token | native ratio | Node one call | Node per token | Node ratio | same logits |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | :---: |');
for (const c of CASES) {
  const k = key(c), nat = prefillNative[k], n = node.prefill.find((r) => key(r) === k);
  const weights = c.q8 ? 'Q8_0' : 'fp32';
  console.log(`| ${c.shape} | ${weights} | ${f(nat.sequence_tok_s)} | ${f(nat.stepwise_tok_s)} | ${(nat.sequence_tok_s / nat.stepwise_tok_s).toFixed(2)}× | ` +
    `${f(n.sequence)} | ${f(n.stepwise)} | ${n.ratio.toFixed(2)}× | ${nat.same_logits ? 'yes' : 'no'} |`);
}

function recordGeneration() {
  const tok = (x) => Number(x >= 1000 ? x.toFixed(0) : x.toFixed(1));
  const rows = CASES.map((c) => {
    const k = key(c), n = results.node[k], b = results.chromium[k], nat = results.native[k];
    const ref = c.q8 ? null : LLAMA2C[c.shape];
    return [c.shape, c.q8 ? `Q8_0 (group ${n.groupSize})` : 'fp32', tok(nat.best), [tok(n.best), tok(n.median)], [tok(b.best), tok(b.median)],
      ref ? ref.wasm : null, ref ? Number((n.best / ref.wasm).toFixed(2)) : null, ref ? Number((b.best / ref.wasm).toFixed(2)) : null,
      ref ? ref.native : null, nat.last === n.last && n.last === b.last ? 'yes' : 'no'];
  });
  const ratio = (env, shape) => Number((results[env][`${shape}/q8`].best / results[env][`${shape}/f32`].best).toFixed(2));
  writeRun(JSON_FILE, recording.finish({
    group: 'generation',
    title: 'Tiny-model generation, float32 and Q8_0',
    software: `${nodeEngine()}: ${node.backend}; ${chromiumEngine(chromium.userAgent)}: ${chromium.backend}; native core built with -march=native`,
    command: `node scripts/bench/model/report.js ${tool} ${dir} --json`,
    conditions: 'the cases run one after another (not interleaved)',
    clock: 'wall-clock time of each generate call',
    tables: [{
      id: 'generation',
      unit: `tokens/s of greedy generation from BOS, ${STEPS} tokens (${CASES.find((c) => c.steps)?.steps} on the GPT-2 shape), random weights; best of ${REPS} runs after a warm-up (median)`,
      columns: [
        { key: 'shape', label: 'shape' }, { key: 'weights', label: 'weights' },
        { key: 'native', label: 'native', digits: 'tok' }, { key: 'node', label: 'wasm Node', digits: 'tok' },
        { key: 'chromium', label: 'wasm Chromium', digits: 'tok' }, { key: 'runcWasm', label: 'llama2.c run.c wasm*', digits: 0 },
        { key: 'nodeOverRunc', label: 'Node ÷ run.c', digits: 2, unit: '×' }, { key: 'chromiumOverRunc', label: 'Chromium ÷ run.c', digits: 2, unit: '×' },
        { key: 'runcNative', label: 'llama2.c native*', digits: 0 }, { key: 'same', label: 'same tokens' },
      ],
      rows,
      notes: ['\\* llama2.c\'s own figures for this machine kind (`emcc -O3 -msimd128 -ffast-math` in Node; `gcc -O3 -march=native -ffast-math`), not measured in this run.'],
    }, {
      id: 'q8',
      unit: 'generation with Q8_0 weights, tokens/s ÷ with float32 weights (best runs)',
      compare: 'node',
      columns: [{ key: 'shape', label: 'shape' }, { key: 'native', label: 'native', digits: 2, unit: '×' },
        { key: 'node', label: 'wasm Node', digits: 2, unit: '×' }, { key: 'chromium', label: 'wasm Chromium', digits: 2, unit: '×' }],
      rows: Object.keys(SHAPES).map((shape) => [shape, ratio('native', shape), ratio('node', shape), ratio('chromium', shape)]),
    }],
  }));
}
