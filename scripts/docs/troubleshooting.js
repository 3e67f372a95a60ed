// Reproduces each problem of docs/TROUBLESHOOTING.md in headless Chromium
// and prints what the page shows and logs, so the symptoms quoted there are
// the browser's own words. Run by hand after changing loading or the
// elements: `node scripts/docs/troubleshooting.js` (needs /usr/bin/chromium
// or CHROMIUM_PATH, and a wasm build in web/lib/wasm).
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json',
  '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml',
};
const PAGE_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

// Test pages: module scripts in files (an inline script would itself break a strict CSP).
const PAGES = {
  'lib.html': '<!doctype html><meta charset="utf-8"><script type="module" src="lib.js"></script>',
  'lib.js': `const q = new URLSearchParams(location.search);
const attn = await import('./repo/web/lib/index.js');
try {
  await attn.ready(q.get('backend') ? { backend: q.get('backend') } : undefined);
  document.title = 'ready: ' + attn.backend() + ', crossOriginIsolated ' + self.crossOriginIsolated;
} catch (e) { document.title = e.name + ': ' + e.message; }`,
  'widget.html': '<!doctype html><meta charset="utf-8"><script type="module" src="repo/web/widgets/index.js"></script>'
    + '<attn-heatmap></attn-heatmap><script type="module" src="widget.js"></script>',
  'widget.js': `await customElements.whenDefined('attn-heatmap');
await new Promise((r) => setTimeout(r, 3000));
const root = document.querySelector('attn-heatmap').shadowRoot;
const text = [...root.querySelectorAll('*')].filter((n) => n.tagName !== 'STYLE')
  .flatMap((n) => [...n.childNodes].filter((c) => c.nodeType === 3).map((c) => c.textContent.trim())).filter(Boolean);
document.title = 'the element shows: ' + text.slice(0, 8).join(' | ');`,
  'coep.html': '<!doctype html><meta charset="utf-8"><script type="module" src="coep.js"></script>',
  'coep.js': `const img = new Image();
const seen = await new Promise((r) => { img.onload = () => r('loaded'); img.onerror = () => r('blocked');
  img.src = 'http://localhost:' + location.port + '/plain/repo/package.json'; });
const attn = await import('./repo/web/lib/index.js');
await attn.ready();
document.title = 'crossOriginIsolated ' + self.crossOriginIsolated + ', ' + attn.backend() + ', a cross-origin image: ' + seen;`,
  'twice.html': '<!doctype html><meta charset="utf-8"><script type="module" src="twice.js"></script>',
  'twice.js': `await import('./repo/web/widgets/index.js');
try { customElements.define('attn-heatmap', class extends HTMLElement {}); document.title = 'no error'; }
catch (e) { document.title = e.name + ': ' + e.message; }`,
  'copies.html': '<!doctype html><meta charset="utf-8"><script type="module" src="copies.js"></script>',
  'copies.js': `const a = await import('./repo/web/widgets/index.js');
const b = await import('./repo2/web/widgets/index.js');
const C = customElements.get('attn-heatmap');
b.AttnHeatmap.define('my-heatmap');
document.title = 'attn-heatmap is the first copy: ' + (C === a.AttnHeatmap) + ', the second: ' + (C === b.AttnHeatmap)
  + '; the second copy as my-heatmap: ' + (customElements.get('my-heatmap') === b.AttnHeatmap);`,
};

// /<mode>/<file>: the test pages; /<mode>/repo/… and /<mode>/repo2/…: the repository (two copies at two URLs).
function serve(dir) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const [, mode, ...rest] = url.pathname.split('/');
    const path = rest[0] === 'repo' || rest[0] === 'repo2' ? join(REPO, ...rest.slice(1)) : join(dir, ...rest);
    try {
      const body = await readFile(path);
      const headers = { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' };
      if (mode === 'wasm-octet-stream' && path.endsWith('.wasm')) headers['Content-Type'] = 'application/octet-stream';
      if (mode === 'js-text-plain' && path.endsWith('.js') && rest[0] === 'repo') headers['Content-Type'] = 'text/plain';
      if (mode === 'csp-without-wasm') headers['Content-Security-Policy'] = "default-src 'self'; script-src 'self'";
      if (mode === 'page-csp') headers['Content-Security-Policy'] = PAGE_CSP;
      if (mode === 'coop-only' || mode === 'isolated') headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      if (mode === 'isolated') headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const dir = await mkdtemp(join(tmpdir(), 'attnscope-trouble-'));
for (const [name, text] of Object.entries(PAGES)) await writeFile(join(dir, name), text);
await symlink(REPO, join(dir, 'repo'));
const server = await serve(dir);
const origin = `http://127.0.0.1:${server.address().port}`;
const profile = await mkdtemp(join(tmpdir(), 'attnscope-trouble-profile-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'],
});
const CASES = [
  ['a page opened from disk (file://)', `file://${dir}/widget.html`],
  ['the same page over http', `${origin}/plain/widget.html`],
  ['the package scripts served as text/plain', `${origin}/js-text-plain/widget.html`],
  ['.wasm served as application/octet-stream', `${origin}/wasm-octet-stream/lib.html`],
  ["a CSP without 'wasm-unsafe-eval' (and no style-src)", `${origin}/csp-without-wasm/widget.html`],
  ['the page CSP of DEPLOY.md', `${origin}/page-csp/widget.html`],
  ['threads asked for on a page that is not isolated', `${origin}/plain/lib.html?backend=wasm-simd-threads`],
  ['COOP without COEP', `${origin}/coop-only/lib.html`],
  ['COOP + COEP, and a cross-origin image without CORP', `${origin}/isolated/coep.html`],
  ['a second define of attn-heatmap', `${origin}/plain/twice.html`],
  ['two copies of the widgets at two URLs', `${origin}/plain/copies.html`],
];
try {
  for (const [what, url] of CASES) {
    const page = await browser.newPage();
    const log = [];
    page.on('console', (m) => log.push(`console.${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => log.push(`uncaught: ${e.message}`));
    await page.goto(url);
    await page.waitForFunction(() => document.title !== '', null, { timeout: 15000 }).catch(() => {});
    console.log(`\n== ${what}\n${url.replace(origin, '').replace(dir, '<tmp>')}\ntitle: ${await page.title()}\n${log.join('\n')}`);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
  await rm(profile, { recursive: true, force: true });
  await rm(dir, { recursive: true, force: true });
}
