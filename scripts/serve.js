// Serves web/ on 127.0.0.1 with the strict CSP the pages must live under.
// Usage: node scripts/serve.js [port]  (PORT env also works; 0 = any free port)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../web', import.meta.url)));
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.ts': 'text/plain; charset=utf-8', '.woff2': 'font/woff2',
};
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";
// The code-exercise sandbox page (an opaque-origin iframe) evaluates learner
// code in a blob: worker: only that page gets eval, and it gets no network.
// See docs/EXERCISES.md.
export const SANDBOX_CSP = "sandbox allow-scripts; default-src 'none'; script-src 'self' 'unsafe-eval' blob:; worker-src blob:";
const SANDBOX_PAGE = '/exercises/sandbox/frame.html';

export function startServer(port = 0) {
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://127.0.0.1');
      let path = normalize(join(ROOT, decodeURIComponent(url.pathname)));
      if (!path.startsWith(ROOT)) throw Object.assign(new Error('outside root'), { code: 'ENOENT' });
      if ((await stat(path)).isDirectory()) path = join(path, 'index.html');
      const body = await readFile(path);
      res.writeHead(200, {
        'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream',
        'Content-Security-Policy': url.pathname === SANDBOX_PAGE ? SANDBOX_CSP : CSP,
        'Cache-Control': 'no-cache',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const wanted = process.argv[2] ?? process.env.PORT;
  let server;
  try {
    server = await startServer(Number(wanted ?? 8080));
  } catch (e) {
    if (e.code !== 'EADDRINUSE' || wanted !== undefined) throw e;
    server = await startServer(0); // 8080 is taken: any free port will do
  }
  const { port: actual } = server.address();
  console.log(`attnscope playground: http://127.0.0.1:${actual}/playground/`);
  console.log(`embedding example:    http://127.0.0.1:${actual}/playground/embed.html`);
  console.log(`lecture example:      http://127.0.0.1:${actual}/playground/lecture.html`);
}
