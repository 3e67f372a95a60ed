// Training that survives, on the Train page in Chromium: a reload mid-run
// goes on from the checkpoint kept in IndexedDB (the curve whole, the
// resumed steps exactly the uninterrupted run's); a hidden tab pauses the
// run and says so; a worker that dies is reported, keeps its last
// checkpoint, and the run resumes from it; a finished run is never resumed.
import { describe, expect, test } from 'vitest';
import { screenshot, usePlayground } from './browser.js';

const env = usePlayground({ locale: 'en-US' });
const widget = (page) => page.locator('#train');
const inShadow = (page, fn, arg) => widget(page).evaluate(fn, arg);
const click = (page, selector) => inShadow(page, (e, s) => e.shadowRoot.querySelector(s).click(), selector);
const step = (page) => inShadow(page, (e) => e.progress.at(-1)?.step ?? 0);
const status = (page) => inShadow(page, (e) => e.shadowRoot.querySelector('.status').textContent);

/** The run <attn-train persist> keeps for this page, read from IndexedDB in the page: { state, step, steps seen }. */
function storedRun(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const req = indexedDB.open('attnscope');
    req.onsuccess = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains('train-runs')) { db.close(); resolve(null); return; }
      const get = db.transaction('train-runs').objectStore('train-runs').get(`${location.pathname}#train`);
      get.onsuccess = () => {
        db.close();
        const r = get.result;
        resolve(r ? { state: r.state, step: r.checkpoint.step, progress: r.progress.length } : null);
      };
    };
  }));
}

/** Reset, and wait until the stored run is gone (the next page must not find it). */
async function reset(page) {
  await click(page, '.actions .button:nth-child(3)');
  await expect.poll(() => storedRun(page)).toBe(null);
}

/** Steps 1..n of a progress list, each once: the curve has neither a gap nor a repeat. */
/** Screenshots of the widget's state at 1280 and 390 px, in English and Japanese (its lang attribute). */
async function shots(page, name) {
  for (const lang of ['en', 'ja']) {
    await inShadow(page, (e, l) => e.setAttribute('lang', l), lang);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(100);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `${name}-${lang}-${width}`);
    }
  }
  await inShadow(page, (e) => e.removeAttribute('lang'));
  await page.setViewportSize({ width: 1280, height: 900 });
}

function expectWhole(progress) {
  const steps = progress.map((p) => p.step).filter((s) => s > 0);
  expect(steps).toEqual(Array.from({ length: steps.length }, (_, i) => i + 1));
}

