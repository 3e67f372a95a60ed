// Heatmap colour scales follow the theme (web/widgets/scale-colors.js; the
// dark stops are theme variables in web/playground/site.css). On the
// positions page (the maps of <attn-sinusoidal>) and the lab (attention
// weights, the sequential scale), light and dark:
// - the diverging centre and the sequential zero sit with the background the
//   heatmap is drawn on (< 1.5:1 against it): in the dark theme a dark centre,
//   not the light scale's near-white (the glaring blocks this test was written for);
// - the scale stays readable: each end ≥ 4.5:1 against the centre (or zero),
//   the two diverging ends ΔE76 ≥ 40 apart, and lightness moving away from
//   the centre at every stop (so a larger |value| always looks stronger);
// - the cells use the scale of the legend (a zero cell is the centre);
// - a change of the colour scheme on an open page recolours the heatmaps;
// - the keyboard's active cell is outlined in the theme's ink;
// - forced colours (here with the dark scheme) leave the theme's cells as they are.
// Pictures (ATTNSCOPE_PICTURES=1): tests/artifacts/heatmap-theme/ (look at them).
import { describe, expect, test } from 'vitest';
import { PICTURES, picture, screenshot, usePlayground } from './browser.js';

const env = usePlayground();
// The centre within this of the background: 1.07:1 in the light theme
// (#f7f7f7 on white); the light centre on the dark card is 15:1.
const MAX_CENTRE_VS_BACKGROUND = 1.5;
// Each end against the centre: the light scale's ends reach 7.3:1 and 8.6:1; 4.5:1
// (WCAG's text minimum, above its 3:1 for graphics) leaves room for mid values.
const MIN_END_VS_CENTRE = 4.5;
// The two diverging ends (the sign of a value) must not be mixed up; 40 as for
// chart series in chart_contrast.test.js (light scale: 97).
const MIN_ENDS_DELTA_E = 40;

const open = (path, media, viewport = { width: 1280, height: 900 }) =>
  env.open(`/playground/${path}`, { media, viewport, expose: false });

const channel = (c) => { const s = c / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
/** WCAG contrast ratio of two [r, g, b]. */
const contrast = (a, b) => { const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x); return (hi + 0.05) / (lo + 0.05); };
/** CIELAB (D65) of an sRGB [r, g, b]. */
function lab(rgb) {
  const [r, g, b] = rgb.map(channel);
  const xyz = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883];
  const [fx, fy, fz] = xyz.map((t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116));
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}
const deltaE = (a, b) => { const x = lab(a), y = lab(b); return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]); };
const rgbOf = (css) => css.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);
const rgbsIn = (css) => [...css.matchAll(/rgb\(([^)]*)\)/g)].map((m) => rgbOf(m[1]));

/**
 * Every <attn-heatmap> under `hostSelector` (through shadow roots): its id,
 * the legend's stops (from the bar's gradient), whether it is diverging (the
 * legend starts below 0), the background it sits on, and the colour of a cell
 * whose value is exactly 0 (or null).
 */
function heatmaps(page, hostSelector) {
  return page.evaluate((selector) => {
    const backgroundOf = (node) => {
      for (let e = node; e; e = e.parentElement ?? e.getRootNode().host) {
        const c = getComputedStyle(e).backgroundColor;
        if (c && !/rgba\(.*, 0\)$/.test(c) && c !== 'transparent') return c;
      }
      return getComputedStyle(document.documentElement).backgroundColor;
    };
    const found = [];
    const add = (e) => {
      const s = e.shadowRoot;
      const zero = [...s.querySelectorAll('.cell')].find((c) => c.dataset.value === '0' || c.dataset.value === '-0');
      found.push({
        name: e.className || e.id || 'heatmap',
        gradient: getComputedStyle(s.querySelector('.bar')).backgroundImage,
        lowLabel: s.querySelector('.legend .lo').textContent,
        background: backgroundOf(e),
        zero: zero ? getComputedStyle(zero).backgroundColor : null,
        cells: [...s.querySelectorAll('.cell')].map((c) => getComputedStyle(c).backgroundColor),
      });
    };
    const visit = (root) => {
      for (const e of root.querySelectorAll('*')) {
        if (e.localName === 'attn-heatmap') add(e);
        if (e.shadowRoot) visit(e.shadowRoot);
      }
    };
    for (const host of document.querySelectorAll(selector)) {
      if (host.localName === 'attn-heatmap') add(host); else visit(host.shadowRoot);
    }
    return found;
  }, hostSelector);
}

