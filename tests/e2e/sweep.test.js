// The scaling-sweep and position-extrapolation pages in real Chromium under
// the strict CSP: each shows its reference run at once, trains in a Worker
// (pause, resume, cancel), plots exactly the numbers its run reports, and
// the same run in the page gives the same numbers. Screenshots:
// tests/artifacts/experiments/ (look at them).
import { describe, expect, test } from 'vitest';
import { screenshot, usePlayground } from './browser.js';
import { expectHeldWhilePaused } from './pause_check.js';

const env = usePlayground();

/** The `series` of a chart inside an element's shadow root. */
const seriesOf = (page, host, chart) => page.evaluate(([h, c]) => document.querySelector(h).shadowRoot.querySelector(c).series, [host, chart]);


describe('scaling-sweep.html', () => {
  test('reference at once; a short sweep in a Worker pauses, resumes, plots what it reports and equals the in-page run; cancel stops a long one', async () => {
    const { page, errors } = await env.open('/playground/scaling-sweep.html?lang=en&steps=25&seed=2');
    const sweep = page.locator('#sweep');
    const ref = await page.evaluate(() => document.querySelector('#sweep').reference);
    expect(ref.options.seed).toBe(1);
    const refSeries = await seriesOf(page, '#sweep', '#by-parameters');
    expect(refSeries[0].label).toBe('reference run');
    expect(refSeries[0].points).toEqual(ref.data.runs.map((r) => [r.parameters, r.finalLoss]));
    await sweep.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#sweep').data?.step > 0, null, { timeout: 60_000 });
    await sweep.getByRole('button', { name: 'Pause' }).click();
    await page.waitForFunction(() => document.querySelector('#sweep').state === 'paused');
    await expectHeldWhilePaused(page, () => document.querySelector('#sweep').data.step);
    await sweep.getByRole('button', { name: 'Resume' }).click();
    await page.waitForFunction(() => document.querySelector('#sweep').state === 'done', null, { timeout: 150_000 });
    const data = await page.evaluate(() => document.querySelector('#sweep').data);
    expect(data.runs).toHaveLength(5);
    await screenshot(page, 'experiments/scaling-sweep-live-en');
    const plotted = await seriesOf(page, '#sweep', '#by-parameters');
    const live = plotted.find((s) => s.label === 'this run');
    expect(live.points).toEqual(data.runs.map((r) => [r.parameters, r.finalLoss]));
    const byC = await seriesOf(page, '#sweep', '#by-compute');
    expect(byC[0].points).toEqual(data.runs[0].curve.filter((c) => c.step > 0).map((c) => [c.flops, c.heldOutLoss]));
    const inPage = await page.evaluate("import('/experiments/index.js').then((m) => m.runScalingSweep({ steps: 25, seed: 2, evalEvery: 5 })).then((d) => d.runs.map((r) => r.finalLoss))");
    expect(data.runs.map((r) => r.finalLoss)).toEqual(inPage);
    // cancel a long sweep
    await page.evaluate(() => { document.querySelector('#sweep').settings = { steps: 2000 }; });
    await sweep.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#sweep').data?.step > 0, null, { timeout: 60_000 });
    await sweep.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => document.querySelector('#sweep').state === 'cancelled');
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});

describe('position-extrapolation.html', () => {
  test('reference at once (learned stops at L); a short run plots what it reports; cancel stops it', async () => {
    const { page, errors } = await env.open('/playground/position-extrapolation.html?lang=en&steps=25&L=16&seed=2');
    const el = page.locator('#positions');
    const ref = await page.evaluate(() => document.querySelector('#positions').reference);
    const refSeries = await seriesOf(page, '#positions', '#reference-chart');
    expect(refSeries.map((s) => s.label)).toEqual(['none (NoPE)', 'sinusoidal', 'learned (stops at L)', 'RoPE', 'ALiBi'].map((l) => `${l} (reference)`));
    expect(Math.max(...refSeries[2].points.map((p) => p[0]))).toBeLessThan(ref.data.trainLength);
    expect(Math.max(...refSeries[3].points.map((p) => p[0]))).toBeGreaterThan(3 * ref.data.trainLength);
    await el.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#positions').state === 'done', null, { timeout: 150_000 });
    const data = await page.evaluate(() => document.querySelector('#positions').data);
    expect(data.trainLength).toBe(16);
    await screenshot(page, 'experiments/position-extrapolation-live-en');
    const plotted = await seriesOf(page, '#positions', '#live-chart');
    expect(plotted.map((s) => s.points)).toEqual(data.results.map((r) => r.positions.map((p, i) => [p, r.loss[i]])));
    expect(data.results[2].maxPosition).toBe(16);
    const facts = await page.evaluate(() => document.querySelector('#positions').shadowRoot.querySelector('.facts').textContent);
    expect(facts).toContain('cannot run');
    expect(facts).toContain(data.results[3].meanLoss['4x'].toPrecision(3).replace(/0+$/, '').replace(/\.$/, '').slice(0, 4));
    await page.evaluate(() => { document.querySelector('#positions').settings = { steps: 3000 }; });
    await el.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#positions').data?.step > 0, null, { timeout: 60_000 });
    await el.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => document.querySelector('#positions').state === 'cancelled');
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});
