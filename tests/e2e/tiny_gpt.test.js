// The tiny-models page (web/playground/models.html, <attn-tiny-gpt>) in
// Chromium under the CSP: the model runs in a module Web Worker, tokens
// stream, the page answers clicks while generating, Stop works, seeded
// sampling gives the tokens Node gives, the inspector shows exactly what the
// API computes, a malformed dropped file gives a readable error; screenshots
// in English and Japanese (tests/artifacts/tiny-gpt-*.png).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as attn from '../../web/lib/node.js';
import { ROOT, randomCheckpoint } from '../js/model_helpers.js';
import { PICTURES, launchBrowser, screenshot, usePlayground } from './browser.js';

const env = usePlayground({ locale: 'en-US' });
const gpt = (page) => page.locator('#gpt');
const inShadow = (page, fn, arg) => gpt(page).evaluate(fn, arg);

// A random-weight model big enough that 1500 tokens take seconds (~22 MB).
const SLOW = { dim: 256, hidden: 768, layers: 6, heads: 8, kvHeads: 8, vocab: 2048, seq: 2048 };
let dir;

/** run.c tokenizer.bin: <unk>, <s>, </s>, the 256 byte tokens, then one CJK character per token. */
function tokenizerBin(vocab) {
  const tokens = ['<unk>', '<s>', '</s>', ...Array.from({ length: 256 }, (_, b) => `<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`)];
  for (let c = 0x4e00; tokens.length < vocab; c++) tokens.push(String.fromCodePoint(c));
  const parts = [new Int32Array([6])];
  for (const tok of tokens) {
    const bytes = new TextEncoder().encode(tok);
    parts.push(new Float32Array([0]), new Int32Array([bytes.length]), bytes);
  }
  return Buffer.concat(parts.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'attnscope-tiny-gpt-'));
  await writeFile(join(dir, 'random.bin'), randomCheckpoint(SLOW));
  await writeFile(join(dir, 'random.tokenizer.bin'), tokenizerBin(SLOW.vocab));
  await attn.ready();
});
afterAll(async () => { if (dir) await rm(dir, { recursive: true, force: true }); });

/** Opens the page with the given default model loaded ('chars-q8' is the page's own default). */
async function openModels(model = 'chars-q8', context) {
  const opened = await env.open('/playground/models.html', { context });
  if (model !== 'chars-q8') {
    await inShadow(opened.page, (e, m) => e.shadowRoot.querySelector(`[data-model="${m}"]`).click(), model);
  }
  await inShadow(opened.page, (e) => e.loaded);
  return opened;
}

