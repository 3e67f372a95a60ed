// docs/DEPLOY.md, as a lecture author follows it:
// - its table of what a copy of web/ may leave out is the one
//   scripts/deploy-table.js computes from what the files import and fetch;
//   copying exactly the folders it names for an element, and nothing else,
//   renders that element with no error and no failed request (each element
//   with its documented example); a copy that leaves out a folder the table
//   names fails (the control);
// - the widgets folder (dist/widgets, built here) loads from another origin
//   that sends Access-Control-Allow-Origin (a CDN), and not without it;
// - a page with one <attn-heatmap> downloads less with the heatmap's own
//   module than with every element, and none of the API it does not use
//   (the tokenizer, model loaders, workers) (scripts/widget-bytes.js).
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildWidgets } from '../../scripts/build-widgets.js';
import { FOLDERS, deployTable, documentedTable, elementTags, parseDeployTable } from '../../scripts/deploy-table.js';
import { WEB } from '../../scripts/module-graph.js';
import { CSP, startServer } from '../../scripts/serve.js';
import { readTypes } from '../../scripts/widget-docs.js';
import { measure } from '../../scripts/widget-bytes.js';
import { parseWidgetTypes } from '../../web/playground/widget-docs.js';
import { collectErrors, launchBrowser } from './browser.js';

// The documented example of each element, but where another shows what the table says the element needs.
const EXAMPLES = {
  'attn-exercise': '<attn-exercise exercise="pe-norm"></attn-exercise>', // maths: KaTeX
  'attn-train': '<attn-train text="austen"></attn-train>', // the training text
};

let browser, scratch;
beforeAll(async () => {
  browser = await launchBrowser();
  scratch = await mkdtemp(join(tmpdir(), 'attnscope-deploy-'));
});
afterAll(async () => {
  await browser?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Copies the folders `rows` (FOLDERS paths; each without the deeper rows) of web/ into `dir`/attnscope-web/. */
async function copyRows(dir, rows) {
  const deeper = (row) => FOLDERS.map((f) => f.path).filter((p) => p !== row && p.startsWith(row) && !rows.includes(p));
  for (const row of rows) {
    const skip = deeper(row).map((p) => join(WEB, p).replace(/\/$/, ''));
    await cp(join(WEB, row), join(dir, 'attnscope-web', row), { recursive: true, filter: (src) => !skip.some((s) => src === s || src.startsWith(`${s}/`)) });
  }
}

/**
 * Opens `html` as a page served from `dir` (the page CSP); waits for `tag`
 * (and `more` tags) to draw; returns {drawn, errors, failed, text, coreError,
 * katex} of `tag`, and `others`: the same for each of `more`.
 */
async function render(dir, name, html, tag, { timeout = 20_000, more = [] } = {}) {
  await writeFile(join(dir, `${name}.html`), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title><link rel="icon" href="data:,"></head><body>\n${html}\n</body></html>`);
  const server = await startServer(0, { dev: false, root: dir });
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  const failed = [];
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`); });
  page.on('requestfailed', (r) => failed.push(`failed ${new URL(r.url()).pathname}`));
  try {
    await page.goto(`http://127.0.0.1:${server.address().port}/${name}.html`);
    const states = [];
    for (const t of [tag, ...more]) {
      const drawn = await page.waitForFunction((t) => {
        const e = document.querySelector(t);
        return customElements.get(t) && e.shadowRoot?.textContent.trim() && !e.renderPending && e.coreReady !== false && (!('reference' in e) || e.reference);
      }, t, { timeout }).then(() => true, () => false);
      if (drawn) await page.evaluate((t) => document.querySelector(t).loaded, t); // a model element: its model is in
      states.push({ drawn });
    }
    await page.waitForLoadState('networkidle');
    for (const [i, t] of [tag, ...more].entries()) {
      Object.assign(states[i], await page.evaluate((t) => {
        const e = document.querySelector(t);
        return { text: e.shadowRoot?.textContent.trim().slice(0, 80) ?? '', coreError: e.coreError ? String(e.coreError) : null, katex: e.shadowRoot?.querySelectorAll('.katex').length ?? 0 };
      }, t));
    }
    return { errors, failed, ...states[0], others: states.slice(1) };
  } finally {
    await page.close();
    server.close();
  }
}

