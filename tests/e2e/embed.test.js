// The embedding example (web/playground/embed.html): a static page whose
// only script is the widgets module, with heatmaps configured by attributes.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { collectErrors, exposeLib, launchBrowser, screenshot, serveWeb } from './browser.js';

let web, browser;

beforeAll(async () => {
  web = await serveWeb();
  browser = await launchBrowser({ locale: 'en-US' });
});

afterAll(async () => {
  await browser?.close();
  web?.server.close();
});

test('the embed page renders its attribute-only heatmaps under the CSP with no errors', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${web.origin}/playground/embed.html`);
  expect(await page.locator('script').count()).toBe(1);
  expect(await page.locator('script[type="module"][src]').count()).toBe(1);
  await page.locator('#seeded .cell').first().waitFor();
  await page.locator('#cosine .cell').first().waitFor();

  // tokens="the cat sat on the mat" causal row-sums: 6 × 6, zero above the diagonal, rows sum to ~1.
  const seeded = await page.evaluate(() => {
    const h = document.querySelector('#seeded');
    return {
      shape: h.weights.shape,
      cells: [...h.shadowRoot.querySelectorAll('.cell')].map((c) => ({ i: +c.dataset.row, j: +c.dataset.col, text: c.dataset.value })),
      sums: Array.from(h.rowSums),
      rowLabels: [...h.shadowRoot.querySelectorAll('.row-label')].map((e) => e.textContent),
    };
  });
  expect(seeded.shape).toEqual([6, 6]);
  expect(seeded.rowLabels).toEqual(['the', 'cat', 'sat', 'on', 'the', 'mat']);
  expect(seeded.cells.filter((c) => c.j > c.i && c.text !== '0')).toEqual([]);
  const SUM_TOLERANCE = 1e-6; // float32 softmax rows: a few ulps of 1
  for (const s of seeded.sums) expect(Math.abs(s - 1)).toBeLessThan(SUM_TOLERANCE);

  // The cosine example's Q comes from its q attribute: recompute it through the API.
  await exposeLib(page);
  const cosine = await page.evaluate(async () => {
    const attn = globalThis.attnscope;
    const h = document.querySelector('#cosine');
    const rows = JSON.parse(h.getAttribute('q'));
    const q = attn.tensor(new Float32Array(rows.flat()), [rows.length, rows[0].length]);
    const v = attn.tensor(new Float32Array(rows.length), [rows.length, 1]);
    const { weights } = attn.scaledDotProductAttention(q, q, v, { kind: 'cosine', temperature: 0.25, returnWeights: true });
    return { api: Array.from(weights.data), shown: [...h.shadowRoot.querySelectorAll('.cell')].map((c) => c.dataset.value) };
  });
  expect(cosine.shown.map((s) => Math.fround(Number(s)))).toEqual(cosine.api);

  await page.hover('#seeded .cell[data-row="4"][data-col="1"]');
  expect(await page.locator('#seeded .tooltip').textContent()).toMatch(/i = 4 .*the.* → j = 1 .*cat/);
  await screenshot(page, 'embed');
  expect(errors).toEqual([]);
  await page.close();
});

test('a bad attribute is shown in the element, not thrown; removed elements stop listening', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${web.origin}/playground/embed.html`);
  await page.locator('#seeded .cell').first().waitFor();
  const message = await page.evaluate(() => new Promise((resolve) => {
    const h = document.querySelector('#seeded');
    h.addEventListener('error', (e) => resolve(e.detail.message), { once: true });
    h.setAttribute('q', '[[1, 2], [3]]');
  }));
  expect(message).toContain('row 1 has 1 numbers but row 0 has 2');
  expect(await page.locator('#seeded .status').textContent()).toContain(message);
  expect(await page.locator('#seeded .plot').isVisible()).toBe(false);
  // A removed heatmap stops listening; the one left follows the language switch.
  await page.evaluate(() => document.querySelector('#seeded').remove());
  await page.locator('attn-lang-switch button', { hasText: '日本語' }).click();
  expect(await page.locator('#cosine .col-title').textContent()).toBe('キー (j) →');
  expect(errors).toEqual([]);
  await page.close();
});

test('the data property draws a given matrix (negatives too) with core-computed row sums', async () => {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${web.origin}/playground/embed.html`);
  const r = await page.evaluate(() => new Promise((resolve) => {
    const h = document.createElement('attn-heatmap');
    h.setAttribute('row-sums', '');
    h.tokens = ['a', 'b'];
    h.colTokens = ['x', 'y', 'z'];
    h.addEventListener('change', () => {
      const root = h.shadowRoot;
      resolve({
        cells: [...root.querySelectorAll('.cell')].map((c) => c.dataset.value),
        sums: [...root.querySelectorAll('.sum')].map((c) => Number(c.dataset.value)),
        colLabels: [...root.querySelectorAll('.col-label')].map((c) => c.textContent),
        shape: h.weights.shape,
        v10: h.valueAt(1, 0),
      });
    }, { once: true });
    h.data = [[0.1, -0.5, 2], [3, 0, 0.25]];
    document.body.append(h);
  }));
  expect(r.shape).toEqual([2, 3]);
  expect(r.cells).toEqual(['0.1', '-0.5', '2', '3', '0', '0.25']);
  expect(r.colLabels).toEqual(['x', 'y', 'z']);
  expect(r.v10).toBe(3);
  const SUM_TOLERANCE = 1e-6; // float32 sums of three terms
  expect(Math.abs(r.sums[0] - 1.6)).toBeLessThan(SUM_TOLERANCE);
  expect(Math.abs(r.sums[1] - 3.25)).toBeLessThan(SUM_TOLERANCE);
  expect(errors).toEqual([]);
  await page.close();
});
