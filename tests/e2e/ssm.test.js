// The state-space models page (web/playground/ssm.html) in Chromium under the
// CSP: the output <attn-ssm> shows equals a float64 re-implementation of the
// recurrence for the same inputs, in both modes, after moving a control.
import { describe, expect, test } from 'vitest';
import { usePlayground } from './browser.js';
import { drag, switchesLanguageAndFits } from './topic_helpers.js';

const env = usePlayground({ locale: 'en-US' });
const openSsm = (query = '') => env.open(`/playground/ssm.html${query}`);

/** What widget `id` shows next to a float64 loop x_t = e^(Δ_t A) x_{t−1} + Δ_t B u_t, y_t = C·x_t (A_n = −(n+1), B = C = 1). */
function shownVsReference(page, id) {
  return page.evaluate((i) => {
    const w = document.getElementById(i);
    const { u, deltas, y, conv } = w.values;
    const N = Number(w.getAttribute('state') ?? 4);
    const x = new Float64Array(N);
    const ref = [];
    for (let t = 0; t < u.length; t++) {
      let out = 0;
      for (let n = 0; n < N; n++) {
        x[n] = Math.exp(deltas[t] * -(n + 1)) * x[n] + deltas[t] * u[t];
        out += x[n];
      }
      ref.push(out);
    }
    const step = Number(w.getAttribute('step') ?? u.length - 1);
    return {
      worst: Math.max(...ref.map((r, t) => Math.abs(r - y[t]))),
      yShown: Number(w.shadowRoot.querySelector('dd.y').dataset.value), yRef: ref[Math.min(step, u.length - 1)],
      convDiff: conv ? conv.maxDiff : null, convText: w.shadowRoot.querySelector('dd.conv-diff')?.textContent ?? null,
      writes: w.getAttribute('write'), deltas: Array.from(deltas),
    };
  }, id);
}

describe('state-space models page', () => {
  test('loads under the CSP with one script, no errors and no other origin', async () => {
    const { page, errors, requests, response } = await openSsm();
    expect(response.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(await page.locator('script').count()).toBe(1);
    expect(requests.filter((u) => !u.startsWith(env.web.origin) && !u.startsWith('data:'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('selective: marking token 8 “write” gives it the large Δ; y equals a float64 recurrence', async () => {
    const { page, errors } = await openSsm();
    const before = await shownVsReference(page, 'scan');
    await page.evaluate(() => document.getElementById('scan').shadowRoot.querySelector('.tokens button[data-t="8"]').click());
    await drag(page, 'scan', '[data-control="step"] input', 9);
    const after = await shownVsReference(page, 'scan');
    expect(after.writes).toBe('2 5 8');
    expect([before.deltas[8], after.deltas[8]]).toEqual([0.05, 3]);
    for (const r of [before, after]) {
      expect(r.worst).toBeLessThan(1e-4);
      expect(Math.abs(r.yShown - r.yRef)).toBeLessThan(1e-4);
    }
    expect(Math.abs(after.yShown - before.yShown)).toBeGreaterThan(1e-3);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('time-invariant: recurrence and convolution agree and match float64 as Δ moves', async () => {
    const { page, errors } = await openSsm();
    await drag(page, 'conv', '[data-control="delta"] input', 1.25);
    await drag(page, 'conv', '[data-control="step"] input', 3);
    const r = await shownVsReference(page, 'conv');
    expect(r.deltas.every((d) => d === 1.25)).toBe(true);
    expect(r.worst).toBeLessThan(1e-5);
    expect(Math.abs(r.yShown - r.yRef)).toBeLessThan(1e-5);
    expect(r.convDiff).toBeLessThan(1e-5);
    expect(r.convText).toMatch(/e-/);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the language switch turns the page Japanese with no sideways scroll at 390 px', async () => {
    const { page, errors } = await openSsm();
    await switchesLanguageAndFits(page, '状態空間モデルと Mamba');
    expect(errors).toEqual([]);
    await page.close();
  });
});
