// The Train page (web/playground/train.html, <attn-train>) in Chromium under
// the CSP: the model trains in a module Web Worker; the plotted losses are
// exactly the losses the worker reported and they fall; pause, resume and
// reset work; the downloaded checkpoint + tokenizer.bin load with
// Model.fromLlama2c in Node and give the page's seeded sample, and so does
// the "Download for PyTorch" folder with Model.fromHuggingFace; "Open in Tiny
// models" opens the trained model there; Japanese text trains; screenshots
// at 1280 and 390 px in ja and en (tests/artifacts/train-*.png).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import * as attn from '../../web/lib/node.js';
import { downloadBytes, launchBrowser, screenshot, usePlayground } from './browser.js';

const env = usePlayground({ locale: 'en-US' });
const widget = (page) => page.locator('#train');
const inShadow = (page, fn, arg) => widget(page).evaluate(fn, arg);
const click = (page, name) => inShadow(page, (e, n) => e.shadowRoot.querySelector(n).click(), name);
const JAPANESE = '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。吾輩はここで始めて人間というものを見た。'.repeat(12);

beforeAll(() => attn.ready());

// Each test opens its page in a context of its own: the page keeps runs in
// IndexedDB (persist), and one a test leaves behind must not be resumed by the next.
const contexts = [];
afterEach(async () => { await Promise.all(contexts.splice(0).map((c) => c.close())); });

/** Opens the Train page with these attributes on the widget (as its URL would set them). */
async function openTrain(query = '', context) {
  if (!context) {
    const own = await launchBrowser({ locale: 'en-US' });
    contexts.push(own);
    ({ context } = own);
  }
  return env.open(`/playground/train.html${query}`, { context });
}

/** Starts training from the Train button and resolves to everything the page heard. */
async function trainInPage(page) {
  return inShadow(page, async (e) => {
    const heard = [];
    e.addEventListener('progress', (ev) => heard.push(ev.detail));
    const end = new Promise((resolve) => e.addEventListener('train-end', (ev) => resolve(ev.detail), { once: true }));
    e.shadowRoot.querySelector('.button.primary').click();
    const result = await end;
    await new Promise(requestAnimationFrame);
    const svg = e.shadowRoot.querySelector('svg.plot');
    return {
      result, heard, series: e.series, samples: e.samples, attention: e.attention, vocabSize: e.vocabulary.vocabSize,
      polyline: svg.querySelector('.train-line').getAttribute('points').trim().split(/\s+/).length,
      heldDots: svg.querySelectorAll('.held-dot').length, sampleText: e.shadowRoot.querySelector('.samples li .text')?.textContent, stats: e.shadowRoot.querySelector('.stats').textContent,
    };
  });
}