describe('Train page: a run that survives', () => {
  test('a reload mid-run resumes from the checkpoint kept in IndexedDB; the resumed steps are the uninterrupted run\'s', async () => {
    const { page, errors } = await env.open('/playground/train.html?steps=2000&seed=4');
    await click(page, '.button.primary');
    await expect.poll(async () => (await storedRun(page))?.step ?? 0, { timeout: 60_000 }).toBeGreaterThanOrEqual(8);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await expect.poll(() => status(page), { timeout: 30_000 }).toMatch(/^Resumed from step \d+, kept in this browser/);
    const kept = { step: Number((await status(page)).match(/step (\d+)/)[1]) };
    expect(kept.step).toBeGreaterThanOrEqual(8);
    expect(await inShadow(page, (e) => e.state)).toBe('running');
    await expect.poll(() => step(page), { timeout: 60_000 }).toBeGreaterThan(kept.step + 3);
    await click(page, '.actions .button:nth-child(2)'); // Pause
    await expect.poll(() => inShadow(page, (e) => e.state)).toBe('paused');
    const resumed = await inShadow(page, (e) => e.progress.map((p) => ({ step: p.step, loss: p.loss })));
    expectWhole(resumed);
    expect(await inShadow(page, (e) => e.series.train.length)).toBe(resumed.filter((p) => p.step > 0).length);
    expect(await inShadow(page, (e) => e.getAttribute('seed'))).toBe('4');
    // The same settings from the start, never interrupted: the same losses, bit for bit.
    await reset(page);
    const last = resumed.at(-1).step;
    await click(page, '.button.primary');
    await expect.poll(() => step(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(last);
    const straight = await inShadow(page, (e, n) => e.progress.filter((p) => p.step > 0 && p.step <= n).map((p) => ({ step: p.step, loss: p.loss })), last);
    expect(straight).toEqual(resumed.filter((p) => p.step > 0));
    await reset(page);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  test('a finished run whose delete never committed (the tab closed at its end) is not resumed by the next page', async () => {
    const { page, errors } = await env.open('/playground/train.html?steps=12&seed=5');
    // As if the page closed before the end's delete reached the disk: deletes do nothing.
    await page.evaluate(() => { IDBObjectStore.prototype.delete = function keep() { return this.count(); }; });
    await click(page, '.button.primary');
    await expect.poll(() => inShadow(page, (e) => e.state), { timeout: 60_000 }).toBe('done');
    await expect.poll(async () => (await storedRun(page))?.step).toBe(12);
    await page.goto(`${env.web.origin}/playground/train.html?steps=30&seed=7`);
    await page.waitForSelector('body[data-ready="true"]');
    await expect.poll(() => storedRun(page)).toBe(null);
    expect(await inShadow(page, (e) => [e.state, e.getAttribute('steps'), e.getAttribute('seed'), e.progress.length])).toEqual(['idle', '30', '7', 0]);
    expect(await status(page)).not.toMatch(/Resumed/);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  test('a hidden tab pauses the run and says so; Resume goes on', async () => {
    const { page, errors } = await env.open('/playground/train.html?steps=20000&seed=2');
    await click(page, '.button.primary');
    await expect.poll(() => step(page), { timeout: 60_000 }).toBeGreaterThan(3);
    const hide = (state) => page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
    await hide('hidden');
    await expect.poll(() => inShadow(page, (e) => [e.state, e.pauseReason])).toEqual(['paused', 'hidden']);
    await page.waitForTimeout(300);
    const held = await step(page);
    await page.waitForTimeout(600);
    expect(await step(page)).toBe(held);
    expect(await status(page)).toBe(`Paused at step ${held}: this tab was hidden. Press Resume to go on.`);
    await shots(page, 'train-hidden');
    await hide('visible');
    expect(await inShadow(page, (e) => e.state)).toBe('paused'); // it waits for the reader
    await click(page, '.actions .button:nth-child(2)'); // Resume
    await expect.poll(() => step(page), { timeout: 30_000 }).toBeGreaterThan(held + 2);
    expect(await status(page)).toBe('Training…');
    await reset(page);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  test('a worker that dies mid-run is reported, its last checkpoint kept; the run resumes from it', async () => {
    const { page, errors } = await env.open('/playground/train.html?steps=20000&seed=3');
    await click(page, '.button.primary');
    await expect.poll(async () => (await storedRun(page))?.step ?? 0, { timeout: 60_000 }).toBeGreaterThan(2);
    const worker = page.workers().find((w) => w.url().endsWith('/lib/worker/trainer_worker_main.js'));
    // An error nothing in the worker catches, as a trap or an exhausted heap would throw.
    await worker.evaluate(() => { setTimeout(() => { throw new Error('injected failure'); }, 0); });
    await expect.poll(() => inShadow(page, (e) => e.state), { timeout: 30_000 }).toBe('failed');
    const error = await inShadow(page, (e) => e.shadowRoot.querySelector('.error').textContent);
    const m = error.match(/the training worker stopped at step (\d+) \(.*injected failure\)\. Its last checkpoint, step (\d+), is kept/);
    expect(m, error).not.toBe(null);
    const saved = Number(m[2]);
    expect(saved).toBeLessThanOrEqual(Number(m[1]));
    expect((await storedRun(page)).step).toBe(saved);
    expect(await inShadow(page, (e) => [e.worker.state, e.worker.lastCheckpoint.step])).toEqual(['failed', saved]);
    const button = await inShadow(page, (e) => { const b = e.shadowRoot.querySelector('.actions [data-i18n="train.resumeFrom"]'); return [b.hidden, b.textContent]; });
    expect(button).toEqual([false, `Resume from step ${saved}`]);
    await shots(page, 'train-worker-died');
    await click(page, '.actions [data-i18n="train.resumeFrom"]');
    await expect.poll(() => step(page), { timeout: 60_000 }).toBeGreaterThan(saved + 2);
    expect(await inShadow(page, (e) => e.state)).toBe('running');
    expectWhole(await inShadow(page, (e) => e.progress));
    await reset(page);
    // The one error the page heard is the injected one, which the worker reported.
    expect(errors.filter((e) => !/injected failure/.test(e))).toEqual([]);
    await page.close();
  }, 120_000);
});
