// The generation benchmark in headless Chromium: the page imports the
// package from web/lib and fetches the checkpoints from `dir`; Model runs on
// the page's main thread (a ModelWorker computes the same way in a worker).
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../chromium.js';
import { servePage } from '../page_server.js';

const WEB = fileURLToPath(new URL('../../../web/', import.meta.url));
const CASES_FILE = fileURLToPath(new URL('./cases.js', import.meta.url));
const PAGE = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>model bench</title>';

/** Runs timeGeneration (cases.js) in Chromium; resolves to { backend, userAgent, results }. */
export async function benchInChromium(dir) {
  const server = await servePage(PAGE, (path) => (path === '/bench-cases.js' ? CASES_FILE
    : path.startsWith('/ckpt/') ? join(dir, path.slice(6)) : normalize(join(WEB, path))));
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    return await page.evaluate(async () => {
      const attn = await import('/lib/index.js');
      const { loadModel, timeGeneration } = await import('/bench-cases.js');
      await attn.ready();
      const files = {};
      const results = await timeGeneration(async (shape, quantize) => {
        files[shape] ??= await (await fetch(`/ckpt/random_${shape}.bin`)).arrayBuffer();
        return loadModel(attn, shape, files[shape], quantize);
      });
      return { backend: attn.backend(), userAgent: navigator.userAgent, results };
    });
  } finally {
    await browser.close();
    server.close();
  }
}
