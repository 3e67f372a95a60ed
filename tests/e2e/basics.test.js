// The basics page (web/playground/basics.html) in Chromium under the CSP:
// moving a vector by keyboard and by mouse changes the dot product, cosine
// and law of cosines shown, which equal float64 arithmetic on the same
// vectors; picking an entry of C shows the core's matmul value.
import { describe, expect, test } from 'vitest';
import { screenshot, usePlayground } from './browser.js';

const env = usePlayground({ locale: 'en-US' });
const openBasics = () => env.open('/playground/basics.html');

function readVectors(page) {
  return page.evaluate(() => {
    const w = document.getElementById('vectors');
    const v = (cls) => Number(w.shadowRoot.querySelector(`dd.${cls}`).dataset.value);
    return { a: JSON.parse(w.getAttribute('a') ?? '[2, 1]'), b: JSON.parse(w.getAttribute('b') ?? '[0.5, 2]'), dot: v('dot'), cos: v('cos'), law: v('law'), lawText: w.shadowRoot.querySelector('dd.law').textContent };
  });
}

const reference = ({ a, b }) => {
  const dot = a[0] * b[0] + a[1] * b[1];
  return { dot, cos: dot / (Math.hypot(...a) * Math.hypot(...b)), law: (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 };
};

describe('basics page', () => {
  test('loads under the CSP with one script, no errors and no other origin', async () => {
    const { page, errors, requests, response } = await openBasics();
    expect(response.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(await page.locator('script').count()).toBe(1);
    expect(requests.filter((u) => !u.startsWith(env.web.origin) && !u.startsWith('data:'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('vectors: arrow keys and a mouse drag move a and b; dot, cosine and ‖a − b‖² equal float64', async () => {
    const { page, errors } = await openBasics();
    const handle = (name) => page.locator(`#vectors circle.handle.${name}`);
    await handle('a').focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    let r = await readVectors(page);
    expect(r.a).toEqual([3, 0]);
    for (const key of ['dot', 'cos', 'law']) expect(Math.abs(r[key] - reference(r)[key]), key).toBeLessThan(1e-6);
    const box = await handle('b').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2 + 40, { steps: 5 });
    await page.mouse.up();
    r = await readVectors(page);
    expect(r.b).not.toEqual([0.5, 2]);
    expect(r.dot).toBeLessThan(0); // b dragged to the left of the axis, a on it: opposite ways
    for (const key of ['dot', 'cos', 'law']) expect(Math.abs(r[key] - reference(r)[key]), key).toBeLessThan(1e-5);
    expect(r.lawText.startsWith(String(r.law).slice(0, 3))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('matrix product: pressing C[1, 1] highlights row 1 and column 1 and shows the core’s value', async () => {
    const { page, errors } = await openBasics();
    await page.locator('#matmul button[data-i="1"][data-j="1"]').click();
    const r = await page.evaluate(() => {
      const w = document.getElementById('matmul');
      const root = w.shadowRoot;
      const { a, b } = w.values;
      let ref = 0;
      for (let l = 0; l < 3; l++) ref += a.data[3 + l] * b.data[l * 2 + 1];
      return { ref, shown: Number(root.querySelector('.expr').dataset.value), text: root.querySelector('.expr').textContent, onA: root.querySelectorAll('td.on.a').length, onB: root.querySelectorAll('td.on.b').length };
    });
    expect(r.shown).toBe(r.ref);
    expect(r.text).toBe('C[1, 1] = −1·1 + 3·−1 + 1·4 = 0');
    expect([r.onA, r.onB]).toEqual([3, 3]);
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.getElementById('matmul').getAttribute('row'))).toBe('0');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('kernel vs attention: the RBF rows equal a float64 normalised exp(−‖xi − xj‖²/2σ²); a new seed changes attention only', async () => {
    const { page, errors } = await openBasics();
    const drag = (sel, v) => page.evaluate(([s, value]) => {
      const input = document.getElementById('kernel').shadowRoot.querySelector(s);
      input.value = String(value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, [sel, v]);
    const read = () => page.evaluate(() => {
      const w = document.getElementById('kernel');
      const { x, rbf, attention } = w.values;
      const [N, d] = x.shape, sigma = Number(w.getAttribute('sigma'));
      let worst = 0;
      for (let i = 0; i < N; i++) {
        const k = Array.from({ length: N }, (_, j) => {
          let s = 0;
          for (let c = 0; c < d; c++) s += (x.data[i * d + c] - x.data[j * d + c]) ** 2;
          return Math.exp(-s / (2 * sigma * sigma));
        });
        const total = k.reduce((a, b) => a + b, 0);
        k.forEach((v, j) => { worst = Math.max(worst, Math.abs(v / total - rbf.data[i * N + j])); });
      }
      const shown = w.shadowRoot.querySelector('.map-rbf').valueAt(1, 1);
      return { worst, shown, api: rbf.data[N + 1], rbf: Array.from(rbf.data), attention: Array.from(attention.data) };
    });
    await drag('[data-control="sigma"] input', 4);
    const a = await read();
    expect(a.worst).toBeLessThan(1e-5);
    expect(a.shown).toBe(a.api);
    await drag('[data-control="seed"] input', 7);
    const b = await read();
    expect(b.rbf).toEqual(a.rbf);
    expect(b.attention).not.toEqual(a.attention);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('cross-attention: pressing a target token shows its weights, a float64 softmax over the source', async () => {
    const { page, errors } = await openBasics();
    await page.locator('#cross .tokens.target button[data-i="2"]').click();
    const r = await page.evaluate(() => {
      const w = document.getElementById('cross');
      const { xs, xt, query, temperature, source } = w.values;
      const d = xs.shape[1];
      const scores = source.map((_, j) => {
        let s = 0;
        for (let c = 0; c < d; c++) s += xt.data[query * d + c] * xs.data[j * d + c];
        return s / Math.sqrt(d) / temperature;
      });
      const m = Math.max(...scores), e = scores.map((s) => Math.exp(s - m)), total = e.reduce((a, b) => a + b, 0);
      return { query, shown: JSON.parse(w.shadowRoot.querySelector('.readout').dataset.values), ref: e.map((v) => v / total), argmax: source[scores.indexOf(m)] };
    });
    expect(r.query).toBe(2);
    r.ref.forEach((v, j) => expect(Math.abs(r.shown[j] - v), `key ${j}`).toBeLessThan(1e-6));
    expect(r.argmax).toBe('mat'); // マット shares its vector with mat
    expect(errors).toEqual([]);
    await page.close();
  });

  test('residual connections: the shown gains are |Π(1 + w)| and |Π w| of the widget’s own weights; the RNN vanishes without the residual', async () => {
    const { page, errors } = await openBasics();
    const r = await page.evaluate(() => {
      const w = document.getElementById('residual');
      const { stack, rnn } = w.values;
      const root = w.shadowRoot;
      return {
        weights: stack.weights, residual: Number(root.querySelector('dd.residual').dataset.value), plain: Number(root.querySelector('dd.plain').dataset.value),
        rnnPlain: Number(root.querySelector('dd.rnn-plain').dataset.value), rnnResidual: Number(root.querySelector('dd.rnn-residual').dataset.value), T: rnn.k.length,
      };
    });
    const on = r.weights.reduce((p, w) => p * (1 + w), 1), off = r.weights.reduce((p, w) => p * w, 1);
    expect(r.weights).toHaveLength(24);
    expect(r.residual / Math.abs(on)).toBeCloseTo(1, 4);
    expect(r.plain / Math.abs(off)).toBeCloseTo(1, 4);
    expect(r.T).toBe(100);
    expect(r.rnnPlain).toBeLessThan(1e-6);
    expect(r.rnnResidual).toBeGreaterThan(0.1);
    await page.evaluate(() => { const i = document.getElementById('residual').shadowRoot.querySelector('[data-control="layers"] input'); i.value = '6'; i.dispatchEvent(new Event('input')); });
    await page.waitForFunction(() => document.getElementById('residual').values.stack.depth.length === 6);
    expect(new URL(page.url()).searchParams.get('residual.layers')).toBe('6');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('screenshots at 1280 and 390 px in English and Japanese', async () => {
    const { page, errors } = await openBasics();
    await screenshot(page, 'basics-en-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'basics-en-390');
    await page.locator('attn-lang-switch button', { hasText: '日本語' }).click();
    expect(await page.textContent('h1')).toBe('ベクトルからアテンションへ');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'basics-ja-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'basics-ja-1280');
    expect(errors).toEqual([]);
    await page.close();
  });
});
