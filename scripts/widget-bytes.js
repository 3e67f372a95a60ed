// What a page with one <attn-heatmap> downloads, with every element
// registered (widgets/index.js) and with the heatmap's own module
// (widgets/define/attn-heatmap.js, or attn-heatmap.js in dist/widgets): from
// the package's unbundled web/ folder and from the bundled dist/widgets
// folder, in headless Chromium, until the heatmap has drawn. Bytes are the
// files' sizes as served (no compression) and, beside them, gzip -9 of the
// same files (what a host that compresses sends). `--json` records the run in
// docs/bench/ for docs/DEPLOY.md's table (node scripts/docs-figures.js).
//   node scripts/widget-bytes.js [--json]   (needs the wasm, bash scripts/build.sh wasm, and dist/widgets)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { jsonTarget, startRun, writeRun } from './bench/record.js';
import { startServer } from './serve.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const CASES = [
  { name: 'web/ folder, every element', folder: 'web', script: 'widgets/index.js', label: '`web/widgets/index.js` (unbundled, every element)' },
  { name: 'web/ folder, the heatmap alone', folder: 'web', script: 'widgets/define/attn-heatmap.js', label: '`web/widgets/define/attn-heatmap.js` (unbundled, the heatmap alone)' },
  { name: 'dist/widgets, every element', folder: 'dist/widgets', script: 'index.js', label: '`dist/widgets/index.js` (bundled, every element)' },
  { name: 'dist/widgets, the heatmap alone', folder: 'dist/widgets', script: 'attn-heatmap.js', label: '`dist/widgets/attn-heatmap.js` (bundled, the heatmap alone)' },
];

const page = (script) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>one heatmap</title><link rel="icon" href="data:,"></head><body>
<script type="module" src="attnscope/${script}"></script>
<attn-heatmap tokens="the cat sat on the mat" seed="7" causal row-sums></attn-heatmap>
</body></html>`;

/** Loads each case in a fresh page; returns [{name, requests, bytes, gzip, scripts, paths}] (scripts: JS files fetched; paths: every file, relative to the folder). */
export async function measure({ cases = CASES, folders = {} } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'attnscope-bytes-'));
  const server = await startServer(0, { dev: false, root: dir });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const results = [];
  try {
    for (const [i, c] of cases.entries()) {
      await symlink(folders[c.folder] ?? join(ROOT, c.folder), join(dir, `case${i}`));
      await writeFile(join(dir, `case${i}.html`), page(c.script).replace('attnscope/', `case${i}/`));
      const context = await browser.newContext(); // an empty cache each time
      const tab = await context.newPage();
      const files = [];
      tab.on('requestfinished', (r) => files.push(r.url()));
      await tab.goto(`http://127.0.0.1:${server.address().port}/case${i}.html`);
      await tab.waitForFunction(() => document.querySelector('attn-heatmap')?.weights, null, { timeout: 30_000 });
      let bytes = 0, gzip = 0, scripts = 0;
      const paths = [];
      for (const url of files) {
        const path = new URL(url).pathname;
        if (path === `/case${i}.html`) continue;
        paths.push(decodeURIComponent(path).slice(`/case${i}/`.length));
        const body = await readFile(join(dir, decodeURIComponent(path)));
        bytes += body.length;
        gzip += gzipSync(body, { level: 9 }).length;
        if (/\.m?js$/.test(path)) scripts++;
      }
      results.push({ name: c.name, requests: files.length - 1, scripts, bytes, gzip, paths });
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
  return results;
}

/** The run of `results` (measure()) as docs/bench records it. */
function recordOf(run, results, version) {
  const core = readFileSync(join(ROOT, 'web/lib/wasm/attnscope-simd.wasm'));
  const kb = (n) => Math.round(n / 1024);
  return run.finish({
    group: 'widget-bytes',
    title: 'What a page with one <attn-heatmap> downloads',
    software: `Chromium ${version} headless, an empty cache for each page`,
    command: 'node scripts/widget-bytes.js --json',
    conditions: 'sizes do not depend on the machine',
    clock: 'none: files and bytes fetched until the heatmap has drawn',
    tables: [{
      id: 'bytes',
      unit: 'files fetched by a page with one `<attn-heatmap>` until it has drawn (KB = 1,024 bytes, as served, and gzip -9 of the same files)',
      columns: [
        { key: 'page', label: 'page with one `<attn-heatmap>`' },
        { key: 'requests', label: 'requests (scripts)' },
        { key: 'bytes', label: 'bytes', unit: ' KB', digits: 0 },
        { key: 'gzip', label: 'gzip -9', unit: ' KB', digits: 0 },
      ],
      rows: results.map((r) => [CASES.find((c) => c.name === r.name).label, `${r.requests} (${r.scripts})`, kb(r.bytes), kb(r.gzip)]),
    }],
    notes: [`Of that, ${kb(core.length)} KB (${kb(gzipSync(core, { level: 9 }).length)} KB with gzip -9) is the wasm core itself (\`attnscope-simd.wasm\`).`],
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const run = startRun();
  const results = await measure();
  const file = jsonTarget(process.argv, 'widget-bytes');
  if (file) {
    const version = execFileSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).match(/[\d.]+/)[0];
    writeRun(file, recordOf(run, results, version));
  } else {
    const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
    console.log('| page with one `<attn-heatmap>` | requests (scripts) | bytes | gzip -9 |');
    console.log('| --- | --- | --- | --- |');
    for (const r of results) console.log(`| ${r.name} | ${r.requests} (${r.scripts}) | ${kb(r.bytes)} | ${kb(r.gzip)} |`);
  }
}
