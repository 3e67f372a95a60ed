// The efficiency page (web/playground/efficiency.html) in Chromium under the
// CSP: FlashAttention's running state, step by step, equals a float64
// recomputation from the API's scores; the last step equals flashAttention;
// the traffic counter follows its sliders.
import { describe, expect, test } from 'vitest';
import { usePlayground } from './browser.js';
import { drag, screenshotsInBothLanguages } from './topic_helpers.js';

const env = usePlayground({ locale: 'en-US' });
const openEfficiency = (query = '') => env.open(`/playground/efficiency.html${query}`);

/** The flash widget's table next to a float64 online softmax over the API's scores. */
function flashVsReference(page) {
  return page.evaluate(() => {
    const attn = globalThis.attnscope;
    const w = document.getElementById('flash-tiles');
    const { q, k, v, step } = w.values;
    const [N, D] = q.shape;
    const tile = Number(w.getAttribute('tile') ?? 2);
    const seen = Math.min(N, step * tile);
    const kt = new Float32Array(N * D);
    for (let i = 0; i < N; i++) for (let d = 0; d < D; d++) kt[d * N + i] = k.data[i * D + d];
    const s = attn.matmul(q, attn.tensor(kt, [D, N])).data;
    const root = w.shadowRoot;
    const col = (cls) => [...root.querySelectorAll(`td.${cls}`)].map((c) => Number(c.dataset.value));
    const shown = { m: col('m'), l: col('l') };
    const worst = { m: 0, l: 0, out: 0 };
    const outShown = w.values.steps[step].out;
    for (let i = 0; i < N; i++) {
      let m = -Infinity;
      for (let j = 0; j < seen; j++) m = Math.max(m, s[i * N + j] / Math.sqrt(D));
      let l = 0;
      const o = new Float64Array(D);
      for (let j = 0; j < seen; j++) {
        const e = Math.exp(s[i * N + j] / Math.sqrt(D) - m);
        l += e;
        for (let d = 0; d < D; d++) o[d] += e * v.data[j * D + d];
      }
      if (seen > 0) {
        worst.m = Math.max(worst.m, Math.abs(shown.m[i] - m));
        worst.l = Math.max(worst.l, Math.abs(shown.l[i] - l) / l);
        for (let d = 0; d < D; d++) worst.out = Math.max(worst.out, Math.abs(outShown[i * D + d] - o[d] / l));
      }
    }
    const flash = attn.flashAttention(q, k, v).output.data;
    let vsFlash = 0;
    for (let x = 0; x < N * D; x++) vsFlash = Math.max(vsFlash, Math.abs(outShown[x] - flash[x]));
    return { step, seen, N, worst, vsFlash, checks: root.querySelectorAll('.checks dd').length };
  });
}

