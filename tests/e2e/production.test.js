// The production site (scripts/build-site.js, built here into a temporary
// folder): served by scripts/serve.js it stays within the byte and request
// budgets, sends compressed bodies with ETags and lets a second visit come
// from the cache; served by a stock static server (Python's http.server,
// no special headers) a page of each kind still works.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSite } from '../../scripts/build-site.js';
import { startServer } from '../../scripts/serve.js';
import { PAGES } from '../../web/playground/pages.js';
import { collectErrors, launchBrowser } from './browser.js';

const KB = 1024;
// Bytes on the wire before the page is interactive. Both pages load only the core and the
// elements they show (widgets/core.js, the elements' own modules): ~155 KB each when this
// was set, against ~310 KB for the lab when it imported the whole API.
const BUDGET = { home: 200 * KB, lab: 200 * KB };
const MAX_REQUESTS = 40;
// The widget reference runs every element live, each experiment with its
// reference run (one JSON each, nine of them): its own limit.
const MAX_REQUESTS_OF = { widgets: 50 };
const EXCLUDED = /\.bin$/; // models and training data are not part of the budget

let dir, server, origin, browser;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'attnscope-site-'));
  await buildSite({ outDir: dir, quiet: true });
  server = await startServer(0, { dev: false, root: dir });
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const ready = (standalone) => document.body.dataset.ready === 'true'
  || (standalone && [...document.querySelectorAll('attn-heatmap')].every((h) => h.weights));

/** Loads `path` and sums what crossed the wire until the page is ready: {bytes, requests, encodings, errors}. */
async function load(page, path, standalone = false, { cold = false } = {}) {
  if (cold) await (await browser.context.newCDPSession(page)).send('Network.clearBrowserCache');
  const errors = collectErrors(page);
  const done = [];
  page.on('requestfinished', (r) => done.push(r));
  await page.goto(`${origin}/${path}`);
  await page.waitForFunction(ready, standalone, { timeout: 30_000 });
  const counted = done.filter((r) => !EXCLUDED.test(new URL(r.url()).pathname));
  let bytes = 0;
  const encodings = {};
  for (const r of counted) {
    const sizes = await r.sizes();
    bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    const response = await r.response();
    const encoding = response ? (await response.allHeaders())['content-encoding'] ?? null : null;
    encodings[new URL(r.url()).pathname] = { encoding, size: sizes.responseBodySize };
  }
  return { bytes, requests: counted.length, encodings, errors };
}

