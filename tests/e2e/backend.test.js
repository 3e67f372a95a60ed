// The package as a page imports it: Chromium has WebAssembly SIMD, so the
// SIMD build is the one that loads, and it computes under the CSP.
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

test("attn.backend() is 'wasm-simd' in Chromium, and the .wasm fetched is the SIMD one", async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  const wasm = [];
  page.on('response', (r) => { if (r.url().endsWith('.wasm')) wasm.push([r.url().split('/').pop(), r.status()]); });
  await page.goto(`${web.origin}/playground/embed.html`);
  await exposeLib(page);
  const result = await page.evaluate(() => {
    const attn = globalThis.attnscope;
    const p = attn.softmax(attn.tensor(new Float32Array([1, 2, -Infinity, 3]), [4]));
    return { backend: attn.backend(), softmax: Array.from(p.data) };
  });
  expect(result.backend).toBe('wasm-simd');
  expect(wasm).toEqual([['attnscope-simd.wasm', 200]]);
  // softmax([1, 2, -inf, 3]) = [0.090, 0.245, 0, 0.665] (not the 0.0116, ... of some notes)
  const expected = [1, 2, 3].map((x) => Math.exp(x - 3));
  const total = expected.reduce((a, b) => a + b, 0);
  const want = [expected[0] / total, expected[1] / total, 0, expected[2] / total];
  const TOLERANCE = 1e-6; // float32 rounding of values below 1
  result.softmax.forEach((v, i) => expect(Math.abs(v - want[i])).toBeLessThan(TOLERANCE));
  expect(errors).toEqual([]);
  await page.close();
});
