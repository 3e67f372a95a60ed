// "Copy embed code" (web/playground/embed-code.js), checked as a reader uses
// it: the code a widget's control copies, pasted as it is into a blank page
// beside the widgets folder (dist/widgets, built by the caller into a
// temporary folder and served as attnscope/ under the strict CSP), must show
// the same numbers as the widget it was copied from. embedCodeProblems runs
// on a page a test already has open (site_desktop.test.js: every page);
// embed_code.test.js checks moved views and a dropped attribute.
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { expect } from 'vitest';
import { CSP } from '../../scripts/serve.js';
import { collectErrors } from './browser.js';

const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json', '.html': 'text/html', '.woff2': 'font/woff2' };
const EXERCISES_SAMPLED = 3; // the gallery embeds every built-in exercise; a few stand for them here

/** Every number each widget shows, in document order: its text and its exact `data-value`s, through nested shadow roots (runs in the page). */
function numbersOf(elements) {
  return elements.map((element) => {
    const out = [];
    const walk = (node) => {
      if (node.nodeType === 3) { for (const m of node.textContent.matchAll(/-?\d+(?:[.,]\d+)*(?:e[-+]?\d+)?/gi)) out.push(m[0]); return; }
      if (node.nodeType !== 1 && node.nodeType !== 11) return;
      if (node.localName === 'style' || node.localName === 'script') return;
      if (node.dataset?.value !== undefined) out.push(`=${node.dataset.value}`);
      for (const child of (node.shadowRoot ?? node).childNodes) walk(child);
      if (node.shadowRoot) for (const child of node.childNodes) walk(child);
    };
    walk(element);
    return out;
  });
}

/**
 * The numbers of the widgets `locator` matches, once two reads 200 ms apart
 * agree (they have drawn and settled): [[…], …]. With `counts` (how many
 * numbers each widget should show), reads that show fewer wait on: a widget
 * still loading its model shows nothing new for a while (up to the 20 s limit;
 * a widget that never shows them is then compared as it is, and fails).
 */
async function settledNumbers(page, locator, counts = null) {
  let last = null;
  const complete = (now) => !counts || counts.every((c, i) => (now[i]?.length ?? 0) >= c);
  for (let i = 0; i < 100; i++) {
    const now = await locator.evaluateAll(numbersOf);
    if (last && i >= 2 && JSON.stringify(now) === JSON.stringify(last) && complete(now)) return now;
    last = now;
    await page.waitForTimeout(200);
  }
  return last;
}

/**
 * A blank page made of `snippets` (pasted as they are, each in a box as wide
 * as its widget was), served as /blank/index.html beside the widgets folder
 * (/blank/attnscope/) on the playground's origin, under the page CSP.
 */
async function blankPage(env, folder, snippets) {
  const page = await env.browser.context.newPage();
  const errors = collectErrors(page);
  const body = snippets.map(({ html, width }) => `<div style="width: ${width}px">\n${html}\n</div>`).join('\n');
  await page.route(`${env.web.origin}/blank/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice('/blank/'.length);
    const headers = { 'Content-Security-Policy': CSP };
    if (path === 'index.html') {
      await route.fulfill({ headers, contentType: 'text/html', body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body>\n${body}\n</body></html>` });
    } else {
      const file = await readFile(join(folder, path.replace(/^attnscope\//, ''))).catch(() => null);
      await route.fulfill(file ? { headers, contentType: TYPES[extname(path)] ?? 'application/octet-stream', body: file } : { status: 404, body: 'not found' });
    }
  });
  await page.goto(`${env.web.origin}/blank/index.html`);
  return { page, errors };
}

/** The code a widget's control copies (through the clipboard, as a reader gets it); "Show the code" shows the same. */
async function copiedCode(page, box) {
  await box.locator('button.embed-copy').click();
  await box.locator('.embed-status').filter({ hasText: 'Copied' }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  if (!await box.locator('details').evaluate((d) => d.open)) await box.locator('summary').click();
  expect(await box.locator('code').innerText()).toBe(copied);
  return copied;
}

/**
 * For the widgets before the first `limit` controls of `page`: their numbers,
 * their copied code pasted into one blank page, and the numbers there.
 * `edit(html, i)` may change a pasted snippet (to check that the comparison fails).
 */
export async function pasteAndCompare(env, folder, page, { limit = Infinity, edit = (html) => html } = {}) {
  await page.mouse.move(0, 0); // no tooltip from where the pointer happens to rest: that is not part of the view
  const boxes = page.locator('.embed-code');
  const n = Math.min(limit, await boxes.count());
  const widgets = page.locator('.embed-code').locator('xpath=preceding-sibling::*[1]');
  const wanted = (await settledNumbers(page, widgets)).slice(0, n);
  const snippets = [];
  for (let i = 0; i < n; i++) {
    const html = edit(await copiedCode(page, boxes.nth(i)), i);
    snippets.push({ html, width: Math.ceil((await widgets.nth(i).boundingBox()).width) });
  }
  const blank = await blankPage(env, folder, snippets);
  const got = await settledNumbers(blank.page, blank.page.locator('body > div > *:not(script)'), wanted.map((w) => w.length));
  await blank.page.close();
  return snippets.map(({ html }, i) => ({ html, wanted: wanted[i], got: got[i], errors: blank.errors }));
}

/** What differs between a widget and its pasted copy, as sentences. */
export function differences(results, where) {
  const problems = [];
  results.forEach((r, i) => {
    const name = `${where} #${i} ${r.html.split('\n')[1].slice(0, 100)}`;
    if (!r.got) problems.push(`${name}: not in the pasted page`);
    else if (JSON.stringify(r.got) !== JSON.stringify(r.wanted)) {
      const at = r.wanted.findIndex((v, k) => v !== r.got[k]);
      problems.push(`${name}: number ${at} is ${r.got[at]}, not ${r.wanted[at]} (${r.got.length} vs ${r.wanted.length} numbers)`);
    }
  });
  for (const e of results[0]?.errors ?? []) problems.push(`${where} pasted: ${e}`);
  return problems;
}

/**
 * What is wrong with "Copy embed code" on playground page `path`, open in
 * `page` (in English, once drawn): a control per widget, and every widget's
 * pasted code showing its numbers. Sentences; needs clipboard permission.
 */
export async function embedCodeProblems(env, folder, page, path) {
  // The widgets: attn-* elements of the page's content, but for its own controls (a matrix typed into the lab, the language switch).
  const count = await page.evaluate(() => [...document.querySelectorAll('main *, article *')]
    .filter((e) => e.localName.startsWith('attn-') && !['attn-matrix-input', 'attn-lang-switch'].includes(e.localName)).length);
  const controls = await page.locator('.embed-code').count();
  if (controls !== count) return [`${path}: ${controls} embed-code controls for ${count} widgets`];
  const results = await pasteAndCompare(env, folder, page, { limit: path === 'exercises.html' ? EXERCISES_SAMPLED : Infinity });
  const problems = differences(results, path);
  if (!results.some((r) => r.wanted.length > 0)) problems.push(`${path}: no widget with numbers to compare`);
  return problems;
}
