// The positions page (web/playground/positions.html) in Chromium under the
// CSP: its widgets move with their controls and every number they show equals
// what the public API returns for the same inputs.
import { describe, expect, test } from 'vitest';
import { usePlayground } from './browser.js';
import { drag, screenshotsInBothLanguages } from './topic_helpers.js';

const env = usePlayground({ locale: 'en-US' });
const openPositions = (query = '') => env.open(`/playground/positions.html${query}`);

/** What the dial shows and what the API gives for the dial's own attributes. */
function dialVsApi(page) {
  return page.evaluate(() => {
    const attn = globalThis.attnscope;
    const dial = document.getElementById('dial');
    const a = (n) => dial.getAttribute(n);
    const D = Number(a('head-dim')), m = Number(a('m')), n = Number(a('n'));
    const opts = { base: Number(a('base')), layout: a('layout') };
    const { q, k } = dial.values; // the inputs the widget used ...
    const rq = attn.applyRope(attn.tensor(q, [1, D]), { ...opts, positionOffset: m });
    const rk = attn.applyRope(attn.tensor(k, [1, D]), { ...opts, positionOffset: n });
    // float64 dot product of the two rotated vectors the API returned
    let api = 0;
    for (let i = 0; i < D; i++) api += rq.data[i] * rk.data[i];
    const root = dial.shadowRoot;
    return {
      m, n, D, api, qLength: q.length,
      shown: Number(root.querySelector('dd.score').dataset.value),
      shownText: root.querySelector('dd.score').textContent,
      relative: Number(root.querySelector('dd.relative').dataset.value),
      dials: root.querySelectorAll('.dial').length,
      pairSum: [...root.querySelectorAll('.dial .contrib')].reduce((s, c) => s + Number(c.dataset.value), 0),
    };
  });
}