describe('Train page', () => {
  test('loads under the CSP with no errors; presets show countParameters; the nav links to it', async () => {
    const { page, errors, response } = await openTrain();
    expect(response.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    const options = await inShadow(page, async (e) => {
      while (!e.shadowRoot.querySelector('.vocab').textContent) await new Promise((r) => setTimeout(r, 50));
      return [...e.shadowRoot.querySelectorAll('select')[2].options].map((o) => o.textContent);
    });
    const text = await readFile(new URL('../../web/models/corpus/pride_and_prejudice.txt', import.meta.url), 'utf8');
    const V = attn.buildVocabulary(text).vocabSize;
    const tiny = attn.countParameters({ dModel: 48, nHeads: 4, nKvHeads: 4, dFF: 128, norm: 'rmsnorm', activation: 'swiglu', bias: false, nLayers: 2, vocabSize: V }).total;
    expect(options[0]).toContain(`${tiny.toLocaleString('en')} parameters`);
    // axe-core (WCAG 2 A and AA rules, shadow roots included) finds nothing.
    await page.evaluate(await readFile(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8'));
    const violations = await page.evaluate(() => globalThis.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] }).then((r) => r.violations.map((v) => v.id)));
    expect(violations).toEqual([]);
    expect(await page.locator('attn-site-nav').evaluate((n) => [...n.shadowRoot.querySelectorAll('a')].some((a) => a.getAttribute('href') === 'train.html'))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('trains in a module worker: the plot draws exactly the reported losses, and they fall', async () => {
    const { page, errors } = await openTrain('?steps=60&seed=3');
    await inShadow(page, (e) => { e.setAttribute('sample-every', '30'); e.setAttribute('eval-every', '20'); });
    const r = await trainInPage(page);
    expect(page.workers().map((w) => w.url())).toContain(`${env.web.origin}/lib/worker/trainer_worker_main.js`);
    expect(r.result).toMatchObject({ state: 'done', step: 60 });
    const reported = r.heard.filter((p) => typeof p.loss === 'number').map((p) => [p.step, p.loss]);
    expect(reported).toHaveLength(60);
    expect(r.series.train).toEqual(reported);
    expect(r.series.heldOut).toEqual(r.heard.filter((p) => typeof p.heldOutLoss === 'number').map((p) => [p.step, p.heldOutLoss]));
    expect(r.series.heldOut.map((p) => p[0])).toEqual([0, 20, 40, 60]);
    expect(r.polyline).toBe(60);
    expect(r.heldDots).toBe(4);
    // The curve moves: the first held-out loss is near ln V (an untrained model), the last is well below it.
    expect(Math.abs(r.series.heldOut[0][1] - Math.log(r.vocabSize))).toBeLessThan(0.2);
    expect(r.series.heldOut.at(-1)[1]).toBeLessThan(r.series.heldOut[0][1] - 0.5);
    expect(r.samples.map((s) => s.step)).toEqual([30, 60]);
    expect(r.stats).toContain('step 60 / 60');
    await screenshot(page, 'train-austen-en-1280');
    // One head's attention on the last sample: causal rows that sum to 1.
    const [T] = r.attention.weights.shape;
    for (let i = 0; i < T; i++) {
      const row = Array.from(r.attention.weights.data.slice(i * T, (i + 1) * T));
      expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
      expect(row.slice(i + 1).every((w) => w === 0)).toBe(true);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  test('pause holds the step, Resume continues, Reset ends the run and clears the plot', async () => {
    const { page, errors } = await openTrain('?steps=20000');
    await inShadow(page, (e) => e.shadowRoot.querySelector('.button.primary').click());
    const step = () => inShadow(page, (e) => e.progress.at(-1)?.step ?? 0);
    await expect.poll(step, { timeout: 30_000 }).toBeGreaterThan(3);
    await click(page, '.actions .button:nth-child(2)'); // Pause
    await expect.poll(() => inShadow(page, (e) => e.state)).toBe('paused');
    await page.waitForTimeout(200);
    const held = await step();
    await page.waitForTimeout(500);
    expect(await step()).toBe(held);
    expect(await inShadow(page, (e) => e.shadowRoot.querySelector('.actions .button:nth-child(2)').textContent)).toBe('Resume');
    await click(page, '.actions .button:nth-child(2)'); // Resume
    await expect.poll(step, { timeout: 30_000 }).toBeGreaterThan(held + 2); // steps take longer on a busy machine
    // The page answers while it trains.
    const t0 = Date.now();
    await page.evaluate(() => 1);
    expect(Date.now() - t0).toBeLessThan(1000);
    await click(page, '.actions .button:nth-child(3)'); // Reset
    expect(await inShadow(page, (e) => [e.state, e.series.train.length, e.worker])).toEqual(['idle', 0, null]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the downloaded checkpoint and tokenizer.bin load with Model.fromLlama2c and give the page\'s seeded sample', async () => {
    const { page, errors } = await openTrain('?steps=20&seed=9');
    await inShadow(page, (e) => e.setAttribute('sample-every', '20'));
    const r = await trainInPage(page);
    const files = {};
    for (const [what, selector] of [['checkpoint', '.actions .button:nth-child(4)'], ['tokenizer', '.actions .button:nth-child(5)']]) {
      const [download] = await Promise.all([page.waitForEvent('download'), click(page, selector)]);
      files[what] = { name: download.suggestedFilename(), bytes: await downloadBytes(download) };
    }
    expect(files.checkpoint.name).toBe('attn-train-tiny-char.bin');
    expect(files.tokenizer.name).toBe('attn-train-tiny-char.tokenizer.bin');
    const model = attn.Model.fromLlama2c(files.checkpoint.bytes, files.tokenizer.bytes, { tokenizerKind: 'char' });
    expect(model.config).toMatchObject({ dim: 48, nLayers: 2, nHeads: 4, vocabSize: r.vocabSize, seqLen: 64 });
    const sample = r.samples.at(-1);
    expect(sample.promptIds).toHaveLength('Elizabeth'.length);
    const again = model.generate(sample.promptIds, { maxNewTokens: sample.ids.length, temperature: 0.8, seed: 9, stopAtEos: false });
    expect(again.ids).toEqual(sample.ids);
    model.dispose();
    // "Download for PyTorch": where the browser has no folder picker (Firefox, Safari), one download per file.
    await page.evaluate(() => { delete window.showDirectoryPicker; });
    const hf = {};
    const downloads = [];
    page.on('download', (d) => downloads.push(d));
    await click(page, '.actions .button:nth-child(6)');
    await expect.poll(() => downloads.length).toBe(3);
    for (const d of downloads) hf[d.suggestedFilename()] = await downloadBytes(d);
    expect(Object.keys(hf).sort()).toEqual(['config.json', 'model.safetensors', 'tokenizer.json']);
    const fromHf = await attn.Model.fromHuggingFace(hf);
    expect(fromHf.config).toMatchObject({ format: 'safetensors', architecture: 'LlamaForCausalLM', vocabSize: r.vocabSize, tokenizer: 'char' });
    expect(fromHf.encode('Elizabeth', { bos: false })).toEqual(sample.promptIds);
    const same = fromHf.generate(sample.promptIds, { maxNewTokens: sample.ids.length, temperature: 0.8, seed: 9, stopAtEos: false });
    expect(same.ids).toEqual(sample.ids);
    expect(fromHf.decode(same.ids)).toBe(sample.text);
    fromHf.dispose();
    // Where it has one (Chromium), the folder picker: the same files written into the chosen folder.
    const picked = await inShadow(page, async (e) => {
      const written = {};
      window.showDirectoryPicker = async () => ({
        async getFileHandle(name) {
          const parts = [];
          return { async createWritable() { return { async write(d) { parts.push(new Blob([d])); }, async close() { written[name] = new Blob(parts); } }; } };
        },
      });
      e.shadowRoot.querySelector('.actions .button:nth-child(6)').click();
      while (Object.keys(written).length < 3) await new Promise((r) => setTimeout(r, 20));
      const hex = async (blob) => Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', await blob.arrayBuffer())), (b) => b.toString(16).padStart(2, '0')).join('');
      return Object.fromEntries(await Promise.all(Object.entries(written).map(async ([n, b]) => [n, await hex(b)])));
    });
    expect(picked).toEqual(Object.fromEntries(Object.entries(hf).map(([n, b]) => [n, createHash('sha256').update(b).digest('hex')])));
    expect(errors).toEqual([]);
    await page.close();
  });

  test('by keyboard: Tab reaches Train and Enter starts it; a text too short gives a readable error and nothing breaks', async () => {
    const { page, errors } = await openTrain('?text=own&steps=5');
    await inShadow(page, (e) => {
      const area = e.shadowRoot.querySelector('textarea');
      area.value = 'too short';
      area.dispatchEvent(new Event('input'));
    });
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await inShadow(page, (e) => e.shadowRoot.activeElement?.classList.contains('primary') ?? false);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => inShadow(page, (e) => e.state)).toBe('failed');
    expect(await inShadow(page, (e) => e.shadowRoot.querySelector('.error').textContent)).toMatch(/too short: it needs at least 650 tokens/);
    // The same keys then train once the text is long enough.
    await inShadow(page, (e) => {
      const area = e.shadowRoot.querySelector('textarea');
      area.value = 'It is a truth universally acknowledged. '.repeat(30);
      area.dispatchEvent(new Event('input'));
      e.shadowRoot.querySelector('.button.primary').focus();
    });
    await page.keyboard.press('Enter');
    await expect.poll(() => inShadow(page, (e) => e.state), { timeout: 30_000 }).toBe('done');
    expect(await inShadow(page, (e) => e.shadowRoot.querySelector('.error').textContent)).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('"Open in Tiny models" opens the trained model there', async () => {
    const { page, errors } = await openTrain('?steps=10');
    const r = await trainInPage(page);
    await Promise.all([page.waitForURL(/models\.html\?open=trained/), click(page, '.actions .button:nth-child(7)')]);
    await page.waitForSelector('body[data-ready="true"]');
    const config = await page.locator('#gpt').evaluate(async (e) => { await e.loaded; return e.config; });
    expect(config).toMatchObject({ dim: 48, nLayers: 2, vocabSize: r.vocabSize, tokenizer: 'char' });
    expect(errors).toEqual([]);
    await page.close();
  });

  test('Japanese text trains at 390 px with no sideways scroll; screenshots in ja and en', async () => {
    for (const locale of ['ja-JP', 'en-US']) {
      const browser = await launchBrowser({ locale });
      try {
        for (const width of [1280, 390]) {
          const { page, errors } = await openTrain('?text=own&steps=40', browser.context);
          await page.setViewportSize({ width, height: 900 });
          await inShadow(page, (e, text) => {
            const area = e.shadowRoot.querySelector('textarea');
            area.value = text;
            area.dispatchEvent(new Event('input'));
            e.setAttribute('sample-every', '20');
            e.setAttribute('prompt', '吾輩は');
          }, JAPANESE);
          const r = await trainInPage(page);
          expect(r.result.state).toBe('done');
          // The prompt is one id per character; the sampled continuation decodes to the text the page shows.
          expect(r.samples.at(-1).promptIds).toHaveLength(3);
          expect(r.sampleText.endsWith(r.samples.at(-1).text)).toBe(true);
          expect(r.sampleText.startsWith('吾輩は')).toBe(true);
          expect(r.series.train).toHaveLength(40);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await screenshot(page, `train-${locale.slice(0, 2)}-${width}`);
          expect(errors).toEqual([]);
          await page.close();
        }
      } finally {
        await browser.close();
      }
    }
  }, 180_000);
});
