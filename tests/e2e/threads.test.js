// The threaded build in Chromium: a page served with COOP/COEP
// (serve.js --isolated) is crossOriginIsolated, so ready() picks
// 'wasm-simd-threads'; its results equal the single-thread build's, which a
// page served without the headers loads with ready({backend: 'wasm-simd'})
// (left to 'auto' it takes the fused kernels there: other rounding), and
// which ready({backend}) can still force under the headers.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer } from '../../scripts/serve.js';
import { collectErrors, exposeLib, launchBrowser } from './browser.js';

let isolated, plain, browser;
const origin = (s) => `http://127.0.0.1:${s.address().port}`;

beforeAll(async () => {
  isolated = await startServer(0, { isolated: true });
  plain = await startServer(0);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  isolated?.close();
  plain?.close();
});

// Runs in the page: a matmul and both attention paths on LCG inputs, large
// enough to be split across the pool (cpp/src/parallel/parallel_for.h).
const WORKLOAD = `(() => {
  const attn = globalThis.attnscope;
  const rand = (n, seed) => { const a = new Float32Array(n); let s = seed >>> 0;
    for (let i = 0; i < n; i++) { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; a[i] = s / 2 ** 31 - 1; } return a; };
  const t = (n, shape, seed) => attn.tensor(rand(n, seed), shape);
  const a = t(300 * 257, [300, 257], 1), b = t(257 * 131, [257, 131], 2);
  const q = t(2 * 4 * 200 * 32, [2, 4, 200, 32], 3), k = t(2 * 4 * 200 * 32, [2, 4, 200, 32], 4);
  const v = t(2 * 4 * 200 * 32, [2, 4, 200, 32], 5);
  return {
    backend: attn.backend(),
    isolated: globalThis.crossOriginIsolated,
    matmul: Array.from(attn.matmul(a, b).data),
    attention: Array.from(attn.scaledDotProductAttention(q, k, v, { isCausal: true }).output.data),
    flash: Array.from(attn.flashAttention(q, k, v, { isCausal: true }).output.data),
  };
})()`;

async function runIn(server, { backend } = {}) {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  const files = [];
  const failed = [];
  page.on('response', (r) => {
    if (/\.(wasm|worker\.js)$/.test(r.url())) files.push(r.url().split('/').pop());
    if (r.status() >= 400) failed.push(new URL(r.url()).pathname);
  });
  // A forced backend needs a document whose own scripts do not call ready()
  // first: any same-origin document will do (here a text file of the package).
  await page.goto(`${origin(server)}${backend ? '/lib/index.d.ts' : '/playground/embed.html'}`);
  if (backend) {
    await page.evaluate(`import('/lib/index.js').then((m) => m.ready({ backend: '${backend}' }).then(() => { globalThis.attnscope = m; }))`);
  } else {
    await exposeLib(page);
  }
  const result = await page.evaluate(WORKLOAD);
  await page.close();
  // A text document makes Chromium ask for /favicon.ico (404 here): not an error of the page.
  const pageErrors = failed.every((path) => path === '/favicon.ico')
    ? errors.filter((e) => !e.includes('Failed to load resource')) : errors;
  return { ...result, files, errors: pageErrors, failed: failed.filter((path) => path !== '/favicon.ico') };
}

// Flash vs plain reorders sums (api.test.js FLASH_VS_PLAIN); between the two
// builds the same code runs on the same data, so they agree to the bit, and
// this bound is far below any real error (a lost panel or head is O(0.1)).
const SAME_BUILD_CODE = 1e-6;
const maxDiff = (a, b) => a.reduce((m, x, i) => Math.max(m, Math.abs(x - b[i])), 0);

test("with COOP/COEP the page is crossOriginIsolated, runs 'wasm-simd-threads' and equals the single-thread build", async () => {
  const threaded = await runIn(isolated);
  const single = await runIn(plain, { backend: 'wasm-simd' });
  expect(threaded.isolated).toBe(true);
  expect(threaded.backend).toBe('wasm-simd-threads');
  expect(threaded.files).toEqual(expect.arrayContaining(['attnscope-simd-threads.wasm', 'attnscope-simd-threads.worker.js']));
  expect(single.isolated).toBe(false);
  expect(single.backend).toBe('wasm-simd');
  expect(single.files).toEqual(['attnscope-simd.wasm']);
  for (const key of ['matmul', 'attention', 'flash']) {
    expect(threaded[key].length).toBe(single[key].length);
    expect(single[key].some((x) => x !== 0)).toBe(true);
    expect(maxDiff(threaded[key], single[key]), key).toBeLessThanOrEqual(SAME_BUILD_CODE);
  }
  expect(threaded.errors).toEqual([]);
  expect(single.errors).toEqual([]);
});

test("ready({backend: 'wasm-simd'}) still loads the single-thread build under COOP/COEP", async () => {
  const forced = await runIn(isolated, { backend: 'wasm-simd' });
  expect(forced.isolated).toBe(true);
  expect(forced.backend).toBe('wasm-simd');
  expect(forced.files).toEqual(['attnscope-simd.wasm']);
  expect(forced.failed).toEqual([]);
  expect(forced.errors).toEqual([]);
});

// A TrainerWorker started from a page: its worker loads the package on its
// own, so under COOP/COEP it trains on the threaded build, in the same steps
// as the single-thread build (the same loss to the bit), and faster where
// there are cores to spare (the timing is printed, not tested).
const TRAIN = `(async () => {
  const attn = await import('/lib/index.js');
  const text = 'the quick brown fox jumps over the lazy dog. '.repeat(40);
  const vocab = attn.buildVocabulary(text), ids = vocab.encode(text);
  const worker = new attn.TrainerWorker({ backend: globalThis.__trainBackend });
  const tps = [];
  const result = await worker.start({ config: { dim: 64, hiddenDim: 176, nLayers: 2, nHeads: 4, nKvHeads: 2, seqLen: 64 },
    vocabulary: vocab, train: ids, steps: 6, batchSize: 8, onProgress: (p) => tps.push(p.tokensPerSecond) });
  worker.dispose();
  return { ...result, tokensPerSecond: tps.at(-1) };
})()`;

test('TrainerWorker trains on the threaded build under COOP/COEP, in the same steps as one thread', async () => {
  const train = async (server, backend) => {
    const page = await browser.context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${origin(server)}/lib/index.d.ts`);
    const r = await page.evaluate(`globalThis.__trainBackend = ${JSON.stringify(backend)}; ${TRAIN}`);
    await page.close();
    return { ...r, errors: errors.filter((e) => !e.includes('Failed to load resource')) };
  };
  const threaded = await train(isolated, undefined), single = await train(plain, 'wasm-simd');
  expect(threaded.backend).toBe('wasm-simd-threads');
  expect(single.backend).toBe('wasm-simd');
  expect(threaded.step).toBe(6);
  expect(threaded.loss).toBe(single.loss);
  expect(threaded.errors).toEqual([]);
  console.log(`TrainerWorker tokens/s: threads ${threaded.tokensPerSecond.toFixed(0)}, one thread ${single.tokensPerSecond.toFixed(0)}`);
});