describe('the table of what a copy of web/ may leave out', () => {
  test('is what scripts/deploy-table.js computes from the files (node scripts/deploy-table.js --write updates it)', () => {
    expect(documentedTable()).toBe(deployTable());
  });

  test('names what widgets/index.js imports: exercises/ and experiments/ with the rest', () => {
    const table = parseDeployTable(documentedTable());
    for (const row of ['lib/', 'widgets/', 'exercises/', 'experiments/']) expect(table[row].index, row).toBe(true);
    expect(table['models/'].elements).toEqual(['attn-head-roles', 'attn-tiny-gpt']); // both open a default model
    expect(table['models/corpus/'].elements).toContain('attn-train');
  });

  test('each element renders from a copy of exactly the folders the table names for it', async () => {
    const table = parseDeployTable(documentedTable());
    const examples = Object.fromEntries(parseWidgetTypes(await readTypes()).map((w) => [w.tag, w.example]));
    // Elements that need the same folders share a copy, and one page: a file
    // any of them needs from outside the copy fails that page's requests.
    const groups = new Map();
    for (const tag of elementTags()) {
      const rows = FOLDERS.map((f) => f.path).filter((p) => table[p].elements.includes(tag));
      const key = rows.join(' ');
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(tag);
    }
    const problems = [];
    let n = 0;
    for (const [key, tags] of groups) {
      const dir = join(scratch, `copy${n++}`);
      await mkdir(dir, { recursive: true });
      await copyRows(dir, key.split(' '));
      const html = tags.map((tag) => `<script type="module" src="attnscope-web/widgets/define/${tag}.js"></script>\n${EXAMPLES[tag] ?? examples[tag] ?? `<${tag}></${tag}>`}`).join('\n');
      const r = await render(dir, `group${n}`, html, tags[0], { more: tags.slice(1) });
      [r, ...r.others].forEach((state, i) => {
        const where = `${tags[i]} (copied: ${key})`;
        if (!state.drawn) problems.push(`${where}: did not draw (${state.text})`);
        if (state.coreError) problems.push(`${where}: ${state.coreError}`);
        if (tags[i] === 'attn-exercise' && state.katex === 0) problems.push(`${where}: no maths typeset`);
      });
      for (const e of [...r.errors, ...r.failed]) problems.push(`${tags.join(', ')} (copied: ${key}): ${e}`);
    }
    expect(problems).toEqual([]);
    expect(n, 'copies made').toBeGreaterThan(3);
  }, 240_000);

  test('a copy by the old table (lib/ and widgets/ for every element) breaks widgets/index.js; with what the table names it works', async () => {
    const table = parseDeployTable(documentedTable());
    const html = '<script type="module" src="attnscope-web/widgets/index.js"></script>\n<attn-heatmap tokens="a b c"></attn-heatmap>';
    const old = join(scratch, 'old');
    await copyRows(old, ['lib/', 'lib/wasm/', 'widgets/']);
    const broken = await render(old, 'old', html, 'attn-heatmap', { timeout: 5000 });
    expect(broken.drawn).toBe(false);
    expect(broken.failed.join(' ')).toMatch(/404 \/attnscope-web\/(exercises|experiments)\//);
    const now = join(scratch, 'now');
    await copyRows(now, FOLDERS.map((f) => f.path).filter((p) => table[p].index || p === 'lib/wasm/'));
    const works = await render(now, 'now', html, 'attn-heatmap');
    expect(works.drawn).toBe(true);
    expect([...works.errors, ...works.failed]).toEqual([]);
  }, 60_000);
});

describe('the widgets folder', () => {
  let folder;
  beforeAll(async () => {
    folder = join(scratch, 'widgets');
    await buildWidgets({ outDir: folder, quiet: true });
  }, 120_000);

  test('loads from another origin that sends Access-Control-Allow-Origin (a CDN), and not without it', async () => {
    const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.html': 'text/html' };
    /** A static server of `root` on its own port (its own origin); `headers` go with every response. */
    const serve = (root, headers) => new Promise((ok) => {
      const s = createServer(async (req, res) => {
        const path = new URL(req.url, 'http://x').pathname;
        const body = await readFile(join(root, path)).catch(() => null);
        res.writeHead(body ? 200 : 404, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream', ...headers });
        res.end(body ?? '');
      });
      s.listen(0, '127.0.0.1', () => ok(s));
    });
    const load = async (cors) => {
      const cdn = await serve(scratch, cors ? { 'Access-Control-Allow-Origin': '*' } : {});
      const cdnOrigin = `http://127.0.0.1:${cdn.address().port}`;
      const lecture = join(scratch, `lecture-${cors}`);
      await mkdir(lecture, { recursive: true });
      await writeFile(join(lecture, 'notes.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>lecture</title><link rel="icon" href="data:,"></head><body>
<script type="module" src="${cdnOrigin}/widgets/attn-heatmap.js"></script>
<attn-heatmap tokens="the cat sat" seed="7"></attn-heatmap>
</body></html>`);
      const site = await serve(lecture, { 'Content-Security-Policy': CSP.replace("script-src 'self'", `script-src 'self' ${cdnOrigin}`).replace("default-src 'self'", `default-src 'self' ${cdnOrigin}`) });
      const page = await browser.context.newPage();
      const errors = collectErrors(page);
      await page.goto(`http://127.0.0.1:${site.address().port}/notes.html`);
      const weights = await page.waitForFunction(() => document.querySelector('attn-heatmap').weights?.data.length, null, { timeout: 10_000 }).then((h) => h.jsonValue(), () => 0);
      await page.close();
      cdn.close();
      site.close();
      return { weights, errors };
    };
    const withCors = await load(true);
    expect(withCors.weights).toBe(9);
    expect(withCors.errors).toEqual([]);
    const without = await load(false);
    expect(without.weights).toBe(0);
    expect(without.errors.join(' ')).toMatch(/CORS/);
  }, 60_000);

  test('a page with one <attn-heatmap> downloads less with its own module than with every element', async () => {
    const results = Object.fromEntries((await measure({ folders: { 'dist/widgets': folder } })).map((r) => [r.name, r]));
    for (const r of Object.values(results)) console.log(`${r.name}: ${r.requests} requests, ${(r.bytes / 1024).toFixed(0)} KB, gzip ${(r.gzip / 1024).toFixed(0)} KB`);
    for (const where of ['web/ folder', 'dist/widgets']) {
      const all = results[`${where}, every element`], one = results[`${where}, the heatmap alone`];
      expect(one.bytes, where).toBeLessThan(0.8 * all.bytes);
      expect(one.requests, where).toBeLessThan(all.requests / 3);
    }
    expect(results['dist/widgets, the heatmap alone'].requests).toBeLessThan(20);
    // The heatmap needs the core and one head's attention, not the rest of the API.
    const unneeded = results['web/ folder, the heatmap alone'].paths.filter((p) => /^lib\/(tokenizer|hf|worker)\/|^lib\/index\.js$|^lib\/ops\/(model|trainer)/.test(p));
    expect(unneeded).toEqual([]);
    expect(results['web/ folder, every element'].paths).toContain('lib/tokenizer/tokenizer.js'); // the control
  }, 60_000);
});
