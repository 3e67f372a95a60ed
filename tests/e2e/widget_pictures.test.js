// The pictures of the widget reference: one per element of web/widgets'
// types, docs/images/widgets/<tag>.png, and <tag>-dark.png for the elements
// whose drawing the theme recolours (colour scales, charts, diagrams), taken from the
// live examples of the widget reference page (widgets.html) at 720 px, kept
// as 256-colour PNGs (png-palette.js) of at most 900 px height.
// In `npm test` each committed picture must still match the element as it
// draws now: the same size, and nearly every pixel the same (a changed
// layout, colour or text makes it stale). `npm run screenshots` rewrites them
// (ATTNSCOPE_UPDATE_SCREENSHOTS=1); the pictures are deterministic on the
// Chromium and fonts bootstrap installs.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readTypes } from '../../scripts/widget-docs.js';
import { parseWidgetTypes } from '../../web/playground/widget-docs.js';
import { ARTIFACTS, usePlayground } from './browser.js';
import { decodePng, indexedPng } from './png-palette.js';

export const PICTURES = fileURLToPath(new URL('../../docs/images/widgets/', import.meta.url));
const UPDATE = process.env.ATTNSCOPE_UPDATE_SCREENSHOTS === '1';
const VIEWPORT = { width: 720, height: 1000 };
// A picture shows at most the element's top 900 px (the tallest are 3,000),
// taken with the element 80 px below the top of the window.
const MAX_HEIGHT = 900;
const TOP = 80;
// A pixel counts as changed when a channel moves by more than this (the
// pictures keep 256 colours: 0.01% of their pixels are further than this from
// the screenshot's)...
const CHANNEL_TOLERANCE = 24;
// ...and a picture is stale when more than this share of its pixels changed
// (a changed label, value or colour changes far more than 0.5%).
const MAX_CHANGED = 0.005;
// Elements that draw only what a script gives them, with the little they are given here.
const EXAMPLE_DATA = {
  'attn-tensor-view': `(e) => { e.data = { data: Float32Array.from({ length: 12 }, (_, i) => Math.sin(i) ), shape: [3, 4] }; e.tokens = ['the', 'cat', 'sat']; }`,
  'attn-stepper': `(e) => { e.label = 'Steps'; e.steps = [{ id: 'q', label: 'Q = XW_Q' }, { id: 'k', label: 'K = XW_K' }, { id: 'w', label: 'softmax(QKᵀ/√d)' }]; e.index = 1; }`,
};

const env = usePlayground();
let widgets = [];
let page;

beforeAll(async () => {
  widgets = parseWidgetTypes(await readTypes());
  await mkdir(PICTURES, { recursive: true });
  ({ page } = await env.open('/playground/widgets.html?lang=en', { viewport: VIEWPORT, expose: false, readyTimeout: 60_000 }));
  for (const [tag, fill] of Object.entries(EXAMPLE_DATA)) {
    await page.evaluate(`(${fill})(document.querySelector('section#${tag} .live > ${tag}'))`);
  }
  await page.evaluate(() => document.fonts.ready);
}, 120_000);
afterAll(() => page?.close());

/** Whether the theme recolours what the element draws: a colour scale or a chart in its tree. */
function themed(tag) {
  return page.evaluate((t) => {
    const drawing = (e) => /^(attn-(heatmap|tensor-view|mask-grid|bias-map|line-chart)|svg|canvas)$/.test(e.localName);
    const has = (root) => [...root.querySelectorAll('*')].some((e) => drawing(e) || (e.shadowRoot && has(e.shadowRoot)));
    const e = document.querySelector(`section#${t} .live > ${t}`);
    return !!e && (drawing(e) || (!!e.shadowRoot && has(e.shadowRoot)));
  }, tag);
}

/** Share of the pixels of the committed picture that differ from the fresh screenshot; 1 when their sizes differ. */
function changedShare(committed, fresh) {
  const a = decodePng(committed), b = decodePng(fresh);
  if (a.width !== b.width || a.height !== b.height) return { share: 1, size: `${a.width}×${a.height}, now ${b.width}×${b.height}` };
  let changed = 0;
  for (let i = 0; i < a.rgba.length; i += 4) {
    for (let c = 0; c < 4; c++) if (Math.abs(a.rgba[i + c] - b.rgba[i + c]) > CHANNEL_TOLERANCE) { changed++; break; }
  }
  return { share: changed / (a.width * a.height), size: `${a.width}×${a.height}` };
}

/** Takes element `tag`'s picture in the current theme; what is wrong with the committed one, or null. */
async function picture(tag, name) {
  const element = page.locator(`section#${tag} .live > ${tag}`).first();
  if (!await element.count()) return `the widget reference has no live <${tag}>`;
  // Scrolled to TOP px below the top of the window (below the site nav), the element's box, at most MAX_HEIGHT tall
  // (a viewport screenshot: a full-page one of the 46,000 px page takes seconds).
  const clip = await element.evaluate((e, [top, max]) => {
    scrollBy(0, e.getBoundingClientRect().top - top);
    const b = e.getBoundingClientRect();
    return { x: b.left, y: b.top, width: b.width, height: Math.min(b.height, max) };
  }, [TOP, MAX_HEIGHT]);
  if (clip.width < 1 || clip.height < 1) return `<${tag}> draws nothing in its live example`;
  const fresh = await page.screenshot({ clip, animations: 'disabled', caret: 'hide' });
  const file = join(PICTURES, name);
  if (UPDATE) {
    await writeFile(file, indexedPng(fresh));
    return null;
  }
  if (!existsSync(file)) return 'missing: run `npm run screenshots`';
  const { share, size } = changedShare(await readFile(file), fresh);
  if (share <= MAX_CHANGED) return null;
  await mkdir(join(ARTIFACTS, 'widget-pictures'), { recursive: true });
  await writeFile(join(ARTIFACTS, 'widget-pictures', name), fresh);
  return `stale (${size}, ${(share * 100).toFixed(1)}% of pixels changed; now: tests/artifacts/widget-pictures/${name}): run \`npm run screenshots\` and look at it`;
}

const wanted = new Set();
describe.each(['light', 'dark'])('widget pictures, %s (docs/images/widgets/)', (scheme) => {
  beforeAll(async () => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  });
  test('every element\'s picture matches the element as it draws now', async () => {
    const problems = [];
    for (const w of widgets) {
      if (scheme === 'dark' && !(await themed(w.tag))) continue;
      const name = `${w.tag}${scheme === 'dark' ? '-dark' : ''}.png`;
      wanted.add(name);
      const problem = await picture(w.tag, name);
      if (problem) problems.push(`${name}: ${problem}`);
    }
    expect(problems, 'pictures').toEqual([]);
  }, 300_000);
});

test('no picture is left of an element or theme that no longer has one', async () => {
  expect(wanted.size).toBeGreaterThan(widgets.length);
  const extra = (await readdir(PICTURES)).filter((f) => f.endsWith('.png') && !wanted.has(f));
  expect(extra, 'pictures to delete').toEqual([]);
});
