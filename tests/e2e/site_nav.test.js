// <attn-site-nav> (web/playground/attn-site-nav.js) and the grouping of
// pages.js it draws: every page is filed under one group and reachable; at
// 1280 px the groups fit one line in both languages; on a phone the menu is
// short with 44 px targets; keyboard (Tab, Enter/Space, Escape) with a
// visible focus; the home page's map of pages is the nav's own list.
// (aria-current on every page: site_desktop.test.js with nav_marks.js.)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { GROUPS, PAGES, pagesIn } from '../../web/playground/pages.js';
import { ROOT } from '../js/model_helpers.js';
import { collectErrors, screenshot, usePlayground } from './browser.js';
import { navMarkProblems } from './nav_marks.js';

const env = usePlayground();
const nav = (page) => page.locator('attn-site-nav');
const href = (p) => (p.path === 'index.html' ? './' : p.path);

async function openPage(path, { width = 1280, height = 900 } = {}) {
  const page = await env.browser.context.newPage();
  await page.setViewportSize({ width, height });
  const errors = collectErrors(page);
  await page.goto(`${env.web.origin}/playground/${path}`);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, errors };
}

/** What the nav shows: the open group, the group buttons and visible links with their boxes and marks. */
function navState(page) {
  return nav(page).evaluate((n) => {
    const root = n.shadowRoot;
    const box = (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height }; };
    const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    return {
      open: n.openGroup,
      menuOpen: n.menuOpen,
      buttons: [...root.querySelectorAll('.group-button')].map((b) => ({
        text: b.textContent, expanded: b.getAttribute('aria-expanded'), current: b.getAttribute('aria-current'), shown: shown(b), box: box(b),
      })),
      links: [...root.querySelectorAll('.pages a')].map((a) => ({
        href: a.getAttribute('href'), text: a.textContent, current: a.getAttribute('aria-current'), shown: shown(a), box: box(a),
      })),
      brandCurrent: root.querySelector('.brand').getAttribute('aria-current'),
      navBox: box(root.querySelector('nav')),
    };
  });
}

/** The element focused inside the nav's shadow root (or the lang switch), with its outline. */
function focused(page) {
  return nav(page).evaluate((n) => {
    const e = n.shadowRoot.activeElement;
    if (!e) return null;
    const s = getComputedStyle(e);
    return { cls: e.className, text: e.textContent, tag: e.localName, outline: `${s.outlineStyle} ${s.outlineWidth}`, visible: e.matches(':focus-visible') };
  });
}

describe('pages.js grouping', () => {
  test('every page but the home page is in exactly one known group, every group has pages, every file exists', () => {
    const ids = GROUPS.map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of PAGES) {
      expect(existsSync(join(ROOT, 'web/playground', p.path)), p.path).toBe(true);
      if (p.nav === 'home') expect(p.group, 'the home page is the brand link').toBeUndefined();
      else expect(ids, `${p.path}: group ${p.group}`).toContain(p.group);
    }
    for (const g of GROUPS) {
      expect(pagesIn(g.id).length, g.id).toBeGreaterThan(0);
      expect(g.title.ja && g.title.en, g.id).toBeTruthy();
    }
    expect(GROUPS.reduce((n, g) => n + pagesIn(g.id).length, 0)).toBe(PAGES.length - 1);
  });
});

