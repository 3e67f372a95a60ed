// What a page with one <attn-heatmap> downloads, with every element
// registered (widgets/index.js) and with the heatmap's own module
// (widgets/define/attn-heatmap.js, or attn-heatmap.js in dist/widgets): from
// the package's unbundled web/ folder and from the bundled dist/widgets
// folder, in headless Chromium, until the heatmap has drawn. Bytes are the
// files' sizes as served (no compression) and, beside them, gzip -9 of the
// same files (what a host that compresses sends). docs/DEPLOY.md quotes a run.
//   node scripts/widget-bytes.js   (needs the wasm, bash scripts/build.sh wasm, and dist/widgets)
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './serve.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const CASES = [
  { name: 'web/ folder, every element', folder: 'web', script: 'widgets/index.js' },
  { name: 'web/ folder, the heatmap alone', folder: 'web', script: 'widgets/define/attn-heatmap.js' },
  { name: 'dist/widgets, every element', folder: 'dist/widgets', script: 'index.js' },
  { name: 'dist/widgets, the heatmap alone', folder: 'dist/widgets', script: 'attn-heatmap.js' },
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log('| page with one `<attn-heatmap>` | requests (scripts) | bytes | gzip -9 |');
  console.log('| --- | --- | --- | --- |');
  for (const r of await measure()) console.log(`| ${r.name} | ${r.requests} (${r.scripts}) | ${kb(r.bytes)} | ${kb(r.gzip)} |`);
}
