// The playground as scripts/serve.js serves it (the sources, the strict CSP,
// optionally COOP/COEP), behind a small proxy that puts capture.js first in
// the <head> of every playground page and remembers every request that
// failed (status ≥ 400), so the engine layer sees a page's errors the same
// way in Chromium, Firefox and WebKit.
import { request, createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { startServer } from '../../scripts/serve.js';

export const CAPTURE_PATH = '/__attnscope-capture.js';
const CAPTURE_TAG = `<script src="${CAPTURE_PATH}"></script>`;
const CAPTURE_SOURCE = readFile(new URL('./capture.js', import.meta.url));

/** Puts the capture script first in the <head> of an HTML document. */
export const injectCapture = (html) => html.replace(/<head>/i, (head) => `${head}\n${CAPTURE_TAG}`);

/**
 * Starts serve.js on a free port and the proxy in front of it; resolves to
 * {origin, failed, close}: `failed` collects "<status> <path>" of every
 * request answered with an error.
 */
export async function startCaptureServer({ isolated = false } = {}) {
  const inner = await startServer(0, { isolated });
  const innerPort = inner.address().port;
  const failed = [];
  const proxy = createServer(async (req, res) => {
    const path = new URL(req.url, 'http://127.0.0.1').pathname;
    if (path === CAPTURE_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(await CAPTURE_SOURCE);
      return;
    }
    const headers = { ...req.headers };
    delete headers['accept-encoding']; // plain bodies, so the HTML can be edited
    delete headers['if-none-match']; // and never a 304 for a page that needs the tag
    const upstream = request({ host: '127.0.0.1', port: innerPort, path: req.url, method: req.method, headers }, (up) => {
      if (up.statusCode >= 400 && path !== '/favicon.ico') failed.push(`${up.statusCode} ${path}`);
      const html = /^text\/html/.test(up.headers['content-type'] ?? '') && path.startsWith('/playground/');
      if (!html) {
        res.writeHead(up.statusCode, up.headers);
        up.pipe(res);
        return;
      }
      const chunks = [];
      up.on('data', (c) => chunks.push(c));
      up.on('end', () => {
        const body = Buffer.from(injectCapture(Buffer.concat(chunks).toString('utf8')));
        const out = { ...up.headers, 'content-length': body.length };
        delete out.etag;
        res.writeHead(up.statusCode, out);
        res.end(body);
      });
    });
    upstream.on('error', (e) => { res.writeHead(502); res.end(String(e)); });
    req.pipe(upstream);
  });
  await new Promise((ok) => proxy.listen(0, '127.0.0.1', ok));
  return {
    origin: `http://127.0.0.1:${proxy.address().port}`,
    failed,
    close: () => { proxy.close(); inner.close(); },
  };
}
