// The GPT-versus-BERT and induction-heads pages in real Chromium under the
// strict CSP: each shows its reference run (and its claim) at once, trains a
// short run in a Worker (pause, resume, cancel), shows exactly the numbers
// the run reports, and the same run in the page gives the same numbers.
// Pictures (ATTNSCOPE_PICTURES=1): tests/artifacts/experiments/ (look at them).
import { describe, expect, test } from 'vitest';
import { screenshot, usePlayground } from './browser.js';
import { expectHeldWhilePaused } from './pause_check.js';
import { factsOf, seriesOf } from './experiment_page.js';

const env = usePlayground();

describe('masked-vs-causal.html', () => {
  test('the reference at once (verdict, fills, both maps: causal zero above the diagonal, masked not); a short run in a Worker pauses, resumes, shows what it reports and equals the in-page run', async () => {
    const { page, errors } = await env.open('/playground/masked-vs-causal.html?lang=en&steps=50&seed=1');
    const ref = await page.evaluate(() => document.querySelector('#objectives').reference);
    const facts = await factsOf(page, '#objectives', '#claim');
    expect(facts['numbers from']).toBe('the reference run');
    const verdict = { holds: /^holds/, mixed: /^only half/, contradicted: /^contradicted/ }[ref.data.claim.verdict];
    expect(facts['the claim, on these numbers']).toMatch(verdict);
    // (a string, not a function: the test's transform would rewrite import() inside a function)
    const format = (expr, value) => page.evaluate(`import('/widgets/line-chart-scale.js').then(({ formatNumber }) => { const v = ${JSON.stringify(value)}; return ${expr}; })`);
    const score = await format('`loss ${formatNumber(v.loss, 3)} · top-1 ${formatNumber(100 * v.accuracy, 3)} %`', ref.data.evaluation.fill.causal);
    expect(facts['fill a blank: causal (left side only)']).toBe(score);
    const curves = await seriesOf(page, '#objectives', '#curves');
    expect(curves[0].points).toEqual(ref.data.curves.causal.filter((p) => p.step > 0).map((p) => [p.step, p.heldOutLoss]));
    const rows = await page.evaluate(() => [...document.querySelector('#objectives').shadowRoot.querySelectorAll('#fill tr')].slice(1).map((tr) => [...tr.children].map((td) => td.textContent)));
    expect(rows).toHaveLength(ref.data.sentence.blanks.length);
    expect(rows[0][0]).toBe(String(ref.data.sentence.blanks[0].position + 1));
    const maps = await page.evaluate(() => ['causal', 'masked'].map((o) => { const w = document.querySelector('#objectives').shadowRoot.querySelector(`#map-${o}`).weights; return w && { shape: w.shape, data: Array.from(w.data) }; }));
    const above = ({ shape: [n], data }) => { let s = 0; for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) s += data[i * n + j]; return s; };
    expect(maps[0].shape).toEqual([ref.data.sentence.read.causal.length, ref.data.sentence.read.causal.length]);
    expect(above(maps[0])).toBe(0);
    expect(above(maps[1])).toBeGreaterThan(1);
    expect(await page.evaluate(() => document.querySelector('#objectives').shadowRoot.querySelector('#generation').textContent)).toContain('encoder (causal: false)');

    const el = page.locator('#objectives');
    await el.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#objectives').data?.step > 0, null, { timeout: 60_000 });
    await el.getByRole('button', { name: 'Pause' }).click();
    await page.waitForFunction(() => document.querySelector('#objectives').state === 'paused');
    await expectHeldWhilePaused(page, () => document.querySelector('#objectives').data.step);
    await el.getByRole('button', { name: 'Resume' }).click();
    await page.waitForFunction(() => document.querySelector('#objectives').state === 'done', null, { timeout: 150_000 });
    const data = await page.evaluate(() => document.querySelector('#objectives').data);
    expect((await factsOf(page, '#objectives', '#claim'))['numbers from']).toBe('this run');
    const liveRows = await page.evaluate(() => [...document.querySelector('#objectives').shadowRoot.querySelectorAll('#fill tr')].slice(1).map((tr) => tr.children[1].textContent));
    const expectedRow = await format("v.slice(0, 3).map((c) => `${({ ' ': '␣', '\\n': '↵' })[c.text] ?? c.text} ${formatNumber(c.p, 2)}`).join(' · ')", data.sentence.blanks[0].masked);
    expect(liveRows[0]).toBe(expectedRow);
    await screenshot(page, 'experiments/masked-vs-causal-live-en');
    const inPage = await page.evaluate("import('/experiments/index.js').then((m) => m.runMaskedVsCausal({ steps: 50, seed: 1, evalEvery: 10 })).then((d) => d.evaluation)");
    expect(data.evaluation).toEqual(inPage);
    // the learner's sentence goes into the address
    await page.evaluate(() => { const i = document.querySelector('#objectives').shadowRoot.querySelector('#sentence'); i.value = 'She sm_led.'; i.dispatchEvent(new Event('change')); });
    expect(new URL(page.url()).searchParams.get('sentence')).toBe('She sm_led.');
    await page.evaluate(() => { document.querySelector('#objectives').settings = { steps: 5000 }; });
    await el.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#objectives').data?.step > 0, null, { timeout: 60_000 });
    await el.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => document.querySelector('#objectives').state === 'cancelled');
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});

