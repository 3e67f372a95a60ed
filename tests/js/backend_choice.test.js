// The backend chooser (web/lib/runtime.js) with a stand-in loader: 'auto'
// picks the threaded build only where the entry allows it
// (crossOriginIsolated in browsers), else the fused multiply-add kernels
// where the engine validates relaxed SIMD, falls back to 'wasm-simd' when
// either load fails, and a forced backend never falls back. Each test
// re-imports runtime.js (and simd-detect.js, whose answers it caches),
// whose state is one loaded module per page or process.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

let runtime;
let asked;

beforeEach(async () => {
  vi.resetModules();
  runtime = await import('../../web/lib/runtime.js');
  asked = [];
});

afterEach(() => {
  vi.restoreAllMocks();
});

const fakeLoader = ({ failThreads = false, failFma = false } = {}) => async (variant) => {
  asked.push(variant);
  if (failThreads && variant === 'simd-threads') throw new Error('no SharedArrayBuffer');
  if (failFma && variant === 'simd-fma') throw new Error('CompileError: relaxed_madd');
  return { variant };
};

// An engine whose WebAssembly.validate accepts the relaxed-SIMD probe (or not).
function relaxedSimd(supported) {
  const validate = WebAssembly.validate.bind(WebAssembly);
  vi.spyOn(WebAssembly, 'validate').mockImplementation((bytes) => {
    const relaxedMadd = [...bytes].some((b, i) => b === 0xfd && bytes[i + 1] === 0x85 && bytes[i + 2] === 0x02);
    return relaxedMadd ? supported : validate(bytes);
  });
}

test("'auto' picks wasm-simd-threads when the entry allows threads", async () => {
  runtime.setLoader(fakeLoader(), { threads: () => true });
  await runtime.ready();
  expect(runtime.backend()).toBe('wasm-simd-threads');
  expect(asked).toEqual(['simd-threads']);
});

test("'auto' stays on wasm-simd when threads are not allowed (a page without COOP/COEP) and relaxed SIMD is missing", async () => {
  relaxedSimd(false);
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

test("'auto' keeps wasm-simd where relaxed SIMD validates (the same numbers in every engine); wasm-simd-fma is loaded when asked for", async () => {
  relaxedSimd(true);
  runtime.setLoader(fakeLoader(), { threads: () => false });
  await runtime.ready();
  expect(runtime.backend()).toBe('wasm-simd');
  expect(asked).toEqual(['simd']);
});

test("ready({backend: 'wasm-simd-fma'}) loads the fused kernels where relaxed SIMD validates", async () => {
  relaxedSimd(true);
  runtime.setLoader(fakeLoader(), { threads: () => false });
  await runtime.ready({ backend: 'wasm-simd-fma' });
  expect(runtime.backend()).toBe('wasm-simd-fma');
  expect(asked).toEqual(['simd-fma']);
});

test("'auto' prefers the threaded build to the fused kernels where both are possible", async () => {
  relaxedSimd(true);
  runtime.setLoader(fakeLoader(), { threads: () => true });
  await runtime.ready();
  expect(runtime.backend()).toBe('wasm-simd-threads');
});

test('a forced wasm-simd-fma whose kernels cannot load is an error naming it, not a silent fallback', async () => {
  relaxedSimd(true);
  runtime.setLoader(fakeLoader({ failFma: true }), { threads: () => false });
  await expect(runtime.ready({ backend: 'wasm-simd-fma' })).rejects.toThrow(/could not load the wasm-simd-fma module/);
  expect(asked).toEqual(['simd-fma']);
});

test('a forced wasm-simd-fma on an engine without relaxed SIMD is an error naming it, and loads nothing', async () => {
  relaxedSimd(false);
  runtime.setLoader(fakeLoader());
  await expect(runtime.ready({ backend: 'wasm-simd-fma' })).rejects.toThrow(/no WebAssembly relaxed SIMD \(needed by wasm-simd-fma\); use backend 'wasm-simd'/);
  expect(asked).toEqual([]);
});

test('a forced wasm-simd never takes the fused kernels, even where relaxed SIMD validates', async () => {
  relaxedSimd(true);
  runtime.setLoader(fakeLoader());
  await runtime.ready({ backend: 'wasm-simd' });
  expect(runtime.backend()).toBe('wasm-simd');
  expect(asked).toEqual(['simd']);
});

test('an unknown backend is refused with the four names', async () => {
  runtime.setLoader(fakeLoader());
  await expect(runtime.ready({ backend: 'wasm-threads' })).rejects.toThrow(/'wasm-simd', 'wasm-scalar', 'wasm-simd-threads' or 'wasm-simd-fma'/);
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
