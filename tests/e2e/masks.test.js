// The masks and biases page (web/playground/masks.html) in Chromium under the
// CSP: it loads cleanly, its controls change the patterns, and every grid and
// bias map shows exactly what the core's builders return for the same inputs.
import { describe, expect, test } from 'vitest';
import { screenshot, usePlayground } from './browser.js';

const env = usePlayground({ locale: 'en-US' });

/** Opens the page and waits until every grid and map has drawn. */
const openMasks = () => env.open('/playground/masks.html');

/** The exact values (data-value) of the cells of element `id`. */
function cells(page, id) {
  return page.evaluate((i) => [...document.getElementById(i).shadowRoot.querySelectorAll('.cell')].map((c) => c.dataset.value), id);
}

/**
 * Rebuilds every mask in the page through the public API from the attributes
 * the page set, and reads what each grid shows (cells and keys-per-row column).
 */
function recomputeMasks(page) {
  return page.evaluate(() => {
    const attn = globalThis.attnscope;
    const out = {};
    for (const el of document.querySelectorAll('attn-mask-grid')) {
      const a = (name) => el.getAttribute(name);
      const n = Number(a('n')), window = Number(a('window'));
      const causal = el.hasAttribute('causal');
      const globalTokens = a('globals').split(' ').filter(Boolean).map(Number);
      const mask = {
        causal: () => attn.causalMask(n),
        sliding: () => attn.slidingWindowMask(n, n, window, { causal }),
        strided: () => attn.stridedMask(n, Number(a('stride'))),
        global: () => attn.globalTokensMask(n, globalTokens, { causal }),
        longformer: () => attn.combineMasks(attn.slidingWindowMask(n, n, window, { causal }), attn.globalTokensMask(n, globalTokens, { causal })),
        bigbird: () => attn.bigBirdMask(n, { window, globalTokens, randomPerRow: Number(a('random')), seed: Number(a('seed')) }),
      }[a('pattern')]();
      const root = el.shadowRoot;
      out[a('pattern')] = {
        api: Array.from(mask.data, String),
        shown: [...root.querySelectorAll('.cell')].map((c) => c.dataset.value),
        sums: [...root.querySelectorAll('.sum')].map((c) => Number(c.dataset.value)),
        masked: root.querySelectorAll('.cell.masked').length,
      };
    }
    return out;
  });
}

describe('masks and biases', () => {
  test('loads under the CSP with no console errors, no page errors and no other origin', async () => {
    const { page, errors, requests, response } = await openMasks();
    expect(response.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('attn-mask-grid').count()).toBe(6);
    expect(await page.locator('attn-bias-map').count()).toBe(3);
    expect((await cells(page, 'mask-causal')).length).toBe(144); // N = 12
    expect((await cells(page, 'bias-alibi')).length).toBe(144);
    expect(requests.filter((u) => !u.startsWith(env.web.origin) && !u.startsWith('data:'))).toEqual([]);
    expect(await page.textContent('#backend')).toMatch(/^wasm-simd(-fma)?$/); // SIMD, fused where relaxed SIMD validates
    expect(errors).toEqual([]);
    await page.close();
  });

  test('every mask grid equals the core’s builder; changing the window changes the window masks', async () => {
    const { page, errors } = await openMasks();
    const before = await recomputeMasks(page);
    await page.fill('#window', '5');
    await page.fill('#globals', '0 7');
    await page.fill('#random', '3');
    const after = await recomputeMasks(page);
    for (const [pattern, r] of Object.entries({ ...before, ...after })) {
      expect(r.shown, pattern).toEqual(r.api);
      // The keys-per-row column (computed by the core) counts the allowed cells of each row.
      const counts = Array.from({ length: 12 }, (_, i) => r.api.slice(i * 12, (i + 1) * 12).filter((v) => v === '1').length);
      expect(r.sums, pattern).toEqual(counts);
      expect(r.masked, pattern).toBe(r.api.filter((v) => v === '0').length);
    }
    for (const pattern of ['sliding', 'longformer', 'bigbird']) {
      expect(after[pattern].shown.filter((v, n) => v !== before[pattern].shown[n]).length, pattern).toBeGreaterThan(0);
    }
    expect(after.causal.shown).toEqual(before.causal.shown);
    // A window of 5 lets query 6 see keys 2..10.
    expect(after.sliding.shown.slice(6 * 12, 7 * 12).join('')).toBe('001111111110');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('causal restricts the window and global patterns to j ≤ i; a bad global index is reported, not used', async () => {
    const { page, errors } = await openMasks();
    await page.locator('#causal').check();
    const r = await recomputeMasks(page);
    for (const pattern of ['sliding', 'global', 'longformer']) {
      expect(r[pattern].shown, pattern).toEqual(r[pattern].api);
      expect(r[pattern].shown.filter((v, n) => v === '1' && n % 12 > Math.floor(n / 12)), pattern).toEqual([]);
    }
    await page.fill('#globals', '0 99');
    expect(await page.textContent('#globals-status')).toContain('0 to 11');
    expect(await page.getAttribute('#mask-global', 'globals')).toBe('0');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the ALiBi and T5 maps equal alibiBias, t5RelativeBias and the buckets for the head shown', async () => {
    const { page, errors } = await openMasks();
    await page.fill('#heads', '6'); // not a power of two
    await page.fill('#head', '3');
    await page.fill('#buckets', '16');
    await page.fill('#distance', '20');
    const r = await page.evaluate(() => {
      const attn = globalThis.attnscope;
      const shown = (id) => [...document.getElementById(id).shadowRoot.querySelectorAll('.cell')].map((c) => Number(c.dataset.value));
      const n = 12, h = 3, opts = { bidirectional: true, numBuckets: 16, maxDistance: 20 };
      const head = (t) => Array.from(t.data.slice(h * n * n, (h + 1) * n * n));
      const rel = Array.from({ length: n * n }, (_, k) => (k % n) - Math.floor(k / n));
      const t5 = document.getElementById('bias-t5');
      return {
        alibi: { shown: shown('bias-alibi'), api: head(attn.alibiBias(6, n, n)) },
        t5: { shown: shown('bias-t5'), api: head(attn.t5RelativeBias(t5.table, n, n, opts)) },
        buckets: { shown: shown('bias-buckets'), api: Array.from(attn.t5RelativePositionBucket(rel, opts)) },
        tableShape: t5.table.shape,
        slope: String(attn.alibiSlopes(6).data[h]),
        note: document.getElementById('bias-alibi').shadowRoot.querySelector('.note').textContent,
      };
    });
    expect(r.tableShape).toEqual([16, 6]);
    for (const kind of ['alibi', 't5', 'buckets']) {
      expect(r[kind].shown.map(Math.fround), kind).toEqual(r[kind].api);
    }
    const [, noteSlope] = r.note.match(/^head 3: slope m = (\S+)$/);
    expect(Math.fround(Number(noteSlope))).toBe(Number(r.slope));
    expect(errors).toEqual([]);
    await page.close();
  });

  test('screenshots in English and Japanese', async () => {
    const { page, errors } = await openMasks();
    await page.hover('#mask-bigbird .cell[data-row="6"][data-col="2"]');
    await screenshot(page, 'masks-en');
    await page.locator('attn-lang-switch button', { hasText: '日本語' }).click();
    expect(await page.textContent('h1')).toBe('マスクとバイアス');
    expect(await page.locator('#mask-sliding .title').textContent()).toBe('スライディング・ウィンドウ');
    await screenshot(page, 'masks-ja');
    expect(errors).toEqual([]);
    await page.close();
  });
});
