// What the topic pages' browser tests (efficiency, positions, ssm) share:
// moving a widget's slider as a reader does, and the language switch on a
// phone with the no-sideways-scroll check.
import { expect } from 'vitest';

/** Sets a range input inside a widget's shadow root the way a user's drag does (input event). */
export function drag(page, host, selector, value) {
  return page.evaluate(([h, s, v]) => {
    const input = document.getElementById(h).shadowRoot.querySelector(s);
    input.value = String(v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, [host, selector, value]);
}

/**
 * The language switch on a phone: at 390 px the page must not scroll
 * sideways, in English and after a click on 日本語, when its h1 must read
 * `jaTitle`. (The pictures of each page at both sizes and in both languages
 * are site.test.js's and site_desktop.test.js's.)
 */
export async function switchesLanguageAndFits(page, jaTitle) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.locator('attn-lang-switch button', { hasText: '日本語' }).click();
  expect(await page.textContent('h1')).toBe(jaTitle);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}
