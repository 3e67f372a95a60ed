// The positions page's layout at 360–1280 px, in English and Japanese:
// <attn-sinusoidal>'s Gram matrix PE·PEᵀ is whole (its last column inside the
// widget's visible box, nothing to scroll) for every T its slider allows, and
// its cells can still be inspected by pointer and keyboard; below 360 px, where
// the largest T cannot fit, the map scrolls with a visible cue. The RoPE
// toolbar's selects show their whole text. Screenshots
// tests/artifacts/positions-layout-<lang>-<width>.png.
import { describe, expect, test } from 'vitest';
import { launchBrowser, screenshot, usePlayground } from './browser.js';
import { selectRoom } from './select_room.js';

const env = usePlayground();
const WIDTHS = [1280, 1024, 800, 640, 480, 390, 360];
const LOCALES = [['en-US', 'en'], ['ja-JP', 'ja']];

/** Sets the sinusoidal widget's T slider as a drag does and waits until the Gram map has T × T cells. */
async function setPositions(page, T) {
  await page.evaluate((v) => {
    const input = document.getElementById('sinusoidal').shadowRoot.querySelector('[data-control="T"] input');
    input.value = String(v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, T);
  await page.waitForFunction((v) => document.getElementById('sinusoidal').shadowRoot
    .querySelector('.map-gram').shadowRoot.querySelectorAll('.cell').length === v * v, T);
}

/** Waits for the resize to reach the widget and its maps (resize observer, then a task, then a frame). */
async function setWidth(page, width) {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(() => new Promise((r) => setTimeout(() => requestAnimationFrame(() => setTimeout(r, 0)), 50)));
}

/**
 * Each map of the widget: its first and last cells against the visible box (the
 * widget's box cut by the map's own scroll box, scrolled to the start), whether
 * it scrolls, and whether a scroll cue is shown for it.
 */
function measureMaps(page) {
  return page.evaluate(() => {
    const w = document.getElementById('sinusoidal');
    const host = w.getBoundingClientRect();
    return {
      pageWidth: document.documentElement.scrollWidth,
      innerWidth,
      maps: [...w.shadowRoot.querySelectorAll('attn-heatmap')].map((map) => {
        const plot = map.shadowRoot.querySelector('.plot');
        const p = plot.getBoundingClientRect();
        // How far it scrolls: 1 px is the rounding of a fractional label column (the cells check covers it).
        plot.scrollLeft = 1e6;
        const scrolls = plot.scrollLeft > 1;
        plot.scrollLeft = 0;
        const cells = map.shadowRoot.querySelectorAll('.cell');
        const first = cells[0].getBoundingClientRect(), last = cells[cells.length - 1].getBoundingClientRect();
        const cue = map.closest('.scroll')?.querySelector('.cue');
        return {
          name: map.className,
          firstLeft: first.left, lastRight: last.right, cell: last.width,
          visibleLeft: Math.max(host.left, p.left), visibleRight: Math.min(host.right, p.left + plot.clientWidth),
          scrolls,
          cue: !!cue && cue.getBoundingClientRect().height > 0 && cue.textContent.trim().length > 0,
        };
      }),
    };
  });
}

/** The Gram map's tooltip after a hover and after a tap at the centre of cell (i, j), and that cell's box. */
function pointAtGramCell(page, i, j) {
  return page.evaluate(([row, col]) => {
    const map = document.getElementById('sinusoidal').shadowRoot.querySelector('.map-gram');
    const C = map.weights.shape[1];
    const cell = map.shadowRoot.querySelectorAll('.cell')[row * C + col];
    cell.scrollIntoView({ block: 'center', inline: 'nearest' });
    const r = cell.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }, [i, j]);
}

const gramTooltip = (page) => page.evaluate(() => document.getElementById('sinusoidal').shadowRoot.querySelector('.map-gram').tooltipText);

/** A tap (touch pointerdown) on whatever is drawn at (x, y) inside the Gram map. */
function tapAt(page, { x, y }) {
  return page.evaluate(([px, py]) => {
    const map = document.getElementById('sinusoidal').shadowRoot.querySelector('.map-gram');
    map.shadowRoot.elementFromPoint(px, py).dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch', bubbles: true, composed: true }));
    return map.tooltipText;
  }, [x, y]);
}

describe('positions page layout', () => {
  test.each(LOCALES)('the Gram matrix is whole at 360–1280 px for every T of the slider (%s)', async (locale, tag) => {
    const browser = await launchBrowser({ locale });
    try {
      const { page, errors } = await env.open('/playground/positions.html', { context: browser.context, expose: false });
      await page.locator('#sinusoidal').scrollIntoViewIfNeeded();
      const maxT = await page.evaluate(() => Number(document.getElementById('sinusoidal').shadowRoot.querySelector('[data-control="T"] input').max));
      expect(maxT).toBeGreaterThanOrEqual(128);
      for (const width of WIDTHS) {
        await setWidth(page, width);
        for (const T of [2, 32, 64, 96, maxT]) {
          await setPositions(page, T);
          await setWidth(page, width);
          const m = await measureMaps(page);
          const what = `${tag} ${width} px, T = ${T}`;
          expect(m.pageWidth, `${what}: page width`).toBeLessThanOrEqual(m.innerWidth);
          for (const map of m.maps) {
            expect(map.lastRight, `${what}: last column of ${map.name}`).toBeLessThanOrEqual(map.visibleRight + 0.5);
            expect(map.firstLeft, `${what}: first column of ${map.name}`).toBeGreaterThanOrEqual(map.visibleLeft - 0.5);
            expect(map.scrolls, `${what}: ${map.name} scrolls`).toBe(false);
            expect(map.cue, `${what}: no scroll cue on ${map.name}`).toBe(false);
          }
          // room is used: at 1280 px the largest Gram matrix keeps cells of 6 px or more
          if (width === 1280 && T === maxT) expect(m.maps.find((x) => x.name === 'map-gram').cell).toBeGreaterThanOrEqual(6);
        }
        if (width === 1280 || width === 390) await screenshot(page, `positions-layout-${tag}-${width}`);
        // the largest map is still inspected by pointer, tap and keyboard: the last cell answers (T-1, T-1)
        const corner = new RegExp(`i = ${maxT - 1} .*j = ${maxT - 1} `, 's');
        const at = await pointAtGramCell(page, maxT - 1, maxT - 1);
        await page.mouse.move(at.x, at.y);
        expect(await gramTooltip(page), `${tag} ${width} px hover`).toMatch(corner);
        expect(await tapAt(page, at), `${tag} ${width} px tap`).toMatch(corner);
        const before = await pointAtGramCell(page, 1, 0);
        expect(await tapAt(page, before), `${tag} ${width} px tap (1, 0)`).toMatch(/i = 1 .*j = 0 /s);
        await page.mouse.move(0, 0);
      }
      await page.evaluate(() => document.getElementById('sinusoidal').shadowRoot.querySelector('.map-gram').shadowRoot.querySelector('.grid').focus());
      await page.keyboard.press('ArrowDown'); // the first key shows cell (0, 0)
      for (let n = 0; n < 4; n++) { await page.keyboard.press('ArrowRight'); await page.keyboard.press('ArrowDown'); }
      expect(await gramTooltip(page)).toMatch(/i = 4 .*j = 4 /s);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await browser.close();
    }
  }, 120_000); // 35 widths × lengths; about a minute on a busy 2-core machine

  test('below 360 px the largest Gram matrix scrolls inside its box, with a cue, and the keyboard brings its last column into view', async () => {
    const { page, errors } = await env.open('/playground/positions.html', { expose: false, viewport: { width: 320, height: 800 } });
    await setPositions(page, 128);
    await setWidth(page, 320);
    const m = await measureMaps(page);
    expect(m.pageWidth).toBeLessThanOrEqual(320);
    const gram = m.maps.find((x) => x.name === 'map-gram');
    expect(gram.scrolls).toBe(true);
    expect(gram.cue).toBe(true);
    expect(m.maps.find((x) => x.name === 'map-pe').cue).toBe(false);
    await page.evaluate(() => document.getElementById('sinusoidal').shadowRoot.querySelector('.map-gram').shadowRoot.querySelector('.grid').focus());
    await page.keyboard.press('ArrowDown');
    for (let n = 0; n < 127; n++) await page.keyboard.press('ArrowRight');
    expect(await gramTooltip(page)).toMatch(/i = 0 .*j = 127 /s);
    const seen = await page.evaluate(() => {
      const w = document.getElementById('sinusoidal'), map = w.shadowRoot.querySelector('.map-gram');
      const plot = map.shadowRoot.querySelector('.plot'), active = map.shadowRoot.querySelector('.cell.active');
      const a = active.getBoundingClientRect(), p = plot.getBoundingClientRect();
      return { right: a.right, left: a.left, visibleRight: Math.min(w.getBoundingClientRect().right, p.left + plot.clientWidth), visibleLeft: p.left };
    });
    expect(seen.right).toBeLessThanOrEqual(seen.visibleRight + 0.5);
    expect(seen.left).toBeGreaterThanOrEqual(seen.visibleLeft - 0.5);
    await screenshot(page, 'positions-layout-en-320');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  test.each(LOCALES)('the toolbar selects show their whole text at 1280, 390 and 360 px (%s)', async (locale, tag) => {
    const browser = await launchBrowser({ locale });
    try {
      const { page, errors } = await env.open('/playground/positions.html', { context: browser.context, expose: false });
      for (const width of [1280, 390, 360]) {
        await setWidth(page, width);
        for (const id of ['head-dim', 'layout', 'step']) {
          const values = await page.evaluate((sel) => [...document.getElementById(sel).options].map((o) => o.value), id);
          for (const value of values) {
            await page.selectOption(`#${id}`, value);
            const r = await selectRoom(page.locator(`#${id}`));
            expect(r.need, `${tag} ${width} px: "${r.text}" needs ${r.need} px, has ${r.has}`).toBeLessThanOrEqual(r.has + 0.5);
          }
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${tag} ${width} px: page width`).toBeLessThanOrEqual(width);
      }
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await browser.close();
    }
  });
});
