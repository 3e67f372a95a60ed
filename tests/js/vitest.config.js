// Node suite: run once per backend (scripts/test.sh sets ATTNSCOPE_BACKEND).
// wasm-simd-fma needs relaxed SIMD, which Node 20 has only behind a V8 flag
// (Node 22 and later: by default).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const RELAXED_SIMD_FLAG = Number(process.versions.node.split('.')[0]) < 22 ? ['--experimental-wasm-relaxed-simd'] : [];

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/js/**/*.test.js'],
    environment: 'node',
    // Both cores: Vitest's default leaves one free, and most files wait on nothing.
    maxWorkers: 2,
    testTimeout: 20000,
    execArgv: process.env.ATTNSCOPE_BACKEND === 'wasm-simd-fma' ? RELAXED_SIMD_FLAG : [],
  },
});