describe('tiny models page', () => {
  test('loads under the CSP with no errors; the model runs in a module worker; the nav links to it', async () => {
    const { page, errors, requests, response } = await openModels();
    expect(response.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(page.workers().map((w) => w.url())).toEqual([`${env.web.origin}/lib/worker/model_worker_main.js`]);
    // the default is the Q8_0 copy of chars; the float32 file is one click away
    expect(requests.some((u) => u.endsWith('/models/chars-q8.bin'))).toBe(true);
    expect(requests.some((u) => u.endsWith('/models/chars.bin'))).toBe(false);
    expect(await inShadow(page, (e) => [e.settings.model, e.config.nLayers, e.config.weightType])).toEqual(['chars-q8', 4, 'q8_0']);
    await inShadow(page, (e) => e.shadowRoot.querySelector('[data-model="chars"]').click());
    await inShadow(page, (e) => e.loaded);
    expect(requests.some((u) => u.endsWith('/models/chars.bin'))).toBe(true);
    expect(await inShadow(page, (e) => [e.settings.model, e.config.weightType])).toEqual(['chars', 'f32']);
    expect(requests.filter((u) => !u.startsWith(env.web.origin) && !u.startsWith('data:'))).toEqual([]);
    for (const other of ['/playground/lab.html', '/playground/block.html', '/playground/masks.html']) {
      const p = await env.browser.context.newPage();
      await p.goto(`${env.web.origin}${other}`);
      expect(await p.locator('attn-site-nav a[href="models.html"]').count(), other).toBe(1);
      await p.close();
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the Q8 default downloads with byte progress into Cache Storage; a second preload downloads nothing', async () => {
    const { page, errors, requests } = await openModels();
    const before = requests.length; // the page itself may have read the file from an earlier test's cache
    const r = await page.evaluate(async () => {
      for (const k of await caches.keys()) await caches.delete(k);
      const seen = [];
      await globalThis.attnscope.preloadDefaultModel('chars-q8', { onProgress: (p) => seen.push(p) });
      const again = [];
      await globalThis.attnscope.preloadDefaultModel('chars-q8', { onProgress: (p) => again.push(p) });
      return { seen, again };
    });
    const bytes = readFileSync(join(ROOT, 'web/models/chars-q8.bin')).length + readFileSync(join(ROOT, 'web/models/chars.tokenizer.bin')).length;
    expect(r.seen.at(-1)).toEqual({ loaded: bytes, total: bytes });
    expect(r.seen.some((p) => p.loaded > 0 && p.loaded < p.total), 'a partial step was reported').toBe(true);
    expect(r.again.at(-1)).toEqual({ loaded: bytes, total: bytes });
    expect(requests.slice(before).filter((u) => u.endsWith('/models/chars-q8.bin')).length, 'fetches of chars-q8.bin by the two preloads').toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('tokens stream in; seeded sampling gives the tokens Node gives; the page\'s own Model agrees', async () => {
    const { page, errors } = await openModels();
    const opts = { temperature: 0.8, topK: 0, topP: 0.9, seed: 7, maxNewTokens: 200 };
    const node = (await attn.Model.default('chars-q8')).generate('Elizabeth', opts);
    const r = await inShadow(page, async (e) => {
      const out = e.shadowRoot.querySelector('.output');
      const counts = [];
      const observer = new MutationObserver(() => counts.push(out.querySelectorAll('.tok').length));
      observer.observe(out, { childList: true });
      e.shadowRoot.querySelector('input[type=range][max="2"]').value = '0.8';
      const root = e.shadowRoot;
      const numbers = root.querySelectorAll('input[type=number]'); // top-k, seed, max new tokens
      [numbers[0].value, numbers[1].value, numbers[2].value] = ['0', '7', '200'];
      const result = await e.generate();
      observer.disconnect();
      const page = await (await globalThis.attnscope.Model.default('chars-q8'))
        .generate('Elizabeth', { temperature: 0.8, topK: 0, topP: 0.9, seed: 7, maxNewTokens: 200 });
      return { result, counts: [...new Set(counts)], speed: root.querySelector('.speed').textContent, pageIds: page.ids };
    });
    expect(r.result.ids).toEqual(node.ids);
    expect(r.result.text).toBe(node.text);
    expect(r.pageIds).toEqual(node.ids);
    // more than one batch reached the page before the end: it streamed
    expect(r.counts.filter((n) => n > 1 && n < 200).length, `token counts seen: ${r.counts}`).toBeGreaterThan(0);
    expect(r.speed).toMatch(/tok\/s · 200 tokens · reached the maximum/);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a checkpoint and tokenizer from disk load; the page answers clicks while it generates; Stop stops it', async () => {
    const { page, errors } = await openModels();
    await inShadow(page, (e) => e.shadowRoot.querySelector('[data-model="file"]').click());
    const root = gpt(page);
    await root.locator('.files input[type=file]').nth(0).setInputFiles(join(dir, 'random.bin'));
    await root.locator('.files input[type=file]').nth(1).setInputFiles(join(dir, 'random.tokenizer.bin'));
    await root.locator('.files .button').click();
    await inShadow(page, (e) => e.loaded);
    expect(await inShadow(page, (e) => e.config)).toMatchObject({ dim: 256, nLayers: 6, vocabSize: 2048, seqLen: 2048 });
    await inShadow(page, (e) => {
      const n = e.shadowRoot.querySelectorAll('input[type=number]');
      n[2].value = '1500';
      e.shadowRoot.querySelector('input[type=range][max="2"]').value = '1';
      // A heartbeat on the page's main thread, counted only while the element says it generates.
      globalThis.beatsWhileGenerating = 0;
      globalThis.ticker = setInterval(() => { if (e.generating) globalThis.beatsWhileGenerating += 1; }, 10);
    });
    await root.locator('.actions .button.primary').click();
    await page.waitForFunction(() => document.querySelector('#gpt').shadowRoot.querySelectorAll('.tok').length >= 20);
    // The forward runs in the model Worker (web/lib/worker/model_worker_main.js), not on the page.
    expect(page.workers().map((w) => w.url()).filter((u) => u.endsWith('/model_worker_main.js')), 'model workers').toHaveLength(1);
    // a click during generation: inspect the 5th token (the worker interleaves the forward)
    await root.locator('.output .tok').nth(4).click();
    await page.waitForFunction(() => document.querySelector('#gpt').inspected?.index === 4);
    expect(await inShadow(page, (e) => e.generating), 'still generating after the inspector answered').toBe(true);
    await root.locator('.actions .button:not(.primary)').click(); // Stop
    await page.waitForFunction(() => !document.querySelector('#gpt').generating);
    const r = await inShadow(page, (e) => {
      clearInterval(globalThis.ticker);
      return { result: e.result, beats: globalThis.beatsWhileGenerating, shown: e.shadowRoot.querySelectorAll('.tok').length };
    });
    expect(r.result.stopReason).toBe('cancelled');
    expect(r.result.ids.length).toBeLessThan(1500);
    expect(r.shown).toBe(r.result.ids.length);
    // No speed is asserted: the property is that the main thread stayed free.
    // A model generating on the main thread would block it from Start to the
    // end of the generation: the heartbeat could not tick while `generating`,
    // the inspector could not answer before the end, and Stop would come too late.
    expect(r.beats, 'heartbeats of the page while generating').toBeGreaterThanOrEqual(3);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a malformed dropped file shows a readable error, and the page keeps working', async () => {
    const { page, errors } = await openModels('sort');
    // the first 5000 bytes of the shipped sort.bin, dropped with its real tokenizer
    const head = Array.from(readFileSync(join(ROOT, 'web/models/sort.bin')).subarray(0, 5000));
    const tok = Array.from(readFileSync(join(ROOT, 'web/models/sort.tokenizer.bin')));
    await inShadow(page, (e, [ckpt, tokenizer]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(ckpt)], 'sort-broken.bin'));
      dt.items.add(new File([new Uint8Array(tokenizer)], 'sort.tokenizer.bin'));
      e.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, [head, tok]);
    const alert = gpt(page).locator('.error[role=alert]');
    // The files are read and the loader runs asynchronously: seconds on a busy machine.
    await expect.poll(() => alert.textContent(), { timeout: 20_000 }).toMatch(/^Error: Model\.fromLlama2c: checkpoint: checkpoint truncated: .* but the file has 5000/);
    await inShadow(page, (e) => e.shadowRoot.querySelector('[data-model="sort"]').click());
    await inShadow(page, (e) => e.loaded);
    expect(await inShadow(page, async (e) => (await e.generate()).text)).toBe('afmostx');
    expect(await alert.textContent()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the inspector shows the API\'s probabilities and attention for the clicked token', async () => {
    const { page, errors } = await openModels('sort');
    await inShadow(page, (e) => e.generate());
    await gpt(page).locator('.output .tok').nth(2).click();
    await page.waitForFunction(() => document.querySelector('#gpt').inspected?.index === 2);
    // The one-head map gets its weights after the inspection (the attention is computed for it).
    await page.waitForFunction(() => document.querySelector('#gpt').shadowRoot.querySelector('attn-heatmap.one-head')?.weights);
    const r = await inShadow(page, async (e) => {
      const s = e.inspected;
      const model = await globalThis.attnscope.Model.default('sort');
      const { logits, attention } = model.forward(e.ids.slice(0, s.position), { returnAttention: true });
      const T = s.position, q = T - 1;
      const row = Array.from(logits.data.subarray(q * logits.shape[1]));
      const oneHead = e.shadowRoot.querySelector('attn-heatmap.one-head');
      const shown = Array.from(oneHead.weights.data);
      const api = Array.from(attention.data); // [1, 1, T, T]
      const topShown = [...e.shadowRoot.querySelectorAll('.top10 .row .label')].map((n) => n.textContent);
      return { s: { position: s.position, chosen: s.chosen, top: s.top }, row, shown, api, T, topShown };
    });
    const argmax = r.row.indexOf(Math.max(...r.row));
    expect(r.s.top[0].id).toBe(argmax);
    expect(r.s.chosen).toBe(argmax); // greedy
    expect(r.shown).toEqual(r.api); // T <= 24: the whole [T, T] pattern
    expect(r.topShown[0]).toBe('m'); // softmax|: a, f, then m
    expect(errors).toEqual([]);
    await page.close();
  });

  test.runIf(PICTURES)('screenshot of the character model (en)', async () => { // a picture only
    const { page, errors } = await openModels();
    await inShadow(page, (e) => e.generate());
    await gpt(page).locator('.output .tok').nth(40).click();
    await page.waitForFunction(() => document.querySelector('#gpt').inspected?.index === 40);
    await page.waitForTimeout(100);
    await screenshot(page, 'tiny-gpt-chars-en');
    expect(errors).toEqual([]);
    await page.close();
  });

  test.each([['en-US', 'en'], ['ja-JP', 'ja']])('screenshot (%s)', async (locale, tag) => {
    const browser = await launchBrowser({ locale });
    try {
      const { page, errors } = await openModels('sort', browser.context);
      await inShadow(page, (e) => e.generate());
      await gpt(page).locator('.output .tok').nth(3).click();
      await page.waitForFunction(() => document.querySelector('#gpt').inspected?.index === 3);
      await page.waitForTimeout(100); // the heatmaps draw at the end of the task
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(tag);
      await screenshot(page, `tiny-gpt-${tag}`);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
