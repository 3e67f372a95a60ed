// The package as a page imports it: Chromium has WebAssembly SIMD and relaxed
// SIMD, so 'wasm-simd-fma' loads the SIMD build with the fused multiply-add
// kernels (attnscope-fma.wasm) attached, and it computes under the CSP;
// 'auto' (a playground page) and 'wasm-simd' load the SIMD build alone. Each rounds matmul as it promises
// (tests/js/gemm_rounding.test.js does the same in Node): fused,
// round(acc + a*b), or multiply then add, bit for bit.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { collectErrors, exposeLib, launchBrowser, serveWeb } from './browser.js';

let web, browser;

beforeAll(async () => {
  web = await serveWeb();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  web?.server.close();
});

// Runs in the page (attnscope on globalThis): matmul on shapes that exercise
// the tile's tails and the K slices (512), against float64 emulations of both
// roundings in the engine's order (k in order per slice, slices added).
const ROUNDING = `(() => {
  const attn = globalThis.attnscope;
  const f = Math.fround;
  const lcg = (n, seed) => { const o = new Float32Array(n); let s = seed >>> 0;
    for (let i = 0; i < n; i++) { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; o[i] = s / 2 ** 31 - 1; } return o; };
  const emulate = (a, b, M, K, N, fused) => {
    const out = new Float32Array(M * N);
    for (let i = 0; i < M; i++) for (let j = 0; j < N; j++) {
      let o = 0;
      for (let k0 = 0; k0 < K; k0 += 512) {
        let acc = 0;
        for (let k = k0; k < Math.min(K, k0 + 512); k++) {
          const p = a[i * K + k] * b[k * N + j];
          acc = fused ? f(acc + p) : f(acc + f(p));
        }
        o = k0 === 0 ? acc : f(o + acc);
      }
      out[i * N + j] = o;
    }
    return out;
  };
  const differing = (x, y) => x.reduce((n, v, i) => n + (Object.is(v, y[i]) ? 0 : 1), 0);
  let fused = 0, unfused = 0, total = 0;
  for (const [M, K, N] of [[1, 1, 1], [3, 7, 17], [17, 65, 3], [65, 3, 7], [5, 600, 9], [64, 64, 64]]) {
    const a = lcg(M * K, 11 + M), b = lcg(K * N, 29 + N);
    const got = attn.matmul(attn.tensor(a, [M, K]), attn.tensor(b, [K, N])).data;
    fused += differing(got, emulate(a, b, M, K, N, true));
    unfused += differing(got, emulate(a, b, M, K, N, false));
    total += M * N;
  }
  const p = attn.softmax(attn.tensor(new Float32Array([1, 2, -Infinity, 3]), [4]));
  return { backend: attn.backend(), differFromFused: fused, differFromUnfused: unfused, total, softmax: Array.from(p.data) };
})()`;

// The relaxed-SIMD probe of web/lib/simd-detect.js, validated by the page itself.
const RELAXED_VALIDATES = `WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0,
  10, 20, 1, 18, 0, 65, 0, 253, 17, 65, 0, 253, 17, 65, 0, 253, 17, 253, 133, 2, 26, 11]))`;

function wasmFiles(page) {
  const files = [];
  page.on('response', (r) => { if (r.url().endsWith('.wasm')) files.push([r.url().split('/').pop(), r.status()]); });
  return files;
}

test("a playground page runs 'wasm-simd' in Chromium although relaxed SIMD validates: the same numbers as every engine", async () => {
  const page = await browser.context.newPage();
  const wasm = wasmFiles(page);
  await page.goto(`${web.origin}/playground/embed.html`);
  expect(await page.evaluate(RELAXED_VALIDATES)).toBe(true);
  await exposeLib(page);
  expect(await page.evaluate('attnscope.backend()')).toBe('wasm-simd');
  expect(wasm).toEqual([['attnscope-simd.wasm', 200]]);
  await page.close();
});

/**
 * The package imported by a document whose own scripts do not call ready()
 * first (a text file of the package), ready() with `backend`, then ROUNDING:
 * {page, errors, wasm (the .wasm files fetched), result}.
 */
async function roundingWith(backend) {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  const wasm = wasmFiles(page);
  await page.goto(`${web.origin}/lib/index.d.ts`);
  await page.evaluate(`import('/lib/index.js').then((m) => m.ready({ backend: '${backend}' }).then(() => { globalThis.attnscope = m; }))`);
  return { page, errors, wasm, result: await page.evaluate(ROUNDING) };
}

test("ready({backend: 'wasm-simd-fma'}) in Chromium: the SIMD build and attnscope-fma.wasm load, and matmul rounds fused", async () => {
  const { page, errors, wasm, result } = await roundingWith('wasm-simd-fma');
  expect(result.backend).toBe('wasm-simd-fma');
  expect(wasm).toEqual([['attnscope-simd.wasm', 200], ['attnscope-fma.wasm', 200]]);
  expect(result.differFromFused, `of ${result.total} elements`).toBe(0);
  expect(result.differFromUnfused).toBeGreaterThan(100); // the check above can tell the two apart
  // softmax([1, 2, -inf, 3]) = [0.090, 0.245, 0, 0.665] (not the 0.0116, ... of some notes)
  const expected = [1, 2, 3].map((x) => Math.exp(x - 3));
  const total = expected.reduce((a, b) => a + b, 0);
  const want = [expected[0] / total, expected[1] / total, 0, expected[2] / total];
  const TOLERANCE = 1e-6; // float32 rounding of values below 1
  result.softmax.forEach((v, i) => expect(Math.abs(v - want[i])).toBeLessThan(TOLERANCE));
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]); // a text document asks for /favicon.ico
  await page.close();
});

test("ready({backend: 'wasm-simd'}) loads the SIMD build alone, and matmul multiplies then adds", async () => {
  const { page, errors, wasm, result } = await roundingWith('wasm-simd');
  expect(result.backend).toBe('wasm-simd');
  expect(wasm).toEqual([['attnscope-simd.wasm', 200]]);
  expect(result.differFromUnfused, `of ${result.total} elements`).toBe(0);
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]); // a text document asks for /favicon.ico
  await page.close();
});
