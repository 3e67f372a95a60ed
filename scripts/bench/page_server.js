// The static server of the Chromium benchmarks (compare, model, train):
// 127.0.0.1 on a free port, no COOP/COEP headers (so a page is not
// cross-origin isolated and every system runs in one thread). '/' is the
// bench's own page; any other path is the file fileFor(path) names, or a 404
// when it names none or the file is missing.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';

const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.json': 'application/json',
};

/** Resolves to the listening server (its port: server.address().port). */
export function servePage(page, fileFor) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    try {
      const file = path === '/' ? null : fileFor(path);
      if (path !== '/' && !file) throw new Error(`${path} is not served`);
      const body = file ? await readFile(file) : page;
      res.writeHead(200, { 'Content-Type': TYPES[path.slice(path.lastIndexOf('.'))] ?? (file ? 'application/octet-stream' : 'text/html') });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}
