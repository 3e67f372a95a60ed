// The training benchmark in headless Chromium: the page imports the package
// from web/lib and runs timing.js on its main thread (wasm SIMD when the
// browser has it, as ready() picks).
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../chromium.js';
import { servePage } from '../page_server.js';

const WEB = fileURLToPath(new URL('../../../web/', import.meta.url));
const TIMING = fileURLToPath(new URL('./timing.js', import.meta.url));
const PAGE = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>train bench</title>';

/** Runs timeTraining in Chromium; resolves to its result plus the user agent. */
export async function trainInChromium(shape, steps) {
  const server = await servePage(PAGE, (path) => (path === '/bench-timing.js' ? TIMING : normalize(join(WEB, path))));
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    return await page.evaluate(async ({ shape, steps }) => {
      const attn = await import('/lib/index.js');
      const { timeTraining } = await import('/bench-timing.js');
      await attn.ready();
      return { ...timeTraining(attn, shape, steps), userAgent: navigator.userAgent };
    }, { shape, steps });
  } finally {
    await browser.close();
    server.close();
  }
}
