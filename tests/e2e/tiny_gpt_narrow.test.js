// <attn-tiny-gpt> on a phone (issue #13: no horizontal page scroll at
// 360–900 px): with "own file" chosen, the file inputs, their labels and the
// drop hint stay inside the card and the page does not pan sideways, in
// Japanese and English; the other choices and states (generating, inspector
// open) stay inside too, and on the widget reference page. Screenshots
// tests/artifacts/tiny-gpt-file-<lang>-<width>.png.
import { describe, expect, test } from 'vitest';
import { launchBrowser, screenshot, usePlayground } from './browser.js';

const env = usePlayground();
const inShadow = (page, fn, arg) => page.locator('#gpt').evaluate(fn, arg);

/** Page width against the viewport, and every file input's box and the drop hint's box. */
function measure(host) {
  return host.evaluate((e) => {
    const root = e.shadowRoot;
    const box = (n) => { const r = n.getBoundingClientRect(); return { left: r.left, right: r.right }; };
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth,
      inputs: [...root.querySelectorAll('.files input[type=file]')].map(box),
      drop: box(root.querySelector('.files .drop')),
      files: box(root.querySelector('.files')),
    };
  });
}

function expectInside(m, what) {
  expect(m.scrollWidth, `${what}: page width`).toBeLessThanOrEqual(m.innerWidth);
  expect(m.inputs.length, what).toBe(4); // checkpoint, tokenizer.bin; a Hugging Face folder, or its files
  for (const r of [...m.inputs, m.drop]) {
    expect(r.left, what).toBeGreaterThanOrEqual(0);
    expect(r.right, what).toBeLessThanOrEqual(m.innerWidth);
    expect(r.right, `${what}: inside the dashed box`).toBeLessThanOrEqual(m.files.right);
  }
}

describe('tiny models at phone widths', () => {
  test.each([['en-US', 'en'], ['ja-JP', 'ja']])('"own file" fits at 360, 390 and 900 px (%s)', async (locale, tag) => {
    const browser = await launchBrowser({ locale });
    try {
      const { page, errors } = await env.open('/playground/models.html', { context: browser.context, expose: false });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(tag);
      await inShadow(page, (e) => e.shadowRoot.querySelector('[data-model="file"]').click());
      for (const width of [1280, 900, 390, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(50);
        if (width === 390 || width === 1280) await screenshot(page, `tiny-gpt-file-${tag}-${width}`);
        expectInside(await measure(page.locator('#gpt')), `${tag} ${width} px`);
      }
      // keyboard unchanged: the file inputs are reachable by Tab and keep their labels
      const labels = await inShadow(page, (e) => [...e.shadowRoot.querySelectorAll('.files input[type=file]')]
        .map((i) => i.closest('label')?.textContent.trim()));
      expect(labels.every((l) => l && l.length > 0)).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await browser.close();
    }
  });

  test.each([['en-US', 'en'], ['ja-JP', 'ja']])('"own file" fits on the widget reference page at 360 and 390 px (%s)', async (locale, tag) => {
    const browser = await launchBrowser({ locale });
    try {
      const { page, errors } = await env.open('/playground/widgets.html', { context: browser.context, expose: false });
      const host = page.locator('attn-tiny-gpt').first();
      await host.evaluate((e) => e.shadowRoot.querySelector('[data-model="file"]').click());
      for (const width of [390, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(50);
        expectInside(await measure(host), `widgets.html ${tag} ${width} px`);
      }
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await browser.close();
    }
  });

  test.each([['en-US', 'en'], ['ja-JP', 'ja']])('every choice, generating and the inspector fit at 360 and 390 px (%s)', async (locale, tag) => {
    const browser = await launchBrowser({ locale });
    try {
      const { page, errors } = await env.open('/playground/models.html', { context: browser.context, expose: false });
      const fits = async (what) => {
        const m = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
        expect(m[0], `${tag} ${what}: page width`).toBeLessThanOrEqual(m[1]);
        // nothing in the widget sticks out of it (a heatmap scrolls inside its own box)
        const outside = await inShadow(page, (e) => {
          const host = e.getBoundingClientRect();
          return [...e.shadowRoot.querySelectorAll('*')].filter((n) => !n.parentElement?.closest('attn-heatmap'))
            .map((n) => [n, n.getBoundingClientRect()])
            .filter(([, r]) => r.width > 0 && (r.left < host.left - 0.5 || r.right > host.right + 0.5))
            .map(([n]) => `${n.tagName.toLowerCase()}.${n.className}`);
        });
        expect(outside, `${tag} ${what}: outside the widget`).toEqual([]);
      };
      for (const width of [360, 390]) {
        await page.setViewportSize({ width, height: 800 });
        for (const model of ['chars-q8', 'chars', 'sort', 'file']) {
          await inShadow(page, (e, m) => e.shadowRoot.querySelector(`[data-model="${m}"]`).click(), model);
          if (model !== 'file') await inShadow(page, (e) => e.loaded);
          await fits(`${width} px ${model}`);
        }
        await inShadow(page, (e) => e.shadowRoot.querySelector('[data-model="sort"]').click());
        await inShadow(page, (e) => e.loaded);
        await inShadow(page, (e) => { e.settings = { maxNewTokens: 12 }; });
        const running = inShadow(page, (e) => e.generate());
        await fits(`${width} px generating`);
        await running;
        await page.locator('#gpt .output .tok').nth(3).click();
        await page.waitForFunction(() => document.querySelector('#gpt').inspected?.index === 3);
        await page.waitForTimeout(100);
        await fits(`${width} px inspector open`);
        if (width === 390) await screenshot(page, `tiny-gpt-inspector-${tag}-390`);
      }
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await browser.close();
    }
  });
});