/** The problems of one heatmap's scale (empty when it is readable and follows its background). */
function scaleProblems(map) {
  const stops = rgbsIn(map.gradient);
  const diverging = map.lowLabel.startsWith('−');
  const centreAt = diverging ? (stops.length - 1) / 2 : 0;
  const centre = stops[centreAt];
  const problems = [];
  const where = `${map.name} (${diverging ? 'diverging' : 'sequential'}, ${stops.length} stops)`;
  if (stops.length < 3) return [`${where}: no gradient in "${map.gradient}"`];
  const bg = rgbOf(map.background);
  const c = contrast(centre, bg);
  if (!(c < MAX_CENTRE_VS_BACKGROUND)) problems.push(`${where}: centre rgb(${centre}) on ${map.background} = ${c.toFixed(2)}:1`);
  const ends = diverging ? [stops[0], stops[stops.length - 1]] : [stops[stops.length - 1]];
  for (const end of ends) {
    const r = contrast(end, centre);
    if (!(r >= MIN_END_VS_CENTRE)) problems.push(`${where}: end rgb(${end}) vs centre rgb(${centre}) = ${r.toFixed(2)}:1`);
  }
  if (diverging && !(deltaE(ends[0], ends[1]) >= MIN_ENDS_DELTA_E)) problems.push(`${where}: ends ΔE76 ${deltaE(ends[0], ends[1]).toFixed(1)}`);
  // Lightness distance from the centre grows at every stop outward, on each side.
  const distance = (i) => Math.abs(lab(stops[i])[0] - lab(centre)[0]);
  for (let i = centreAt; i < stops.length - 1; i++) if (!(distance(i + 1) > distance(i))) problems.push(`${where}: stop ${i + 1} not further from the centre than stop ${i}`);
  for (let i = centreAt; i > 0; i--) if (!(distance(i - 1) > distance(i))) problems.push(`${where}: stop ${i - 1} not further from the centre than stop ${i}`);
  if (map.zero && map.zero !== `rgb(${centre.join(', ')})`) problems.push(`${where}: a zero cell is ${map.zero}, the legend's centre rgb(${centre.join(', ')})`);
  return problems;
}

