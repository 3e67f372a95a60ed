// How the browser tests start Debian's Chromium (flags from docs: without the
// background-networking ones it floods the closed network with requests), and
// how they hear a page's errors. No Vitest hooks here: the benches import it too.
// The Chromium layer (tests/e2e/) drives chromium-headless-shell: the same
// Blink and V8 as the browser, from the same source package and version, with
// no window or toolbar around each page. Opening a page costs it about 0.12 s
// of CPU, against 0.9 s for the browser's headless mode (measured on the
// 2-core test machine), and the layer opens hundreds. The engine layer
// (tests/browsers/) and the benches run the browser itself.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_SHELL_PATH = process.env.CHROMIUM_SHELL_PATH || '/usr/bin/chromium-headless-shell';
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** Console errors and uncaught page errors of a playwright page, collected as they happen. */
export function collectErrors(page) {
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
}
