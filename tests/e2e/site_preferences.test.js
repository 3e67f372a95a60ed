// The reader's display preferences on representative pages (home, the
// attention lab, positions and efficiency with their animated widgets, the
// training page's chart, an experiment page):
// - forced-colors: active (Windows high contrast): every keyboard stop shows
//   an outline, no text loses its contrast (axe's color-contrast on the
//   forced colours), heatmap cells keep their distinct shades and chart
//   series stay told apart;
// - prefers-reduced-motion: reduce: no CSS transition or animation anywhere
//   (shadow roots and ::before/::after included), and the RoPE dial offers
//   no autoplay (while without the preference it does: the control case).
// Pictures (ATTNSCOPE_PICTURES=1): tests/artifacts/preferences/ (look at them).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { screenshot, usePlayground } from './browser.js';

const env = usePlayground();
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PAGES = ['index.html', 'lab.html', 'positions.html', 'efficiency.html', 'train.html', 'in-context.html'];

/** A playground page at 1280 × 900 (or `viewport`) under the given media features. */
const open = (path, media, viewport = { width: 1280, height: 900 }) =>
  env.open(`/playground/${path}`, { media, viewport, expose: false });

/** Presses Tab `count` times; for each stop: the deepest focused element (through shadow roots) and its outline. */
async function focusStops(page, count) {
  const stops = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    stops.push(await page.evaluate(() => {
      let e = document.activeElement;
      while (e?.shadowRoot?.activeElement) e = e.shadowRoot.activeElement;
      if (!e || e === document.body) return null;
      const s = getComputedStyle(e);
      const host = e.getRootNode().host?.localName ?? '';
      return {
        where: `${host ? `${host} ` : ''}${e.localName}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.split(' ')[0]}` : ''}`,
        outline: s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth),
      };
    }));
  }
  return stops.filter(Boolean);
}

/** The longest CSS transition or animation on the page, elements of every shadow root and their ::before/::after included. */
function longestMotion(page) {
  return page.evaluate(() => {
    const seconds = (list) => Math.max(0, ...list.split(',').map((v) => parseFloat(v) * (v.trim().endsWith('ms') ? 0.001 : 1)));
    let worst = { seconds: 0, where: '' };
    const visit = (root) => {
      for (const e of root.querySelectorAll('*')) {
        for (const pseudo of [null, '::before', '::after']) {
          const s = getComputedStyle(e, pseudo);
          const t = s.transitionProperty === 'none' ? 0 : seconds(s.transitionDuration);
          const a = s.animationName === 'none' ? 0 : seconds(s.animationDuration);
          const longest = Math.max(t, a);
          if (longest > worst.seconds) {
            const host = e.getRootNode().host?.localName;
            worst = { seconds: longest, where: `${host ? `${host} ` : ''}${e.localName}.${[...e.classList].join('.')}${pseudo ?? ''}` };
          }
        }
        if (e.shadowRoot) visit(e.shadowRoot);
      }
    };
    visit(document);
    return worst;
  });
}

async function contrastViolations(page) {
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() => globalThis.axe.run(document, { runOnly: ['color-contrast'], resultTypes: ['violations'] }));
  return results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? v.help}`));
}

describe('forced colours', () => {
  test.each(PAGES)('%s: every keyboard stop has an outline and no text loses contrast', async (path) => {
    const { page, errors } = await open(`${path}?lang=en`, { forcedColors: 'active' });
    expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
    await screenshot(page, `preferences/forced-${path.replace('.html', '')}-1280-en`);
    const stops = await focusStops(page, 30);
    expect(stops.length).toBeGreaterThan(10);
    const unmarked = stops.filter((s) => !(s.outline >= 1)).map((s) => s.where);
    expect(unmarked, 'keyboard stops with no outline').toEqual([]);
    expect(await contrastViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  test('heatmap cells keep distinct shades and an outlined active cell; chart series stay apart', async () => {
    const shades = async (media) => {
      const { page } = await open('lab.html?lang=en', media);
      const cells = await page.locator('#heatmap').evaluate((h) => [...h.shadowRoot.querySelectorAll('.cell')].map((c) => getComputedStyle(c).backgroundColor));
      await page.close();
      return cells;
    };
    const normal = await shades({ forcedColors: 'none' });
    const forced = await shades({ forcedColors: 'active' });
    expect(new Set(normal).size, 'distinct cell shades').toBeGreaterThan(5);
    expect(forced, 'the same shades with forced colours').toEqual(normal);

    const { page } = await open('lab.html?lang=en', { forcedColors: 'active' });
    // The keyboard's cell: focus the grid, move with an arrow key.
    await page.locator('#heatmap .grid').focus();
    await page.keyboard.press('ArrowRight');
    const active = await page.locator('#heatmap').evaluate((h) => {
      const c = h.shadowRoot.querySelector('.cell.active');
      const s = c && getComputedStyle(c);
      return c && { style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor, highlight: (() => { const p = document.createElement('p'); p.style.color = 'Highlight'; document.body.append(p); const v = getComputedStyle(p).color; p.remove(); return v; })() };
    });
    expect(active, 'an active cell').not.toBe(null);
    expect(active.style).not.toBe('none');
    expect(active.width).toBeGreaterThanOrEqual(1);
    expect(active.color, 'the system highlight').toBe(active.highlight);
    await page.close();

    // The training page's loss legend (drawn before any line): two keys in their two colours.
    const train = await open('train.html?lang=en', { forcedColors: 'active' });
    const keys = await train.page.locator('attn-train').evaluate((t) => [...t.shadowRoot.querySelectorAll('.key')].map((k) => getComputedStyle(k, '::before').backgroundColor));
    const canvas = await train.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    await train.page.close();
    expect(keys.length).toBe(2);
    expect(new Set([...keys, canvas]).size, `loss keys ${keys.join(' | ')} on ${canvas}`).toBe(3);

    // Charts: each legend's swatches keep distinct colours (the key to the lines), and
    // every swatch colour is the colour of a drawn line (SVG keeps its colours).
    for (const path of ['in-context.html', 'positions.html']) {
      const chart = await open(`${path}?lang=en`, { forcedColors: 'active' });
      const legends = await chart.page.evaluate(() => {
        const out = [];
        const visit = (root) => {
          for (const e of root.querySelectorAll('*')) {
            if (e.localName === 'ul' && e.querySelector('.swatch')) {
              const lines = new Set([...e.getRootNode().querySelectorAll('svg polyline, svg path')].map((l) => getComputedStyle(l).stroke));
              const swatches = [...e.querySelectorAll('.swatch')].map((sw) => {
                const s = getComputedStyle(sw);
                return s.borderTopWidth !== '0px' && s.borderTopStyle !== 'none' ? `${s.borderTopColor} ${s.borderTopStyle}` : s.backgroundColor;
              });
              out.push({ where: e.getRootNode().host?.localName, swatches, lines: [...lines] });
            }
            if (e.shadowRoot) visit(e.shadowRoot);
          }
        };
        visit(document);
        return out;
      });
      await chart.page.close();
      expect(legends.length, `${path}: legends`).toBeGreaterThan(0);
      for (const { where, swatches, lines } of legends) {
        expect(new Set(swatches).size, `${path} ${where}: distinct swatches ${swatches.join(' | ')}`).toBe(swatches.length);
        for (const sw of swatches) expect(lines, `${path} ${where}: a line of the swatch's colour`).toContain(sw.replace(/ (solid|dashed)$/, ''));
      }
    }
  });
});

describe('reduced motion', () => {
  test.each(PAGES)('%s: no transition or animation anywhere', async (path) => {
    const { page, errors } = await open(`${path}?lang=en`, { reducedMotion: 'reduce' });
    expect(await longestMotion(page)).toEqual({ seconds: 0, where: '' });
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the check sees motion when the reader did not ask for less (control)', async () => {
    const { page } = await open('lab.html?lang=en', { reducedMotion: 'no-preference' });
    expect((await longestMotion(page)).seconds).toBeGreaterThan(0);
    await page.close();
  });

  test('the RoPE dial plays only without the preference', async () => {
    const dial = async (reducedMotion) => {
      const { page } = await open('positions.html?lang=en', { reducedMotion });
      const play = page.locator('#dial button.play');
      const hidden = await play.evaluate((b) => b.hidden || b.getClientRects().length === 0);
      let moved = false;
      if (!hidden) {
        const m0 = await page.locator('#dial').getAttribute('m');
        await play.click();
        moved = await page.waitForFunction((m) => document.querySelector('#dial').getAttribute('m') !== m, m0, { timeout: 10_000 }).then(() => true, () => false);
        await play.click(); // pause again
      }
      await page.close();
      return { hidden, moved };
    };
    expect(await dial('reduce')).toEqual({ hidden: true, moved: false });
    expect(await dial('no-preference')).toEqual({ hidden: false, moved: true });
  });
});
