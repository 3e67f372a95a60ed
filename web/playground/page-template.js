// The one template of a playground page. Each page's file (basics.html, …)
// holds only what is its own: the body between the site nav and the footer
// (for a page with a `main` layout, what follows its heading and lede).
// Its entry in pages.js says the rest (title, stylesheets, layout, footer);
// this function puts them together. scripts/serve.js --dev runs it on every
// request (an edited page shows on reload) and scripts/build-site.js in
// Vite's build, so the sources and dist/site serve the same document.
// Runs in Node only. A standalone page (an author's plain page such as
// embed.html) is a whole document and is served as it is.
//
// The head, in this order: charset, viewport, the CSP as a <meta> (for hosts
// that send no headers), the title, an empty icon (no /favicon.ico request),
// site.css (colours, type, focus, motion), the page's own stylesheets, and
// its one module script, which imports ./site.js (the nav, <html lang>).

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// A page file may open with a comment saying what it is; it stays out of the page.
const LEADING_COMMENT = /^\s*<!--[\s\S]*?-->[ \t]*\n?/;

const FOOTERS = {
  // What computed the numbers (the page's `footer` message) and, filled in by its script, the backend.
  backend: [
    '  <footer class="foot">',
    '    <span data-i18n="footer"></span>',
    '    · <span data-i18n="backend">backend</span>: <code id="backend">…</code>',
    '  </footer>',
  ],
  text: ['  <footer class="foot"><span data-i18n="footer"></span></footer>'],
};

// The <main> of a page with the shared header: its class by the entry's `main`.
const LAYOUTS = { single: 'layout single', columns: 'layout' };

/** The title before the page's script sets it in the reader's language. */
export const documentTitle = (page) => (page.path === 'index.html' ? 'attnscope' : `${page.title.en} — attnscope`);

/** The module script of a page: `script` in its entry, else <nav>.js. */
export const pageScript = (page) => page.script ?? `${page.nav}.js`;

/**
 * The whole HTML document of `page` (an entry of pages.js) around `body`
 * (the text of its file). `csp`: the Content-Security-Policy for the <meta>.
 */
export function renderPage(page, body, { csp }) {
  if (page.standalone) throw new Error(`${page.path} is a standalone page: it is served as it is`);
  if (/^\s*<!doctype/i.test(body)) {
    throw new Error(`${page.path} is a whole document: keep only its body (node scripts/page-convert.js ${page.path})`);
  }
  const footer = page.footer ? FOOTERS[page.footer] : [];
  if (!footer) throw new Error(`${page.path}: footer must be one of ${Object.keys(FOOTERS).join(', ')} (got ${page.footer})`);
  if (page.main && !LAYOUTS[page.main]) throw new Error(`${page.path}: main must be one of ${Object.keys(LAYOUTS).join(', ')} (got ${page.main})`);
  const own = body.replace(LEADING_COMMENT, '').replace(/\s+$/, '');
  // The heading and lede: their text is the page's `title` and `lede` messages, set by its script.
  const content = page.main ? [
    `  <main class="${LAYOUTS[page.main]}">`,
    `    <h1 class="page-title" data-i18n="title">${esc(page.title.en)}</h1>`,
    '    <p class="lede" data-i18n="lede"></p>',
    '',
    own,
    '  </main>',
    '',
  ] : [own];
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '  <meta charset="utf-8">',
    '  <meta name="viewport" content="width=device-width, initial-scale=1">',
    `  <meta http-equiv="Content-Security-Policy" content="${esc(csp)}">`,
    `  <title>${esc(documentTitle(page))}</title>`,
    '  <link rel="icon" href="data:,">',
    ...['site.css', ...(page.css ?? [])].map((href) => `  <link rel="stylesheet" href="${esc(href)}">`),
    `  <script type="module" src="${esc(pageScript(page))}"></script>`,
    '</head>',
    '<body>',
    '  <attn-site-nav></attn-site-nav>',
    ...content,
    ...footer,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
