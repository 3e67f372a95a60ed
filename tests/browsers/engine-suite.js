// The engine layer: the same checks in Chromium, Firefox ESR and WebKitGTK
// (engines.js), one browser per engine for its whole file.
// - Every playground page (pages.js) loads (in Japanese) under the strict CSP
//   with no console error, uncaught error, failed request or ResizeObserver
//   loop, at 1280 px and resized to a phone's width; every attn-* element is
//   defined and renders; the numbers the probes read (probes.js) equal Node's
//   (the core's to the bit).
// - The threaded build loads where the page is cross-origin isolated
//   (serve.js --isolated) and equals the single-thread build.
// - The Train page trains 100 steps; every step's loss equals Node's
//   TrainerWorker on the same text, settings and seed, to the bit.
// - README's browser statement names the version this run drove.
// Pictures (ATTNSCOPE_PICTURES=1): tests/artifacts/engines/<engine>/ (look at them).
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as attn from '../../web/lib/node.js';
import { PAGES } from '../../web/playground/pages.js';
import { HELD_OUT } from '../../web/widgets/train-text.js';
import { runOptions } from '../../web/widgets/train-presets.js';
import { ARTIFACTS, PICTURES } from '../e2e/browser.js';
import { startCaptureServer } from './capture-server.js';
import { launchEngine } from './engines.js';
import { PRELUDE, PROBES, austen, difference } from './probes.js';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const TRAIN_STEPS = 100;
// Pages with no number of their own to compare (a list of links).
const NO_NUMBERS = new Set(['index.html']);
// Elements that draw only what a script gives them (the widget reference's bare examples give them nothing).
const EMPTY_WITHOUT_DATA = ['attn-tensor-view', 'attn-stepper'];

const ready = `(standalone) => document.body.dataset.ready === 'true'
  || (standalone && document.querySelector('attn-heatmap') && [...document.querySelectorAll('attn-heatmap')].every((h) => h.weights))`;
// Two frames and a moment: a ResizeObserver loop is reported at the end of a frame.
const settle = `() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 250))))`;

/** In the page: the attn-* elements that are not defined, draw nothing, or have no size. */
const RENDER_PROBLEMS = `() => {
  ${PRELUDE}
  const problems = [];
  for (const e of all()) {
    const where = '<' + e.localName + (e.id ? '#' + e.id : '') + '>';
    if (!customElements.get(e.localName) && !e.shadowRoot) { problems.push(where + ' is not defined'); continue; }
    const drawn = e.shadowRoot && [...e.shadowRoot.children].some((c) => c.localName !== 'style' && c.localName !== 'link');
    if (!drawn) problems.push(where + ' drew nothing');
    if (e.coreError) problems.push(where + ' core error: ' + e.coreError.message);
    const top = e.getRootNode() === document && !${JSON.stringify(EMPTY_WITHOUT_DATA)}.includes(e.localName);
    const box = e.getBoundingClientRect();
    if (top && !e.closest('[hidden], details:not([open])') && getComputedStyle(e).display !== 'none' && (box.width === 0 || box.height === 0)) problems.push(where + ' has no size');
  }
  return { problems, count: all().length };
}`;

const errorsIn = async (page) => [...page.nativeErrors, ...(await page.evaluate('() => globalThis.__attnscopeErrors ?? ["capture script missing"]'))];

/** Runs the probes in `page`; [{probe, label, problem}] for every comparison (problem null when equal). */
async function compareNumbers(page) {
  const results = [];
  for (const probe of PROBES) {
    const found = await page.evaluate(`async (arg) => { ${PRELUDE} return (${probe.source})(arg); }`, probe.arg);
    for (const item of found) {
      for (const { label, got, want } of await probe.node(attn, item)) results.push({ probe: probe.name, label, problem: difference(got, want) });
    }
  }
  return results;
}

/** The start options <attn-train> gives its TrainerWorker for ?steps=N&seed=S on the Austen text (train-settings.js). */
async function nodeTrainingLosses(steps, seed) {
  const text = await austen();
  const vocab = attn.buildVocabulary(text, { level: 'char' });
  const ids = vocab.encode(text);
  const options = runOptions('tiny', { vocab, ids, cut: Math.floor(ids.length * (1 - HELD_OUT)) }, {
    steps, seed, sampleEvery: steps, evalEvery: steps, prompt: 'Elizabeth', temperature: 0.8,
  });
  const worker = new attn.TrainerWorker();
  const losses = [];
  try {
    await worker.start({ ...options, onProgress: (p) => { if (typeof p.loss === 'number') losses.push(p.loss); } });
  } finally {
    worker.dispose();
  }
  return losses;
}

