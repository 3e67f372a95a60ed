// The engine layer: one file per browser engine, each with one browser for
// all its checks (Firefox takes one WebDriver BiDi session at a time, and
// MiniBrowser one window per WebDriver session). The three files run at once:
// most of a file's time is a page waiting on its wasm, its Worker or a frame,
// so three browsers share two cores without starving each other.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The Node side reuses some of the widgets' own modules (the Train page's
    // presets, the heatmap's seeded Q and K): there they import the package's
    // Node entry, not the browser one (which would fetch() the .wasm).
    alias: [{ find: /^\.\.\/lib\/index\.js$/, replacement: fileURLToPath(new URL('../../web/lib/node.js', import.meta.url)) }],
  },
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/browsers/**/*.test.js'],
    environment: 'node',
    maxWorkers: 3,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
