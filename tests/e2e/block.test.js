// The block explorer (web/playground/block.html) in Chromium under the CSP:
// it loads cleanly, its toggles change what it shows, every stage shows
// exactly what transformerBlock returns for the inputs the page holds, and it
// follows a Japanese browser.
import { describe, expect, test } from 'vitest';
import { launchBrowser, screenshot, usePlayground } from './browser.js';

const env = usePlayground({ locale: 'en-US' });

/** Opens the explorer and waits for its first computation. */
const openBlock = (context) => env.open('/playground/block.html', { context });

/** Shows stage `id` by clicking its step. */
const goTo = (page, id) => page.locator(`#explorer attn-stepper button[data-id="${id}"]`).click();

/** The exact values (data-value) of the cells of one view ('main', 'Q', 'K', 'V') of the current stage, heads in order. */
function shown(page, view = 'main') {
  return page.evaluate((v) => {
    const ex = document.querySelector('#explorer');
    const tv = ex.shadowRoot.querySelector(`attn-tensor-view[data-view="${v}"]`);
    return [...tv.shadowRoot.querySelectorAll('.cell')].map((c) => c.dataset.value);
  }, view);
}

/** How many cells differ between two lists of shown values. */
const changed = (a, b) => a.filter((text, i) => text !== b[i]).length;

