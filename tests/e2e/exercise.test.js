// <attn-exercise> in Chromium, on the example lecture page
// (web/playground/lecture.html) served under the strict CSP: numeric and
// code answers checked right and wrong, progress kept and reset, the code
// sandbox stopping an infinite loop while the page keeps working, and
// learner code unable to reach the host page's cookie, storage or DOM.
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CSP, SANDBOX_CSP, sourceBody } from '../../scripts/serve.js';
import { collectErrors, exposeLib, launchBrowser, picture, screenshot, serveWeb } from './browser.js';

let web, browser;

beforeAll(async () => {
  web = await serveWeb();
  browser = await launchBrowser({ locale: 'en-US' });
});

afterAll(async () => {
  await browser?.close();
  web?.server.close();
});

/** Opens the lecture and waits until its heatmaps and three exercises are drawn. */
async function openLecture() {
  const page = await browser.context.newPage();
  const errors = collectErrors(page);
  const responses = [];
  page.on('response', (r) => responses.push(r));
  const response = await page.goto(`${web.origin}/playground/lecture.html`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.locator('attn-exercise .card[data-kind]').nth(2).waitFor();
  return { page, errors, responses, response, ex: (n) => page.locator('attn-exercise').nth(n) };
}

const feedback = (ex) => ex.locator('.feedback').innerText();

/** A picture of one element to tests/artifacts/<name>.png (when pictures are on). */
const shootElement = (locator, name) => picture(locator, name);

/** Checks and waits for the element's result (code runs asynchronously). */
async function submit(ex, answer) {
  await ex.locator('#answer').fill(answer);
  return ex.evaluate((el) => el.check());
}

const ROPE_MINUS_THETA = `function rope(x, pos) {
  const D = x.length, y = new Array(D);
  for (let i = 0; i < D / 2; i++) {
    const a = pos * Math.pow(10000, -2 * i / D);
    y[2 * i] = x[2 * i] * Math.cos(a) + x[2 * i + 1] * Math.sin(a);
    y[2 * i + 1] = -x[2 * i] * Math.sin(a) + x[2 * i + 1] * Math.cos(a);
  }
  return y;
}`;

describe('exercises on the lecture page', () => {
  test('the page loads under the strict CSP, typesets maths from its own origin and shows three exercises', async () => {
    const { page, errors, responses, response, ex } = await openLecture();
    const csp = response.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/'unsafe-eval'/);
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('attn-exercise .card').evaluateAll((cards) => cards.map((c) => c.dataset.kind))).toEqual(['vector', 'number', 'code']);
    expect(await ex(0).locator('.katex').count()).toBeGreaterThan(3);
    expect(await page.locator('article .tex .katex').count()).toBeGreaterThan(10);
    const urls = responses.map((r) => r.url());
    expect(urls.filter((u) => !u.startsWith(web.origin) && !u.startsWith('data:'))).toEqual([]);
    expect(urls).toContain(`${web.origin}/vendor/katex/katex.mjs`);
    expect(urls.some((u) => u.startsWith(`${web.origin}/vendor/katex/fonts/`) && u.endsWith('.woff2'))).toBe(true);
    // The code exercise started the sandbox: its page has its own policy.
    await expect.poll(() => responses.find((r) => r.url().endsWith('/exercises/sandbox/frame.html'))).toBeTruthy();
    const frame = responses.find((r) => r.url().endsWith('/exercises/sandbox/frame.html'));
    expect(frame.headers()['content-security-policy']).toBe(SANDBOX_CSP);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('an unknown id or a missing pack is explained in place; seed and variant choose the numbers', async () => {
    const { page, errors } = await openLecture();
    const got = await page.evaluate(async () => {
      const make = (attrs) => {
        const e = document.createElement('attn-exercise');
        for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
        document.body.append(e);
        return e;
      };
      const next = (e, type) => new Promise((ok) => e.addEventListener(type, (ev) => ok(ev.detail), { once: true }));
      const unknown = make({ exercise: 'no-such-exercise' });
      const missing = make({ src: './missing-pack.json#x' });
      const lecture = make({ exercise: 'rope-relative' });
      const other = make({ exercise: 'rope-relative', variant: '3' });
      const reseeded = make({ exercise: 'rope-relative', variant: '3', seed: '9' });
      const [a, b] = await Promise.all([next(unknown, 'error'), next(missing, 'error'),
        next(lecture, 'ready'), next(other, 'ready'), next(reseeded, 'ready')]);
      const shown = (e) => e.shadowRoot.querySelector('.status').textContent;
      return { a: a.message, aShown: shown(unknown), b: b.message, inputs: [lecture, other, reseeded].map((e) => e.prepared.inputs) };
    });
    expect(got.a).toMatch(/^no exercise "no-such-exercise" in the built-in pack \(it has: .*rope-relative/);
    expect(got.aShown).toBe(`Cannot show this exercise: ${got.a}`);
    expect(got.b).toBe('could not load /playground/missing-pack.json (HTTP 404)');
    const [lecture, other, reseeded] = got.inputs;
    expect([lecture.m1, lecture.n1, lecture.m2, lecture.n2]).toEqual([5, 3, 12, 10]); // the example the prompt promises
    expect(other).not.toEqual(lecture);
    expect(reseeded).not.toEqual(other);
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    await page.close();
  });

  test('a numeric answer: a declared mistake is named, a wrong entry is located, the right answer is accepted and remembered', async () => {
    const { page, errors, ex } = await openLecture();
    await page.evaluate(() => localStorage.clear());
    const pe = ex(0);
    expect(await submit(pe, '[cos(1), sin(1), cos(0.01), sin(0.01)]')).toMatchObject({ correct: false, reason: 'mistake', mistake: 'swapped-sin-cos' });
    expect(await feedback(pe)).toContain('Not quite — this looks like a common mistake: sin and cos are swapped');
    expect(await submit(pe, '[0.84, 0.54, 0.5, 1]')).toMatchObject({ reason: 'mismatch' });
    expect(await feedback(pe)).toMatch(/1 of 4 numbers are off\.\s+The first is \[2\] \(number 3\): you wrote 0\.5, which is too large\./);
    expect(await pe.locator('.explanation').isVisible()).toBe(false);

    // The right answer, computed here through the public API (what the element compares with).
    await exposeLib(page);
    const right = await page.evaluate(() => `[${Array.from(globalThis.attnscope.sinusoidalPositionalEncoding(2, 4).data.slice(4)).join(', ')}]`);
    expect(await submit(pe, right)).toMatchObject({ correct: true });
    expect(await feedback(pe)).toBe('Correct!');
    expect(await pe.locator('.explanation').isVisible()).toBe(true);
    expect(await pe.locator('.badge').isVisible()).toBe(true);
    expect(await pe.locator('.attempts').innerText()).toBe('3 attempts');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('attnscope.exercise.pe-position')))).toEqual({ attempts: 3, solved: true, revealed: false, hints: 0 });

    // The author's JSON pack: its own mistake names and its own progress key.
    const dot = ex(1);
    expect(await submit(dot, '2')).toMatchObject({ reason: 'mistake', mistake: 'same-position' });
    expect(await feedback(dot)).toContain('this is a position with itself (the squared norm)');
    expect(await submit(dot, 'cos(1) + cos(0.01)')).toMatchObject({ correct: true });
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('attnscope.exercise.lecture-demo/pe-neighbour-dot')).solved)).toBe(true);

    // Progress survives a reload; reset forgets it.
    await page.reload();
    await page.locator('attn-exercise .card[data-kind="vector"]').waitFor();
    expect(await ex(0).locator('.badge').isVisible()).toBe(true);
    await ex(0).locator('button[data-action="reset"]').click();
    expect(await ex(0).locator('.badge').isVisible()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('attnscope.exercise.pe-position'))).toBeNull();
    expect(await feedback(ex(0))).toBe('Progress reset.');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a code answer: a wrong function is diagnosed by name, an exception by line, and the solution passes', async () => {
    const { page, errors, ex } = await openLecture();
    const rope = ex(2);
    expect(await submit(rope, ROPE_MINUS_THETA)).toMatchObject({ correct: false, reason: 'mistake', mistake: 'minus-theta' });
    expect(await feedback(rope)).toContain('this looks like a common mistake: rotated by');
    const thrown = await submit(rope, 'function rope(x, pos) {\n  const y = [];\n  return y[0].length;\n}');
    expect(thrown).toMatchObject({ reason: 'error', caseIndex: 0, line: 3 });
    expect(await feedback(rope)).toMatch(/TypeError: Cannot read properties of undefined \(reading 'length'\) \(line 3 of your code\)[\s\S]*Inputs of case 1\s+x = \[1, 0\.5, -0\.3, 0\.8\]\s+pos = 1/);
    await shootElement(rope, 'exercise-code-error-en');
    const solution = await rope.evaluate((el) => el.definition.code.solution);
    expect(await submit(rope, solution)).toMatchObject({ correct: true, passed: 5, total: 5 });
    expect(await feedback(rope)).toBe('Correct — your function passes all 5 cases.');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a syntax error is located at the learner\'s own line and column', async () => {
    const { page, errors, ex } = await openLecture();
    const rope = ex(2);
    // Line 3, column 13 is the ';' after '+' (1-based, as editors count).
    expect(await submit(rope, 'function rope(x, pos) {\n  const y = [];\n  return x +;\n}')).toMatchObject({ reason: 'compile', line: 3, column: 13 });
    expect(await feedback(rope)).toMatch(/SyntaxError: Unexpected token ';'.* at line 3, column 13 of your code/);
    expect(errors).toEqual([]);
    await page.close();
  });

  // No speed is asserted (that lives in benchmarks): the properties are where
  // the loop runs and that it is ended. Were the learner's code run on the
  // page's main thread, the heartbeat could not tick and the hover could not
  // be answered while it ran (and nothing could stop it); were the worker not
  // terminated at the time limit, it would spin on and never close.
  test('an infinite loop runs in a sandbox Worker, is stopped and reported, and the page keeps responding meanwhile', async () => {
    const { page, errors, ex } = await openLecture();
    const rope = ex(2);
    await rope.locator('#answer').fill('function rope(x, pos) {\n  while (true) {}\n}');
    // A heartbeat on the host page's main thread, counted only while the exercise says it runs the code.
    await page.evaluate(() => {
      const ex = document.querySelectorAll('attn-exercise')[2];
      const button = (ex.shadowRoot ?? ex).querySelector('button[data-action="check"]');
      globalThis.beatsDuringRun = 0;
      globalThis.beatTimer = setInterval(() => { if (button.textContent === 'Running your code…') globalThis.beatsDuringRun += 1; }, 20);
    });
    const workerStarted = page.waitForEvent('worker');
    await rope.locator('button[data-action="check"]').click();
    expect(await rope.locator('button[data-action="check"]').innerText()).toBe('Running your code…');
    const worker = await workerStarted;
    expect(worker.url(), 'the learner\'s code runs in a blob: Worker of the sandbox frame').toMatch(/^blob:null\//);
    // While the loop runs: the heatmap still answers hovering.
    await page.hover('#pe-dots .cell[data-row="3"][data-col="5"]');
    expect(await page.locator('#pe-dots .tooltip').innerText()).toMatch(/i = 3 .* j = 5/);
    await page.waitForFunction(() => document.querySelectorAll('attn-exercise')[2].result?.reason === 'timeout');
    const during = await page.evaluate(() => { clearInterval(globalThis.beatTimer); return globalThis.beatsDuringRun; });
    // The loop lasts the 1.5 s time limit; a blocked main thread would give 0 beats in it.
    expect(during, 'heartbeats of the host page while the loop ran').toBeGreaterThanOrEqual(3);
    expect(await feedback(rope)).toContain('Stopped: your code did not finish in time');
    // The spinning worker was terminated: it closes (a running one never would).
    await worker.waitForEvent('close', { timeout: 30_000 });
    // The sandbox is usable again right away.
    const solution = await rope.evaluate((el) => el.definition.code.solution);
    expect(await submit(rope, solution)).toMatchObject({ correct: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  test('learner code cannot read the host page\'s cookie, storage, DOM or network', async () => {
    const { page, errors, ex } = await openLecture();
    await page.evaluate(() => { document.cookie = 'attnscope_secret=s3cr3t; path=/'; localStorage.setItem('attnscope_secret', 's3cr3t'); });
    expect(await page.evaluate(() => document.cookie)).toContain('s3cr3t'); // the secret is there to be stolen

    const rope = ex(2);
    expect(await submit(rope, 'function rope(x, pos) { return [document.cookie.length]; }')).toMatchObject({ reason: 'error' });
    expect(await feedback(rope)).toContain('ReferenceError: document is not defined');

    // Every route out, tried from inside the sandbox through the same client the element uses.
    const code = `function probe(origin) {
      const t = (f) => { try { return String(f()); } catch (e) { return 'blocked: ' + e.name; } };
      return [
        t(() => typeof document), t(() => typeof localStorage), t(() => self.origin),
        t(() => indexedDB.open('steal') && 'opened'), t(() => typeof parent),
        t(() => { const x = new XMLHttpRequest(); x.open('GET', origin + '/playground/lecture.html', false); x.send(); return x.responseText.length; }),
        t(() => { importScripts(origin + '/exercises/load.js'); return 'imported'; }),
      ];
    }`;
    // A string, not a function: Vitest rewrites import() inside test-file functions.
    const probes = await page.evaluate(`import('/exercises/sandbox/client.js').then(({ runCode }) =>
      runCode({ code: ${JSON.stringify(code)}, entry: 'probe', cases: [[${JSON.stringify(web.origin)}]] }))`);
    expect(probes.status).toBe('ok');
    const [doc, storage, origin, idb, parent, xhr, imported] = probes.results[0].value;
    expect({ doc, storage, origin, parent }).toEqual({ doc: 'undefined', storage: 'undefined', origin: 'null', parent: 'undefined' });
    expect(idb).toMatch(/^blocked: SecurityError/);
    expect(xhr).toMatch(/^blocked: NetworkError/);
    expect(imported).toMatch(/^blocked: NetworkError/);
    expect(JSON.stringify(probes)).not.toContain('s3cr3t');
    // The refused requests are reported by Chromium as CSP violations; nothing else went wrong.
    expect(errors.filter((e) => !/Content Security Policy/.test(e))).toEqual([]);
    await page.close();
  });

  test('both languages: screenshots of the lecture with feedback, hints and an explanation', async () => {
    const { page, errors, ex } = await openLecture();
    await page.evaluate(() => localStorage.clear());
    await submit(ex(0), '[cos(1), sin(1), cos(0.01), sin(0.01)]');
    await ex(0).locator('button[data-action="hint"]').click();
    await submit(ex(1), 'cos(1) + cos(0.01)');
    await submit(ex(2), ROPE_MINUS_THETA);
    await screenshot(page, 'exercise-lecture-en');
    expect(await ex(0).locator('.hints li').count()).toBe(1);
    await page.locator('attn-lang-switch button[data-lang="ja"]').click();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(await ex(0).locator('button[data-action="check"]').innerText()).toBe('答え合わせ');
    expect(await feedback(ex(0))).toContain('よくある間違いのようです：sin と cos が入れ替わっています');
    expect(await ex(1).locator('.explanation h4').innerText()).toBe('解説');
    await screenshot(page, 'exercise-lecture-ja');
    await page.evaluate(() => localStorage.clear());
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a host that sends its strict CSP on every path, the sandbox page included', () => {
  const WEB = fileURLToPath(new URL('../../web/', import.meta.url));
  const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm', '.woff2': 'font/woff2' };
  let strict, origin;

  beforeAll(async () => {
    strict = createServer(async (req, res) => {
      const path = normalize(join(WEB, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
      try {
        if (!path.startsWith(WEB)) throw new Error('outside');
        const body = await sourceBody(path); // a playground page is put together as scripts/serve.js --dev does
        res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream', 'Content-Security-Policy': CSP });
        res.end(body);
      } catch {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise((ok) => strict.listen(0, '127.0.0.1', ok));
    origin = `http://127.0.0.1:${strict.address().port}`;
  });

  afterAll(() => strict?.close());

  test('code exercises say the sandbox is blocked; numeric ones still work', async () => {
    const page = await browser.context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${origin}/playground/lecture.html`);
    await page.locator('attn-exercise .card[data-kind="code"]').waitFor();
    const rope = page.locator('attn-exercise').nth(2);
    const solution = await rope.evaluate((el) => el.definition.code.solution);
    expect(await submit(rope, solution)).toMatchObject({ correct: false, reason: 'unavailable', counts: false });
    expect(await feedback(rope)).toContain('Code cannot run on this page: the sandbox is blocked');
    expect(await submit(page.locator('attn-exercise').nth(1), 'cos(1) + cos(0.01)')).toMatchObject({ correct: true });
    // The only errors are Chromium's reports of the blocked blob: worker.
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.filter((e) => !/Content Security Policy/.test(e))).toEqual([]);
    await page.close();
  });
});
