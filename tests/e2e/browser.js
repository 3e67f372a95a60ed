// Shared set-up of the browser tests: the CSP server from scripts/serve.js,
// a headless Debian Chromium through playwright-core, and error collection.
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startServer } from '../../scripts/serve.js';

export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** Starts the playground server on a free port; returns {server, origin}. */
export async function serveWeb() {
  const server = await startServer(0);
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

/** A fresh Chromium profile; `locale` sets navigator.language. close() removes the profile. */
export async function launchBrowser({ locale = 'en-US' } = {}) {
  const profile = await mkdtemp(join(tmpdir(), 'attnscope-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    locale,
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Collects console errors and uncaught page errors; the array fills as they happen. */
export function collectErrors(page) {
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}

/** Saves a full-page screenshot to tests/artifacts/<name>.png; returns the path. */
export async function screenshot(page, name) {
  await mkdir(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Imports the package in the page as globalThis.attnscope (ready). A string,
 * not a function: Vitest rewrites import() inside test-file functions.
 */
export async function exposeLib(page) {
  await page.evaluate("import('/lib/index.js').then((m) => m.ready().then(() => { globalThis.attnscope = m; }))");
}

/**
 * Serves web/ and launches Chromium around one test file (beforeAll/afterAll).
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
