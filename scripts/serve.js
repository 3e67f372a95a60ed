// Serves the playground on 127.0.0.1 under the strict CSP the pages must
// live under.
//   node scripts/serve.js [port]         the production site, dist/site/ (npm run build makes it)
//   node scripts/serve.js --dev [port]   the sources, web/ (pages under /playground/)
//   --isolated (with either)             adds COOP same-origin + COEP require-corp, so the
//                                        pages are crossOriginIsolated and load the threaded
//                                        build (npm start -- --isolated; docs/DEPLOY.md)
// PORT in the environment also works; 0 = any free port. Bodies go out
// precompressed (.br, .gz beside the file) when the browser accepts them,
// with an ETag (a repeat visit gets 304) and Cache-Control: hashed assets
// are immutable for a year, everything else is revalidated each time.
// With --dev a playground page is put together from its file and the page
// template on each request (web/playground/page-template.js), as the
// production build does once.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGES } from '../web/playground/pages.js';
import { renderPage } from '../web/playground/page-template.js';

export const WEB = resolve(fileURLToPath(new URL('../web', import.meta.url)));
export const SITE = resolve(fileURLToPath(new URL('../dist/site', import.meta.url)));
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.ts': 'text/plain; charset=utf-8', '.woff2': 'font/woff2', '.bin': 'application/octet-stream',
};
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";
// The code-exercise sandbox page (an opaque-origin iframe) evaluates learner
// code in a blob: worker: only that page gets eval, and it gets no network.
// See docs/EXERCISES.md.
export const SANDBOX_CSP = "sandbox allow-scripts; default-src 'none'; script-src 'self' 'unsafe-eval' blob:; worker-src blob:";
const SANDBOX_PAGE = '/exercises/sandbox/frame.html';
// Vite's content hash: "-" and 8 characters before the extension, under assets/.
const HASHED = /\/assets\/.*-[\w-]{8}\.\w+$/;

/** Cache-Control for a path: hashed assets never change; anything else is checked again each time. */
export const cacheControl = (path) => (HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');

async function findFile(root, pathname) {
  const path = normalize(join(root, decodeURIComponent(pathname)));
  if (!path.startsWith(root)) return null;
  try {
    const s = await stat(path);
    if (s.isDirectory()) return findFile(root, join(pathname, 'index.html'));
    return { path, size: s.size, mtime: s.mtimeMs };
  } catch {
    return null;
  }
}

/** The precompressed variant to send: {file, encoding} (the file itself when none fits). */
async function variant(file, acceptEncoding = '') {
  for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']]) {
    if (!new RegExp(`\\b${encoding}\\b`).test(acceptEncoding)) continue;
    try {
      const s = await stat(file.path + suffix);
      return { file: { path: file.path + suffix, size: s.size, mtime: s.mtimeMs }, encoding };
    } catch { /* no such variant */ }
  }
  return { file, encoding: null };
}

const PLAYGROUND = join(WEB, 'playground');

/** The playground page that `path` (a file found under web/) is the body of, or null. */
function templatedPage(path) {
  if (dirname(path) !== PLAYGROUND) return null;
  const page = PAGES.find((p) => p.path === basename(path));
  return page && !page.standalone ? page : null;
}

/**
 * What a server of the sources sends for the file at `path` (absolute, under
 * web/): a playground page put together from its file and the template, any
 * other file as it is. For servers of web/ other than this one (tests).
 */
export async function sourceBody(path) {
  const page = templatedPage(path);
  return page ? Buffer.from(renderPage(page, await readFile(path, 'utf8'), { csp: CSP })) : readFile(path);
}

/** The headers that make a page crossOriginIsolated (SharedArrayBuffer, wasm threads). */
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * Starts the server; resolves to the http.Server. `dev`: serve web/ (the
 * sources) instead of dist/site/. `root` overrides both. `isolated`: send
 * ISOLATION_HEADERS with every response.
 */
export function startServer(port = 0, { dev = true, root = dev ? WEB : SITE, isolated = false } = {}) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    // The production site has the pages at its root; old /playground/ links still work.
    if (!dev && url.pathname.startsWith('/playground/')) {
      res.writeHead(301, { Location: url.pathname.slice('/playground'.length) + url.search });
      res.end();
      return;
    }
    const found = await findFile(root, url.pathname);
    if (!found) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('not found');
      return;
    }
    const rendered = dev && templatedPage(found.path) ? await sourceBody(found.path) : null;
    const { file, encoding } = rendered ? { file: found, encoding: null } : await variant(found, req.headers['accept-encoding']);
    const etag = rendered
      ? `"${createHash('sha1').update(rendered).digest('base64url').slice(0, 16)}"`
      : `"${file.size.toString(36)}-${Math.floor(file.mtime).toString(36)}${encoding ? `-${encoding}` : ''}"`;
    const headers = {
      'Content-Type': TYPES[extname(found.path)] ?? 'application/octet-stream',
      'Content-Security-Policy': url.pathname === SANDBOX_PAGE ? SANDBOX_CSP : CSP,
      'Cache-Control': cacheControl(url.pathname),
      ETag: etag,
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      ...(isolated ? ISOLATION_HEADERS : {}),
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const body = rendered ?? await readFile(file.path);
    res.writeHead(200, { ...headers, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dev = args.includes('--dev');
  const isolated = args.includes('--isolated');
  const wanted = args.find((a) => /^\d+$/.test(a)) ?? process.env.PORT;
  if (!dev) {
    try {
      await stat(join(SITE, 'index.html'));
    } catch {
      console.error('dist/site/ is missing: run `npm run build` first (or serve the sources with --dev)');
      process.exit(1);
    }
  }
  let server;
  try {
    server = await startServer(Number(wanted ?? 8080), { dev, isolated });
  } catch (e) {
    if (e.code !== 'EADDRINUSE' || wanted !== undefined) throw e;
    server = await startServer(0, { dev, isolated }); // 8080 is taken: any free port will do
  }
  const base = `http://127.0.0.1:${server.address().port}${dev ? '/playground' : ''}`;
  console.log(`attnscope ${dev ? 'sources (--dev)' : 'production site (dist/site)'}${isolated ? ', crossOriginIsolated (--isolated): threads' : ''}: ${base}/`);
  console.log(`attention lab:     ${base}/lab.html`);
  console.log(`embedding example: ${base}/embed.html`);
}