describe('induction-heads.html', () => {
  test('the reference at once (phase change, first induction head, every head\'s score); a short run in a Worker pauses, resumes, plots what it reports and equals the in-page run; the page links to the ICL page', async () => {
    const { page, errors } = await env.open('/playground/induction-heads.html?lang=en&steps=100&seed=1');
    const ref = await page.evaluate(() => document.querySelector('#induction').reference);
    const facts = await factsOf(page, '#induction', '#phase');
    expect(facts['numbers from']).toBe('the reference run');
    const f = ref.data.summary.formedAt;
    expect(facts['first induction head']).toBe(`step ${f.step}: layer ${f.layer}, head ${f.head} (${f.score.toFixed(2)})`);
    expect(facts['steepest fall of the repeated copy’s loss']).toMatch(new RegExp(`^steps ${ref.data.summary.steepest.from} → ${ref.data.summary.steepest.to}`));
    const losses = await seriesOf(page, '#induction', '#losses');
    expect(losses[1].points).toEqual(ref.data.curve.map((p) => [p.step, p.repeatedLoss]));
    expect(losses.find((s) => s.label === 'first copy’s floor').points[0][1]).toBe(ref.data.chance.first);
    const scores = await seriesOf(page, '#induction', '#scores');
    const { nLayers, nHeads } = ref.options;
    expect(scores).toHaveLength(nLayers * nHeads + 1);
    expect(scores[(f.layer * nHeads) + f.head].points).toEqual(ref.data.curve.map((p) => [p.step, p.induction[f.layer][f.head]]));
    expect(await page.locator('a[href="in-context.html"]').count()).toBeGreaterThan(0);

    const el = page.locator('#induction');
    await el.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#induction').data?.step > 0, null, { timeout: 60_000 });
    await el.getByRole('button', { name: 'Pause' }).click();
    await page.waitForFunction(() => document.querySelector('#induction').state === 'paused');
    await expectHeldWhilePaused(page, () => document.querySelector('#induction').data.step);
    await el.getByRole('button', { name: 'Resume' }).click();
    await page.waitForFunction(() => document.querySelector('#induction').state === 'done', null, { timeout: 150_000 });
    const data = await page.evaluate(() => document.querySelector('#induction').data);
    expect((await factsOf(page, '#induction', '#phase'))['numbers from']).toBe('this run');
    const live = await seriesOf(page, '#induction', '#losses');
    const repeated = live.find((s) => s.label === 'repeated copy');
    expect(repeated.points).toEqual(data.curve.map((p) => [p.step, p.repeatedLoss]));
    await screenshot(page, 'experiments/induction-heads-live-en');
    const inPage = await page.evaluate("import('/experiments/index.js').then((m) => m.runInductionHeads({ steps: 100, seed: 1, evalEvery: 10 })).then((d) => d.curve.map((p) => [p.repeatedLoss, p.induction]))");
    expect(data.curve.map((p) => [p.repeatedLoss, p.induction])).toEqual(inPage);
    await page.evaluate(() => { document.querySelector('#induction').settings = { steps: 10000 }; });
    await el.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#induction').data?.step > 0, null, { timeout: 60_000 });
    await el.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => document.querySelector('#induction').state === 'cancelled');
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});