/** In a page: a matmul and causal attention on LCG inputs big enough to be split over the threads. */
const THREAD_WORKLOAD = `async () => {
  const attn = await import('/lib/index.js');
  await attn.ready();
  const rand = (n, seed) => { const a = new Float32Array(n); let s = seed >>> 0;
    for (let i = 0; i < n; i++) { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; a[i] = s / 2 ** 31 - 1; } return a; };
  const t = (shape, seed) => attn.tensor(rand(shape.reduce((a, b) => a * b), seed), shape);
  const q = t([2, 4, 200, 32], 3), k = t([2, 4, 200, 32], 4), v = t([2, 4, 200, 32], 5);
  return {
    isolated: globalThis.crossOriginIsolated, sharedMemory: typeof SharedArrayBuffer === 'function', backend: attn.backend(),
    matmul: Array.from(attn.matmul(t([300, 257], 1), t([257, 131], 2)).data),
    attention: Array.from(attn.scaledDotProductAttention(q, k, v, { isCausal: true }).output.data),
  };
}`;

/** The workload on the embedding example served with COOP/COEP and without: {isolated, plain, problems}. */
async function threadedAndSingle(engine, { isolated, plain }) {
  const results = { problems: [] };
  for (const [key, server] of [['isolated', isolated], ['plain', plain]]) {
    server.failed.length = 0;
    const page = await engine.open(`${server.origin}/playground/embed.html`, DESKTOP);
    try {
      results[key] = await page.evaluate(THREAD_WORKLOAD);
    } finally {
      results.problems.push(...await errorsIn(page), ...server.failed);
      await page.close();
    }
  }
  return results;
}

/** The isolated page ran the threaded build, the other one thread, to the same bits. */
function expectThreads(r) {
  expect([r.isolated.isolated, r.isolated.backend]).toEqual([true, 'wasm-simd-threads']);
  expect([r.plain.isolated, r.plain.backend]).toEqual([false, 'wasm-simd']);
  for (const key of ['matmul', 'attention']) {
    expect(r.isolated[key].some((x) => x !== 0), key).toBe(true);
    expect(difference(r.isolated[key], r.plain[key]), `${key}: threads vs one thread`).toBeNull();
  }
  expect(r.problems).toEqual([]);
}

