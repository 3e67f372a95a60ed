// Every page of web/playground/pages.js under the strict CSP, in Japanese and
// English: it gets ready with no console error, nothing is wider than the
// screen and no attn-* element is covered by another element.
// - Japanese, on a phone (390 × 844): axe-core finds no serious or critical
//   violation; then the window widens to a desktop's 1280 px and the page
//   still fits and is not covered (the engine layer loads every page at
//   1280 px in Japanese in Chromium, Firefox and WebKit).
// - English, on a phone: then the page turns dark (prefers-color-scheme, as a
//   reader's system does): it still fits, and axe's colour rules (contrast)
//   find nothing serious.
// English at 1280 px, with axe, is site_desktop.test.js (two files, so that
// the two test workers share the work). Pictures (ATTNSCOPE_PICTURES=1):
// tests/artifacts/site/.
import { describe, expect, test } from 'vitest';
import { PAGES } from '../../web/playground/pages.js';
import { usePlayground } from './browser.js';
import { checkPage } from './site-checks.js';

const env = usePlayground();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

describe.each(PAGES)('$path', (entry) => {
  test('ja at 390 px (axe) widened to 1280 px; en at 390 px turned dark: fits, is not covered, no console error, no serious axe violation', async () => {
    const problems = [
      ...await checkPage(env, entry, { size: PHONE, lang: 'ja', axe: true, resizeTo: DESKTOP }),
      ...await checkPage(env, entry, { size: PHONE, lang: 'en', dark: true }),
    ];
    expect(problems.join('\n'), 'problems').toBe('');
  }, 240_000); // two loads; the exercise gallery embeds every exercise
});
