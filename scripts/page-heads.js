// The one template of a playground page's <head> and header, and the check
// that every page in web/playground/pages.js follows it. The pages stay plain
// HTML files (dev serving needs no step, old addresses keep working, the CSP
// needs no inline script); this check, run by tests/e2e/site_heads.test.js
// and before every production build, is what keeps them from drifting.
//   node scripts/page-heads.js      prints each deviation; exit 1 if any
//
// A page's <head>, in this order (comments aside):
//   <meta charset="utf-8">
//   <meta name="viewport" content="width=device-width, initial-scale=1">
//   <meta http-equiv="Content-Security-Policy" content="…">   the CSP of scripts/serve.js, for hosts that send no headers
//   <title>…</title>
//   <link rel="icon" href="data:,">
//   <link rel="stylesheet" href="site.css">                    the shared colours, type, focus, motion and forced colours
//   <link rel="stylesheet" href="page.css">                    any number of the page's own
//   <script type="module" src="page.js"></script>              exactly one; it imports ./site.js (the nav, <html lang>)
// and the <body> opens with <attn-site-nav></attn-site-nav>.
// A standalone page (an author's plain page, e.g. embed.html) only needs the
// first two lines and no inline script.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGES } from '../web/playground/pages.js';
import { CSP } from './serve.js';

const PLAYGROUND = fileURLToPath(new URL('../web/playground/', import.meta.url));

export const HEAD_START = [
  '<meta charset="utf-8">',
  '<meta name="viewport" content="width=device-width, initial-scale=1">',
  `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
];
const ICON = '<link rel="icon" href="data:,">';
const SITE_CSS = '<link rel="stylesheet" href="site.css">';
const STYLESHEET = /^<link rel="stylesheet" href="[a-z0-9-]+\.css">$/;
const TITLE = /^<title>[^<]+<\/title>$/;
const SCRIPT = /^<script type="module" src="([a-z0-9-]+\.js)"><\/script>$/;

/** The tags of an HTML fragment, comments and whitespace dropped; a script or title keeps its closing tag. */
function tags(fragment) {
  const text = fragment.replace(/<!--[\s\S]*?-->/g, '');
  return [...text.matchAll(/<(title|script|style)\b[^>]*>[\s\S]*?<\/\1>|<[^>]+>/g)].map((m) => m[0].replace(/\s+/g, ' ').trim());
}

/** Whether `file` (a module of the playground) imports ./site.js, itself or through a module it imports. */
function importsSite(file, seen = new Set()) {
  if (seen.has(file) || !existsSync(file)) return false;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  const imports = [...source.matchAll(/^import (?:[^'"]*from )?'(\.\/[^']+)';/gm)].map((m) => join(dirname(file), m[1]));
  return imports.some((path) => path === join(PLAYGROUND, 'site.js') || importsSite(path, seen));
}

/** The deviations of one page's HTML from the template: a list of sentences (empty when it follows it). */
export function headProblems(html, { standalone = false, dir = PLAYGROUND } = {}) {
  const problems = [];
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1];
  if (head === undefined) return ['no <head>'];
  const got = tags(head);
  if (/<script(?![^>]*\bsrc=)[^>]*>/.test(html)) problems.push('an inline <script> (the CSP allows none)');
  if (/\son[a-z]+\s*=/i.test(html)) problems.push('an inline event handler attribute (the CSP allows none)');
  const start = standalone ? HEAD_START.slice(0, 2) : HEAD_START;
  start.forEach((line, i) => { if (got[i] !== line) problems.push(`line ${i + 1} of the head is ${got[i] ?? 'missing'}, not ${line}`); });
  if (standalone) return problems;
  let i = start.length;
  if (!TITLE.test(got[i] ?? '')) problems.push(`a <title> must follow the CSP, not ${got[i] ?? 'nothing'}`); else i++;
  if (got[i] !== ICON) problems.push(`${ICON} must follow the title, not ${got[i] ?? 'nothing'}`); else i++;
  if (got[i] !== SITE_CSS) problems.push(`${SITE_CSS} must be the first stylesheet, not ${got[i] ?? 'nothing'}`); else i++;
  while (STYLESHEET.test(got[i] ?? '') && got[i] !== SITE_CSS) i++;
  const script = SCRIPT.exec(got[i] ?? '');
  if (!script) problems.push(`the page's one module script must come after its stylesheets, not ${got[i] ?? 'nothing'}`);
  else {
    if (!importsSite(join(dir, script[1]))) problems.push(`${script[1]} does not import ./site.js (itself or through a module it imports)`);
    i++;
  }
  if (i < got.length) problems.push(`unexpected in the head: ${got.slice(i).join(' ')}`);
  const body = /<body>\s*(<[^>]+>)/.exec(html)?.[1];
  if (body !== '<attn-site-nav>') problems.push(`the body must open with <attn-site-nav>, not ${body ?? 'nothing'}`);
  return problems;
}

/** Every page of pages.js checked, and every .html of the playground listed there: ['page: problem', …]. */
export function pageHeadProblems() {
  const problems = [];
  for (const page of PAGES) {
    const html = readFileSync(join(PLAYGROUND, page.path), 'utf8');
    for (const p of headProblems(html, { standalone: !!page.standalone })) problems.push(`${page.path}: ${p}`);
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = pageHeadProblems();
  for (const p of problems) console.error(p);
  console.log(problems.length ? `${problems.length} deviations from the page template` : `${PAGES.length} pages follow the page template`);
  process.exitCode = problems.length ? 1 : 0;
}
