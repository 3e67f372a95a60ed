// Checks the site-wide browser tests run on every page (site.test.js,
// site_desktop.test.js): horizontal overflow, attn-* elements covered by
// something else, and axe-core's serious and critical violations; and
// checkPage, one visit of a page with all of them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import { collectErrors, screenshot } from './browser.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** How far (px) the page is wider than its viewport; 0 when it fits. */
export async function horizontalOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * The visible top-level attn-* elements whose centre, once scrolled into
 * view, is covered by another element: [{tag, id, by}] (empty when none).
 */
export async function coveredElements(page) {
  const count = await page.evaluate(() => document.querySelectorAll('body *').length);
  if (!count) return [];
  return page.evaluate(async () => {
    const covered = [];
    const all = [...document.querySelectorAll('*')].filter((e) => e.localName.startsWith('attn-'));
    for (const element of all) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      await new Promise(requestAnimationFrame);
      const r = element.getBoundingClientRect();
      const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== element && !element.contains(hit)) {
        covered.push({ tag: element.localName, id: element.id, by: `${hit.localName}${hit.id ? `#${hit.id}` : ''}.${[...hit.classList].join('.')}` });
      }
    }
    scrollTo(0, 0);
    return covered;
  });
}

// The axe rules a colour scheme can change; the rest (names, roles, structure,
// language) read the same document whatever the colours.
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core's serious and critical violations (`rules`: only those): [{id, impact, nodes, help, targets}]. */
export async function axeViolations(page, rules = null) {
  // page.evaluate runs through the DevTools protocol, which the page's CSP does not govern.
  if (!await page.evaluate(() => !!globalThis.axe)) await page.evaluate(AXE_SOURCE);
  const options = { resultTypes: ['violations'], ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}) };
  const results = await page.evaluate((o) => globalThis.axe.run(document, o), options);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

// Pages without a script of their own (the embedding example) are ready when their heatmaps have drawn.
const ready = (standalone) => document.body.dataset.ready === 'true'
  || (standalone && [...document.querySelectorAll('attn-heatmap')].every((h) => h.weights));

/**
 * Opens page `entry` (of pages.js) at `size` in `lang` in env's browser and
 * returns what is wrong: errors, overflow, covered elements (unless
 * covered: false), axe's serious and critical findings (when axe: true),
 * undocumented attributes on the widget reference. With `dark`, the same
 * page then turns to the dark colour scheme (as when a reader's system
 * does; the elements redraw) and is checked again: overflow, errors, and
 * axe's colour rules. `more(page)` adds a caller's own checks (sentences).
 * With `resizeTo`, the page is then resized (a window widened, a phone
 * turned) and checked again for overflow and covered elements.
 * Pictures (PICTURES): tests/artifacts/site/<nav>-<width>-<lang>[-dark].png.
 */
export async function checkPage(env, entry, { size, lang, axe = false, covered = true, dark = false, more = null, resizeTo = null }) {
  const problems = [];
  const page = await env.browser.context.newPage();
  try {
    await page.setViewportSize(size);
    const errors = collectErrors(page);
    await page.goto(`${env.web.origin}/playground/${entry.path}?lang=${lang}`);
    await page.waitForFunction(ready, !!entry.standalone, { timeout: 30_000 });
    const where = `${entry.path} ${size.width}px ${lang}`;
    if (!entry.standalone) expect(await page.evaluate(() => document.documentElement.lang), where).toBe(lang);
    await screenshot(page, `site/${entry.nav}-${size.width}-${lang}`);
    await checkView(page, where, problems, { covered, axe });
    // The widget reference marks attributes an element observes but its documentation does not name.
    const undocumented = await page.evaluate(() => document.body.dataset.undocumented ?? '0');
    if (undocumented !== '0') problems.push(`${where}: ${undocumented} undocumented attributes`);
    if (more) problems.push(...await more(page));
    if (resizeTo) {
      await page.setViewportSize(resizeTo);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100)))));
      await screenshot(page, `site/${entry.nav}-${resizeTo.width}-${lang}`);
      await checkView(page, `${entry.path} ${resizeTo.width}px ${lang} (resized)`, problems, { covered, axe: false });
    }
    if (dark) {
      const background = () => page.evaluate(() => [document.documentElement, document.body].map((e) => `${getComputedStyle(e).backgroundColor} ${getComputedStyle(e).color}`).join(' '));
      const light = await background();
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      // A page without a script of its own (the embedding example) keeps its colours; its elements follow the scheme.
      if (!entry.standalone && await background() === light) problems.push(`${where}: the page did not turn dark (background ${light})`);
      await screenshot(page, `site/${entry.nav}-${size.width}-${lang}-dark`);
      await checkView(page, `${where} dark`, problems, { covered: false, axe: true, rules: COLOUR_RULES });
    }
    for (const e of errors) problems.push(`${where}: ${e}`);
  } finally {
    await page.close();
  }
  return problems;
}

/** Adds to `problems` the page's overflow, covered elements (covered) and axe findings (axe; `rules`: only those). */
async function checkView(page, where, problems, { covered, axe, rules = null }) {
  const overflow = await horizontalOverflow(page);
  if (overflow > 0) problems.push(`${where}: ${overflow}px wider than the screen`);
  if (covered) for (const c of await coveredElements(page)) problems.push(`${where}: <${c.tag}${c.id ? `#${c.id}` : ''}> covered by ${c.by}`);
  if (axe) for (const v of await axeViolations(page, rules)) problems.push(`${where}: axe ${v.impact} ${v.id} (${v.nodes} nodes: ${v.help}) e.g. ${v.targets.join(', ')}`);
}
