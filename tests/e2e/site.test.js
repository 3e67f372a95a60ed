// Every page of web/playground/pages.js at a phone (390 × 844) and a desktop
// (1280 × 900) size, in Japanese and English, under the strict CSP: it gets
// ready with no console error, nothing is wider than the screen, no attn-*
// element is covered by another element, and axe-core finds no serious or
// critical violation; then once more in the dark theme on a phone.
// Screenshots go to tests/artifacts/site/ (look at them).
import { describe, expect, test } from 'vitest';
import { PAGES } from '../../web/playground/pages.js';
import { usePlayground, collectErrors, screenshot } from './browser.js';
import { horizontalOverflow, coveredElements, axeViolations } from './site-checks.js';

const env = usePlayground();
const SIZES = [{ width: 390, height: 844 }, { width: 1280, height: 900 }];
const LANGS = ['ja', 'en'];
// Pages without a script of their own (the embedding example) are ready when their heatmaps have drawn.
const ready = (standalone) => document.body.dataset.ready === 'true'
  || (standalone && [...document.querySelectorAll('attn-heatmap')].every((h) => h.weights));

describe.each(PAGES)('$path', (entry) => {
  test('fits, is not covered, has no console error and no serious axe violation at 390 and 1280 px, ja and en', async () => {
    const problems = [];
    for (const size of SIZES) {
      for (const lang of LANGS) {
        const page = await env.browser.context.newPage();
        await page.setViewportSize(size);
        const errors = collectErrors(page);
        await page.goto(`${env.web.origin}/playground/${entry.path}?lang=${lang}`);
        await page.waitForFunction(ready, !!entry.standalone, { timeout: 30_000 });
        const where = `${entry.path} ${size.width}px ${lang}`;
        if (!entry.standalone) expect(await page.evaluate(() => document.documentElement.lang), where).toBe(lang);
        await screenshot(page, `site/${entry.nav}-${size.width}-${lang}`);
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`${where}: ${overflow}px wider than the screen`);
        for (const c of await coveredElements(page)) problems.push(`${where}: <${c.tag}${c.id ? `#${c.id}` : ''}> covered by ${c.by}`);
        for (const v of await axeViolations(page)) problems.push(`${where}: axe ${v.impact} ${v.id} (${v.nodes} nodes: ${v.help}) e.g. ${v.targets.join(', ')}`);
        for (const e of errors) problems.push(`${where}: ${e}`);
        // The widget reference marks attributes an element observes but its documentation does not name.
        const undocumented = await page.evaluate(() => document.body.dataset.undocumented ?? '0');
        if (undocumented !== '0') problems.push(`${where}: ${undocumented} undocumented attributes`);
        await page.close();
      }
    }
    // The dark theme (prefers-color-scheme: dark): contrast and the rest again, on a phone.
    const page = await env.browser.context.newPage();
    await page.setViewportSize(SIZES[0]);
    await page.emulateMedia({ colorScheme: 'dark' });
    const errors = collectErrors(page);
    await page.goto(`${env.web.origin}/playground/${entry.path}?lang=en`);
    await page.waitForFunction(ready, !!entry.standalone, { timeout: 30_000 });
    await screenshot(page, `site/${entry.nav}-390-en-dark`);
    const where = `${entry.path} 390px en dark`;
    for (const v of await axeViolations(page)) problems.push(`${where}: axe ${v.impact} ${v.id} (${v.nodes} nodes: ${v.help}) e.g. ${v.targets.join(', ')}`);
    if (await horizontalOverflow(page) > 0) problems.push(`${where}: wider than the screen`);
    for (const e of errors) problems.push(`${where}: ${e}`);
    await page.close();
    expect(problems.join('\n'), 'problems').toBe('');
  }, 240_000); // four loads; the exercise gallery embeds every exercise
});
