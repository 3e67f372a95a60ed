// The home page: the live attention view computes what a float64 softmax of
// the same Q and K gives, follows the sentence, the temperature and "only
// look back", and keeps them in the address; the topic map has a card for
// every topic of topics.js, each with a drawing, its plain name and the pages
// that teach it; and no custom-element tag name is shown to the reader.
import { describe, expect, test } from 'vitest';
import { PAGES, pagesFor } from '../../web/playground/pages.js';
import { TOPICS } from '../../web/playground/topics.js';
import { PICTURED } from '../../web/playground/topic-pictures.js';
import { usePlayground } from './browser.js';

const env = usePlayground();
// The heatmap's weights are float32 from the core; the reference is float64.
const TOLERANCE = 2e-6;

/** softmax((Q Kᵀ / √d) / T) in float64, with keys j > i hidden when causal: [n][n]. */
function reference(q, k, n, d, temperature, causal) {
  const rows = [];
  for (let i = 0; i < n; i++) {
    const scores = [];
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let c = 0; c < d; c++) s += q[i * d + c] * k[j * d + c];
      scores.push(causal && j > i ? -Infinity : s / Math.sqrt(d) / temperature);
    }
    const max = Math.max(...scores);
    const e = scores.map((s) => Math.exp(s - max));
    const sum = e.reduce((a, b) => a + b, 0);
    rows.push(e.map((x) => x / sum));
  }
  return rows;
}

/** The live heatmap's weights and labels, and the reference for its seed, size and settings. */
async function liveView(page) {
  await page.waitForFunction(() => {
    const h = document.getElementById('live');
    return h.weights && !h.renderPending && h.weights.shape[0] === h.getAttribute('tokens').split(' ').length;
  });
  // A string, not a function: Vitest rewrites import() inside test-file functions.
  await page.evaluate("import('/widgets/attention-source.js').then((m) => { globalThis.seededNormals = m.seededNormals; })");
  const view = await page.evaluate(() => {
    const h = document.getElementById('live');
    const n = h.weights.shape[0], d = Number(h.getAttribute('d')), seed = Number(h.getAttribute('seed'));
    const qk = globalThis.seededNormals(2 * n * d, seed);
    return {
      n, d, seed, tokens: h.getAttribute('tokens').split(' '), temperature: Number(h.getAttribute('temperature')), causal: h.hasAttribute('causal'),
      weights: Array.from(h.weights.data), q: Array.from(qk.slice(0, n * d)), k: Array.from(qk.slice(n * d)),
    };
  });
  const want = reference(view.q, view.k, view.n, view.d, view.temperature, view.causal).flat();
  view.worst = Math.max(...want.map((w, i) => Math.abs(w - view.weights[i])));
  return view;
}

describe('the live view', () => {
  test('shows softmax(QKᵀ/√d / T) of its seeded Q and K, and follows the sentence, temperature, look-back and new draws', async () => {
    const { page, errors } = await env.open('/playground/index.html?lang=en', { expose: false });
    let view = await liveView(page);
    expect(view.tokens).toEqual(['the', 'cat', 'sat', 'on', 'the', 'mat', 'because', 'it', 'was', 'warm']);
    expect(view.worst, 'worst |heatmap − float64|').toBeLessThan(TOLERANCE);

    await page.locator('#sentence').fill('attention is all you need');
    view = await liveView(page);
    expect(view.tokens).toEqual(['attention', 'is', 'all', 'you', 'need']);
    expect(view.worst).toBeLessThan(TOLERANCE);

    await page.locator('#temp').fill('0.25');
    view = await liveView(page);
    expect(view.temperature).toBe(0.25);
    expect(view.worst).toBeLessThan(TOLERANCE);

    await page.locator('#only-earlier').check();
    view = await liveView(page);
    expect(view.causal).toBe(true);
    expect(view.worst).toBeLessThan(TOLERANCE);
    for (let i = 0; i < view.n; i++) for (let j = i + 1; j < view.n; j++) expect(view.weights[i * view.n + j]).toBe(0);

    await page.locator('#reroll').click();
    view = await liveView(page);
    expect(view.seed).toBe(8);
    expect(view.worst).toBeLessThan(TOLERANCE);

    // The check can fail: the same weights are far from the reference at another temperature and no mask.
    const wrong = reference(view.q, view.k, view.n, view.d, 1, false).flat();
    expect(Math.max(...wrong.map((w, i) => Math.abs(w - view.weights[i])))).toBeGreaterThan(0.01);

    // The address holds the view: a reload shows the same weights.
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ sentence: 'attention is all you need', temp: '0.25', 'look-back': '1', qk: '8' });
    const again = await env.browser.context.newPage();
    await again.goto(url.href);
    await again.waitForSelector('body[data-ready="true"]');
    const reloaded = await liveView(again);
    expect(reloaded.weights).toEqual(view.weights);
    expect(errors).toEqual([]);
    await again.close();
    await page.close();
  });

  test('the sentence follows the language until the reader types one', async () => {
    const { page } = await env.open('/playground/index.html?lang=ja', { expose: false });
    const view = await liveView(page);
    expect(view.tokens[0]).toBe('猫');
    expect(await page.locator('#sentence').inputValue()).toBe(view.tokens.join(' '));
    await page.close();
  });
});

describe('the topic map', () => {
  test('every topic is taught by a page (the map has no dead end)', () => {
    for (const topic of TOPICS) expect(pagesFor(topic.id).length, topic.id).toBeGreaterThan(0);
    for (const page of PAGES) for (const id of page.topics) expect(TOPICS.some((t) => t.id === id), `${page.path}: ${id}`).toBe(true);
    expect(PICTURED.sort()).toEqual(TOPICS.map((t) => t.id).sort());
  });

  test('a card per topic, in order, with a drawing, the plain name, the lecture name and links to its pages and exercises; no tag names', async () => {
    for (const lang of ['en', 'ja']) {
      const { page } = await env.open(`/playground/index.html?lang=${lang}`, { expose: false });
      const cards = await page.locator('#topics > li').evaluateAll((items) => items.map((li) => ({
        id: li.id, shapes: li.querySelector('svg.topic-picture')?.querySelectorAll('rect, path, line, circle, text').length ?? 0,
        name: li.querySelector('h3').textContent, lecture: li.querySelector('.lecture-name').textContent,
        links: [...li.querySelectorAll('a')].map((a) => a.getAttribute('href')),
      })));
      expect(cards.map((c) => c.id)).toEqual(TOPICS.map((t) => `topic-${t.id}`));
      cards.forEach((card, i) => {
        const topic = TOPICS[i];
        expect(card.shapes, `${topic.id} drawing`).toBeGreaterThan(0);
        expect(card.name).toBe(topic.plain[lang]);
        expect(card.lecture).toBe(topic.title[lang]);
        expect(card.links).toEqual([...pagesFor(topic.id).map((p) => p.path), `exercises.html#topic-${topic.id}`]);
      });
      expect(await page.locator('main').innerText()).not.toMatch(/<?attn-[a-z]/);
      await page.close();
    }
  });
});
