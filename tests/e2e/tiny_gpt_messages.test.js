// <attn-tiny-gpt> in words a learner can act on: a file that is not a
// checkpoint is named as such with its header; a negative top-k is refused
// with a message instead of being made 0; single-character labels of the
// inspector's heatmaps stay upright; probabilities are all in percent.
import { describe, expect, test } from 'vitest';
import { usePlayground } from './browser.js';

const env = usePlayground();
const inShadow = (page, fn, arg) => page.locator('#gpt').evaluate(fn, arg);

describe('tiny models: messages', () => {
  test('a tokenizer dropped as the checkpoint is explained', async () => {
    const { page, errors } = await env.open('/playground/models.html?model=sort', { expose: false });
    await inShadow(page, async (e) => {
      const tok = new Uint8Array(await (await fetch('/models/sort.tokenizer.bin')).arrayBuffer());
      const dt = new DataTransfer();
      dt.items.add(new File([tok], 'model.bin'));
      e.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    const alert = page.locator('#gpt .error[role=alert]');
    await expect.poll(() => alert.textContent()).toMatch(/^Error: This file is not a llama2\.c checkpoint: its header says dim = -?\d+, hidden_dim = /);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('top-k below 0 is refused; the inspector shows percent everywhere and upright single characters', async () => {
    const { page, errors } = await env.open('/playground/models.html?model=sort', { expose: false });
    await inShadow(page, (e) => e.loaded);
    await inShadow(page, (e) => { e.settings = { topK: -2 }; });
    expect(await inShadow(page, (e) => e.generate())).toBeNull();
    await expect.poll(() => page.locator('#gpt .error[role=alert]').textContent()).toMatch(/topK/);
    await inShadow(page, (e) => { e.settings = { topK: 0 }; });
    expect(await inShadow(page, async (e) => (await e.generate())?.text)).toBeTruthy();
    await page.locator('#gpt .output .tok').nth(1).click();
    await page.waitForFunction(() => document.getElementById('gpt').inspected);
    const shown = await page.locator('#gpt .top10 .p').allTextContents();
    expect(shown.length).toBe(10);
    for (const p of shown) expect(p, p).toMatch(/%$/);
    const rotated = await page.locator('#gpt attn-heatmap.one-head').evaluate((h) => [...h.shadowRoot.querySelectorAll('.col-label')].filter((l) => [...l.textContent].length === 1 && l.classList.contains('rot')).length);
    expect(rotated).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
