// Checks the site-wide browser tests run on every page (site.test.js):
// horizontal overflow, attn-* elements covered by something else, and
// axe-core's serious and critical violations.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

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

/** axe-core's serious and critical violations: [{id, impact, nodes, help, targets}]. */
export async function axeViolations(page) {
  // page.evaluate runs through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() => globalThis.axe.run(document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}
