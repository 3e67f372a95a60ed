// The experiment pages in real Chromium under the strict CSP: the scaling
// page states the N*, D* that attn.chinchillaOptimum gives for the C in its
// address, the slider and the law keep their state in the address; the
// in-context page draws the reference run, trains in a Worker with pause,
// resume and cancel, and a finished run matches the same run in the page.
// (Both pages at 390 and 1280 px in both languages: site.test.js, site_desktop.test.js.)
import { describe, expect, test } from 'vitest';
import { usePlayground } from './browser.js';
import { expectHeldWhilePaused } from './pause_check.js';

const env = usePlayground();

/** The text of every fact (<dt> → <dd>) of an element's shadow root. */
const factsOf = (page, selector) => page.evaluate((sel) => Object.fromEntries([...document.querySelector(sel).shadowRoot.querySelectorAll('.facts div')]
  .map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').textContent])), selector);

describe('scaling.html', () => {
  test('N*, D* for the C in the address come from chinchillaOptimum; the law and C are kept in the address', async () => {
    const { page, errors } = await env.open('/playground/scaling.html?lang=en&c=5.76e23');
    const facts = await factsOf(page, '#laws');
    const want = await page.evaluate(() => {
      const o = globalThis.attnscope.chinchillaOptimum(5.76e23);
      return { n: o.params, d: o.tokens };
    });
    expect(Math.abs(Number(facts['N* (parameters)']) / want.n - 1)).toBeLessThan(0.01); // 3 significant digits
    expect(Math.abs(Number(facts['D* (tokens)']) / want.d - 1)).toBeLessThan(0.01);
    expect(Number(facts['D* / N*'])).toBe(Number((want.d / want.n).toPrecision(3)));
    // keyboard: focus the slider, press End → C = 1e27 written to the address
    await page.evaluate(() => document.querySelector('#laws').shadowRoot.querySelector('input[type="range"]').focus());
    await page.keyboard.press('End');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('c') !== '5.76e23');
    expect(Number(new URL(page.url()).searchParams.get('c'))).toBeCloseTo(1e27, -24);
    await page.evaluate(() => { const r = document.querySelector('#laws').shadowRoot.querySelector('input[value="D"]'); r.click(); });
    await page.waitForFunction(() => new URLSearchParams(location.search).get('law') === 'D');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('GPT-3, Chinchilla and Llama-2-7B sit on the iso-FLOP chart at (N, chinchillaLoss(N, D)), with C = 6ND and N/N* from chinchillaOptimum', async () => {
    const { page, errors } = await env.open('/playground/scaling.html?lang=en');
    const r = await page.evaluate(() => {
      const attn = globalThis.attnscope;
      const laws = document.querySelector('#laws');
      const chart = laws.shadowRoot.querySelector('attn-line-chart');
      const dots = Object.fromEntries(chart.series.filter((s) => s.dot && /tokens\)$/.test(s.label)).map((s) => [s.label, s.points[0]]));
      const facts = Object.fromEntries([...laws.shadowRoot.querySelectorAll('#real-models div')].map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').textContent]));
      const want = [['GPT-3 175B', 175e9, 300e9], ['Chinchilla 70B', 70e9, 1.4e12], ['Llama-2-7B', 7e9, 2e12]].map(([name, N, D]) => ({ name, N, D, loss: attn.chinchillaLoss(N, D), ratio: N / attn.chinchillaOptimum(6 * N * D).params }));
      return { dots, facts, want };
    });
    for (const m of r.want) {
      const dot = Object.entries(r.dots).find(([label]) => label.startsWith(m.name))[1];
      expect(dot).toEqual([m.N, m.loss]);
      expect(r.facts[m.name]).toContain(`N/N* = ${Number(m.ratio.toPrecision(2))}`);
    }
    expect(r.want[0].ratio).toBeGreaterThan(1); // GPT-3: bigger than compute-optimal
    expect(r.want[2].ratio).toBeLessThan(1); // Llama-2-7B: smaller, trained longer
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the line chart reads out values by tap and by arrow keys', async () => {
    const { page } = await env.open('/playground/scaling.html?lang=en');
    const chart = page.locator('#emergence').locator('attn-line-chart').first();
    await chart.locator('svg').focus();
    await page.keyboard.press('Home');
    const first = await chart.locator('.readout').textContent();
    expect(first).toMatch(/= 1e17:/);
    await page.keyboard.press('ArrowRight');
    expect(await chart.locator('.readout').textContent()).not.toBe(first);
    const box = await chart.locator('svg').boundingBox();
    await page.mouse.click(box.x + box.width - 14, box.y + box.height / 2);
    expect(await chart.locator('.readout').textContent()).toMatch(/= 1e31:/);
    await page.close();
  });
});

describe('in-context.html', () => {
  test('shows the reference run, trains in a Worker with pause, resume and cancel, and matches the in-page run', async () => {
    const { page, errors } = await env.open('/playground/in-context.html?lang=en&steps=200&seed=3');
    const icl = page.locator('#icl');
    expect(await page.evaluate(() => document.querySelector('#icl').reference.options.seed)).toBe(1);
    await icl.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#icl').state === 'running');
    await icl.getByRole('button', { name: 'Pause' }).click();
    await page.waitForFunction(() => document.querySelector('#icl').state === 'paused');
    await expectHeldWhilePaused(page, () => document.querySelector('#icl').data.step);
    await icl.getByRole('button', { name: 'Resume' }).click();
    await page.waitForFunction(() => document.querySelector('#icl').state === 'done', null, { timeout: 120_000 });
    const worker = await page.evaluate(() => document.querySelector('#icl').data.final.lsaByN);
    const inPage = await page.evaluate("import('/experiments/index.js').then((m) => m.runInContextRegression({ steps: 200, contextLength: 20, dims: 5, noise: 0.1, seed: 3, maxContextLength: 40, reportEvery: 10 })).then((d) => d.final.lsaByN)");
    expect(worker).toEqual(inPage); // same seed, same float64 numbers, Worker or not
    // Cancel: a long run stops and says so.
    await page.evaluate(() => { document.querySelector('#icl').settings = { steps: 5000 }; });
    await icl.locator('button.primary').click();
    await page.waitForFunction(() => document.querySelector('#icl').data?.step > 0);
    await icl.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => document.querySelector('#icl').state === 'cancelled');
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