describe('positions page', () => {
  test('loads under the CSP with one script, no errors and no other origin', async () => {
    const { page, errors, requests, response } = await openPositions();
    expect(response.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(await page.locator('script').count()).toBe(1);
    expect(requests.filter((u) => !u.startsWith(env.web.origin) && !u.startsWith('data:'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('nanochat’s direction: the score is (R(−m)q)·(R(−n)k) from applyRope, equals qᵀR(m−n)k, differs from the paper’s, and stays in the address', async () => {
    const { page, errors } = await openPositions();
    const standard = await dialVsApi(page);
    await page.evaluate(() => document.getElementById('dial').shadowRoot.querySelector('button[data-mode="flipped"]').click());
    await page.waitForFunction(() => document.getElementById('dial').values?.direction === 'flipped');
    const r = await page.evaluate(() => {
      const attn = globalThis.attnscope;
      const dial = document.getElementById('dial');
      const { q, k, m, n } = dial.values;
      const D = q.length;
      const rq = attn.applyRope(attn.tensor(q, [1, D]), { positions: [-m] });
      const rk = attn.applyRope(attn.tensor(k, [1, D]), { positions: [-n] });
      let api = 0;
      for (let i = 0; i < D; i++) api += rq.data[i] * rk.data[i];
      const root = dial.shadowRoot;
      return { api, shown: Number(root.querySelector('dd.score').dataset.value), relative: Number(root.querySelector('dd.relative').dataset.value) };
    });
    expect(Math.abs(r.shown - r.api)).toBeLessThan(1e-5);
    expect(Math.abs(r.relative - r.api)).toBeLessThan(1e-5);
    expect(Math.abs(r.shown - standard.shown)).toBeGreaterThan(1e-3); // not the paper's score
    await page.waitForFunction(() => new URLSearchParams(location.search).get('direction') === 'flipped');
    const reopened = await openPositions('?direction=flipped');
    expect(await reopened.page.evaluate(() => document.getElementById('dial').values.direction)).toBe('flipped');
    expect(await reopened.page.locator('#which li').count()).toBe(5);
    expect(await reopened.page.textContent('#which')).toMatch(/BERT.*GPT-2.*GPT-3/s);
    expect(errors).toEqual([]);
    await page.close();
    await reopened.page.close();
  });

  test('dragging n changes the score, which equals the dot product of applyRope’s outputs', async () => {
    const { page, errors } = await openPositions();
    const before = await dialVsApi(page);
    await drag(page, 'dial', '.field:nth-of-type(2) input', 9);
    const after = await dialVsApi(page);
    expect(after.n).toBe(9);
    expect(after.qLength).toBe(8);
    for (const r of [before, after]) {
      expect(Math.abs(r.shown - r.api)).toBeLessThan(1e-5);
      expect(Math.abs(r.relative - r.api)).toBeLessThan(1e-5);
      expect(Math.abs(r.pairSum - r.api)).toBeLessThan(1e-4); // the dials' shares add up to the score
      expect(r.dials).toBe(4);
    }
    expect(Math.abs(after.shown - before.shown)).toBeGreaterThan(1e-3); // a different n − m, a different score
    expect(errors).toEqual([]);
    await page.close();
  });

  test('“Move both” keeps n − m and the score; the half layout and D = 16 also match the API', async () => {
    const { page, errors } = await openPositions('?head-dim=16&layout=half&base=100');
    const before = await dialVsApi(page);
    await page.evaluate(() => document.getElementById('dial').shadowRoot.querySelector('button.together').click());
    const after = await dialVsApi(page);
    expect([after.m - before.m, after.n - before.n]).toEqual([1, 1]);
    expect(before.D).toBe(16);
    expect(after.dials).toBe(8);
    expect(Math.abs(after.shown - after.api)).toBeLessThan(1e-5);
    expect(Math.abs(after.shown - before.shown)).toBeLessThan(1e-5);
    expect(await page.evaluate(() => location.search)).toContain('layout=half');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a fractional step (π/4) turns q = k = (1, 0) by exactly π/4: the score is cos(π/4)', async () => {
    const { page, errors } = await openPositions('?head-dim=2&step=0.7853981633974483');
    const r = await page.evaluate(async () => {
      const dial = document.getElementById('dial');
      const changed = new Promise((resolve) => dial.addEventListener('change', (e) => resolve(e.detail), { once: true }));
      for (const [name, value] of [['q', '[1, 0]'], ['k', '[1, 0]'], ['m', '0'], ['n', String(Math.PI / 4)]]) dial.setAttribute(name, value);
      const detail = await changed;
      return { detail, mText: dial.shadowRoot.querySelector('.field output').textContent, rk: Array.from(dial.values.rk) };
    });
    expect(Math.abs(r.detail.score - Math.cos(Math.PI / 4))).toBeLessThan(1e-6);
    expect(Math.abs(r.detail.relative - Math.cos(Math.PI / 4))).toBeLessThan(1e-6);
    expect(Math.abs(r.rk[1] - Math.sin(Math.PI / 4))).toBeLessThan(1e-6);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('sinusoidal: moving d_model redraws the divisor table, norms, Gram matrix and A(k), all equal to the API', async () => {
    const { page, errors } = await openPositions();
    const divisorsAt8 = await page.evaluate(() => [...document.getElementById('sinusoidal').shadowRoot.querySelectorAll('td.divisor')].map((c) => c.textContent));
    expect(divisorsAt8).toEqual(['1', '10', '100', '1000']); // 10000^(2i/8), not the 5.62 of some notes
    await drag(page, 'sinusoidal', '[data-control="D"] input', 16);
    const r = await page.evaluate(() => {
      const attn = globalThis.attnscope;
      const w = document.getElementById('sinusoidal');
      const root = w.shadowRoot;
      const T = Number(w.getAttribute('positions') ?? 32), D = Number(w.getAttribute('d-model'));
      const pe = attn.sinusoidalPositionalEncoding(T, D);
      let gram57 = 0; // float64 dot of rows 5 and 7
      for (let d = 0; d < D; d++) gram57 += pe.data[5 * D + d] * pe.data[7 * D + d];
      const gramMap = root.querySelector('.map-gram');
      gramMap.showTooltip(5, 7);
      const num = (sel) => [...root.querySelectorAll(sel)].map((c) => Number(c.dataset.value));
      const peShown = root.querySelector('.map-pe').valueAt(9, 3);
      return {
        D, gram57, gramShown: gramMap.valueAt(5, 7), tooltip: gramMap.tooltipText,
        peShown, peApi: pe.data[9 * D + 3],
        divisors: num('td.divisor'), norms: num('td.norm'),
        normDims: [...root.querySelectorAll('td.norm')].map((c) => Number(c.parentElement.firstChild.textContent)),
        maxDiff: Number(root.querySelector('.check').dataset.value),
        checkText: root.querySelector('.check').textContent,
      };
    });
    expect(r.D).toBe(16);
    expect(r.peShown).toBe(r.peApi);
    expect(Math.abs(r.gramShown - r.gram57)).toBeLessThan(1e-5);
    expect(r.tooltip).toContain(String(r.gramShown).slice(0, 5));
    expect(r.divisors.length).toBe(8);
    r.divisors.forEach((v, i) => expect(Math.abs(v / 10000 ** (2 * i / 16) - 1), `pair ${i}`).toBeLessThan(1e-4));
    r.norms.forEach((v, n) => expect(Math.abs(v - Math.sqrt(r.normDims[n] / 2)), `D = ${r.normDims[n]}`).toBeLessThan(1e-4));
    expect(r.maxDiff).toBeLessThan(1e-5); // PE(pos + k) = A(k)·PE(pos) up to float32 rounding
    expect(r.checkText).toMatch(/^max \|PE\(5\) − A\(2\)·PE\(3\)\| = /);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('long distances: moving Δ reads qᵀR(Δ)k for all-ones vectors (float64 Σ 2cos(Δθ_i)) and ALiBi’s −m_0·Δ', async () => {
    const { page, errors } = await openPositions();
    for (const at of [0, 37, 200]) {
      await drag(page, 'decay', '[data-control="at"] input', at);
      const r = await page.evaluate(() => {
        const w = document.getElementById('decay');
        const read = (cls) => Number(w.shadowRoot.querySelector(`dd.${cls}`).dataset.value);
        return {
          at: Number(w.getAttribute('at')), ones: read('ones'), random: read('random'), alibi: read('alibi'),
          slope0: globalThis.attnscope.alibiSlopes(8).data[0],
        };
      });
      expect(r.at).toBe(at);
      let reference = 0; // q = k = 1: each pair adds (1, 1)·R(Δθ_i)(1, 1) = 2 cos(Δθ_i)
      for (let i = 0; i < 32; i++) reference += 2 * Math.cos(at * 10000 ** (-2 * i / 64));
      expect(Math.abs(r.ones - reference), `Δ = ${at}`).toBeLessThan(2e-3);
      expect(r.alibi).toBe(Math.fround(-r.slope0 * at) + 0); // −0 at Δ = 0 reads as 0
      if (at === 0) expect(r.random).toBeGreaterThan(30); // mean ‖v‖² of 64 N(0, 1) dims
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  test('permutation: without positions the shuffled rows equal the original ones; sinusoidal and RoPE change them', async () => {
    const { page, errors } = await openPositions();
    const read = () => page.evaluate(() => {
      const attn = globalThis.attnscope;
      const w = document.getElementById('permutation');
      const { order, x, params, outShuffled, maxDiff } = w.values;
      const d = x.shape[1], mode = w.getAttribute('mode') ?? 'none';
      // the shuffled sentence through the API, independently of the widget
      const xp = attn.tensor(new Float32Array(order.flatMap((i) => Array.from(x.data.slice(i * d, (i + 1) * d)))), [order.length, d]);
      const input = mode === 'sinusoidal' ? attn.addPositionEmbeddings(xp, attn.sinusoidalPositionalEncoding(order.length, d)) : xp;
      const api = attn.multiHeadAttention(input, params, { nHeads: 1, rope: mode === 'rope' ? {} : null }).output.data;
      let worst = 0;
      for (let k = 0; k < api.length; k++) worst = Math.max(worst, Math.abs(api[k] - outShuffled.data[k]));
      return { mode, order, maxDiff, shownMax: Math.max(...[...w.shadowRoot.querySelectorAll('td.diff')].map((c) => Number(c.dataset.value))), apiVsShown: worst };
    });
    const click = (sel) => page.evaluate((s) => document.getElementById('permutation').shadowRoot.querySelector(s).click(), sel);
    await click('button[data-action="shuffle"]');
    const none = await read();
    expect(none.order).not.toEqual([0, 1, 2, 3, 4]);
    expect(none.maxDiff).toBeLessThan(1e-5);
    for (const mode of ['sinusoidal', 'rope']) {
      await click(`button[data-mode="${mode}"]`);
      const r = await read();
      expect(r.mode).toBe(mode);
      expect(r.apiVsShown, mode).toBe(0);
      expect(r.shownMax, mode).toBe(r.maxDiff);
      expect(r.maxDiff, mode).toBeGreaterThan(1e-3);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  test('screenshots at 1280 and 390 px in English and Japanese', async () => {
    const { page, errors } = await openPositions();
    await screenshotsInBothLanguages(page, 'positions', '位置の表し方');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('positions page address', () => {
  /** Every <input> and <select> of the page and of its widgets' shadow roots: [{host, index, type, value}] (host: the widget's id, or '' for the page). */
  const CONTROLS = () => {
    const found = [];
    const walk = (root, host) => {
      root.querySelectorAll('input, select').forEach((c) => found.push({ host, c }));
      root.querySelectorAll('*').forEach((e) => { if (e.shadowRoot && e.localName.startsWith('attn-')) walk(e.shadowRoot, host || e.id); });
    };
    walk(document.querySelector('main'), '');
    return found;
  };

  test('every control reaches the address, and the address alone brings every control back', async () => {
    const { page, errors } = await openPositions('?lang=en');
    const list = await page.evaluate(`(${CONTROLS})().map(({ host, c }) => ({ host, type: c.type || c.localName, label: c.closest('label')?.textContent.trim().slice(0, 30) ?? c.id }))`);
    expect(list.length).toBeGreaterThan(10);
    const silent = [];
    for (let i = 0; i < list.length; i++) {
      const before = page.url();
      const changed = await page.evaluate(`(() => {
        const { c } = (${CONTROLS})()[${i}];
        if (c.type === 'checkbox') c.checked = !c.checked;
        else if (c.localName === 'select') c.selectedIndex = (c.selectedIndex + 1) % c.options.length;
        else if (c.type === 'range' || c.type === 'number') {
          const v = Number(c.value), min = Number(c.min || 0), max = Number(c.max || v + 2);
          c.value = String(v === min ? (c.type === 'range' ? max : v + 1) : min);
        } else c.value += 'x';
        c.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
        c.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
        return c.value;
      })()`);
      await page.waitForTimeout(50); // the widgets re-render and write their attributes at the end of the task
      if (page.url() === before) silent.push(`${list[i].host || 'page'} ${list[i].type} "${list[i].label}" → ${changed}`);
    }
    expect(silent, 'controls whose change left the address as it was').toEqual([]);
    const values = () => page.evaluate(`(${CONTROLS})().map(({ c }) => (c.type === 'checkbox' ? c.checked : c.value))`);
    const wanted = await values();
    const copy = await env.browser.context.newPage();
    await copy.goto(page.url());
    await copy.waitForSelector('body[data-ready="true"]');
    await copy.waitForTimeout(100);
    const got = await copy.evaluate(`(${CONTROLS})().map(({ c }) => (c.type === 'checkbox' ? c.checked : c.value))`);
    const differ = list.map((c, i) => (got[i] === wanted[i] ? null : `${c.host || 'page'} "${c.label}": ${got[i]} instead of ${wanted[i]}`)).filter(Boolean);
    expect(differ, 'controls the address did not bring back').toEqual([]);
    expect(errors).toEqual([]);
    await copy.close();
    await page.close();
  });
});
