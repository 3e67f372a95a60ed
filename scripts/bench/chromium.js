// Debian's Chromium for the benches that run in a page (compare, model,
// train): a headless browser of their own, started with the browser tests'
// flags (tests/e2e/chromium.js, whose error collector it passes on), and one
// fresh context. Not the tests' shared browser (tests/e2e/browser.js): that
// module registers Vitest hooks, which only load inside a test run.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, collectErrors } from '../../tests/e2e/chromium.js';

export { collectErrors };

/** Returns {context, close()}; close() ends the context and the browser. */
export async function launchBrowser({ locale = 'en-US' } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  return { context, close: async () => { await context.close(); await browser.close(); } };
}
