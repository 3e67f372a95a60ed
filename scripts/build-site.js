// The production site: every page of web/playground/pages.js put together
// from its file and the page template (web/playground/page-template.js),
// bundled and minified by Vite into dist/site/ (hashed names under assets/), KaTeX's
// module minified and its fonts beside its stylesheet, the code-exercise
// sandbox (it needs its own address and CSP) and the pages' JSON exercise
// packs copied as they are, and every text asset precompressed as .gz and
// .br for scripts/serve.js or any static host.
// Usage: node scripts/build-site.js   (npm run build runs it)
import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { CODE_SPLITTING, copySandbox, packageAssets } from './vite-assets.js';
import { PAGES, pageAt } from '../web/playground/pages.js';
import { renderPage } from '../web/playground/page-template.js';
import { CSP, SANDBOX_CSP } from './serve.js';
import { readTypes } from './widget-docs.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PLAYGROUND = join(ROOT, 'web/playground');
export const SITE = join(ROOT, 'dist/site');
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm', '.svg', '.txt', '.map']);
const WIDGET_TYPES = "new URL('../widgets/index.d.ts', import.meta.url)";

/** Vite plugin: each page's file becomes its whole document (the same function scripts/serve.js --dev runs). */
function pageTemplate() {
  return {
    name: 'attnscope-page-template',
    transformIndexHtml: {
      order: 'pre',
      handler(html, { filename }) {
        const page = pageAt(filename);
        return page && !page.standalone ? renderPage(page, html, { csp: CSP }) : html;
      },
    },
  };
}

/** Vite plugin: the widget reference reads index.d.ts and the per-element files it re-exports: one asset with them inlined (one request). */
function widgetTypes() {
  return {
    name: 'attnscope-widget-types',
    transform(code, id) {
      if (!id.endsWith('/playground/widgets.js') || !code.includes(WIDGET_TYPES)) return null;
      return readTypes().then((source) => {
        const ref = this.emitFile({ type: 'asset', name: 'widget-types.d.ts', source });
        return code.replace(WIDGET_TYPES, `new URL(import.meta.ROLLDOWN_FILE_URL_${ref}, '' + import.meta.url)`);
      });
    },
  };
}

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes name.gz and name.br beside every compressible file over 512 bytes; returns {files, bytes, gz, br}. */
export async function precompress(dir) {
  const total = { files: 0, bytes: 0, gz: 0, br: 0 };
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.has(extname(path)) || (await stat(path)).size <= 512) continue;
    const body = await readFile(path);
    const gz = gzipSync(body, { level: 9 });
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    await writeFile(`${path}.gz`, gz);
    await writeFile(`${path}.br`, br);
    Object.assign(total, { files: total.files + 1, bytes: total.bytes + body.length, gz: total.gz + gz.length, br: total.br + br.length });
  }
  return total;
}

export async function buildSite({ outDir = SITE, quiet = false } = {}) {
  await rm(outDir, { recursive: true, force: true });
  await build({
    root: PLAYGROUND,
    base: './',
    configFile: false,
    logLevel: quiet ? 'warn' : 'info',
    plugins: [pageTemplate(), packageAssets(), widgetTypes()],
    worker: { format: 'es' },
    build: {
      outDir,
      emptyOutDir: true,
      assetsInlineLimit: 0, // the CSP allows no data: scripts; keep every asset a file
      chunkSizeWarningLimit: 1024,
      rollupOptions: { input: Object.fromEntries(PAGES.map((p) => [p.nav, join(PLAYGROUND, p.path)])), output: { codeSplitting: CODE_SPLITTING } },
    },
  });
  await copySandbox(outDir);
  // Data the pages fetch at run time by a relative address (exercise packs).
  for (const name of await readdir(PLAYGROUND)) {
    if (name.endsWith('.json')) await cp(join(PLAYGROUND, name), join(outDir, name));
  }
  await writeFile(join(outDir, '_headers'), netlifyHeaders());
  return precompress(outDir);
}

/** Netlify's _headers file (other hosts ignore it): the same headers scripts/serve.js sends. */
function netlifyHeaders() {
  return [
    '/*', `  Content-Security-Policy: ${CSP}`, '  Cache-Control: no-cache', '',
    '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', '',
    '/exercises/sandbox/frame.html', '  ! Content-Security-Policy', `  Content-Security-Policy: ${SANDBOX_CSP}`, '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const t = await buildSite();
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`dist/site: ${t.files} compressible files, ${kb(t.bytes)} → gzip ${kb(t.gz)}, brotli ${kb(t.br)}`);
}
