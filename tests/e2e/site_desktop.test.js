// Every page of web/playground/pages.js on a desktop (1280 × 900), in
// Japanese and English, under the strict CSP: it gets ready with no console
// error, nothing is wider than the screen, no attn-* element is covered by
// another element, and axe-core finds no serious or critical violation (in
// English; site.test.js runs axe on the Japanese pages at 390 px), and the
// site nav marks the page and its group as current (nav_marks.js).
// Pictures (ATTNSCOPE_PICTURES=1): tests/artifacts/site/.
import { describe, expect, test } from 'vitest';
import { PAGES } from '../../web/playground/pages.js';
import { usePlayground } from './browser.js';
import { navMarkProblems } from './nav_marks.js';
import { checkPage } from './site-checks.js';

const env = usePlayground();
const DESKTOP = { width: 1280, height: 900 };

describe.each(PAGES)('$path', (entry) => {
  test('at 1280 px (ja, en): fits, is not covered, has no console error and no serious axe violation', async () => {
    const problems = [
      ...await checkPage(env, entry, { size: DESKTOP, lang: 'ja' }),
      ...await checkPage(env, entry, { size: DESKTOP, lang: 'en', axe: true, more: entry.standalone ? null : (page) => navMarkProblems(page, entry) }),
    ];
    expect(problems.join('\n'), 'problems').toBe('');
  }, 240_000);
});
