// Every page of web/playground/pages.js on a desktop (1280 × 900) in English,
// under the strict CSP: it gets ready with no console error, nothing is wider
// than the screen, no attn-* element is covered by another element, and
// axe-core finds no serious or critical violation (site.test.js: Japanese
// at 390 px widened to 1280, and English at 390 px). While the page is open: the site nav marks the page and its group as current
// (nav_marks.js), and every widget's "Copy embed code", pasted into a blank
// page beside the widgets folder, shows the widget's numbers (embed_code.js).
// Pictures (ATTNSCOPE_PICTURES=1): tests/artifacts/site/.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildWidgets } from '../../scripts/build-widgets.js';
import { PAGES } from '../../web/playground/pages.js';
import { usePlayground } from './browser.js';
import { embedCodeProblems } from './embed_code.js';
import { navMarkProblems } from './nav_marks.js';
import { checkPage } from './site-checks.js';

const env = usePlayground();
const DESKTOP = { width: 1280, height: 900 };

let widgets; // dist/widgets, built for this file: what pasted embed code loads
beforeAll(async () => {
  widgets = await mkdtemp(join(tmpdir(), 'attnscope-widgets-'));
  await buildWidgets({ outDir: widgets, quiet: true });
  await env.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.web.origin });
}, 120_000);
afterAll(() => widgets && rm(widgets, { recursive: true, force: true }));

/** The English visit's own checks: the nav's marks and every widget's embed code. */
const whileOpen = (entry) => (entry.standalone ? null : async (page) => [
  ...await navMarkProblems(page, entry),
  ...await embedCodeProblems(env, widgets, page, entry.path),
]);

describe.each(PAGES)('$path', (entry) => {
  test('en at 1280 px: fits, is not covered, has no console error and no serious axe violation; nav marks and embed code', async () => {
    const problems = await checkPage(env, entry, { size: DESKTOP, lang: 'en', axe: true, more: whileOpen(entry) });
    expect(problems.join('\n'), 'problems').toBe('');
  }, 240_000);
});
