// The three browser engines behind one small interface, for the engine layer
// (engine-suite.js):
//   chromium  Debian's chromium through playwright-core
//   firefox   Debian's firefox-esr through puppeteer-core over WebDriver BiDi
//             (no driver binary; Firefox takes one BiDi session at a time)
//   webkit    Debian's WebKitGTK MiniBrowser through WebKitWebDriver and
//             selenium-webdriver, on an Xvfb display (one window per session)
// launchEngine(name) → { name, version, open(url, viewport), close() }; a page
// → { evaluate(source, arg), waitFor(source, timeoutMs), resize(viewport),
// screenshot(path), nativeErrors, close() }. `source` is the text of a function expression,
// called in the page with `arg` (JSON); it may be async, and its result comes
// back as JSON. Every launch uses a fresh temporary profile.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { Builder } from 'selenium-webdriver';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.js';

const MINIBROWSER = ['x86_64-linux-gnu', 'aarch64-linux-gnu'].map((t) => `/usr/lib/${t}/webkit2gtk-4.1/MiniBrowser`).find(existsSync);

const call = (source, arg) => `(${source})(${JSON.stringify(arg ?? null)})`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `source` in the page until it returns something truthy; throws after timeoutMs. */
async function waitFor(page, source, timeoutMs = 30_000, arg) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await page.evaluate(source, arg);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${source}`);
    await sleep(100);
  }
}

async function launchChromium() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ locale: 'en-US', deviceScaleFactor: 1 });
  return {
    version: `Chromium ${browser.version()}`,
    async open(url, viewport) {
      const p = await context.newPage();
      const nativeErrors = [];
      p.on('console', (m) => { if (m.type() === 'error') nativeErrors.push(`console: ${m.text()}`); });
      p.on('pageerror', (e) => nativeErrors.push(`pageerror: ${e.message}`));
      await p.setViewportSize(viewport);
      await p.goto(url);
      const page = {
        nativeErrors,
        evaluate: (source, arg) => p.evaluate(call(source, arg)),
        waitFor: (source, ms, arg) => waitFor(page, source, ms, arg),
        resize: (size) => p.setViewportSize(size),
        screenshot: (path) => p.screenshot({ path }),
        close: () => p.close(),
      };
      return page;
    },
    close: () => browser.close(),
  };
}

async function launchFirefox() {
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: process.env.FIREFOX_PATH || '/usr/bin/firefox-esr', headless: true,
    extraPrefsFirefox: { 'intl.accept_languages': 'en-US', 'intl.locale.requested': 'en-US' },
  });
  return {
    version: `Firefox ${(await browser.version()).replace(/^firefox\//, '')}`,
    async open(url, viewport) {
      const p = await browser.newPage();
      const nativeErrors = [];
      p.on('console', (m) => { if (m.type() === 'error') nativeErrors.push(`console: ${m.text()}`); });
      p.on('pageerror', (e) => nativeErrors.push(`pageerror: ${e.message}`));
      await p.setViewport(viewport);
      await p.goto(url, { waitUntil: 'load' });
      const page = {
        nativeErrors,
        evaluate: (source, arg) => p.evaluate(call(source, arg)),
        waitFor: (source, ms, arg) => waitFor(page, source, ms, arg),
        resize: (size) => p.setViewport(size),
        screenshot: (path) => p.screenshot({ path }),
        close: () => p.close(),
      };
      return page;
    },
    close: () => browser.close(),
  };
}

/** A TCP port free at the moment of asking. */
function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); });
  });
}

/** Starts Xvfb on a display it picks itself (-displayfd); resolves to {display, process}. */
function startXvfb() {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  return new Promise((ok, fail) => {
    let text = '';
    xvfb.once('error', fail);
    xvfb.once('exit', (code) => fail(new Error(`Xvfb exited (${code})`)));
    xvfb.stdio[3].on('data', (d) => {
      text += d;
      if (text.includes('\n')) ok({ display: `:${text.trim()}`, process: xvfb });
    });
  });
}

async function launchWebKit({ env = {} } = {}) {
  if (!MINIBROWSER) throw new Error('WebKitGTK MiniBrowser not found (Debian package webkit2gtk-driver)');
  const xvfb = await startXvfb();
  const port = await freePort();
  const driverProcess = spawn('WebKitWebDriver', [`--port=${port}`], { env: { ...process.env, ...env, DISPLAY: xvfb.display }, stdio: 'ignore' });
  const stop = () => { driverProcess.kill(); xvfb.process.kill(); };
  try {
    let driver;
    for (let attempt = 0; !driver; attempt++) { // the driver listens a moment after it starts
      try {
        driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities({
          browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        }).build();
      } catch (e) {
        if (attempt > 50 || !/ECONNREFUSED/.test(e.message)) throw e;
        await sleep(100);
      }
    }
    await driver.manage().setTimeouts({ script: 300_000, pageLoad: 60_000 });
    const caps = await driver.getCapabilities();
    return {
      version: `WebKitGTK ${caps.get('browserVersion')}`,
      async open(url, viewport) {
        await driver.manage().window().setRect(viewport);
        await driver.get(url);
        const page = {
          nativeErrors: [], // WebKitWebDriver reports none: capture.js does
          async evaluate(source, arg) {
            const r = await driver.executeAsyncScript(`const done = arguments[arguments.length - 1];
              Promise.resolve().then(() => ${call(source, arg)}).then((value) => done({ value: value === undefined ? null : value }), (e) => done({ error: String(e && e.stack || e) }));`);
            if (r.error) throw new Error(r.error);
            return r.value;
          },
          waitFor: (source, ms, arg) => waitFor(page, source, ms, arg),
          resize: (size) => driver.manage().window().setRect(size),
          screenshot: async (path) => writeFile(path, Buffer.from(await driver.takeScreenshot(), 'base64')),
          close: () => driver.get('about:blank'),
        };
        return page;
      },
      async close() {
        try { await driver.quit(); } finally { stop(); }
      },
    };
  } catch (e) {
    stop();
    throw e;
  }
}

/**
 * Launches engine `name` ('chromium' | 'firefox' | 'webkit'). options.env
 * (WebKit only): more environment for the browser's processes.
 */
export function launchEngine(name, options) {
  const launch = { chromium: launchChromium, firefox: launchFirefox, webkit: launchWebKit }[name];
  if (!launch) throw new Error(`unknown engine ${name}`);
  return launch(options).then((engine) => ({ name, ...engine }));
}
