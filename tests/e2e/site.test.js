// Every page of web/playground/pages.js on a phone (390 × 844), in Japanese
// and English and in the dark theme, under the strict CSP: it gets ready with
// no console error, nothing is wider than the screen, no attn-* element is
// covered by another element (light theme), and axe-core finds no serious or
// critical violation (in Japanese, and in the dark theme). The desktop size
// is site_desktop.test.js (two files, so that the two test workers share
// the work). Screenshots go to tests/artifacts/site/ (look at them).
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
      ...await checkPage(env, entry, { size: PHONE, lang: 'en' }),
      // The dark theme (prefers-color-scheme: dark): contrast and the rest again.
      ...await checkPage(env, entry, { size: PHONE, lang: 'en', colorScheme: 'dark', axe: true, covered: false }),
    ];
    expect(problems.join('\n'), 'problems').toBe('');
  }, 240_000); // three loads; the exercise gallery embeds every exercise
});