describe('efficiency page', () => {
  test('loads under the CSP with one script, no errors and no other origin', async () => {
    const { page, errors, requests, response } = await openEfficiency();
    expect(response.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(await page.locator('script').count()).toBe(1);
    expect(requests.filter((u) => !u.startsWith(env.web.origin) && !u.startsWith('data:'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('FlashAttention: each step’s m, ℓ and o/ℓ equal a float64 online softmax; the last equals flashAttention', async () => {
    const { page, errors } = await openEfficiency();
    await drag(page, 'flash-tiles', '[data-control="tile"] input', 3);
    await drag(page, 'flash-tiles', '[data-control="n"] input', 8);
    for (const step of [1, 2, 3]) {
      await page.evaluate((i) => document.getElementById('flash-tiles').shadowRoot.querySelector('attn-stepper').shadowRoot.querySelector(`button[data-index="${i}"]`).click(), step);
      const r = await flashVsReference(page);
      expect([r.step, r.seen]).toEqual([step, Math.min(8, 3 * step)]);
      expect(r.worst.m, `step ${step}`).toBeLessThan(1e-6);
      expect(r.worst.l, `step ${step}`).toBeLessThan(1e-5);
      expect(r.worst.out, `step ${step}`).toBeLessThan(1e-5);
      if (step < 3) expect(r.vsFlash, `step ${step} is not yet full attention`).toBeGreaterThan(1e-3);
      else {
        expect(r.vsFlash).toBeLessThan(1e-5);
        expect(r.checks).toBe(2);
      }
    }
    expect(await page.evaluate(() => location.search)).toContain('flash-tiles.tile=3');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('traffic: N = 2048 gives a 16 MiB score matrix per head; counts follow N, D and the tile', async () => {
    const { page, errors } = await openEfficiency();
    const read = () => page.evaluate(() => {
      const root = document.getElementById('traffic').shadowRoot;
      const v = (cls) => root.querySelector(`dd.${cls}`);
      return Object.fromEntries(['scores', 'standard', 'tiled'].map((c) => [c, { n: Number(v(c).dataset.value), text: v(c).textContent }]));
    });
    await drag(page, 'traffic', '[data-control="N"] input', 11);
    let r = await read();
    expect(r.scores.n).toBe(2048 * 2048 * 4);
    expect(r.scores.text).toMatch(/^16 MiB \(16,777,216\)$/);
    await drag(page, 'traffic', '[data-control="D"] input', 128);
    await drag(page, 'traffic', '[data-control="tile"] input', 128);
    await drag(page, 'traffic', '[data-control="N"] input', 13);
    r = await read();
    const N = 8192, D = 128;
    expect(r.standard.n).toBe((4 * N * D + 4 * N * N) * 4);
    expect(r.tiled.n).toBe((2 * N * D + 2 * N * D * (N / 128)) * 4);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('KV cache: Llama-2-7B in fp16 is 512 KiB a token and 2 GiB at 4,096 tokens; MQA divides by 32', async () => {
    const { page, errors } = await openEfficiency();
    await page.evaluate(() => {
      const s = document.getElementById('kv-cache').shadowRoot.querySelector('select');
      s.value = 'llama2-7b';
      s.dispatchEvent(new Event('change'));
    });
    await drag(page, 'kv-cache', '[data-control="kv-heads"] input', 8);
    const read = () => page.evaluate(() => {
      const root = document.getElementById('kv-cache').shadowRoot;
      return Object.fromEntries([...root.querySelectorAll('tr[data-kind]')].map((tr) => [tr.dataset.kind, {
        perToken: Number(tr.querySelector('.per-token').dataset.value), total: Number(tr.querySelector('.total').dataset.value),
        text: tr.querySelector('.total').textContent,
      }]));
    });
    let r = await read();
    const perToken = 2 * 32 * 32 * 128 * 2; // K and V, layers, KV heads, head dim, fp16 bytes
    expect(r.mha.perToken).toBe(perToken);
    expect(r.mha.total).toBe(perToken * 4096);
    expect(r.mha.text).toBe('2 GiB2,147,483,648'); // the unit line, then the exact count below it
    expect(r.gqa.total).toBe(perToken * 4096 / 4); // 8 of 32 KV heads
    expect(r.mqa.total).toBe(perToken * 4096 / 32);
    await drag(page, 'kv-cache', '[data-control="tokens"] input', 15); // 32,768 tokens
    await drag(page, 'kv-cache', '[data-control="batch"] input', 4);
    r = await read();
    expect(r.mha.total).toBe(perToken * 32768 * 4);
    expect(r.mha.perToken).toBe(perToken);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('sequence models: at N = 4096 the FLOPs, steps and paths follow the formulas, attention’s from countFlops', async () => {
    const { page, errors } = await openEfficiency();
    await drag(page, 'sequence-cost', '[data-control="n"] input', 12);
    await drag(page, 'sequence-cost', '[data-control="k"] input', 5);
    const rows = await page.evaluate(() => Object.fromEntries([...document.getElementById('sequence-cost').shadowRoot.querySelectorAll('tr[data-model]')]
      .map((tr) => [tr.dataset.model, ['flops', 'steps', 'path'].map((c) => Number(tr.querySelector(`td.${c}`).dataset.value))])));
    const N = 4096, d = 512, k = 5;
    expect(rows.attention).toEqual([8 * N * d * d + 4 * N * N * d, 1, 1]);
    expect(rows.rnn).toEqual([4 * N * d * d, N, N - 1]);
    expect(rows.cnn).toEqual([2 * k * N * d * d, 1, Math.ceil((N - 1) / (k - 1))]);
    expect(rows.dilated).toEqual([2 * k * N * d * d, 1, 6]); // 5^5 = 3125 < 4096 <= 5^6
    expect(errors).toEqual([]);
    await page.close();
  });

  test('linear attention: elu + 1 weights are float64 φ(q)·φ(k); the state’s read-out is the API’s causal row; the Performer’s error falls with m', async () => {
    const { page, errors } = await openEfficiency('?linear-attention.feature-map=elu1&linear-attention.step=5');
    const r = await page.evaluate(() => {
      const attn = globalThis.attnscope;
      const w = document.getElementById('linear-attention');
      const { q, k, v, kernel, state } = w.values;
      const [N, D] = q.shape;
      const phi = (x) => (x > 0 ? x + 1 : Math.exp(x));
      let worst = 0;
      for (let i = 0; i < N; i++) {
        const a = Array.from({ length: N }, (_, j) => { let s = 0; for (let d = 0; d < D; d++) s += phi(q.data[i * D + d]) * phi(k.data[j * D + d]); return s; });
        const z = a.reduce((x, y) => x + y, 0);
        a.forEach((x, j) => { worst = Math.max(worst, Math.abs(x / z - kernel[i][j])); });
      }
      const api = attn.linearAttention(q, k, v, { featureMap: 'elu1', isCausal: true }).output.data;
      const row = Array.from(api.subarray(5 * D, 6 * D));
      return { worst, row, output: state.output, shown: w.shadowRoot.querySelector('dd.core').textContent };
    });
    expect(r.worst).toBeLessThan(1e-5);
    r.row.forEach((x, c) => expect(Math.abs(x - r.output[c])).toBeLessThan(1e-5));
    // the Performer: its curve over m, and a larger m closer to softmax
    await page.evaluate(() => { const w = document.getElementById('linear-attention'); w.setAttribute('feature-map', 'performer'); w.setAttribute('features', '256'); });
    await page.waitForFunction(() => document.getElementById('linear-attention').values.curve !== null);
    const perf = await page.evaluate(() => document.getElementById('linear-attention').values);
    expect(perf.curve.error.at(-1)).toBeLessThan(perf.curve.error[0] / 3);
    expect(new URL(page.url()).searchParams.get('linear-attention.features')).toBe('256');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('screenshots at 1280 and 390 px in English and Japanese', async () => {
    const { page, errors } = await openEfficiency();
    await screenshotsInBothLanguages(page, 'efficiency', '効率');
    expect(errors).toEqual([]);
    await page.close();
  });
});
