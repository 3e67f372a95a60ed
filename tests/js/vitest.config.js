// Node suite: run once per backend (scripts/test.sh sets ATTNSCOPE_BACKEND).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/js/**/*.test.js'],
    environment: 'node',
    testTimeout: 20000,
  },
});
