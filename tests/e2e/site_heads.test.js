// The page template (web/playground/page-template.js): every page of
// pages.js is its body alone, and the template gives each the same head (the
// CSP <meta> equal to the header scripts/serve.js sends, site.css first, one
// module script that imports ./site.js), the site nav, the heading and lede
// of a page with a `main` layout, and its footer; the
// dev server serves exactly that document; and the CSP <meta> alone (a host
// that sends no headers) blocks inline script while the page still works.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CSP } from '../../scripts/serve.js';
import { PAGES } from '../../web/playground/pages.js';
import { pageScript, renderPage } from '../../web/playground/page-template.js';
import { ROOT } from '../js/model_helpers.js';
import { collectErrors, usePlayground } from './browser.js';

const PLAYGROUND = join(ROOT, 'web/playground');
const TEMPLATED = PAGES.filter((p) => !p.standalone);
const source = (page) => readFileSync(join(PLAYGROUND, page.path), 'utf8');
const render = (page) => renderPage(page, source(page), { csp: CSP });

/** The tags of an HTML fragment, comments and whitespace dropped; a script or title keeps its closing tag. */
const tags = (html) => [...html.replace(/<!--[\s\S]*?-->/g, '')
  .matchAll(/<(title|script|style)\b[^>]*>[\s\S]*?<\/\1>|<[^>]+>/g)].map((m) => m[0].replace(/\s+/g, ' ').trim());

/** Whether the module `file` imports ./site.js, itself or through a module it imports. */
function importsSite(file, seen = new Set()) {
  if (seen.has(file) || !existsSync(file)) return false;
  seen.add(file);
  const imports = [...readFileSync(file, 'utf8').matchAll(/^import (?:[^'"]*from )?'(\.\/[^']+)';/gm)].map((m) => join(dirname(file), m[1]));
  return imports.some((path) => path === join(PLAYGROUND, 'site.js') || importsSite(path, seen));
}

describe('page files', () => {
  test('every .html of the playground is in pages.js', () => {
    const files = readdirSync(PLAYGROUND).filter((f) => f.endsWith('.html')).sort();
    expect(files).toEqual(PAGES.map((p) => p.path).sort());
  });

  test.each(TEMPLATED.map((p) => [p.path, p]))('%s holds its body only: no head, nav, footer, or script of its own', (path, page) => {
    const body = source(page);
    for (const [what, pattern] of [
      ['a doctype', /<!doctype/i], ['a <head>', /<head\b/], ['a <body> tag', /<body\b/], ['the site nav', /<attn-site-nav\b/],
      ['a footer', /<footer\b/], ['a <script>', /<script\b/], ['an inline event handler', /\son[a-z]+\s*=/i],
      ...(page.main ? [['its own <main> (the template opens it)', /<main\b/], ['its own heading (the template writes it)', /class="page-title"/]] : []),
    ]) expect(pattern.test(body), `${path} has ${what}`).toBe(false);
  });
});

describe('the template', () => {
  test.each(TEMPLATED.map((p) => [p.path, p]))('%s: the shared head, the nav first in the body, one script that imports site.js', (path, page) => {
    const html = render(page);
    const head = tags(/<head>([\s\S]*?)<\/head>/.exec(html)[1]);
    expect(head.slice(0, 3)).toEqual([
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    ]);
    expect(head[3]).toMatch(/^<title>[^<]+<\/title>$/);
    expect(head[4]).toBe('<link rel="icon" href="data:,">');
    const sheets = head.slice(5, -1);
    expect(sheets[0]).toBe('<link rel="stylesheet" href="site.css">');
    for (const sheet of sheets) expect(existsSync(join(PLAYGROUND, /href="([^"]+)"/.exec(sheet)[1])), sheet).toBe(true);
    expect(head.at(-1)).toBe(`<script type="module" src="${pageScript(page)}"></script>`);
    expect(importsSite(join(PLAYGROUND, pageScript(page))), `${pageScript(page)} imports ./site.js`).toBe(true);
    expect(/<body>\s*<attn-site-nav><\/attn-site-nav>/.test(html)).toBe(true);
    if (page.main) {
      expect(html).toMatch(/<attn-site-nav><\/attn-site-nav>\s*<main class="layout( single)?">\s*<h1 class="page-title" data-i18n="title">[^<]+<\/h1>\s*<p class="lede" data-i18n="lede"><\/p>/);
      expect(html.match(/<main\b/g)).toHaveLength(1);
    }
    expect(html.match(/<script\b/g)).toHaveLength(1);
    if (page.footer === 'backend') expect(html).toContain('<code id="backend">');
    expect(html.includes('<footer'), `${path} footer`).toBe(!!page.footer);
  });

  test('refuses a whole document, a standalone page and an unknown footer, naming the page', () => {
    const lab = PAGES.find((p) => p.nav === 'lab');
    expect(() => renderPage(lab, render(lab), { csp: CSP })).toThrow(/lab\.html is a whole document/);
    expect(() => renderPage(PAGES.find((p) => p.standalone), '', { csp: CSP })).toThrow(/embed\.html is a standalone page/);
    expect(() => renderPage({ ...lab, footer: 'big' }, '', { csp: CSP })).toThrow(/lab\.html: footer must be one of/);
    expect(() => renderPage({ ...lab, main: 'wide' }, '', { csp: CSP })).toThrow(/lab\.html: main must be one of/);
  });

  test('the CSP <meta> is the CSP scripts/serve.js sends, and it has no eval', () => {
    expect(render(PAGES[0])).toContain(`content="${CSP}"`);
    expect(/script-src ([^;]*)/.exec(CSP)[1]).toBe("'self' 'wasm-unsafe-eval'");
  });
});

describe('served', () => {
  const env = usePlayground();

  test('the dev server sends each page as the template renders it, and a standalone page as its file', async () => {
    for (const page of PAGES) {
      const response = await fetch(`${env.web.origin}/playground/${page.path}`);
      expect(response.status, page.path).toBe(200);
      expect(response.headers.get('content-security-policy')).toBe(CSP);
      expect(await response.text(), page.path).toBe(page.standalone ? source(page) : render(page));
    }
    const home = await fetch(`${env.web.origin}/playground/`);
    expect(await home.text()).toBe(render(PAGES.find((p) => p.path === 'index.html')));
  });

  /** Opens lab.html with the CSP header dropped (and, for the control, the <meta> too); reports whether an inline script ran. */
  async function inlineScriptRuns({ dropMeta }) {
    const page = await env.browser.context.newPage();
    const errors = collectErrors(page);
    await page.route('**/*', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      let body = await response.body();
      if (dropMeta && route.request().resourceType() === 'document') {
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

  test('the CSP <meta> blocks an inline script while the page works; without it the same script runs', async () => {
    const withMeta = await inlineScriptRuns({ dropMeta: false });
    expect(withMeta.ran, 'inline script under the <meta> CSP').toBe(false);
    expect(withMeta.cells, 'heatmap weights computed').toBeGreaterThan(0);
    expect(withMeta.errors).toEqual([]);
    const without = await inlineScriptRuns({ dropMeta: true });
    expect(without.ran, 'inline script with no CSP at all (the control)').toBe(true);
  });
});
