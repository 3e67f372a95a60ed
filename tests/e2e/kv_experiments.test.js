// The MHA/GQA/MQA and KV-cache compression pages in real Chromium under the
// strict CSP: each shows its reference run (and its claim) at once, trains a
// short run in a Worker (pause, resume, cancel), plots exactly the numbers
// the run reports, and the same run in the page gives the same numbers.
// Pictures (ATTNSCOPE_PICTURES=1): tests/artifacts/experiments/ (look at them).
import { describe, expect, test } from 'vitest';
import { screenshot, usePlayground } from './browser.js';
import { expectHeldWhilePaused } from './pause_check.js';
import { factsOf, seriesOf } from './experiment_page.js';

const env = usePlayground();

describe('kv-heads.html', () => {
  test('the reference run and its verdict at once; a short run in a Worker pauses, resumes, plots what it reports and equals the in-page run; cancel stops one', async () => {
    const { page, errors } = await env.open('/playground/kv-heads.html?lang=en&steps=25&seeds=1');
    const ref = await page.evaluate(() => document.querySelector('#heads').reference);
    expect(ref.options.kvHeads).toEqual([8, 2, 1]);
    const facts = await factsOf(page, '#heads', '#claim');
    expect(facts['numbers from']).toBe('the reference run');
    const verdict = { holds: /^holds/, 'within-noise': /^not seen here/, contradicted: /^contradicted/ }[ref.data.claim.verdict];
    expect(facts['the claim, on these numbers']).toMatch(verdict);
    const refSeries = await seriesOf(page, '#heads', '#by-bytes');
    expect(refSeries[1].points).toEqual(ref.data.summary.map((v) => [v.cacheBytes / ref.options.seqLen, v.meanLoss]).sort((a, b) => a[0] - b[0]));
    const el = page.locator('#heads');
    await el.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#heads').data?.step > 0, null, { timeout: 60_000 });
    await el.getByRole('button', { name: 'Pause' }).click();
    await page.waitForFunction(() => document.querySelector('#heads').state === 'paused');
    await expectHeldWhilePaused(page, () => document.querySelector('#heads').data.step);
    await el.getByRole('button', { name: 'Resume' }).click();
    await page.waitForFunction(() => document.querySelector('#heads').state === 'done', null, { timeout: 150_000 });
    const data = await page.evaluate(() => document.querySelector('#heads').data);
    expect(data.runs).toHaveLength(3);
    const plotted = await seriesOf(page, '#heads', '#by-bytes');
    const mean = plotted.find((s) => s.label === 'this run: mean over seeds');
    expect(mean.points).toEqual(data.summary.map((v) => [v.cacheBytes / 64, v.meanLoss]).sort((a, b) => a[0] - b[0]));
    expect((await factsOf(page, '#heads', '#claim'))['numbers from']).toBe('this run');
    await screenshot(page, 'experiments/kv-heads-live-en');
    const inPage = await page.evaluate("import('/experiments/index.js').then((m) => m.runKvHeadSharing({ steps: 25, seeds: [1], evalEvery: 5 })).then((d) => d.runs.map((r) => r.finalLoss))");
    expect(data.runs.map((r) => r.finalLoss)).toEqual(inPage);
    await page.evaluate(() => { document.querySelector('#heads').settings = { steps: 2000 }; });
    await el.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#heads').data?.step > 0, null, { timeout: 60_000 });
    await el.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => document.querySelector('#heads').state === 'cancelled');
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});

describe('kv-compression.html', () => {
  test('the reference at once (every rule, full and no cache); a short run trains, compresses, plots what it reports and equals the in-page run', async () => {
    const { page, errors } = await env.open('/playground/kv-compression.html?lang=en&steps=20&seed=2');
    const ref = await page.evaluate(() => document.querySelector('#compression').reference);
    const evict = await seriesOf(page, '#compression', '#by-fraction');
    expect(evict.map((s) => s.label)).toEqual(['full cache', 'no cache (continuation alone)', 'recency window', 'accumulated attention (H2O)', 'expected attention']);
    expect(evict[2].points.slice(0, -1)).toEqual(ref.data.curves.recent.map((p) => [p.fraction, p.loss]).sort((a, b) => a[0] - b[0]));
    expect(evict[0].points[0][1]).toBe(ref.data.full);
    const heads = await seriesOf(page, '#compression', '#by-heads');
    expect(heads.map((s) => s.label).slice(2)).toEqual(['KV heads merged, QCQA-style groups', 'KV heads merged, uniform groups']);
    const kept = await page.evaluate(() => [...document.querySelector('#compression').shadowRoot.querySelectorAll('.strip .chars')][0].querySelectorAll('.kept').length);
    expect(kept).toBe(ref.data.example.kept.recent[0][0].length);
    const el = page.locator('#compression');
    await el.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#compression').state === 'done', null, { timeout: 150_000 });
    const data = await page.evaluate(() => document.querySelector('#compression').data);
    expect(data.windows).toBe(ref.options.evalWindows);
    const live = await seriesOf(page, '#compression', '#by-fraction');
    expect(live[4].points.slice(0, -1)).toEqual(data.curves.expected.map((p) => [p.fraction, p.loss]).sort((a, b) => a[0] - b[0]));
    expect((await factsOf(page, '#compression', '#compression-facts'))['numbers from']).toBe('this run');
    await screenshot(page, 'experiments/kv-compression-live-en');
    const inPage = await page.evaluate("import('/experiments/index.js').then((m) => m.runKvCacheCompression({ steps: 20, seed: 2, evalEvery: 10 })).then((d) => [d.full, d.curves.qcqa.map((p) => p.loss)])");
    expect([data.full, data.curves.qcqa.map((p) => p.loss)]).toEqual(inPage);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});
