// Chart colours against the chart's background, light and dark theme: every
// series line (and its legend swatch) of every <attn-line-chart> on the pages
// with charts, and the training page's loss keys, has a contrast of at least
// 3:1 (WCAG 1.4.11, non-text contrast). Grokking's two reference curves differ
// in colour and dash, legend keys matching; so are position extrapolation's reference
// curves (dashed). A dot-only series has a round legend key. Norm placement's four
// variants differ pairwise by ΔE76 ≥ 40. The hover cross-hair follows the theme.
// A focused <attn-vectors> handle shows a focus indicator (an outline, kept in
// forced colours, and a visible ring).
// Pictures (ATTNSCOPE_PICTURES=1): tests/artifacts/charts/ (look at them).
import { describe, expect, test } from 'vitest';
import { screenshot, usePlayground } from './browser.js';

const env = usePlayground();
const PAGES = ['scaling-sweep.html', 'grokking.html', 'in-context.html', 'norm-placement.html', 'position-extrapolation.html', 'scaling.html', 'train.html',
  'masked-vs-causal.html', 'induction-heads.html',
  'positions.html', 'efficiency.html', 'ssm.html']; // the last three: the small plots of line-plot.js

/** A playground page at 1280 × 900 (or `viewport`) under the given media features. */
const open = (path, media, viewport = { width: 1280, height: 900 }) =>
  env.open(`/playground/${path}`, { media, viewport, expose: false });

/**
 * Every chart mark's colour and the background it is drawn on: lines and
 * dots of each <attn-line-chart> (through shadow roots) with their legend
 * swatches, and <attn-train>'s loss keys. Background: the first opaque
 * background of the element's ancestors (crossing shadow boundaries).
 */
function chartMarks(page) {
  return page.evaluate(() => {
    const backgroundOf = (node) => {
      for (let e = node; e; e = e.parentElement ?? e.getRootNode().host) {
        const c = getComputedStyle(e).backgroundColor;
        if (c && c !== 'transparent' && !/rgba\(.*, 0\)$/.test(c)) return c;
      }
      return getComputedStyle(document.documentElement).backgroundColor;
    };
    const marks = [];
    const visit = (root) => {
      for (const e of root.querySelectorAll('*')) {
        if (e.localName === 'attn-line-chart') {
          const bg = backgroundOf(e);
          const where = `${e.getRootNode().host?.localName ?? 'page'} ${e.getAttribute('y-label') ?? ''}`;
          for (const l of e.shadowRoot.querySelectorAll('svg polyline')) marks.push({ where: `${where} line`, colour: getComputedStyle(l).stroke, bg });
          for (const c of e.shadowRoot.querySelectorAll('svg circle')) {
            const s = getComputedStyle(c);
            if (s.fill !== 'none' && !c.style.stroke) marks.push({ where: `${where} dot`, colour: s.fill, bg });
          }
          for (const li of e.shadowRoot.querySelectorAll('li')) marks.push({ where: `${where} swatch "${li.textContent}"`, colour: getComputedStyle(li.querySelector('.swatch')).borderTopColor, bg });
        }
        for (const l of e.shadowRoot?.querySelectorAll('svg path[data-series]') ?? []) marks.push({ where: `${e.localName} plot "${l.dataset.series}"`, colour: getComputedStyle(l).stroke, bg: backgroundOf(l) });
        for (const sw of e.shadowRoot?.querySelectorAll('ul.legend .swatch') ?? []) marks.push({ where: `${e.localName} plot key "${sw.parentElement.textContent}"`, colour: getComputedStyle(sw).backgroundColor, bg: backgroundOf(sw.parentElement) });
        if (e.localName === 'attn-train') {
          for (const k of e.shadowRoot.querySelectorAll('.key')) marks.push({ where: `attn-train key "${k.textContent}"`, colour: getComputedStyle(k, '::before').backgroundColor, bg: backgroundOf(k) });
        }
        if (e.shadowRoot) visit(e.shadowRoot);
      }
    };
    visit(document);
    return marks;
  });
}

