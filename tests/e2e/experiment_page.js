// Helpers of the experiment pages' tests (kv_experiments, objective_experiments):
// what an element's charts and facts show, and the page at phone and desktop
// widths in both languages.
import { expect } from 'vitest';
import { screenshot } from './browser.js';

/** The `series` of a chart inside an element's shadow root. */
export const seriesOf = (page, host, chart) => page.evaluate(([h, c]) => document.querySelector(h).shadowRoot.querySelector(c).series, [host, chart]);

/** The facts (<dt> → <dd>) of a <dl> in an element's shadow root. */
export const factsOf = (page, host, dl) => page.evaluate(([h, d]) => Object.fromEntries([...document.querySelector(h).shadowRoot.querySelectorAll(`${d} div`)]
  .map((x) => [x.querySelector('dt').textContent, x.querySelector('dd').textContent])), [host, dl]);

/** Screenshots of playground/`path` at 390 and 1280 px, ja and en, as experiments/<name>-<width>-<lang>; none scrolls sideways. */
export async function screenshots(env, path, name) {
  for (const width of [390, 1280]) for (const lang of ['ja', 'en']) {
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${env.web.origin}/playground/${path}?lang=${lang}`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width); // no sideways scroll
    await screenshot(page, `experiments/${name}-${width}-${lang}`);
    await page.close();
  }
}