/** Declares the whole layer for engine `name`. */
export function engineSuite(name) {
  const env = { engine: null, plain: null, isolated: null };
  const shots = join(ARTIFACTS, 'engines', name);
  const picture = (page, file) => PICTURES && page.screenshot(join(shots, file)); // ATTNSCOPE_PICTURES=1

  beforeAll(async () => {
    await attn.ready();
    if (PICTURES) await mkdir(shots, { recursive: true });
    [env.plain, env.isolated, env.engine] = await Promise.all([startCaptureServer(), startCaptureServer({ isolated: true }), launchEngine(name)]);
  }, 120_000);
  afterAll(async () => {
    await env.engine?.close();
    env.plain?.close();
    env.isolated?.close();
  });

  describe.each(PAGES)(`${name}: $path`, (entry) => {
    test('loads with no error, at 1280 px and resized to a phone\'s width; every element renders; its numbers equal Node\'s', async () => {
      env.plain.failed.length = 0;
      const page = await env.engine.open(`${env.plain.origin}/playground/${entry.path}?lang=ja`, DESKTOP);
      let errors = [];
      try {
        await page.waitFor(ready, 60_000, !!entry.standalone);
        await page.evaluate(settle);
        const render = await page.evaluate(RENDER_PROBLEMS);
        expect(render.problems, 'elements').toEqual([]);
        expect(render.count, 'attn-* elements on the page').toBeGreaterThan(0);
        const numbers = await compareNumbers(page);
        if (!NO_NUMBERS.has(entry.path)) expect(numbers.length, 'numbers compared with Node').toBeGreaterThan(0);
        expect(numbers.filter((n) => n.problem).map((n) => `${n.probe} ${n.label}: ${n.problem}`), 'numbers vs Node').toEqual([]);
        await picture(page, `${entry.nav}-1280.png`);
        // A phone's width (MiniBrowser's window stays ~450 px wide at the least): every element redraws.
        await page.resize(PHONE);
        await page.evaluate(settle);
        expect((await page.evaluate(RENDER_PROBLEMS)).problems, 'elements at a phone\'s width').toEqual([]);
        await picture(page, `${entry.nav}-phone.png`);
      } finally {
        errors = await errorsIn(page);
        await page.close();
      }
      expect(errors, 'errors').toEqual([]);
      expect(env.plain.failed, 'failed requests').toEqual([]);
    }, 180_000);
  });

  test('an element that resizes itself from its ResizeObserver callback is caught as an error', async () => {
    // The layout loop WebKit reported on eight pages: proof that capture.js
    // sees it, so a page with one fails the test above.
    const page = await env.engine.open(`${env.plain.origin}/playground/embed.html`, DESKTOP);
    try {
      await page.evaluate(`() => {
        const box = document.body.appendChild(document.createElement('div'));
        new ResizeObserver(() => { box.style.height = (box.offsetHeight + 1) + 'px'; }).observe(box);
      }`);
      await page.evaluate(settle);
      expect((await errorsIn(page)).join('\n')).toMatch(/ResizeObserver loop/);
    } finally {
      await page.close();
    }
  });

  test('the threaded build loads where the page is cross-origin isolated and equals the single-thread build', async () => {
    if (name !== 'webkit') {
      expectThreads(await threadedAndSingle(env.engine, env));
      return;
    }
    // WebKitGTK gives even a crossOriginIsolated page no SharedArrayBuffer, so
    // the package loads its single-thread build there, with the same numbers.
    const r = await threadedAndSingle(env.engine, env);
    expect([r.isolated.isolated, r.isolated.sharedMemory, r.isolated.backend]).toEqual([true, false, 'wasm-simd']);
    expect(difference(r.isolated.matmul, r.plain.matmul)).toBeNull();
    expect(r.problems).toEqual([]);
    // JavaScriptCore with SharedArrayBuffer on (as Safari has it for a
    // crossOriginIsolated page) runs the threaded build.
    const withSab = await launchEngine('webkit', { env: { JSC_useSharedArrayBuffer: '1' } });
    try {
      expectThreads(await threadedAndSingle(withSab, env));
    } finally {
      await withSab.close();
    }
  }, 120_000);

  test(`the Train page trains ${TRAIN_STEPS} steps with every loss equal to Node's`, async () => {
    const [inPage, node] = await Promise.all([(async () => {
      const page = await env.engine.open(`${env.plain.origin}/playground/train.html?lang=en&steps=${TRAIN_STEPS}&seed=1`, DESKTOP);
      await page.waitFor(ready, 60_000);
      const r = await page.evaluate(`async () => {
        const e = document.querySelector('attn-train');
        const result = await e.train();
        return { result, losses: e.series.train.map((p) => p[1]) };
      }`);
      await picture(page, 'train-100-steps.png');
      r.errors = await errorsIn(page);
      await page.close();
      return r;
    })(), nodeTrainingLosses(TRAIN_STEPS, 1)]);
    expect(inPage.result).toMatchObject({ state: 'done', step: TRAIN_STEPS });
    expect(node).toHaveLength(TRAIN_STEPS);
    expect(node.at(-1)).toBeLessThan(node[0] - 0.5); // it learned something
    console.log(`${env.engine.version}: loss after ${TRAIN_STEPS} steps ${inPage.losses.at(-1)} (Node ${node.at(-1)})`);
    expect(difference(inPage.losses, node), 'losses vs Node').toBeNull();
    expect(inPage.errors).toEqual([]);
  }, 180_000);

  test('README\'s browser statement names the version tested here', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const [engine, version] = env.engine.version.split(' ');
    const major = engine === 'WebKitGTK' ? version.split('.').slice(0, 2).join('.') : version.split('.')[0];
    const statement = readme.match(/<!-- browsers:start -->([\s\S]*?)<!-- browsers:end -->/)?.[1] ?? '';
    expect(statement, 'README: <!-- browsers:start --> … <!-- browsers:end -->').not.toBe('');
    expect(statement, `README should name ${engine} ${major} (the version this run drove)`).toMatch(new RegExp(`${engine}[^,;\\n]*\\b${major.replace('.', '\\.')}\\b`));
  });
}

