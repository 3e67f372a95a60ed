// The backend chooser (web/lib/runtime.js) with a stand-in loader: 'auto'
// picks the threaded build only where the entry allows it
// (crossOriginIsolated in browsers), falls back to 'wasm-simd' when that
// load fails, and a forced backend never falls back. Each test re-imports
// runtime.js, whose state is one loaded module per page or process.
import { beforeEach, expect, test, vi } from 'vitest';

let runtime;
let asked;

beforeEach(async () => {
  vi.resetModules();
  runtime = await import('../../web/lib/runtime.js');
  asked = [];
});

const fakeLoader = ({ failThreads = false } = {}) => async (variant) => {
  asked.push(variant);
  if (failThreads && variant === 'simd-threads') throw new Error('no SharedArrayBuffer');
  return { variant };
};

test("'auto' picks wasm-simd-threads when the entry allows threads", async () => {
  runtime.setLoader(fakeLoader(), { threads: () => true });
  await runtime.ready();
  expect(runtime.backend()).toBe('wasm-simd-threads');
  expect(asked).toEqual(['simd-threads']);
});

test("'auto' stays on wasm-simd when threads are not allowed (a page without COOP/COEP)", async () => {
  runtime.setLoader(fakeLoader(), { threads: () => false });
  await runtime.ready();
  expect(runtime.backend()).toBe('wasm-simd');
  expect(asked).toEqual(['simd']);
});

test("'auto' falls back to wasm-simd when the threaded build cannot load", async () => {
  runtime.setLoader(fakeLoader({ failThreads: true }), { threads: () => true });
  await runtime.ready();
  expect(runtime.backend()).toBe('wasm-simd');
  expect(asked).toEqual(['simd-threads', 'simd']);
});

test('a forced wasm-simd-threads that cannot load is an error naming it, not a silent fallback', async () => {
  runtime.setLoader(fakeLoader({ failThreads: true }), { threads: () => false });
  await expect(runtime.ready({ backend: 'wasm-simd-threads' })).rejects.toThrow(/could not load the wasm-simd-threads module: no SharedArrayBuffer/);
  expect(asked).toEqual(['simd-threads']);
  await runtime.ready({ backend: 'wasm-scalar' }); // the failed load left nothing behind
  expect(runtime.backend()).toBe('wasm-scalar');
});

test('an unknown backend is refused with the three names', async () => {
  runtime.setLoader(fakeLoader());
  await expect(runtime.ready({ backend: 'wasm-threads' })).rejects.toThrow(/'wasm-simd', 'wasm-scalar' or 'wasm-simd-threads'/);
  expect(asked).toEqual([]);
});

test('crossOriginIsolatedNow() needs both crossOriginIsolated and SharedArrayBuffer', () => {
  const had = Object.getOwnPropertyDescriptor(globalThis, 'crossOriginIsolated');
  try {
    globalThis.crossOriginIsolated = true;
    expect(runtime.crossOriginIsolatedNow()).toBe(typeof SharedArrayBuffer === 'function');
    globalThis.crossOriginIsolated = false;
    expect(runtime.crossOriginIsolatedNow()).toBe(false);
  } finally {
    if (had) Object.defineProperty(globalThis, 'crossOriginIsolated', had);
    else delete globalThis.crossOriginIsolated;
  }
});
