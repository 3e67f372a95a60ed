// Every playground page follows the one page template of
// scripts/page-heads.js (shared head lines, the CSP <meta>, site.css first,
// one module script that imports ./site.js, the body opening with
// <attn-site-nav>); the check catches each kind of drift; and the CSP <meta>
// alone (a host that sends no headers) blocks inline script while the page
// still works.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CSP } from '../../scripts/serve.js';
import { HEAD_START, headProblems, pageHeadProblems } from '../../scripts/page-heads.js';
import { PAGES } from '../../web/playground/pages.js';
import { ROOT } from '../js/model_helpers.js';
import { collectErrors, usePlayground } from './browser.js';

const PLAYGROUND = join(ROOT, 'web/playground');
const LAB = readFileSync(join(PLAYGROUND, 'lab.html'), 'utf8');

describe('page template', () => {
  test('every page of pages.js follows it, and every .html of the playground is in pages.js', () => {
    expect(pageHeadProblems().join('\n')).toBe('');
    const files = readdirSync(PLAYGROUND).filter((f) => f.endsWith('.html')).sort();
    expect(files).toEqual(PAGES.map((p) => p.path).sort());
  });

  test('the CSP <meta> is the CSP scripts/serve.js sends', () => {
    expect(HEAD_START[2]).toBe(`<meta http-equiv="Content-Security-Policy" content="${CSP}">`);
    expect(CSP).toContain("script-src 'self' 'wasm-unsafe-eval'");
  });

  test('each kind of drift is caught', () => {
    expect(headProblems(LAB)).toEqual([]);
    const drifts = {
      'no site.css': LAB.replace('  <link rel="stylesheet" href="site.css">\n', ''),
      'site.css after the page\'s own': LAB.replace('<link rel="stylesheet" href="site.css">', '<link rel="stylesheet" href="zz.css">').replace('<link rel="stylesheet" href="lab.css">', '<link rel="stylesheet" href="site.css">'),
      'no CSP': LAB.replace(/ *<meta http-equiv="Content-Security-Policy"[^>]*>\n/, ''),
      'another CSP': LAB.replace("'wasm-unsafe-eval'", "'unsafe-eval'"),
      'an inline script': LAB.replace('</head>', '<script>alert(1)</script>\n</head>'),
      'an inline handler': LAB.replace('<body>', '<body onload="go()">'),
      'two scripts': LAB.replace('</head>', '<script type="module" src="site.js"></script>\n</head>'),
      'a script that does not import site.js': LAB.replace('src="lab.js"', 'src="lab-messages.js"'),
      'no nav': LAB.replace('<attn-site-nav></attn-site-nav>', ''),
      'no title': LAB.replace(/<title>[^<]*<\/title>/, ''),
      'a stray tag': LAB.replace('</head>', '<link rel="preload" href="x.js">\n</head>'),
    };
    for (const [name, html] of Object.entries(drifts)) expect(headProblems(html), name).not.toEqual([]);
  });
});

describe('the CSP <meta> on a host that sends no headers', () => {
  const env = usePlayground();

  /** Opens lab.html with the CSP header dropped (and, for the control, the <meta> too); reports whether an inline script ran. */
  async function inlineScriptRuns({ dropMeta }) {
    const page = await env.browser.context.newPage();
    const errors = collectErrors(page);
    // The page's policy is its document's (header or <meta>): only the document is intercepted.
    await page.route(/\/playground\/lab\.html/, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      let body = await response.body();
      if (dropMeta) {
        body = body.toString('utf8').replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
      }
      await route.fulfill({ response, headers, body });
    });
    await page.goto(`${env.web.origin}/playground/lab.html?lang=en`);
    await page.waitForSelector('body[data-ready="true"]');
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'globalThis.inlineRan = true;';
      document.head.append(s);
      return globalThis.inlineRan === true;
    });
    const cells = await page.locator('attn-heatmap').first().evaluate((h) => h.weights?.data.length ?? 0);
    await page.close();
    return { ran, cells, errors: errors.filter((e) => !/Content Security Policy/.test(e)) };
  }

  test('blocks an inline script while the page works; without it the same script runs', async () => {
    const withMeta = await inlineScriptRuns({ dropMeta: false });
    expect(withMeta.ran, 'inline script under the <meta> CSP').toBe(false);
    expect(withMeta.cells, 'heatmap weights computed').toBeGreaterThan(0);
    expect(withMeta.errors).toEqual([]);
    const without = await inlineScriptRuns({ dropMeta: true });
    expect(without.ran, 'inline script with no CSP at all (the control)').toBe(true);
  });
});
