// Shared set-up of the browser tests: the CSP server from scripts/serve.js,
// Debian's Chromium through playwright-core, and error collection. One
// Chromium serves every test file (global-setup.js launches it); a test
// file's "browser" is a fresh context in it, as private as a new profile.
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { startServer } from '../../scripts/serve.js';
import { CHROMIUM_ARGS, CHROMIUM_SHELL_PATH, collectErrors } from './chromium.js';

export { collectErrors };

export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

// Pictures of pages for people to look at (tests/artifacts/): taken when
// ATTNSCOPE_PICTURES=1 (`npm run pictures`). They assert nothing, and a
// full-page picture costs up to seconds, so the suite skips them otherwise.
export const PICTURES = process.env.ATTNSCOPE_PICTURES === '1';

/** Saves a picture of `target` (a page or locator) to tests/artifacts/<name>.png when PICTURES is on. */
export async function picture(target, name, options = {}) {
  if (!PICTURES) return null;
  const path = join(ARTIFACTS, `${name}.png`);
  await mkdir(dirname(path), { recursive: true });
  await target.screenshot({ ...options, path });
  return path;
}

/** Starts the playground server on a free port; returns {server, origin}. */
export async function serveWeb() {
  const server = await startServer(0);
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

let shared = null;
/** The shared Chromium (connected once per test file), or one of its own when run without global-setup.js. */
function sharedChromium() {
  const endpoint = inject('chromiumEndpoint');
  shared ??= endpoint ? chromium.connect(endpoint) : chromium.launch({ executablePath: CHROMIUM_SHELL_PATH, headless: true, args: CHROMIUM_ARGS });
  return shared;
}
afterAll(async () => { await (await shared)?.close(); shared = null; });

/**
 * A fresh browser context in the shared Chromium (its own cookies, storage,
 * cache and downloads, like a new profile); `locale` sets
 * navigator.language. Returns {context, close()}.
 */
export async function launchBrowser({ locale = 'en-US' } = {}) {
  const browser = await sharedChromium();
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, acceptDownloads: true });
  return { context, close: () => context.close() };
}

/** The bytes of a page's download (download.path() is not available from a shared browser). */
export async function downloadBytes(download) {
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

// Screenshots stop this far down a page: the widget reference is 67,000 px
// tall at 390 px, and a picture that tall takes seconds and nobody looks at it whole.
const SCREENSHOT_MAX_HEIGHT = 8000;

/** A full-page picture (its top 8,000 px) to tests/artifacts/<name>.png when PICTURES is on; returns the path (null when off). */
export async function screenshot(page, name) {
  if (!PICTURES) return null;
  const { width, height } = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }));
  const clip = height > SCREENSHOT_MAX_HEIGHT ? { x: 0, y: 0, width, height: SCREENSHOT_MAX_HEIGHT } : undefined;
  return picture(page, name, { fullPage: true, clip });
}

/**
 * Imports the package in the page as globalThis.attnscope (ready). A string,
 * not a function: Vitest rewrites import() inside test-file functions.
 */
export async function exposeLib(page) {
  await page.evaluate("import('/lib/index.js').then((m) => m.ready().then(() => { globalThis.attnscope = m; }))");
}

/**
 * Serves web/ and opens a browser context around one test file (beforeAll/afterAll).
 * Returns {web, browser, open}: `open(path)` opens a page of the playground,
 * waits for body[data-ready="true"], exposes the package (unless
 * expose: false) and returns {page, errors, requests, response}. Options
 * `viewport` ({width, height}) and `media` (page.emulateMedia's argument:
 * colorScheme, forcedColors, reducedMotion) apply before the page loads.
 */
export function usePlayground({ locale = 'en-US' } = {}) {
  const env = { web: null, browser: null };
  beforeAll(async () => {
    env.web = await serveWeb();
    env.browser = await launchBrowser({ locale });
  });
  afterAll(async () => {
    await env.browser?.close();
    env.web?.server.close();
  });
  env.open = async (path, { context = env.browser.context, expose = true, readyTimeout, viewport, media } = {}) => {
    const page = await context.newPage();
    if (viewport) await page.setViewportSize(viewport);
    if (media) await page.emulateMedia(media);
    const errors = collectErrors(page);
    const requests = [];
    page.on('request', (r) => requests.push(r.url()));
    const response = await page.goto(`${env.web.origin}${path}`);
    await page.waitForSelector('body[data-ready="true"]', readyTimeout ? { timeout: readyTimeout } : {});
    if (expose) await exposeLib(page);
    return { page, errors, requests, response };
  };
  return env;
}
