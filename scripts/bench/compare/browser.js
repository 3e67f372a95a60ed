// npm run bench (BENCH_GROUPS=compare-browser): the side-by-side comparison of
// compare.js in headless Chromium: one page, served from this repo on
// 127.0.0.1 without COOP/COEP (so not cross-origin isolated: every system
// runs in one thread), loads attnscope's browser entry (web/lib) as
// wasm-simd-fma (Chromium validates relaxed SIMD), or COMPARE_BACKEND
// (e.g. auto: wasm-simd),
// onnxruntime-web (wasm EP, numThreads 1, SIMD) and tfjs-backend-wasm (SIMD,
// no threads) from node_modules, and runs the same cases the same way
// (page.js → workloads.js, rounds.js).
//   node scripts/bench/compare/browser.js   (COMPARE_ROUNDS, QUIET_WAIT_S, COMPARE_ONLY as compare.js)
//   ... --json [file]   also records the run: group compare-chromium-fma when
//   attnscope ran as wasm-simd-fma, else compare-chromium
// A page has no CPU clock: figures are wall-clock (performance.now()), so
// other work on the machine disturbs them; the ratios less, since the
// systems take turns call by call. The load column counts the cores used by
// everything but this process and the browser it started.
import { loadavg } from 'node:os';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, collectErrors } from '../chromium.js';
import { report, note, HEAD } from './rounds.js';
import { loadMeter, othersSpan, waitForQuiet } from './load.js';
import { treeSeconds } from './proctree.js';
import { servePage } from '../page_server.js';
import { caption, chromiumEngine } from '../machine.js';
import { jsonTarget, startRun, writeRun } from '../record.js';
import { compareTable, crossCheckNote } from './record.js';

const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 5);
const QUIET_MS = 1000 * Number(process.env.QUIET_WAIT_S ?? 60);
const ONLY = process.env.COMPARE_ONLY ? new RegExp(process.env.COMPARE_ONLY) : null;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVED = ['web/', 'node_modules/', 'scripts/bench/', 'build/wasm/bench/'];  // all the page may load
const PAGE = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>compare bench</title>
<script src="/node_modules/@tensorflow/tfjs-core/dist/tf-core.min.js"></script>
<script src="/node_modules/@tensorflow/tfjs-backend-wasm/dist/tf-backend-wasm.min.js"></script>
<script type="module" src="/scripts/bench/compare/page.js"></script>`;

// This run's own CPU: this Node process and the Chromium it started.
const ownSeconds = () => treeSeconds(process.pid);
const recording = startRun();
const load0 = loadavg();
// Only the folders the page needs.
const server = await servePage(PAGE, (path) => {
  const file = normalize(join(ROOT, path));
  return SERVED.some((d) => file.startsWith(join(ROOT, d))) ? file : null;
});
const browser = await launchBrowser();
const results = [], notes = [];
let info;
try {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => globalThis.compareBench, null, { timeout: 60000 }).catch(() => {
    throw new Error(`the bench page did not load: ${errors.join('; ') || 'no error reported'}`);
  });
  info = await page.evaluate((b) => globalThis.compareBench.init(b), process.env.COMPARE_BACKEND ?? 'wasm-simd-fma');
  if (info.crossOriginIsolated) throw new Error('the page is cross-origin isolated: the runtimes could use threads');
  for (const [i, name] of info.cases.entries()) {
    if (ONLY && !ONLY.test(name)) continue;
    const prep = await page.evaluate((k) => globalThis.compareBench.prepare(k), i);
    const quiet = await waitForQuiet({ maxMs: QUIET_MS, ownSeconds });
    const stop = loadMeter({ ownSeconds });
    const rounds = await page.evaluate((n) => globalThis.compareBench.time(n), ROUNDS);
    const load = stop();
    await page.evaluate(() => globalThis.compareBench.dispose());
    const r = { ...prep, rounds, load, quiet };
    results.push(r);
    console.error(report(r, 'wall'));
    notes.push(`${note(r)}; ${r.calls} call(s) per timed sample; this run (Node + Chromium) used ${load.own.toFixed(2)} cores while timing`);
  }
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
} finally {
  await browser.close();
  server.close();
}

const chromium = info.userAgent.match(/(?:Headless)?Chrome\/([\d.]+)/)?.[1] ?? '?';
const v = info.versions;
console.log(`Side by side in one headless Chromium ${chromium} page (crossOriginIsolated ${info.crossOriginIsolated}, ` +
  `SharedArrayBuffer ${info.sharedArrayBuffer ? 'defined' : 'undefined'}), one thread, wasm SIMD: ` +
  `attnscope ${v.attnscope}, ${v.ort} (wasm EP, numThreads ${info.ortThreads}), ${v.tfjs}, tf.getBackend() ${info.tfBackend}.`);
console.log(`${ROUNDS} rounds per workload; GFLOP/s = median over rounds of each round's median (min–max); ratios ÷ the faster runtime, within each round.`);
console.log(`A page has no CPU clock: every figure is wall-clock (performance.now(), step ${(info.clockStepMs * 1000).toFixed(0)} µs here), ` +
  'so other work on the cores lowers it; the ratios are disturbed less, the systems taking turns call by call. ' +
  `Load average ${load0.map((x) => x.toFixed(2)).join(' ')} at the start, ${loadavg().map((x) => x.toFixed(2)).join(' ')} at the end.`);
console.log(`\nBy wall-clock time in the page:\n\n${caption(`${chromiumEngine(info.userAgent)}: attnscope ${v.attnscope}`)}\n${HEAD}`);
results.forEach((r) => console.log(report(r, 'wall')));
console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
const group = v.attnscope === 'wasm-simd-fma' ? 'compare-chromium-fma' : 'compare-chromium';
const JSON_FILE = jsonTarget(process.argv, group);
if (JSON_FILE) {
  const env = Object.entries(process.env).filter(([k]) => /^(COMPARE_|QUIET_WAIT_S)/.test(k)).map(([k, val]) => `${k}=${val} `).join('');
  writeRun(JSON_FILE, recording.finish({
    group,
    title: group === 'compare-chromium-fma' ? 'Side by side in headless Chromium, fused multiply-add' : 'Side by side in headless Chromium',
    software: `${chromiumEngine(info.userAgent)}, not cross-origin isolated (one thread); attnscope ${v.attnscope}; ${v.ort} (wasm EP, numThreads ${info.ortThreads}); ${v.tfjs}; xsimd reference kernel built by the same Emscripten`,
    command: `${env}node scripts/bench/compare/browser.js --json`,
    conditions: `other work ${othersSpan(results.map((r) => r.load.others))} cores while timing`,
    clock: 'wall-clock time (a page has no CPU clock)',
    tables: [compareTable(results, 'wall', ROUNDS)],
    notes: [crossCheckNote(results)],
  }));
}