describe('<attn-site-nav>', () => {
  test('at 1280 px the groups fit one line in ja and en, and every page is reachable through its group', async () => {
    for (const lang of ['ja', 'en']) {
      const { page, errors } = await openPage(`lab.html?lang=${lang}`);
      const s = await navState(page);
      expect(s.buttons.map((b) => b.text)).toEqual(GROUPS.map((g) => g.title[lang]));
      expect(new Set(s.buttons.map((b) => Math.round(b.box.top))).size, 'group buttons on one line').toBe(1);
      expect(s.navBox.height, 'nav height (px)').toBeLessThan(64);
      expect(s.links.filter((l) => l.shown), 'no page list is open at first').toEqual([]);
      const reached = [];
      for (const group of GROUPS) {
        await nav(page).locator(`.group-button[aria-controls="pages-${group.id}"]`).click();
        const open = await navState(page);
        expect(open.open).toBe(group.id);
        const visible = open.links.filter((l) => l.shown);
        expect(visible.map((l) => l.href), group.id).toEqual(pagesIn(group.id).map(href));
        expect(visible.map((l) => l.text)).toEqual(pagesIn(group.id).map((p) => p.title[lang]));
        reached.push(...visible.map((l) => l.href));
      }
      expect(reached.sort()).toEqual(PAGES.filter((p) => p.group).map(href).sort());
      if (lang === 'en') await screenshot(page, 'site-nav/practice-open-1280-en');
      // A click elsewhere on the page closes the open list.
      await page.mouse.click(1000, 800);
      expect((await navState(page)).open).toBe(null);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  test('keyboard: Tab reaches the groups, Enter and Space open one, its links follow, Escape closes it and returns focus; focus is visible', async () => {
    const { page, errors } = await openPage('masks.html?lang=en');
    // nav_marks.js (which site_desktop.test.js runs on every page) passes this page and fails it as another.
    expect(await navMarkProblems(page, PAGES.find((p) => p.path === 'masks.html'))).toEqual([]);
    expect(await navMarkProblems(page, PAGES.find((p) => p.path === 'block.html'))).toHaveLength(1);
    expect(await navMarkProblems(page, PAGES.find((p) => p.path === 'index.html'))).toHaveLength(1);
    await page.keyboard.press('Tab'); // the brand
    expect((await focused(page)).cls).toBe('brand');
    await page.keyboard.press('Tab');
    let f = await focused(page);
    expect(f).toMatchObject({ cls: 'group-button', text: 'Basics', visible: true });
    expect(f.outline).toMatch(/^solid [1-9]/);
    await page.keyboard.press('Enter');
    expect((await navState(page)).open).toBe('basics');
    await page.keyboard.press('Tab');
    f = await focused(page);
    expect(f).toMatchObject({ tag: 'a', text: pagesIn('basics')[0].title.en, visible: true });
    expect(f.outline).toMatch(/^solid [1-9]/);
    await screenshot(page, 'site-nav/keyboard-basics-open-1280-en');
    await page.keyboard.press('Escape');
    expect((await navState(page)).open).toBe(null);
    expect(await focused(page)).toMatchObject({ cls: 'group-button', text: 'Basics' });
    // Space on the next group; tabbing past its links to the next group closes it.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect((await navState(page)).open).toBe('positions');
    for (let i = 0; i <= pagesIn('positions').length; i++) await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ cls: 'group-button', text: 'Efficiency' });
    expect((await navState(page)).open, 'open list after focus left its group').toBe(null);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('on a phone the menu is short: the current group open, 44 px targets, Escape closes step by step', async () => {
    for (const lang of ['ja', 'en']) {
      const { page, errors } = await openPage(`positions.html?lang=${lang}`, { width: 390, height: 844 });
      let s = await navState(page);
      expect(s.buttons.every((b) => !b.shown), 'groups folded behind the menu').toBe(true);
      expect(s.navBox.height, 'closed nav height (px)').toBeLessThan(64);
      const menu = nav(page).locator('.menu');
      expect(await menu.evaluate((m) => m.getBoundingClientRect().height)).toBeGreaterThanOrEqual(44);
      await menu.click();
      s = await navState(page);
      expect(s.menuOpen).toBe(true);
      expect(s.open, 'the current page\'s group unfolds').toBe('positions');
      const shownLinks = s.links.filter((l) => l.shown);
      expect(shownLinks.map((l) => l.href)).toEqual(pagesIn('positions').map(href));
      for (const target of [...s.buttons, ...shownLinks]) expect(target.box.height, target.text).toBeGreaterThanOrEqual(44);
      for (const target of [...s.buttons, ...shownLinks]) expect(target.box.right, target.text).toBeLessThanOrEqual(390);
      // Short: the whole open menu fits well inside one screen.
      expect(s.navBox.bottom, 'bottom of the open menu (px)').toBeLessThan(844 * 0.75);
      await screenshot(page, `site-nav/menu-open-390-${lang}`);
      // Another group: the reader can open it to reach its pages.
      await nav(page).locator('.group-button[aria-controls="pages-models"]').click();
      s = await navState(page);
      expect(s.links.filter((l) => l.shown).map((l) => l.href)).toEqual(pagesIn('models').map(href));
      await page.keyboard.press('Escape');
      s = await navState(page);
      expect([s.open, s.menuOpen]).toEqual([null, true]);
      await page.keyboard.press('Escape');
      s = await navState(page);
      expect(s.menuOpen).toBe(false);
      expect(await focused(page)).toMatchObject({ cls: 'menu' });
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  test('the home page lists every page under the nav\'s groups, in ja and en', async () => {
    for (const lang of ['ja', 'en']) {
      const { page } = await openPage(`index.html?lang=${lang}`);
      const map = await page.locator('#site-map .map-group').evaluateAll((groups) => groups.map((g) => ({
        title: g.querySelector('h3').textContent, links: [...g.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent]),
      })));
      expect(map).toEqual(GROUPS.map((g) => ({ title: g.title[lang], links: pagesIn(g.id).map((p) => [p.path, p.title[lang]]) })));
      await page.close();
    }
  });
});
