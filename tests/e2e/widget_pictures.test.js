// The picture under each element's entry in docs/WIDGETS.md: every live
// example of the widget reference page (widgets.html, light theme, English,
// 1280 px) drawn by Chromium. Each must show something (not a blank box)
// and each element must have its picture in docs/img/widgets/. After
// changing an element, remake them:
//   ATTNSCOPE_WRITE_PICTURES=1 npx vitest run --config tests/e2e/vitest.config.js tests/e2e/widget_pictures.test.js
//   node scripts/widget-docs.js
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { usePlayground } from './browser.js';

const DIR = fileURLToPath(new URL('../../docs/img/widgets/', import.meta.url));
const WRITE = process.env.ATTNSCOPE_WRITE_PICTURES === '1';
const env = usePlayground();
// The language switch is a small control; a tensor view and a stepper show
// nothing until a script gives them data (their examples are empty tags).
const WITHOUT_PICTURE = ['attn-lang-switch', 'attn-tensor-view', 'attn-stepper'];

test('every element on the widget reference page draws a picture, and docs/img/widgets has one per element', async () => {
  const { page, errors } = await env.open('/playground/widgets.html?lang=en', { expose: false, viewport: { width: 1280, height: 900 }, media: { colorScheme: 'light' } });
  const tags = await page.evaluate(() => [...document.querySelectorAll('section.widget')].map((s) => s.id));
  expect(tags.length).toBeGreaterThan(30);
  if (WRITE) await mkdir(DIR, { recursive: true });
  const blank = [], missing = [], undrawn = [];
  for (const tag of tags) {
    if (WITHOUT_PICTURE.includes(tag)) continue;
    const live = page.locator(`section.widget[id="${tag}"] .live`);
    await live.scrollIntoViewIfNeeded();
    // drawn: the element has a shadow root with content and a box of its own
    await page.waitForFunction((t) => {
      const e = document.querySelector(`section.widget[id="${t}"] .live ${t}`);
      return e?.shadowRoot?.childElementCount > 0 && e.getBoundingClientRect().height > 16;
    }, tag, { timeout: 30_000 }).catch(() => { undrawn.push(tag); });
    if (undrawn.at(-1) === tag) continue;
    await page.waitForTimeout(400); // charts and maths settle after the first frame
    const picture = await live.screenshot({ animations: 'disabled', type: 'jpeg', quality: 70 });
    // a one-colour box compresses to a few KB even at 1280 px
    if (picture.length < 3000) blank.push(`${tag} (${picture.length} bytes)`);
    if (WRITE) await writeFile(`${DIR}${tag}.jpg`, picture);
    else if (!existsSync(`${DIR}${tag}.jpg`)) missing.push(tag);
  }
  await page.close();
  expect(undrawn, 'elements whose example drew nothing within 30 s').toEqual([]);
  expect(blank, 'elements that drew a blank box').toEqual([]);
  expect(missing, 'elements without a picture in docs/img/widgets (remake them, see the top of this file)').toEqual([]);
  expect(errors).toEqual([]);
}, 240_000);