describe('block explorer', () => {
  test('loads under the CSP with no console errors, no page errors and no other origin', async () => {
    const { page, errors, requests, response } = await openBlock();
    expect(response.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('#explorer attn-stepper button').count()).toBe(14); // pre-LN
    expect((await shown(page)).length).toBe(8 * 16); // the input x: 8 tokens × C = 16
    expect(requests.filter((u) => !u.startsWith(env.web.origin) && !u.startsWith('data:'))).toEqual([]);
    expect(await page.textContent('#backend')).toMatch(/^wasm-simd(-fma)?$/); // SIMD, fused where relaxed SIMD validates
    expect(await page.locator('attn-site-nav a[href="masks.html"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('every stage shows exactly what transformerBlock returns for the page’s inputs (Llama-style block)', async () => {
    const { page, errors } = await openBlock();
    await page.locator('#heads label', { hasText: '4' }).click();
    await page.locator('#kvheads label', { hasText: 'GQA' }).click();
    await page.locator('#norm label', { hasText: 'RMSNorm' }).click();
    await page.selectOption('#activation', 'swiglu');
    await page.locator('#causal').check();
    await page.locator('#rope').check();
    const r = await page.evaluate(async () => {
      const attn = globalThis.attnscope;
      const ex = document.querySelector('#explorer');
      const { output, intermediates: it } = attn.transformerBlock(ex.input, ex.params, { ...ex.config, returnIntermediates: true });
      const ai = it.attentionIntermediates;
      const expected = {
        input: { main: ex.input }, normed1: { main: it.normed1 }, qkv: { Q: ai.q, K: ai.k, V: ai.v },
        rawScores: { main: ai.rawScores }, scaledScores: { main: ai.scaledScores }, maskedScores: { main: ai.maskedScores },
        weights: { main: ai.weights }, headOutputs: { main: ai.headOutputs }, attention: { main: it.attention },
        residual1: { main: it.residual1 }, normed2: { main: it.normed2 }, ffnHidden: { main: it.ffnHidden },
        ffn: { main: it.ffn }, output: { main: output },
      };
      const report = { config: ex.config, stages: ex.stages, mismatches: [], compared: 0 };
      const stepper = ex.shadowRoot.querySelector('attn-stepper').shadowRoot;
      for (const [stage, views] of Object.entries(expected)) {
        stepper.querySelector(`button[data-id="${stage}"]`).click();
        await new Promise((ok) => setTimeout(ok)); // the views redraw at the end of the task
        for (const [view, tensor] of Object.entries(views)) {
          const tv = ex.shadowRoot.querySelector(`attn-tensor-view[data-view="${view}"]`);
          const cells = [...tv.shadowRoot.querySelectorAll('.cell')].map((c) => c.dataset.value);
          if (cells.length !== tensor.data.length) report.mismatches.push({ stage, view, cells: cells.length, api: tensor.data.length });
          cells.forEach((text, n) => {
            report.compared++;
            if (!Object.is(Math.fround(Number(text)), tensor.data[n])) report.mismatches.push({ stage, view, n, text, api: tensor.data[n] });
          });
        }
      }
      return report;
    });
    expect(r.config).toMatchObject({ nHeads: 4, nKvHeads: 2, norm: 'rmsnorm', prenorm: true, activation: 'swiglu', isCausal: true });
    expect(r.config.rope).not.toBeNull();
    expect(r.stages.length).toBe(14);
    expect(r.compared).toBeGreaterThan(2000);
    expect(r.mismatches.slice(0, 5), `${r.mismatches.length} cells differ from the API`).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('switching pre-LN to post-LN changes the output heatmap and drops the separate norm stages', async () => {
    const { page, errors } = await openBlock();
    await goTo(page, 'output');
    const pre = await shown(page);
    await page.locator('#position label', { hasText: 'Post-LN' }).click();
    expect(await page.locator('#explorer attn-stepper button').count()).toBe(12);
    expect(await page.getAttribute('#explorer', 'data-stage')).toBe('output');
    const post = await shown(page);
    expect(changed(pre, post)).toBeGreaterThan(100);
    expect(await page.locator('#explorer .formula').textContent()).toBe('y = LN2(h + f)');
    // Post-LN output rows are LayerNorm outputs (weight 1, bias 0): mean 0, computed here from the values shown.
    const MEAN_TOLERANCE = 1e-5; // float32 normalisation of 16 numbers
    for (let i = 0; i < 8; i++) {
      const row = post.slice(i * 16, (i + 1) * 16).map(Number);
      expect(Math.abs(row.reduce((a, b) => a + b, 0) / 16)).toBeLessThan(MEAN_TOLERANCE);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the causal mask hatches later keys in the scores and gives them weight 0; MQA leaves one K, V head', async () => {
    const { page, errors } = await openBlock();
    await goTo(page, 'weights');
    const open = await shown(page);
    expect(await page.locator('#explorer .cell.masked').count()).toBe(0);
    await page.locator('#causal').check();
    const causal = await shown(page);
    expect(await page.locator('#explorer .cell.masked').count()).toBe(2 * 28); // 2 heads × 8·7/2
    const above = causal.filter((text, n) => (n % 8) > Math.floor(n / 8) % 8);
    expect(above.length).toBe(56);
    expect(above.every((text) => text === '0')).toBe(true);
    expect(changed(open, causal)).toBeGreaterThan(56);
    await goTo(page, 'maskedScores');
    expect((await shown(page)).filter((text) => text === '-Infinity').length).toBe(56);
    await page.locator('#kvheads label', { hasText: 'MQA' }).click();
    await goTo(page, 'qkv');
    expect((await shown(page, 'Q')).length).toBe(2 * 8 * 8);
    expect((await shown(page, 'K')).length).toBe(1 * 8 * 8);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('follows a Japanese browser and switches language; screenshots in both', async () => {
    const { page, errors } = await openBlock();
    await page.locator('#causal').check();
    await page.locator('#rope').check();
    await goTo(page, 'weights');
    await page.hover('#explorer attn-tensor-view .head[data-head="1"] .cell[data-row="5"][data-col="2"]');
    expect(await page.locator('#explorer .head[data-head="1"] .tooltip').isVisible()).toBe(true);
    await screenshot(page, 'block-en');
    await page.locator('attn-lang-switch button', { hasText: '日本語' }).click();
    expect(await page.textContent('h1')).toBe('ブロック探検');
    expect(await page.locator('#explorer .title').textContent()).toBe('アテンションの重み');
    expect(errors).toEqual([]);
    await page.close();

    const ja = await launchBrowser({ locale: 'ja-JP' });
    try {
      const { page: pageJa, errors: errorsJa } = await openBlock(ja.context);
      expect(await pageJa.getAttribute('html', 'lang')).toBe('ja');
      expect(await pageJa.textContent('h1')).toBe('ブロック探検');
      expect(await pageJa.locator('#explorer .step-no').textContent()).toBe('ステップ 1 / 14');
      await goTo(pageJa, 'rawScores');
      expect(await pageJa.locator('#explorer .title').textContent()).toBe('生のスコア');
      await pageJa.hover('#explorer attn-tensor-view .head[data-head="0"] .cell[data-row="6"][data-col="0"]');
      expect(await pageJa.locator('#explorer .head[data-head="0"] .tooltip').textContent()).toContain('値');
      await screenshot(pageJa, 'block-ja');
      expect(errorsJa).toEqual([]);
    } finally {
      await ja.close();
    }
  });
});