/** WCAG contrast of two computed `rgb()/rgba()` colours (alpha over the background); null if unparsable. */
function contrast(fg, bg) {
  const parse = (c) => c.match(/^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/)?.slice(1).map((v) => (v === undefined ? 1 : Number(v)));
  const f = parse(fg), b = parse(bg);
  if (!f || !b) return null;
  const a = f[3] ?? 1;
  const mixed = [0, 1, 2].map((i) => f[i] * a + b[i] * (1 - a));
  const lum = (rgb) => {
    const [r, g, bl] = rgb.map((v) => { const s = v / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(mixed), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('chart series contrast', () => {
  test('the contrast function (known pairs)', () => {
    expect(contrast('rgb(0, 0, 0)', 'rgb(255, 255, 255)')).toBeCloseTo(21, 6);
    expect(contrast('rgb(118, 118, 118)', 'rgb(255, 255, 255)')).toBeCloseTo(4.54, 2); // #767676: the classic 4.5:1 grey
    expect(contrast('rgb(27, 36, 48)', 'rgb(22, 27, 34)')).toBeLessThan(1.2); // main's dark-on-dark frontier
    expect(contrast('color(srgb 1 0 0)', 'rgb(0, 0, 0)')).toBe(null);
  });

  // Light first, then the same page turned dark (as a reader's system does; the charts redraw).
  test.each(PAGES)('%s (light, then dark): every series ≥ 3:1 against its background', async (path) => {
    const { page, errors } = await open(`${path}?lang=en`, { colorScheme: 'light' });
    // The reference curves are drawn once the committed runs are loaded.
    await page.waitForFunction(() => {
      const charts = [];
      const visit = (root) => { for (const e of root.querySelectorAll('*')) { if (e.localName === 'attn-line-chart' || e.localName === 'attn-train' || e.shadowRoot?.querySelector('ul.legend')) charts.push(e); if (e.shadowRoot) visit(e.shadowRoot); } };
      visit(document);
      return charts.some((c) => c.shadowRoot.querySelector('li, .key')) ;
    }, null, { timeout: 30_000 });
    for (const colorScheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme });
      expect(await page.evaluate((s) => matchMedia(`(prefers-color-scheme: ${s})`).matches, colorScheme)).toBe(true);
      await page.waitForTimeout(300);
      const marks = await chartMarks(page);
      expect(marks.length, `${colorScheme}: chart marks found`).toBeGreaterThan(0);
      const measured = marks.map((m) => ({ ...m, ratio: contrast(m.colour, m.bg) }));
      expect(measured.filter((m) => m.ratio === null), `${colorScheme}: colours that are not rgb()`).toEqual([]);
      const low = measured.filter((m) => !(m.ratio >= 3)).map((m) => `${m.where}: ${m.colour} on ${m.bg} = ${m.ratio.toFixed(2)}:1`);
      expect(low, `${colorScheme}: series below 3:1`).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});

describe('grokking reference curves', () => {
  test('are told apart by colour and dash pattern, and each legend key matches its line', async () => {
    const { page } = await open('grokking.html?lang=en', { colorScheme: 'light' });
    await page.waitForFunction(() => document.querySelector('attn-grokking')?.shadowRoot.querySelector('attn-line-chart')?.shadowRoot.querySelector('polyline'), null, { timeout: 30_000 });
    const charts = await page.locator('attn-grokking').evaluate((g) => [...g.shadowRoot.querySelectorAll('attn-line-chart')].map((c) => {
      const lines = [...c.shadowRoot.querySelectorAll('svg polyline')].map((l) => ({ stroke: getComputedStyle(l).stroke, dash: l.getAttribute('stroke-dasharray') }));
      const keys = [...c.shadowRoot.querySelectorAll('li')].map((li) => { const s = getComputedStyle(li.querySelector('.swatch')); return { label: li.textContent, colour: s.borderTopColor, style: s.borderTopStyle }; });
      return { lines, keys };
    }).filter((c) => c.lines.length >= 2));
    await page.close();
    expect(charts.length, 'accuracy and loss charts with reference curves').toBe(2);
    const styleOf = { null: 'solid', '6 4': 'dashed', '2 3': 'dotted' };
    for (const { lines, keys } of charts) {
      expect(lines.length).toBe(keys.length);
      const refs = lines.filter((l) => l.dash !== null);
      // train and validation references (the accuracy chart also has the weight norm's, on its right axis)
      expect(refs.length, 'train and validation reference curves').toBeGreaterThanOrEqual(2);
      expect(refs[0].stroke, 'different colours').not.toBe(refs[1].stroke);
      expect(refs[0].dash, 'different dash patterns').not.toBe(refs[1].dash);
      expect(new Set(refs.map((l) => `${l.stroke} ${l.dash}`)).size, 'every reference curve drawn its own way').toBe(refs.length);
      lines.forEach((l, i) => expect({ colour: keys[i].colour, style: keys[i].style }, keys[i].label).toEqual({ colour: l.stroke, style: styleOf[l.dash] }));
    }
  });
});

describe('vectors-view focus', () => {
  for (const forcedColors of ['none', 'active']) {
    test(`a focused handle shows an outline and a ring (forced colours ${forcedColors})`, async () => {
      const { page } = await open('basics.html?lang=en', { forcedColors });
      const focused = await page.locator('attn-vectors').first().evaluate((v) => {
        const handle = v.shadowRoot.querySelector('.handle');
        const before = getComputedStyle(handle).strokeWidth;
        handle.focus({ focusVisible: true });
        const s = getComputedStyle(handle);
        return { active: v.shadowRoot.activeElement === handle, outline: s.outlineStyle, width: parseFloat(s.outlineWidth), colour: s.outlineColor, before, after: s.strokeWidth };
      });
      expect(focused.active).toBe(true);
      expect(focused.outline).not.toBe('none');
      expect(focused.width).toBeGreaterThanOrEqual(2);
      expect(parseFloat(focused.after), 'the ring: a wider stroke than unfocused').toBeGreaterThan(parseFloat(focused.before));
      // Forced colours: the outline takes the system highlight (it is transparent otherwise, the ring shows).
      if (forcedColors === 'active') expect(focused.colour).not.toBe('rgba(0, 0, 0, 0)');
      await page.close();
    });
  }
});

/** The series of every <attn-line-chart> inside `host` with its legend key's look: shape, colour and border style. */
const chartsIn = (page, host) => page.locator(host).evaluate((h) => [...h.shadowRoot.querySelectorAll('attn-line-chart')].map((c) => ({
  id: c.id,
  series: c.series.map((s) => ({ label: s.label, dot: Boolean(s.dot), dashed: Boolean(s.dashed) })),
  lines: [...c.shadowRoot.querySelectorAll('svg polyline')].map((l) => ({ stroke: getComputedStyle(l).stroke, dash: l.getAttribute('stroke-dasharray') })),
  keys: [...c.shadowRoot.querySelectorAll('li')].map((li) => {
    const sw = li.querySelector('.swatch'), s = getComputedStyle(sw), box = sw.getBoundingClientRect();
    return { label: li.textContent, colour: s.borderTopColor, style: s.borderTopStyle, round: s.borderTopLeftRadius === '50%' && box.width > 0 && Math.abs(box.width - box.height) < 0.5 };
  }),
})));

describe('legend keys match their marks', () => {
  test('scaling sweep: a dot-only series (the reference run) has a round key, a line series a flat one', async () => {
    const { page } = await open('scaling-sweep.html?lang=en', { colorScheme: 'light' });
    await page.waitForFunction(() => [...document.querySelector('attn-scaling-sweep')?.shadowRoot.querySelectorAll('attn-line-chart') ?? []].some((c) => c.series.some((s) => s.dot)), null, { timeout: 30_000 });
    const charts = await chartsIn(page, 'attn-scaling-sweep');
    await page.close();
    const keyed = charts.flatMap((c) => c.series.map((s, i) => ({ ...s, round: c.keys[i]?.round })));
    expect(keyed.filter((s) => s.dot).length, 'dot-only series').toBeGreaterThan(0);
    expect(keyed.filter((s) => !s.dot).length, 'line series').toBeGreaterThan(0);
    for (const s of keyed) expect(s.round, `${s.label}: round key iff dot-only`).toBe(s.dot);
  });

  test('position extrapolation: the reference run is dashed, each legend key matching its line', async () => {
    const { page } = await open('position-extrapolation.html?lang=en', { colorScheme: 'light' });
    await page.waitForFunction(() => document.querySelector('attn-position-extrapolation')?.shadowRoot.querySelector('#reference-chart')?.shadowRoot.querySelector('polyline'), null, { timeout: 30_000 });
    const ref = (await chartsIn(page, 'attn-position-extrapolation')).find((c) => c.id === 'reference-chart');
    await page.close();
    expect(ref.lines.length, 'one line per scheme').toBeGreaterThanOrEqual(4);
    expect(ref.keys.length).toBe(ref.lines.length);
    ref.lines.forEach((l, i) => {
      expect(l.dash, `${ref.keys[i].label}: dashed`).toBe('6 4');
      expect({ colour: ref.keys[i].colour, style: ref.keys[i].style }, ref.keys[i].label).toEqual({ colour: l.stroke, style: 'dashed' });
    });
  });
});

/** CIE76 colour difference ΔE*ab of two computed `rgb()` colours (sRGB, D65). */
function deltaE(c1, c2) {
  const lab = (c) => {
    const [r, g, b] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => { const s = v / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
    const xyz = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883];
    const [fx, fy, fz] = xyz.map((t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116));
    return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
  };
  const a = lab(c1), b = lab(c2);
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

// Norm placement draws four variants in one chart. ΔE76 ≈ 2.3 is a just-noticeable
// difference between patches side by side; thin lines apart need far more. 40 keeps
// every pair of the palette's categorical hues except orange/red (16 light) and
// orange/amber (25 dark) — the near pairs a reader mixes up.
const MIN_SERIES_DELTA_E = 40;

describe('norm-placement series colours', () => {
  test('ΔE76 of CIE76 (known pairs)', () => {
    expect(deltaE('rgb(0, 0, 0)', 'rgb(255, 255, 255)')).toBeCloseTo(100, 3);
    expect(deltaE('rgb(194, 65, 12)', 'rgb(185, 28, 28)')).toBeLessThan(MIN_SERIES_DELTA_E); // #c2410c / #b91c1c: the pair this guards against
  });

  for (const colorScheme of ['light', 'dark']) {
    test(`every pair of variants differs by ΔE76 ≥ ${MIN_SERIES_DELTA_E} (${colorScheme})`, async () => {
      const { page } = await open('norm-placement.html?lang=en', { colorScheme });
      await page.waitForFunction(() => document.querySelector('attn-norm-placement')?.shadowRoot.querySelector('attn-line-chart')?.shadowRoot.querySelector('polyline'), null, { timeout: 30_000 });
      const charts = await chartsIn(page, 'attn-norm-placement');
      await page.close();
      const colours = [...new Set(charts.flatMap((c) => c.keys.map((k) => k.colour)))];
      expect(colours.length, 'four variants').toBe(4);
      for (let i = 0; i < colours.length; i++) {
        for (let j = i + 1; j < colours.length; j++) expect(deltaE(colours[i], colours[j]), `${colours[i]} vs ${colours[j]}`).toBeGreaterThanOrEqual(MIN_SERIES_DELTA_E);
      }
    });
  }
});

describe('chart cross-hair', () => {
  test('follows the theme (a dark value in the dark theme), ≥ 3:1 against the chart background in each', async () => {
    const seen = {};
    for (const colorScheme of ['light', 'dark']) {
      const { page } = await open('scaling-sweep.html?lang=en', { colorScheme });
      await page.waitForFunction(() => document.querySelector('attn-scaling-sweep')?.shadowRoot.querySelector('attn-line-chart')?.shadowRoot.querySelector('circle'), null, { timeout: 30_000 });
      const chart = page.locator('attn-scaling-sweep attn-line-chart').first();
      await chart.locator('svg').press('ArrowRight');
      seen[colorScheme] = await chart.evaluate((c) => {
        let bg = null;
        for (let e = c; e && !bg; e = e.parentElement ?? e.getRootNode().host) { const b = getComputedStyle(e).backgroundColor; if (!/rgba\(.*, 0\)$/.test(b)) bg = b; }
        return { stroke: getComputedStyle(c.shadowRoot.querySelector('.cross')).stroke, bg };
      });
      await page.close();
      expect(contrast(seen[colorScheme].stroke, seen[colorScheme].bg), `${colorScheme}: ${seen[colorScheme].stroke} on ${seen[colorScheme].bg}`).toBeGreaterThanOrEqual(3);
    }
    expect(seen.dark.stroke, 'a theme variable, not one fixed grey').not.toBe(seen.light.stroke);
  });
});
