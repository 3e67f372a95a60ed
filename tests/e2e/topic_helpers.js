// What the topic pages' browser tests (efficiency, positions, ssm) share:
// moving a widget's slider as a reader does, and the screenshots at 1280 and
// 390 px in English and Japanese with the no-sideways-scroll check.
import { expect } from 'vitest';
import { screenshot } from './browser.js';

/** Sets a range input inside a widget's shadow root the way a user's drag does (input event). */
export function drag(page, host, selector, value) {
  return page.evaluate(([h, s, v]) => {
    const input = document.getElementById(h).shadowRoot.querySelector(s);
    input.value = String(v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, [host, selector, value]);
}

/**
 * Screenshots `page` as `<name>-en-1280`, `-en-390`, `-ja-390`, `-ja-1280`;
 * at 390 px the page must not scroll sideways, and after the language switch
 * its h1 must read `jaTitle`.
 */
export async function screenshotsInBothLanguages(page, name, jaTitle) {
  await screenshot(page, `${name}-en-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, `${name}-en-390`);
  await page.locator('attn-lang-switch button', { hasText: '日本語' }).click();
  expect(await page.textContent('h1')).toBe(jaTitle);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, `${name}-ja-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, `${name}-ja-1280`);
}
