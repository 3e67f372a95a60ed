// Every page of web/playground/pages.js on a phone (390 × 844), in Japanese
// and English, under the strict CSP: it gets ready with no console error,
// nothing is wider than the screen, no attn-* element is covered by another
// element, and axe-core finds no serious or critical violation (in
// Japanese). The English page then turns dark (prefers-color-scheme, as a
// reader's system does): it still fits, and axe's colour rules (contrast)
// find nothing serious. The desktop size
// is site_desktop.test.js (two files, so that the two test workers share
// the work). Pictures (ATTNSCOPE_PICTURES=1): tests/artifacts/site/.
import { describe, expect, test } from 'vitest';
import { PAGES } from '../../web/playground/pages.js';
import { usePlayground } from './browser.js';
import { checkPage } from './site-checks.js';

const env = usePlayground();
const PHONE = { width: 390, height: 844 };

describe.each(PAGES)('$path', (entry) => {
  test('at 390 px (ja, en, dark): fits, is not covered, has no console error and no serious axe violation', async () => {
    const problems = [
      ...await checkPage(env, entry, { size: PHONE, lang: 'ja', axe: true }),
      // Then the dark theme (prefers-color-scheme: dark) on the same page: contrast, overflow, errors.
      ...await checkPage(env, entry, { size: PHONE, lang: 'en', dark: true }),
    ];
    expect(problems.join('\n'), 'problems').toBe('');
  }, 240_000); // two loads; the exercise gallery embeds every exercise
});