describe('heatmap scales follow the theme', () => {
  test('the checks catch the light scale on the dark card (and pass it on white)', () => {
    const light = 'linear-gradient(to right, rgb(165, 15, 21) 0%, rgb(239, 138, 98) 25%, rgb(247, 247, 247) 50%, rgb(103, 169, 207) 75%, rgb(8, 69, 148) 100%)';
    const map = { name: 'control', gradient: light, lowLabel: '−1', zero: 'rgb(247, 247, 247)' };
    expect(scaleProblems({ ...map, background: 'rgb(255, 255, 255)' })).toEqual([]);
    expect(scaleProblems({ ...map, background: 'rgb(22, 27, 34)' }).join('\n')).toMatch(/centre rgb\(247,247,247\) on rgb\(22, 27, 34\) = 16\.\d\d:1/);
    // A dark centre whose ends stayed dark would be unreadable; so would swapped mid stops.
    const muddy = 'linear-gradient(to right, rgb(90, 30, 30) 0%, rgb(120, 60, 50) 25%, rgb(38, 43, 52) 50%, rgb(50, 80, 120) 75%, rgb(40, 60, 110) 100%)';
    expect(scaleProblems({ ...map, gradient: muddy, zero: null, background: 'rgb(22, 27, 34)' }).join('\n')).toMatch(/end .* vs centre[^]*stop 4 not further/);
  });

  for (const colorScheme of ['light', 'dark']) {
    test(`positions and lab (${colorScheme}): centre with the background, ends readable, cells on the legend's scale`, async () => {
      const problems = [];
      let kinds = new Set();
      for (const [path, host] of [['positions.html', '#sinusoidal'], ['lab.html', '#heatmap']]) {
        const { page, errors } = await open(`${path}?lang=en`, { colorScheme });
        expect(await page.evaluate((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, colorScheme)).toBe(true);
        const maps = await heatmaps(page, host);
        expect(maps.length, `${path}: heatmaps`).toBeGreaterThan(0);
        for (const m of maps) {
          kinds.add(m.lowLabel.startsWith('−') ? 'diverging' : 'sequential');
          problems.push(...scaleProblems(m).map((p) => `${path} ${p}`));
        }
        expect(errors).toEqual([]);
        await page.close();
      }
      expect([...kinds].sort(), 'both scales seen').toEqual(['diverging', 'sequential']);
      expect(problems.join('\n'), 'scale problems').toBe('');
    }, 60_000);
  }

  test('the dark centre and zero are not the light ones (the scale follows the theme)', async () => {
    const centres = {};
    for (const colorScheme of ['light', 'dark']) {
      const { page } = await open('positions.html?lang=en', { colorScheme });
      const a = (await heatmaps(page, '#sinusoidal')).find((m) => m.name === 'map-a');
      await page.close();
      expect(a?.zero, 'the A(k) map has zero cells').toBeTruthy();
      centres[colorScheme] = a.zero;
    }
    expect(luminance(rgbOf(centres.light))).toBeGreaterThan(0.8);
    expect(luminance(rgbOf(centres.dark)), `dark centre ${centres.dark}`).toBeLessThan(0.05);
  });

  test('switching the colour scheme on an open page recolours the heatmaps', async () => {
    const { page } = await open('positions.html?lang=en', { colorScheme: 'light' });
    const zeroOfA = async () => (await heatmaps(page, '#sinusoidal')).find((m) => m.name === 'map-a').zero;
    const before = await zeroOfA();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction((b) => {
      const a = document.querySelector('#sinusoidal').shadowRoot.querySelector('.map-a').shadowRoot;
      const zero = [...a.querySelectorAll('.cell')].find((c) => c.dataset.value === '0');
      return getComputedStyle(zero).backgroundColor !== b;
    }, before, { timeout: 10_000 });
    const maps = await heatmaps(page, '#sinusoidal');
    await page.close();
    expect(luminance(rgbOf(maps.find((m) => m.name === 'map-a').zero))).toBeLessThan(0.05);
    expect(maps.flatMap(scaleProblems)).toEqual([]);
  });

  test('a switch of the colour scheme keeps whole numbers whole (the mask grid\'s keys per query)', async () => {
    const { page, errors } = await open('masks.html?lang=en', { colorScheme: 'light' });
    const sums = () => page.evaluate(() => [...document.querySelector('#mask-causal').shadowRoot.querySelectorAll('.sum')].map((c) => c.textContent));
    const before = await sums();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((t) => /^\d+$/.test(t)), before.join(' ')).toBe(true);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => matchMedia('(prefers-color-scheme: dark)').matches);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await sums()).toEqual(before);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the keyboard\'s active cell is outlined in the theme\'s ink, ≥ 3:1 against the centre (light and dark)', async () => {
    for (const colorScheme of ['light', 'dark']) {
      const { page } = await open('lab.html?lang=en', { colorScheme });
      await page.locator('#heatmap .grid').focus();
      await page.keyboard.press('ArrowRight');
      const outline = await page.locator('#heatmap').evaluate((h) => getComputedStyle(h.shadowRoot.querySelector('.cell.active')).outlineColor);
      const zero = rgbsIn((await heatmaps(page, '#heatmap'))[0].gradient)[0]; // the sequential scale's 0
      await page.close();
      expect(contrast(rgbOf(outline), zero), `${colorScheme}: ${outline} on rgb(${zero})`).toBeGreaterThanOrEqual(3);
    }
  });

  test('forced colours keep the dark theme\'s cell colours', async () => {
    const cells = async (forcedColors) => {
      const { page } = await open('positions.html?lang=en', { colorScheme: 'dark', forcedColors });
      const maps = await heatmaps(page, '#sinusoidal');
      await page.close();
      return maps.map((m) => m.cells);
    };
    const normal = await cells('none');
    const forced = await cells('active');
    expect(new Set(normal.flat()).size, 'distinct shades').toBeGreaterThan(5);
    expect(forced).toEqual(normal);
  });
});

describe('screenshots', () => {
  // Pictures only (ATTNSCOPE_PICTURES=1); the pages' light and dark themes are checked by site.test.js.
  test.runIf(PICTURES)('positions at 1280 and 390 px, light and dark', async () => {
    for (const colorScheme of ['light', 'dark']) {
      for (const width of [1280, 390]) {
        const { page, errors } = await open('positions.html?lang=en', { colorScheme }, { width, height: 900 });
        const name = `heatmap-theme/positions-${width}-en-${colorScheme}`;
        await screenshot(page, name);
        // The heatmaps alone, at full size (the page is too tall to look at whole).
        await picture(page.locator('#sinusoidal .maps'), `${name}-maps`);
        await picture(page.locator('#sinusoidal .map-a'), `${name}-a`);
        expect(errors).toEqual([]);
        await page.close();
      }
    }
  }, 180_000);
});
