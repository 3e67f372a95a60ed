// The attention lab (web/playground/lab.html) in Chromium under the CSP:
// it loads cleanly, its controls drive the heatmap, and what it shows is
// exactly what the public API returns for the Q and K it shows.
import { describe, expect, test } from 'vitest';
import { screenshot, usePlayground } from './browser.js';

const env = usePlayground({ locale: 'en-US' });

/** Opens the lab and waits for the first heatmap. */
const openLab = () => env.open('/playground/lab.html');

/** The heatmap's cells as {row, col, text} (text = data-value, the exact value shown). */
function readCells(page) {
  return page.evaluate(() => [...document.querySelector('#heatmap').shadowRoot.querySelectorAll('.cell')]
    .map((c) => ({ row: Number(c.dataset.row), col: Number(c.dataset.col), text: c.dataset.value })));
}

/**
 * Recomputes the weights in the page through the public API from the Q and K
 * the lab holds, and reads what the heatmap shows next to them.
 */
function recompute(page, opts) {
  return page.evaluate(async (o) => {
    const attn = globalThis.attnscope;
    const h = document.querySelector('#heatmap');
    const v = attn.tensor(new Float32Array(h.k.shape[0] * 2), [h.k.shape[0], 2]);
    const { weights } = attn.scaledDotProductAttention(h.q, h.k, v, { ...o, returnWeights: true });
    const ones = attn.tensor(new Float32Array(weights.shape[1]).fill(1), [weights.shape[1], 1]);
    const root = h.shadowRoot;
    const area = (id) => document.getElementById(id).shadowRoot.querySelector('textarea').value;
    return {
      api: Array.from(weights.data),
      apiSums: Array.from(attn.matmul(weights, ones).data),
      shown: [...root.querySelectorAll('.cell')].map((c) => c.dataset.value),
      shownSums: [...root.querySelectorAll('.sum')].map((c) => c.dataset.value),
      q: Array.from(h.q.data), k: Array.from(h.k.data), qText: area('q-input'), kText: area('k-input'),
    };
  }, opts);
}

/** Index and size of the largest |float32(shown) - api| (0 when every cell matches bit for bit). */
function worstDifference(shown, api) {
  let worst = { index: -1, diff: 0 };
  shown.forEach((text, i) => {
    const diff = Math.abs(Math.fround(Number(text)) - api[i]);
    if (!(diff <= worst.diff)) worst = { index: i, diff, shown: text, api: api[i] };
  });
  return worst;
}

const numbersIn = (text) => text.trim().split(/\s+/).map(Number);

