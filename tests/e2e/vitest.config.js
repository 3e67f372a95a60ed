// Browser tests: real Debian Chromium through playwright-core against the
// CSP server of scripts/serve.js. One Chromium for the whole run
// (global-setup.js); each file connects to it and works in its own contexts
// (browser.js). Two files run at a time, one per core: most of a file's time
// is a page waiting on its wasm, its Worker or a frame, not the CPU.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongFilesFirst from './sequencer.js';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/e2e/**/*.test.js'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.js'],
    sequence: { sequencer: LongFilesFirst },
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits on a page's asynchronous work (a Worker's steps, a
    // file read): Vitest's default second is too short on a busy machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
