// Browser tests: real Debian Chromium through playwright-core against the
// CSP server of scripts/serve.js. Files run one after another (each starts
// its own server and browser); timeouts allow for a cold browser start.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/e2e/**/*.test.js'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