describe('attention lab', () => {
  test('loads under the CSP with no console errors, no page errors and no other origin', async () => {
    const { page, errors, requests, response } = await openLab();
    expect(response.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(await page.locator('attn-heatmap .cell').count()).toBe(64); // default N = 8
    expect(requests.filter((u) => !u.startsWith(env.web.origin) && !u.startsWith('data:'))).toEqual([]);
    expect(await page.textContent('#backend')).toMatch(/^wasm-simd(-fma)?$/); // SIMD, fused where relaxed SIMD validates
    expect(errors).toEqual([]);
    await page.close();
  });

  test('toggling causal sets every weight above the diagonal to 0 and changes the rows below', async () => {
    const { page, errors } = await openLab();
    const before = await readCells(page);
    expect(before.filter((c) => c.col > c.row).every((c) => c.text !== '0')).toBe(true);
    await page.locator('#causal').check();
    const after = await readCells(page);
    const above = after.filter((c) => c.col > c.row);
    expect(above.length).toBe(28);
    expect(above.filter((c) => c.text !== '0')).toEqual([]);
    expect(await page.locator('attn-heatmap .cell.masked').count()).toBe(28);
    const changedBelow = after.filter((c, n) => c.col < c.row && c.text !== before[n].text);
    expect(changedBelow.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('switching kind and temperature changes the weights', async () => {
    const { page, errors } = await openLab();
    const scaled = (await readCells(page)).map((c) => c.text);
    await page.locator('label', { hasText: 'Dot product (scale 1)' }).click();
    const unscaled = (await readCells(page)).map((c) => c.text);
    await page.locator('label', { hasText: 'Cosine' }).click();
    const cosine = (await readCells(page)).map((c) => c.text);
    await page.fill('#temperature', '0.25');
    const sharp = (await readCells(page)).map((c) => c.text);
    for (const [a, b] of [[scaled, unscaled], [unscaled, cosine], [cosine, sharp]]) {
      expect(a.filter((text, i) => text !== b[i]).length).toBeGreaterThan(32);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  test.each([
    ['scaled dot product', 'Scaled dot product', {}],
    ['unscaled dot product', 'Dot product (scale 1)', { scale: 1 }],
    ['cosine', 'Cosine', { kind: 'cosine' }],
  ])('%s: every cell, row sum and tooltip equals the API for the Q and K on the page', async (name, label, opts) => {
    const { page, errors } = await openLab();
    await page.fill('#n', '12');
    await page.fill('#d', '24');
    await page.locator('label', { hasText: label }).click();
    await page.fill('#temperature', '0.7');
    await page.locator('#causal').check();
    const r = await recompute(page, { ...opts, isCausal: true, temperature: 0.7 });
    expect(r.api.length).toBe(144);
    const worst = worstDifference(r.shown, r.api);
    expect(worst, `worst cell ${JSON.stringify(worst)}`).toEqual({ index: -1, diff: 0 });
    const worstSum = worstDifference(r.shownSums, r.apiSums);
    expect(worstSum, `worst row sum ${JSON.stringify(worstSum)}`).toEqual({ index: -1, diff: 0 });
    // The Q and K the page prints are the Q and K it computed with.
    expect(numbersIn(r.qText).map(Math.fround)).toEqual(r.q);
    expect(numbersIn(r.kText).map(Math.fround)).toEqual(r.k);
    // Hovering shows the exact value of that cell.
    await page.hover('#heatmap .cell[data-row="7"][data-col="3"]');
    const tip = await page.locator('#heatmap .tooltip .tip-value').textContent();
    expect(Math.fround(Number(tip))).toBe(r.api[7 * 12 + 3]);
    expect(await page.locator('#heatmap .tooltip').isVisible()).toBe(true);
    expect(await page.textContent('#hover-info')).toContain(tip);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('typed Q and K drive the heatmap', async () => {
    const { page, errors } = await openLab();
    await page.fill('#n', '3');
    await page.fill('#d', '2');
    await page.locator('#q-input textarea').fill('1 0\n0 1\n1 1');
    await page.locator('#k-input textarea').fill('2, 0\n0, 2\n-1 -1');
    const r = await recompute(page, {});
    expect(r.q).toEqual([1, 0, 0, 1, 1, 1]);
    expect(r.k).toEqual([2, 0, 0, 2, -1, -1]);
    expect(worstDifference(r.shown, r.api)).toEqual({ index: -1, diff: 0 });
    // A malformed row is reported and leaves the last valid Q in place.
    await page.locator('#q-input textarea').fill('1 0\n0 x\n1 1');
    expect(await page.locator('#q-input .status').textContent()).toContain('“x” is not a number');
    expect((await recompute(page, {})).q).toEqual([1, 0, 0, 1, 1, 1]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the language switch turns the page Japanese and back; screenshots in both', async () => {
    const { page, errors } = await openLab();
    expect(await page.textContent('h1')).toBe('Attention lab');
    await page.hover('#heatmap .cell[data-row="4"][data-col="2"]');
    await screenshot(page, 'lab-en');
    await page.locator('attn-lang-switch button', { hasText: '日本語' }).click();
    expect(await page.textContent('h1')).toBe('アテンション・ラボ');
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    expect(await page.locator('#heatmap .col-title').textContent()).toBe('キー (j) →');
    await page.locator('#causal').check();
    await page.hover('#heatmap .cell[data-row="5"][data-col="2"]');
    expect(await page.locator('#heatmap .tooltip').textContent()).toContain('重み');
    await screenshot(page, 'lab-ja');
    await page.locator('attn-lang-switch button', { hasText: 'English' }).click();
    expect(await page.textContent('h1')).toBe('Attention lab');
    expect(errors).toEqual([]);
    await page.close();
  });
});
