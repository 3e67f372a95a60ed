// Turns a whole playground page (a full HTML document with the shared head,
// nav and footer written out) into the page file web/playground/page-template.js
// expects: only its body. Prints the fields its pages.js entry needs (css,
// footer), and refuses when the page does not follow the shared shape, so
// nothing of it is lost on the way.
//   node scripts/page-convert.js new-page.html [more.html …]   (names under web/playground/)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGES } from '../web/playground/pages.js';
import { renderPage } from '../web/playground/page-template.js';
import { CSP } from './serve.js';

const PLAYGROUND = fileURLToPath(new URL('../web/playground/', import.meta.url));

const tags = (html) => html.replace(/<!--[\s\S]*?-->/g, '').replace(/<title>[^<]*<\/title>/, '<title></title>')
  .replace(/<h1 class="page-title" data-i18n="title">[^<]*<\/h1>/, '<h1 class="page-title" data-i18n="title"></h1>')
  .replace(/<span data-i18n="(footer|backend)">[^<]*<\/span>/g, '<span data-i18n="$1"></span>')
  .replace(/<html lang="[a-z]+">/, '<html>').replace(/\s+/g, ' ').replace(/> </g, '><').trim();

const HEADER = /^\s*<main class="(layout(?: single)?)">\s*<h1 class="page-title" data-i18n="title">[^<]*<\/h1>\s*<p class="lede" data-i18n="lede"><\/p>\s*\n/;

/** {body, css, footer, main, script} of a whole page; throws when it is not of the shared shape. */
export function splitPage(html, path) {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1];
  if (!head) throw new Error(`${path}: no <head>`);
  const css = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]).filter((h) => h !== 'site.css');
  const script = /<script type="module" src="([^"]+)"><\/script>/.exec(head)?.[1];
  const open = html.indexOf('<attn-site-nav></attn-site-nav>');
  if (open < 0) throw new Error(`${path}: the body does not open with <attn-site-nav>`);
  let rest = html.slice(open + '<attn-site-nav></attn-site-nav>'.length, html.lastIndexOf('</body>'));
  const footerAt = rest.search(/<footer class="foot">/);
  let footer;
  if (footerAt >= 0) {
    footer = /<code id="backend">/.test(rest.slice(footerAt)) ? 'backend' : 'text';
    rest = rest.slice(0, footerAt);
  }
  let main;
  const header = HEADER.exec(rest);
  if (header && rest.trimEnd().endsWith('</main>')) {
    main = header[1] === 'layout' ? 'columns' : 'single';
    rest = rest.slice(header[0].length).trimEnd().replace(/<\/main>$/, '');
  }
  const body = rest.replace(/^\s*\n/, '').replace(/\s+$/, '\n');
  return { body, css, footer, main, script };
}

function convert(name) {
  const file = join(PLAYGROUND, name);
  const html = readFileSync(file, 'utf8');
  const { body, css, footer, main, script } = splitPage(html, name);
  const entry = { ...PAGES.find((p) => p.path === name), path: name, css, footer, main };
  if (!entry.nav) entry.nav = name.replace(/\.html$/, '');
  if (script !== `${entry.nav}.js`) entry.script = script;
  // The page rebuilt from the template must be the page we started from (titles and footer texts aside: the script sets them).
  const again = renderPage(entry, body, { csp: CSP });
  if (tags(again) !== tags(html)) throw new Error(`${name}: the template does not rebuild this page; convert it by hand`);
  writeFileSync(file, `<!-- The body of ${name}: its head, nav and footer come from page-template.js and its entry in pages.js. -->\n${body}`);
  const fields = { css, ...(main ? { main } : {}), ...(footer ? { footer } : {}), ...(entry.script ? { script } : {}) };
  console.log(`${name}: converted; its entry in pages.js needs ${JSON.stringify(fields)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const name of process.argv.slice(2)) convert(name);
}