describe('production site', () => {
  test('the build has hashed, minified assets and precompressed copies', async () => {
    const assets = await readdir(join(dir, 'assets'));
    const js = assets.filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(3);
    expect(js.every((f) => /-[\w-]{8}\.js$/.test(f)), js.join(' ')).toBe(true);
    expect(assets.some((f) => /^katex-[\w-]{8}\.mjs\.br$/.test(f))).toBe(true);
    // simd, scalar, simd-threads (fetched only by crossOriginIsolated pages) and the fused multiply-add kernels
    expect(assets.filter((f) => f.endsWith('.wasm.br')).length).toBe(4);
  });

  test.each(PAGES.map((p) => [p.nav, p]))('%s: within budget, compressed, no console error', async (nav, entry) => {
    const page = await browser.context.newPage();
    const r = await load(page, entry.path, entry.standalone, { cold: true });
    console.log(`${entry.path}: ${(r.bytes / KB).toFixed(1)} KB in ${r.requests} requests before interactive`);
    expect(r.requests, `${entry.path} requests`).toBeLessThanOrEqual(MAX_REQUESTS_OF[nav] ?? MAX_REQUESTS);
    if (BUDGET[nav]) expect(r.bytes, `${entry.path} bytes`).toBeLessThanOrEqual(BUDGET[nav]);
    const scripts = Object.entries(r.encodings).filter(([p]) => p.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // Files of 512 bytes or less are not precompressed (and come from the cache after a 304 with no body).
    for (const [p, { encoding, size }] of scripts) if (size > 512) expect(encoding, p).toBe('br');
    expect(r.errors).toEqual([]);
    await page.close();
  });

  test('a second visit downloads only the HTML again (304), the hashed assets come from the cache', async () => {
    const page = await browser.context.newPage();
    await load(page, 'lab.html');
    const again = await load(page, 'lab.html');
    expect(again.bytes, 'bytes on the second visit').toBeLessThan(4 * KB);
    await page.close();
  });

  test('models download once: a switch back and a second visit fetch no model file again (Cache Storage)', async () => {
    const page = await browser.context.newPage();
    const models = [];
    page.on('requestfinished', async (r) => { if (/\.bin$/.test(new URL(r.url()).pathname) && !r.serviceWorker()) models.push(new URL(r.url()).pathname); });
    // Earlier tests cached models (models.html, the widget reference's example): start empty.
    await page.goto(`${origin}/index.html`);
    await page.evaluate(async () => { for (const k of await caches.keys()) await caches.delete(k); });
    await page.goto(`${origin}/models.html`);
    await page.waitForFunction(ready, false);
    const gpt = page.locator('#gpt');
    // the default chars-q8, then sort, the float chars (same tokenizer) and back to chars-q8
    await gpt.evaluate(async (e) => {
      for (const model of ['sort', 'chars', 'chars-q8']) { e.settings = { model }; await e.loaded; }
    });
    await page.reload();
    await page.waitForFunction(ready, false);
    const counts = models.reduce((m, p) => ({ ...m, [p.replace(/-[\w-]{8}\.bin$/, '.bin')]: (m[p.replace(/-[\w-]{8}\.bin$/, '.bin')] ?? 0) + 1 }), {});
    expect(counts).toEqual({
      '/assets/chars-q8.bin': 1, '/assets/chars.bin': 1, '/assets/chars.tokenizer.bin': 1, '/assets/sort.bin': 1, '/assets/sort.tokenizer.bin': 1,
    });
    await page.close();
  });

  test('an experiment trains in its Worker, bundled with everything it imports', async () => {
    const page = await browser.context.newPage();
    const errors = collectErrors(page);
    const failed = [];
    page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`); });
    await page.goto(`${origin}/grokking.html?lang=en`);
    await page.waitForFunction(ready, false, { timeout: 30_000 });
    const grok = page.locator('#grok');
    await grok.evaluate((e) => { e.run(); });
    // Steps only come from the Worker: its module, the wasm and the experiment's code all loaded.
    await page.waitForFunction(() => /step [1-9]\d* of/.test(document.getElementById('grok').shadowRoot.textContent), null, { timeout: 60_000 });
    await grok.evaluate((e) => e.cancel());
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  test('a stock static server (python3 -m http.server) serves a page of each kind', async () => {
    const python = spawn('/usr/bin/python3', ['-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const port = await new Promise((ok, fail) => {
        const seen = (chunk) => { const m = /port (\d+)/.exec(String(chunk)); if (m) ok(Number(m[1])); };
        python.stdout.on('data', seen);
        python.stderr.on('data', seen);
        python.once('exit', () => fail(new Error('http.server exited')));
      });
      for (const [path, standalone] of [['index.html'], ['lab.html'], ['exercises.html'], ['models.html'], ['embed.html', true]]) {
        const page = await browser.context.newPage();
        const errors = collectErrors(page);
        await page.goto(`http://127.0.0.1:${port}/${path}`);
        await page.waitForFunction(ready, !!standalone, { timeout: 30_000 });
        expect(errors, path).toEqual([]);
        await page.close();
      }
    } finally {
      python.kill();
    }
  }, 120_000);

  test('served with COOP/COEP (serve.js --isolated) the lab runs the threaded build: its hashed .wasm and worker load', async () => {
    const isolated = await startServer(0, { dev: false, root: dir, isolated: true });
    try {
      const page = await browser.context.newPage();
      const errors = collectErrors(page);
      const files = [];
      page.on('response', (r) => {
        const name = new URL(r.url()).pathname.split('/').pop();
        if (/\.wasm$|worker.*\.js$/.test(name)) files.push([name.replace(/-[\w-]{8}\./, '.'), r.status()]);
      });
      await page.goto(`http://127.0.0.1:${isolated.address().port}/lab.html`);
      await page.waitForFunction(ready, false, { timeout: 30_000 });
      expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
      expect(files).toEqual(expect.arrayContaining([['attnscope-simd-threads.wasm', 200], ['attnscope-simd-threads.worker.js', 200]]));
      expect(files.filter(([f]) => f === 'attnscope-simd.wasm')).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      isolated.close();
    }
  }, 60_000);
});
