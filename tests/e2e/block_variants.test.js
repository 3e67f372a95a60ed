// The block explorer's attention variants (web/playground/block.html): each
// new control reaches <attn-block-explorer> as an attribute and the config it
// passes to transformerBlock, and the stage shown equals what the public API
// returns for the same input, params and config.
import { describe, expect, test } from 'vitest';
import { screenshot, usePlayground } from './browser.js';

const env = usePlayground({ locale: 'en-US' });

/** Recomputes the block through the API from the explorer's own input/params/config; the worst difference at stage `id`. */
function stageVsApi(page, pick) {
  return page.evaluate((p) => {
    const attn = globalThis.attnscope;
    const e = document.getElementById('explorer');
    const r = attn.transformerBlock(e.input, e.params, { ...e.config, returnIntermediates: true });
    const get = {
      scaled: (x) => x.intermediates.attentionIntermediates.scaledScores,
      masked: (x) => x.intermediates.attentionIntermediates.maskedScores,
      output: (x) => x.output,
    }[p];
    const a = get(r).data, b = get(e.result).data;
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Object.is(a[i], b[i]) ? 0 : Math.abs(a[i] - b[i]));
    return { worst, T: e.input.shape[0], config: e.config, formula: e.shadowRoot.querySelector('.formula').textContent, explain: e.shadowRoot.querySelector('.explain').textContent, values: Array.from(b) };
  }, pick);
}

describe('block explorer: attention variants', () => {
  test('cosine with a temperature: scores are cosines / τ, within [−1/τ, 1/τ]', async () => {
    const { page, errors } = await env.open('/playground/block.html');
    await page.locator('#kind input[value="cosine"]').check({ force: true });
    await page.fill('#temperature', '0.5');
    await page.evaluate(() => { document.getElementById('explorer').stage = 'scaledScores'; });
    const r = await stageVsApi(page, 'scaled');
    expect(r.config).toMatchObject({ kind: 'cosine', temperature: 0.5 });
    expect(r.worst).toBe(0);
    expect(Math.max(...r.values.map(Math.abs))).toBeLessThanOrEqual(2 + 1e-5);
    expect(Math.max(...r.values.map(Math.abs))).toBeGreaterThan(1); // τ = 0.5 stretches some past 1
    expect(r.formula).toBe("S' = q̂·k̂ / τ,  τ = 0.5");
    expect(r.explain).toMatch(/^Cosine attention/);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('ALiBi and a window of 3: masked scores are −∞ beyond the window and carry −m_h·|i − j|', async () => {
    const { page, errors } = await env.open('/playground/block.html');
    await page.locator('#alibi').check();
    await page.fill('#window', '3');
    await page.evaluate(() => { document.getElementById('explorer').stage = 'maskedScores'; });
    const r = await stageVsApi(page, 'masked');
    expect(r.config).toMatchObject({ alibi: true, window: 3 });
    expect(r.worst).toBe(0);
    const T = r.T; // head 0 comes first in [H, T, T]
    expect(T).toBeGreaterThan(4);
    const slope = await page.evaluate(() => globalThis.attnscope.alibiSlopes(2).data[0]);
    const scaled = await stageVsApi(page, 'scaled');
    for (let i = 0; i < T; i++) {
      for (let j = 0; j < T; j++) {
        const v = r.values[i * T + j];
        if (Math.abs(i - j) >= 3) expect(v, `(${i}, ${j})`).toBe(-Infinity);
        else expect(Math.abs(v - (scaled.values[i * T + j] - slope * Math.abs(i - j))), `(${i}, ${j})`).toBeLessThan(1e-5);
      }
    }
    expect(r.formula).toBe('S/√D + M,  M = −∞ where |i − j| ≥ 3, − mh·|i − j|'); // h is a <sub>
    expect(errors).toEqual([]);
    await page.close();
  });

  test('nGPT with QK-norm: unit-length output rows, equal to the API; the address keeps the choices', async () => {
    const { page, errors } = await env.open('/playground/block.html');
    await page.locator('#normalized').check();
    await page.locator('#qknorm input[value="rms"]').check({ force: true });
    await page.evaluate(() => { document.getElementById('explorer').stage = 'output'; });
    const r = await stageVsApi(page, 'output');
    expect(r.config).toMatchObject({ normalized: true, qkNorm: 'rms' });
    expect(r.worst).toBe(0);
    const C = 16;
    for (let t = 0; t < r.values.length / C; t++) {
      const norm = Math.hypot(...r.values.slice(t * C, (t + 1) * C));
      expect(Math.abs(norm - 1), `row ${t}`).toBeLessThan(1e-5);
    }
    expect(r.formula).toBe('y = N(h + αF ⊙ (N(f) − h))'); // F is a <sub>
    const search = await page.evaluate(() => location.search);
    expect(search).toContain('normalized=1');
    expect(search).toContain('qk-norm=rms');
    await screenshot(page, 'block-variants-en-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('attn-lang-switch button', { hasText: '日本語' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'block-variants-ja-390');
    expect(errors).toEqual([]);
    await page.close();
  });
});
