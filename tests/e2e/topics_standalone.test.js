// Every topic widget on a plain author's page: one <script type="module">
// importing the widgets, the tags with a few attributes, the strict CSP, no
// playground code. Each draws (fires change) with no console error, follows
// the page's language, and <attn-rope-dial> hides its animation under
// prefers-reduced-motion.
import { describe, expect, test } from 'vitest';
import { CSP } from '../../scripts/serve.js';
import { screenshot, usePlayground } from './browser.js';

const env = usePlayground({ locale: 'ja-JP' });
const TAGS = {
  'attn-rope-dial': 'head-dim="4" base="100"', 'attn-sinusoidal': 'positions="12"', 'attn-rope-decay': 'max-distance="64" head-dim="16"',
  'attn-permutation': 'order="1 0 2 3 4" mode="rope"', 'attn-flash-tiles': 'n="5" tile="2"', 'attn-attention-traffic': 'n="4096"',
  'attn-kv-cache': 'preset="llama2-7b"', 'attn-sequence-cost': 'n="256"', 'attn-ssm': 'mode="invariant"',
  'attn-vectors': 'a="[1, 1]"', 'attn-matmul-steps': 'row="1"', 'attn-kernel-vs-attention': 'sigma="3"', 'attn-cross-attention': 'query="3"',
};
const PAGE = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>plain page</title><script type="module" src="/widgets/index.js"></script></head><body>
${Object.entries(TAGS).map(([tag, attrs]) => `<${tag} ${attrs}></${tag}>`).join('\n')}
</body></html>`;

async function openPlain(context, { reducedMotion = 'no-preference' } = {}) {
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion });
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route(`${env.web.origin}/plain.html`, (route) => route.fulfill({
    status: 200, contentType: 'text/html; charset=utf-8', headers: { 'Content-Security-Policy': CSP }, body: PAGE,
  }));
  // Every element records its first change before the module script runs its define() calls.
  await page.addInitScript((tags) => {
    globalThis.drawn = new Set();
    document.addEventListener('DOMContentLoaded', () => {
      for (const tag of tags) document.querySelector(tag).addEventListener('change', () => globalThis.drawn.add(tag));
    });
  }, Object.keys(TAGS));
  await page.goto(`${env.web.origin}/plain.html`);
  await page.waitForFunction((n) => globalThis.drawn.size === n, Object.keys(TAGS).length, { timeout: 30_000 });
  return { page, errors };
}

describe('topic widgets on a plain page', () => {
  test('each draws under the strict CSP in the page’s language, with no error', async () => {
    const { page, errors } = await openPlain(env.browser.context);
    const r = await page.evaluate((tags) => tags.map((tag) => {
      const el = document.querySelector(tag);
      return { tag, values: el.values !== null, status: el.shadowRoot.querySelector('.status')?.textContent ?? '', title: el.shadowRoot.querySelector('.title').textContent };
    }), Object.keys(TAGS));
    for (const w of r) {
      expect(w.values, w.tag).toBe(true);
      expect(w.status, w.tag).toBe('');
      expect(w.title, w.tag).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/); // Japanese, as the browser asks
    }
    expect(await page.evaluate(() => document.querySelector('attn-rope-dial').shadowRoot.querySelector('button.play').hidden)).toBe(false);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'topics-plain-ja-390');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a bad attribute is reported in the element, naming it; a good value brings the widget back', async () => {
    const { page, errors } = await openPlain(env.browser.context);
    const r = await page.evaluate(async () => {
      const status = (el) => el.shadowRoot.querySelector('.status').textContent;
      const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
      const dial = document.querySelector('attn-rope-dial'), kv = document.querySelector('attn-kv-cache');
      const messages = [];
      dial.addEventListener('error', (e) => messages.push(e.detail.message));
      dial.setAttribute('head-dim', '3');
      kv.setAttribute('dtype', 'float8');
      await settle();
      const bad = { dial: status(dial), kv: status(kv) };
      dial.setAttribute('head-dim', '6');
      kv.setAttribute('dtype', 'int8');
      await settle();
      return { bad, messages, good: { dial: status(dial), kv: status(kv) }, dials: dial.shadowRoot.querySelectorAll('.dial').length };
    });
    expect(r.bad.dial).toContain('head-dim');
    expect(r.bad.kv).toContain('dtype');
    expect(r.messages[0]).toMatch(/head-dim attribute must be even/);
    expect(r.good).toEqual({ dial: '', kv: '' });
    expect(r.dials).toBe(3);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('under prefers-reduced-motion the dial has no Play button; “Move both” still steps', async () => {
    const { page, errors } = await openPlain(env.browser.context, { reducedMotion: 'reduce' });
    const r = await page.evaluate(() => {
      const dial = document.querySelector('attn-rope-dial');
      const before = dial.values.score;
      dial.shadowRoot.querySelector('button.together').click();
      return { hidden: dial.shadowRoot.querySelector('button.play').hidden, before, m: dial.getAttribute('m') };
    });
    expect(r.hidden).toBe(true);
    expect(r.m).toBe('2');
    expect(errors).toEqual([]);
    await page.close();
  });
});
