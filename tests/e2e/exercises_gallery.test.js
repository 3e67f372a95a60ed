// The exercise gallery (web/playground/exercises.html) in Chromium under the
// strict CSP: every built-in exercise loads (none fails), grouped by topic,
// with its maths typeset by the local KaTeX and no console errors; one new
// exercise is checked right and wrong; screenshots in Japanese and English.
import { describe, expect, test } from 'vitest';
import { picture, usePlayground } from './browser.js';
import { exercises } from '../../web/exercises/pack/index.js';

const env = usePlayground({ locale: 'ja-JP' });

const openGallery = () => env.open('/playground/exercises.html', { expose: false, readyTimeout: 45_000 });

/** A viewport-sized picture (the full gallery is very long) to tests/artifacts/<name>.png (when pictures are on). */
const shoot = (page, name) => picture(page, name);

describe('the exercise gallery', () => {
  test('shows every built-in exercise by topic, typeset, with no errors', async () => {
    const { page, errors, requests } = await openGallery();
    expect(await page.evaluate(() => document.body.dataset.failed)).toBe('0');
    const cards = page.locator('attn-exercise .card[data-kind]');
    expect(await cards.count()).toBe(exercises.length);
    expect(await cards.count()).toBeGreaterThanOrEqual(30);
    expect(await page.locator('attn-exercise .status.error').count()).toBe(0);
    // Every answer kind is on the page, and every topic has a section and a link.
    const kinds = await cards.evaluateAll((all) => [...new Set(all.map((c) => c.dataset.kind))].sort());
    expect(kinds).toEqual(['choice', 'code', 'matrix', 'number', 'vector']);
    const topics = new Set(exercises.map((e) => e.topic));
    expect(await page.locator('section.topic').count()).toBe(topics.size);
    expect(await page.locator('.toc a').count()).toBe(topics.size);
    // Maths is typeset by the local KaTeX (no TeX source left over as a fallback code span).
    expect(await page.locator('attn-exercise .katex').count()).toBeGreaterThan(exercises.length * 3);
    expect(await page.locator('attn-exercise code.tex, attn-exercise pre.tex').count()).toBe(0);
    expect(requests.filter((u) => !u.startsWith(env.web.origin) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
    expect(await page.locator('.embed-code').count()).toBe(exercises.length);
    // the code is made at the first click on "Copy embed code" (a gallery of many widgets stays light)
    await page.locator('.embed-code .embed-copy').first().click();
    expect(await page.locator('.embed-code code').first().textContent())
      .toBe(`<script type="module" src="attnscope/attn-exercise.js"></script>\n<attn-exercise exercise="${exercises[0].id}"></attn-exercise>`);
    await shoot(page, 'exercises-gallery-ja');
    await page.locator('#topic-masks').scrollIntoViewIfNeeded();
    await shoot(page, 'exercises-gallery-masks-ja');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a new exercise checks right and wrong answers, in both languages', async () => {
    const { page, errors } = await openGallery();
    const ex = page.locator('attn-exercise[exercise="mask-count"]');
    await ex.scrollIntoViewIfNeeded();
    await ex.locator('#answer').fill('64');
    await ex.evaluate((el) => el.check());
    await expect.poll(() => ex.locator('.feedback').innerText()).toMatch(/よくある間違い.*双方向/s);
    await ex.locator('#answer').fill('8*9/2');
    const result = await ex.evaluate((el) => el.check());
    expect(result).toMatchObject({ correct: true });
    await expect.poll(() => ex.locator('.explanation').innerText()).toContain('36');
    await page.locator('attn-lang-switch button[data-lang="en"]').click();
    await expect.poll(() => page.title()).toBe('Built-in exercises — attnscope');
    await expect.poll(() => ex.locator('h3.title').innerText()).toBe('How many pairs a causal mask allows');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'exercises-gallery-en');
    await ex.scrollIntoViewIfNeeded();
    await shoot(page, 'exercises-gallery-mask-count-en');
    expect(errors).toEqual([]);
    await page.close();
  });
});
