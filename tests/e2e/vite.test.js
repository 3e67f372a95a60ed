// The package through a bundler: Vite builds a tiny app that imports
// 'attnscope' (aliased to web/lib/index.js, as a package install resolves
// it), and the built app computes softmax in Chromium. This proves the glue's
// new URL('*.wasm', import.meta.url) survives bundling and the .wasm is emitted.
import { createServer } from 'node:http';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CSP } from '../../scripts/serve.js';
import { collectErrors, launchBrowser } from './browser.js';

const ENTRY = fileURLToPath(new URL('../../web/lib/index.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// The README's bundler example, as a reader pastes it into an app's main.js.
const README_APP = (await readFile(join(ROOT, 'README.md'), 'utf8')).split('<!-- bundler:start -->')[1].split('<!-- bundler:end -->')[0].replace(/```js|```/g, '');

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.bin': 'application/octet-stream' };

const APP_HTML_OF = (script) => `<!doctype html>
<html><head><meta charset="utf-8"><title>vite app</title><link rel="icon" href="data:,">
<script type="module" src="${script}"></script></head><body></body></html>
`;
const APP_HTML = APP_HTML_OF('./main.js');
const WIDGET_HTML = APP_HTML_OF('./widget.js');
const APP_MAIN = `import * as attn from 'attnscope';
attn.ready().then(() => {
  const p = attn.softmax(attn.tensor(new Float32Array([1, 2, -Infinity, 3, 0.5, 0.5, 0.5, 0.5]), [2, 4]));
  document.body.dataset.result = JSON.stringify({ backend: attn.backend(), softmax: Array.from(p.data) });
}, (e) => { document.body.dataset.result = JSON.stringify({ error: String(e) }); });
// #model: a default model (its files emitted as assets) in the page and in a module worker.
if (location.hash === '#model') (async () => {
  const model = await attn.Model.default('sort');
  const worker = await attn.ModelWorker.default('sort');
  const inWorker = await worker.generate('bundle|', { temperature: 0 });
  document.body.dataset.model = JSON.stringify({ page: model.generate('softmax|', { temperature: 0 }).text, worker: inWorker.text });
})().catch((e) => { document.body.dataset.model = JSON.stringify({ error: String(e) }); });
`;

let dir, server, origin, browser;

/** Serves `root` on 127.0.0.1 with the same CSP the playground has. */
function serveDir(root) {
  const s = createServer(async (req, res) => {
    const path = normalize(join(root, new URL(req.url, 'http://x').pathname.replace(/\/$/, '/index.html')));
    try {
      if (!path.startsWith(root)) throw new Error('outside');
      const body = await readFile(path);
      res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream', 'Content-Security-Policy': CSP });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((ok) => s.listen(0, '127.0.0.1', () => ok(s)));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'attnscope-vite-'));
  await writeFile(join(dir, 'index.html'), APP_HTML);
  await writeFile(join(dir, 'main.js'), APP_MAIN);
  await writeFile(join(dir, 'widget.html'), WIDGET_HTML);
  await writeFile(join(dir, 'widget.js'), README_APP);
  // The package installed as the app sees it: its exports map resolves 'attnscope/widgets/attn-heatmap'.
  await mkdir(join(dir, 'node_modules'));
  await symlink(ROOT, join(dir, 'node_modules/attnscope'));
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: [{ find: /^attnscope$/, replacement: ENTRY }] },
    build: { outDir: join(dir, 'dist'), emptyOutDir: true, rollupOptions: { input: { main: join(dir, 'index.html'), widget: join(dir, 'widget.html') } } },
  });
  server = await serveDir(join(dir, 'dist'));
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('vite emits the .wasm files as assets', async () => {
  const assets = await readdir(join(dir, 'dist', 'assets'));
  expect(assets.filter((f) => f.endsWith('.wasm')).length).toBeGreaterThanOrEqual(1);
});

test('vite emits the default models as assets; Model and ModelWorker load them in Chromium', async () => {
  const assets = await readdir(join(dir, 'dist', 'assets'));
  // sort.bin is emitted; the 4 KB tokenizer is inlined as a data: URL (assetsInlineLimit)
  expect(assets.filter((f) => /^sort.*\.bin$/.test(f)).length, assets.join(' ')).toBeGreaterThanOrEqual(1);
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${origin}/#model`);
  await page.waitForSelector('body[data-model]', { state: 'attached', timeout: 30_000 });
  expect(JSON.parse(await page.getAttribute('body', 'data-model'))).toEqual({ page: 'afmostx', worker: 'bdelnu' });
  expect(errors).toEqual([]);
  await page.close();
});

test('the vite-built app loads the wasm and computes softmax correctly in Chromium', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  const wasm = [];
  page.on('response', (r) => { if (r.url().endsWith('.wasm')) wasm.push(r.status()); });
  await page.goto(`${origin}/`);
  await page.waitForSelector('body[data-result]', { state: 'attached' });
  const result = JSON.parse(await page.getAttribute('body', 'data-result'));
  expect(result.error).toBeUndefined();
  expect(result.backend).toBe('wasm-simd'); // 'auto': the fused kernels only when asked for
  expect(wasm).toEqual([200]); // the SIMD build alone
  // float64 reference: exp(x - max) / sum, with -Infinity giving 0.
  const reference = (row) => {
    const m = Math.max(...row);
    const e = row.map((x) => Math.exp(x - m));
    const s = e.reduce((a, b) => a + b, 0);
    return e.map((x) => x / s);
  };
  const want = [...reference([1, 2, -Infinity, 3]), ...reference([0.5, 0.5, 0.5, 0.5])];
  const TOLERANCE = 1e-6; // float32 rounding of values below 1
  const worst = Math.max(...result.softmax.map((v, i) => Math.abs(v - want[i])));
  expect(worst, `worst |wasm - float64| = ${worst}`).toBeLessThan(TOLERANCE);
  expect(result.softmax[2]).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});

test("the README's bundler example registers <attn-heatmap> alone, through the package's exports, and it draws causal weights", async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${origin}/widget.html`);
  await page.waitForSelector('body[data-backend]', { state: 'attached' });
  const weights = await page.waitForFunction(() => document.querySelector('attn-heatmap').weights).then((h) => h.evaluate((w) => ({ shape: w.shape, data: Array.from(w.data) })));
  expect(weights.shape).toEqual([6, 6]);
  for (let i = 0; i < 6; i++) {
    for (let j = i + 1; j < 6; j++) expect(weights.data[i * 6 + j]).toBe(0);
    expect(Math.abs(weights.data.slice(i * 6, i * 6 + 6).reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-6);
  }
  // Only the heatmap was registered: no other element's module came along.
  expect(await page.evaluate(() => [customElements.get('attn-heatmap'), customElements.get('attn-tiny-gpt'), customElements.get('attn-exercise')].map(Boolean))).toEqual([true, false, false]);
  expect(errors).toEqual([]);
  await page.close();
});
