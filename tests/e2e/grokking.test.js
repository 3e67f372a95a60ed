// The grokking and pre-LN/post-LN pages in real Chromium under the strict
// CSP: each draws its reference run, trains in a Worker with pause, resume
// and cancel, plots exactly the numbers the run reports, and a finished
// Worker run equals the same run in the page (same seed, same numbers).
// Pictures (ATTNSCOPE_PICTURES=1): tests/artifacts/experiments/ (look at them).
import { describe, expect, test } from 'vitest';
import { screenshot, usePlayground } from './browser.js';
import { expectHeldWhilePaused } from './pause_check.js';

const env = usePlayground();

/** The series of the n-th chart of an element: [{label, points}]. */
const chartSeries = (page, selector, n) => page.evaluate(([sel, i]) => document.querySelector(sel).shadowRoot
  .querySelectorAll('attn-line-chart')[i].series.map((s) => ({ label: s.label, points: s.points, axis: s.axis })), [selector, n]);

/** Pauses a running element, checks nothing moves, resumes. */
async function pauseAndResume(page, el, selector, stepOf) {
  await el.getByRole('button', { name: 'Pause' }).click();
  await page.waitForFunction((sel) => document.querySelector(sel).state === 'paused', selector);
  await expectHeldWhilePaused(page, stepOf);
  await el.getByRole('button', { name: 'Resume' }).click();
  await page.waitForFunction((sel) => document.querySelector(sel).state !== 'paused', selector);
}

describe('grokking.html', () => {
  test('trains in a Worker with pause, resume and cancel; plots the reported numbers; equals the in-page run', async () => {
    // Weight decay 0: the run cannot stop early (at 99% validation) before the pause.
    const { page, errors } = await env.open('/playground/grokking.html?lang=en&p=11&steps=300&seed=2&wd=0');
    const grok = page.locator('#grok');
    await grok.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#grok').data?.history.length >= 2, null, { timeout: 120_000 })
      .catch(async (e) => { throw new Error(`${e.message}; state ${await page.evaluate(() => document.querySelector('#grok').state)}, errors ${errors.join(' | ')}`); });
    await pauseAndResume(page, grok, '#grok', () => document.querySelector('#grok').data.history.length);
    await page.waitForFunction(() => document.querySelector('#grok').state === 'done', null, { timeout: 240_000 });
    const data = await page.evaluate(() => document.querySelector('#grok').data);
    await screenshot(page, 'experiments/grokking-live-1280-en');
    expect(data.options).toMatchObject({ p: 11, steps: 300, seed: 2, weightDecay: 0, operation: 'add' });
    // The plotted live curves are the reported numbers (step 0 is off the log axis).
    const accuracy = await chartSeries(page, '#grok', 0);
    const live = (label) => accuracy.find((s) => s.label === label).points;
    const past0 = data.history.filter((h) => h.step > 0);
    expect(live('validation (live)')).toEqual(past0.map((h) => [h.step, h.validationAccuracy]));
    expect(live('training (live)')).toEqual(past0.map((h) => [h.step, h.trainAccuracy]));
    // the weight norm on the same chart, against its right-hand axis
    const norm = accuracy.find((s) => s.label === 'weight norm (this run)');
    expect(norm.axis).toBe('right');
    expect(norm.points).toEqual(past0.map((h) => [h.step, h.weightNorm]));
    const loss = await chartSeries(page, '#grok', 1);
    expect(loss.find((s) => s.label === 'validation (live)').points).toEqual(past0.map((h) => [h.step, h.validationLoss]));
    const spectrum = await chartSeries(page, '#grok', 2);
    expect(spectrum.find((s) => s.label.startsWith('live')).points).toEqual(data.spectrum.map((v, k) => [k, v]));
    const inPage = await page.evaluate("import('/lib/index.js').then(() => import('/experiments/index.js')).then((m) => m.runGrokking({ p: 11, steps: 300, seed: 2, weightDecay: 0 })).then((d) => d.history)");
    expect(data.history).toEqual(inPage);
    // Cancel: a long run stops and says so.
    await page.evaluate(() => { document.querySelector('#grok').settings = { steps: 20000, p: 31 }; });
    await grok.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#grok').data?.history.length > 0, null, { timeout: 60_000 });
    await grok.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => document.querySelector('#grok').state === 'cancelled');
    expect(await grok.locator('.status').textContent()).toMatch(/Cancelled/);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);

  test('the reference run is drawn and labelled', async () => {
    const { page } = await env.open('/playground/grokking.html?lang=en');
    const ref = await page.evaluate(() => document.querySelector('#grok').reference);
    expect(ref.command).toBe('node scripts/experiment_reference.js grokking');
    const accuracy = await chartSeries(page, '#grok', 0);
    const refValidation = accuracy.find((s) => s.label === 'validation (reference run)').points;
    expect(refValidation).toEqual(ref.data.history.filter((h) => h.step > 0).map((h) => [h.step, h.validationAccuracy]));
    const refNorm = accuracy.find((s) => s.label === 'weight norm (reference)').points;
    expect(refNorm).toEqual(ref.data.history.filter((h) => h.step > 0).map((h) => [h.step, h.weightNorm]));
    await page.close();
  });
});

describe('norm-placement.html', () => {
  test('trains four variants in a Worker with pause, resume and cancel; plots the reported numbers', async () => {
    const { page, errors } = await env.open('/playground/norm-placement.html?lang=en&layers=3&steps=10&seed=2');
    const norm = page.locator('#norm');
    await norm.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#norm').data?.variants.length >= 1);
    await pauseAndResume(page, norm, '#norm', () => document.querySelector('#norm').data.variants.map((v) => v.history.length));
    await page.waitForFunction(() => document.querySelector('#norm').state === 'done', null, { timeout: 240_000 });
    const data = await page.evaluate(() => document.querySelector('#norm').data);
    expect(data.variants.map((v) => v.id)).toEqual(['pre-ln-warmup', 'pre-ln', 'post-ln-warmup', 'post-ln']);
    const layers = await chartSeries(page, '#norm', 0);
    for (const v of data.variants) {
      const s = layers.find((x) => x.label.startsWith(`${{ 'pre-ln-warmup': 'pre-LN, warm-up', 'pre-ln': 'pre-LN, no warm-up', 'post-ln-warmup': 'post-LN, warm-up', 'post-ln': 'post-LN, no warm-up' }[v.id]} · 0`));
      expect(s.points).toEqual(v.history[0].layerNorms.map((n, i) => [i, n]));
    }
    const loss = await chartSeries(page, '#norm', 1);
    expect(loss.find((s) => s.label === 'post-LN, no warm-up').points).toEqual(data.variants[3].history.map((h) => [h.step, h.loss]));
    const inPage = await page.evaluate("import('/lib/index.js').then(() => import('/experiments/index.js')).then((m) => m.runNormPlacement({ layers: 3, steps: 10, seed: 2, learningRate: 0.003, warmupSteps: 50 })).then((d) => d.variants)");
    expect(data.variants).toEqual(inPage);
    await page.evaluate(() => { document.querySelector('#norm').settings = { steps: 1000, layers: 8 }; });
    await norm.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#norm').data?.variants.length > 0, null, { timeout: 60_000 });
    await norm.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => document.querySelector('#norm').state === 'cancelled');
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
