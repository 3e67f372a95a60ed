// The head-role table on the tiny-models page (<attn-head-roles> inside
// <attn-tiny-gpt>) in Chromium under the CSP: the scores it shows are the
// ones attn.headRoles gives in Node for the same model; a click (and the
// keyboard) opens a head, whose map is that head's attention; the probe,
// the view and the opened head live in the address; the lecture's example
// sentences measure; no sideways scroll at 390 px; screenshots in English
// and Japanese at 1280 and 390 px (tests/artifacts/head-roles-*.png).
import { beforeAll, describe, expect, test } from 'vitest';
import * as attn from '../../web/lib/node.js';
import { screenshot, usePlayground } from './browser.js';

const env = usePlayground({ locale: 'en-US' });
const roles = (page) => page.locator('#gpt attn-head-roles');
const inRoles = (page, fn, arg) => roles(page).evaluate(fn, arg);

let node, model;
beforeAll(async () => {
  await attn.ready();
  model = await attn.Model.default('chars-q8');
  node = await attn.headRoles(model);
});

async function openMeasured(path = '/playground/models.html', options) {
  const opened = await env.open(path, options);
  await opened.page.locator('#gpt').evaluate((e) => e.loaded);
  await inRoles(opened.page, async (e) => { await new Promise((r) => setTimeout(r, 0)); await e.measured; });
  return opened;
}

describe('head roles on the tiny-models page', () => {
  test('shows the scores attn.headRoles computes; a click opens the head with its attention', async () => {
    const { page, errors } = await openMeasured();
    const shown = await inRoles(page, (e) => e.roles);
    expect(shown.scores).toEqual(node.scores);
    expect(shown.probe.ids).toEqual(node.probe.ids);
    const cells = roles(page).locator('.role-cell');
    expect(await cells.count()).toBe(4 * 8);
    // each cell's label lists the four scores to 2 decimals
    const label = await cells.nth(13).getAttribute('aria-label'); // layer 1, head 5
    for (const r of attn.HEAD_ROLES) expect(label).toContain(node.scores[r][1][5].toFixed(2));
    await cells.nth(13).click();
    await expect.poll(() => page.evaluate(() => new URLSearchParams(location.search).get('head'))).toBe('1.5');
    const map = roles(page).locator('.detail attn-heatmap');
    const drawn = await map.evaluate((m) => Array.from(m.data.data));
    const ids = node.probe.ids[0], T = ids.length;
    const { attention } = model.forward(ids, { returnAttention: true });
    const base = (1 * 8 + 5) * T * T;
    expect(drawn).toEqual(Array.from(attention.data.subarray(base, base + T * T)));
    expect(await roles(page).locator('.detail h4').textContent()).toMatch(/^Layer 1 · head 5: /);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('by keyboard: arrows move between heads, Enter opens one', async () => {
    const { page } = await openMeasured();
    await roles(page).locator('.role-cell').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await inRoles(page, (e) => e.state.head)).toEqual({ layer: 2, head: 1 });
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    expect(await inRoles(page, (e) => e.state.head)).toEqual({ layer: 2, head: 7 });
    await page.close();
  });

  test('the address holds probe, view and head; the example sentences and the reader\'s text measure', async () => {
    const { page, errors } = await openMeasured('/playground/models.html?probe=name&roles-view=previousToken&head=0.5');
    expect(await inRoles(page, (e) => e.state)).toEqual({ probe: 'name', text: '', view: 'previousToken', head: { layer: 0, head: 5 } });
    const got = await inRoles(page, (e) => e.roles);
    const text = await inRoles(page, (e) => e.shadowRoot.querySelector('.about').textContent);
    const ids = model.encode(text.replace(/^“|”$/g, ''));
    const want = await attn.headRoles(model, { ids });
    expect(got.scores).toEqual(want.scores);
    expect(await roles(page).locator('.detail').isVisible()).toBe(true);
    // the view shows every head's previous-token score
    expect(await roles(page).locator('.role-cell .score').nth(5).textContent()).toBe(want.scores.previousToken[0][5].toFixed(2).replace(/^0/, ''));
    // the reader's text
    await roles(page).locator('[data-value="own"]').click();
    await roles(page).locator('textarea').fill('the cat sat on the mat. the cat sat on the mat.');
    await roles(page).locator('.own .button').click();
    await inRoles(page, async (e) => { await e.measured; });
    const own = await inRoles(page, (e) => e.roles);
    expect(own.scores).toEqual((await attn.headRoles(model, { text: 'the cat sat on the mat. the cat sat on the mat.' })).scores);
    await expect.poll(() => page.evaluate(() => new URLSearchParams(location.search).get('probe'))).toBe('own');
    expect(await page.evaluate(() => new URLSearchParams(location.search).get('roles-text'))).toBe('the cat sat on the mat. the cat sat on the mat.');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('no sideways scroll at 390 px; screenshots in English and Japanese at 1280 and 390 px', async () => {
    for (const lang of ['en', 'ja']) {
      for (const width of [1280, 390]) {
        const { page, errors } = await openMeasured(`/playground/models.html?lang=${lang}&probe=pronoun&head=0.5`, { viewport: { width, height: 900 } });
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${lang} ${width}`).toBe(0);
        expect(await roles(page).locator('.title').textContent()).toBe(lang === 'ja' ? '各ヘッドの役割' : 'What each head does');
        await roles(page).scrollIntoViewIfNeeded();
        await screenshot(page, `head-roles-${lang}-${width}`);
        expect(errors).toEqual([]);
        await page.close();
      }
    }
  });
});
