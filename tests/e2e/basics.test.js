// The basics page (web/playground/basics.html) in Chromium under the CSP:
// moving a vector by keyboard and by mouse changes the dot product, cosine
// and law of cosines shown, which equal float64 arithmetic on the same
// vectors; picking an entry of C shows the core's matmul value.
import { describe, expect, test } from 'vitest';
import { screenshot, usePlayground } from './browser.js';

const env = usePlayground({ locale: 'en-US' });
const openBasics = () => env.open('/playground/basics.html');

function readVectors(page) {
  return page.evaluate(() => {
    const w = document.getElementById('vectors');
    const v = (cls) => Number(w.shadowRoot.querySelector(`dd.${cls}`).dataset.value);
    return { a: JSON.parse(w.getAttribute('a') ?? '[2, 1]'), b: JSON.parse(w.getAttribute('b') ?? '[0.5, 2]'), dot: v('dot'), cos: v('cos'), law: v('law'), lawText: w.shadowRoot.querySelector('dd.law').textContent };
  });
}

const reference = ({ a, b }) => {
  const dot = a[0] * b[0] + a[1] * b[1];
  return { dot, cos: dot / (Math.hypot(...a) * Math.hypot(...b)), law: (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 };
};

describe('basics page', () => {
  test('loads under the CSP with one script, no errors and no other origin', async () => {
    const { page, errors, requests, response } = await openBasics();
    expect(response.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(await page.locator('script').count()).toBe(1);
    expect(requests.filter((u) => !u.startsWith(env.web.origin) && !u.startsWith('data:'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('vectors: arrow keys and a mouse drag move a and b; dot, cosine and ‖a − b‖² equal float64', async () => {
    const { page, errors } = await openBasics();
    const handle = (name) => page.locator(`#vectors circle.handle.${name}`);
    await handle('a').focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    let r = await readVectors(page);
    expect(r.a).toEqual([3, 0]);
    for (const key of ['dot', 'cos', 'law']) expect(Math.abs(r[key] - reference(r)[key]), key).toBeLessThan(1e-6);
    const box = await handle('b').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2 + 40, { steps: 5 });
    await page.mouse.up();
    r = await readVectors(page);
    expect(r.b).not.toEqual([0.5, 2]);
    expect(r.dot).toBeLessThan(0); // b dragged to the left of the axis, a on it: opposite ways
    for (const key of ['dot', 'cos', 'law']) expect(Math.abs(r[key] - reference(r)[key]), key).toBeLessThan(1e-5);
    expect(r.lawText.startsWith(String(r.law).slice(0, 3))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('matrix product: pressing C[1, 1] highlights row 1 and column 1 and shows the core’s value', async () => {
    const { page, errors } = await openBasics();
    await page.locator('#matmul button[data-i="1"][data-j="1"]').click();
    const r = await page.evaluate(() => {
      const w = document.getElementById('matmul');
      const root = w.shadowRoot;
      const { a, b } = w.values;
      let ref = 0;
      for (let l = 0; l < 3; l++) ref += a.data[3 + l] * b.data[l * 2 + 1];
      return { ref, shown: Number(root.querySelector('.expr').dataset.value), text: root.querySelector('.expr').textContent, onA: root.querySelectorAll('td.on.a').length, onB: root.querySelectorAll('td.on.b').length };
    });
    expect(r.shown).toBe(r.ref);
    expect(r.text).toBe('C[1, 1] = −1·1 + 3·−1 + 1·4 = 0');
    expect([r.onA, r.onB]).toEqual([3, 3]);
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.getElementById('matmul').getAttribute('row'))).toBe('0');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('screenshots at 1280 and 390 px in English and Japanese', async () => {
    const { page, errors } = await openBasics();
    await screenshot(page, 'basics-en-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'basics-en-390');
    await page.locator('attn-lang-switch button', { hasText: '日本語' }).click();
    expect(await page.textContent('h1')).toBe('ベクトルと行列');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'basics-ja-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'basics-ja-1280');
    expect(errors).toEqual([]);
    await page.close();
  });
});
