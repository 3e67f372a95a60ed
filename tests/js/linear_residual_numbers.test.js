// The numbers of <attn-linear-attention> and <attn-residual-gradient>
// against float64 loops written here: softmax and kernel weights, the
// Performer's features, the running state's read-out (and the core's causal
// row), the error curve falling with m; the (1 + w) and w products of a
// stack, and the RNN's Jacobian products with and without the residual.
import { beforeAll, describe, expect, test } from 'vitest';
import { attn } from './helpers.js';

let lin, res;
beforeAll(async () => {
  await attn.ready();
  // after ready(): the widgets' modules import the browser entry, whose loader must not be the one that loads the core here
  lin = await import('../../web/widgets/linear-attention-numbers.js');
  res = await import('../../web/widgets/residual-numbers.js');
});

const rows = (t) => Array.from({ length: t.shape[0] }, (_, i) => Array.from(t.data.subarray(i * t.shape[1], (i + 1) * t.shape[1])));
const dot = (a, b) => a.reduce((s, x, i) => s + x * b[i], 0);
const normalise = (r) => { const z = r.reduce((a, b) => a + b, 0); return r.map((x) => x / z); };

describe('linear attention numbers', () => {
  test('softmax weights and the elu + 1 kernel weights are the float64 formulas', () => {
    const { q, k } = lin.linearInputs(6, 4, 3);
    const Q = rows(q), K = rows(k);
    const soft = lin.softmaxWeights(q, k);
    const elu = (r) => r.map((x) => (x > 0 ? x + 1 : Math.exp(x)));
    const kernel = lin.kernelWeights(q, k, { featureMap: 'elu1' });
    Q.forEach((qi, i) => {
      const want = normalise(K.map((kj) => Math.exp(dot(qi, kj) / 2)));
      want.forEach((w, j) => expect(soft[i][j]).toBeCloseTo(w, 6));
      const raw = K.map((kj) => dot(elu(qi), elu(kj)));
      raw.forEach((a, j) => expect(kernel.raw[i][j]).toBeCloseTo(a, 4));
      normalise(raw).forEach((w, j) => expect(kernel.weights[i][j]).toBeCloseTo(w, 5));
    });
  });

  test('the Performer kernel is φ(q)·φ(k) with φ(x) = exp(w·x′ − |x′|²/2)/√m, x′ = D^(−1/4)x, on the core\'s projection', () => {
    const { q, k } = lin.linearInputs(5, 4, 7);
    const m = 12, W = rows(attn.performerProjection(m, 4, { seed: 7 }));
    const phi = (x) => { const c = 4 ** -0.25, half = 0.5 * c * c * dot(x, x); return W.map((w) => Math.exp(c * dot(w, x) - half) / Math.sqrt(m)); };
    const kernel = lin.kernelWeights(q, k, { featureMap: 'performer', features: m, seed: 7 });
    rows(q).forEach((qi, i) => rows(k).forEach((kj, j) => expect(kernel.raw[i][j]).toBeCloseTo(dot(phi(qi), phi(kj)), 5)));
    expect(lin.features(q, { featureMap: 'performer', features: m, seed: 7 })[2].map((x) => Number(x.toFixed(6)))).toEqual(phi(rows(q)[2]).map((x) => Number(x.toFixed(6))));
  });

  test('the running state after token t reads out the causal weighted mean of v_0 … v_t, as the core\'s row t', () => {
    const { q, k, v } = lin.linearInputs(7, 4, 2);
    for (const opts of [{ featureMap: 'elu1' }, { featureMap: 'performer', features: 32, seed: 2 }]) {
      const t = 4;
      const s = lin.runningState(q, k, v, t, opts);
      const fq = lin.features(q, opts), fk = lin.features(k, opts);
      const a = fk.slice(0, t + 1).map((f) => dot(fq[t], f));
      const V = rows(v);
      const want = [0, 1, 2, 3].map((c) => a.reduce((acc, w, j) => acc + w * V[j][c], 0) / a.reduce((x, y) => x + y, 0));
      want.forEach((w, c) => { expect(s.output[c]).toBeCloseTo(w, 9); expect(s.core[c]).toBeCloseTo(w, 4); });
      expect(s.z.map((z) => Number(z.toFixed(9)))).toEqual(fk[0].map((_, f) => Number(fk.slice(0, t + 1).reduce((acc, r) => acc + r[f], 0).toFixed(9))));
    }
  });

  test('the Performer\'s error falls with m (the curve of the widget)', () => {
    const { q, k } = lin.linearInputs(8, 4, 1);
    const curve = lin.performerErrorCurve(q, k, [1, 16, 512], 8, 1);
    expect(curve[2]).toBeLessThan(curve[1]);
    expect(curve[1]).toBeLessThan(curve[0]);
    expect(curve[2]).toBeLessThan(curve[0] / 3);
    const soft = lin.softmaxWeights(q, k);
    const one = [0, 1, 2, 3, 4, 5, 6, 7].reduce((s, i) => s + lin.meanAbsDiff(lin.kernelWeights(q, k, { featureMap: 'performer', features: 16, seed: 1 + i }).weights, soft), 0) / 8;
    expect(curve[1]).toBeCloseTo(one, 12);
  });
});

describe('residual gradient numbers', () => {
  test('scalars: the residual stack\'s gain is |Π(1 + w_l)|, the plain one |Π w_l| (001\'s product)', () => {
    const s = res.stackGradients({ layers: 10, dim: 1, sigma: 0.5, seed: 4 });
    let on = 1, off = 1;
    s.weights.forEach((w, l) => {
      on *= 1 + w; off *= w;
      expect(s.residual[l]).toBeCloseTo(Math.abs(on), 5);
      expect(s.plain[l] / Math.abs(off)).toBeCloseTo(1, 5);
    });
    // the plausible mistake, Π(1 + w) read as 1 + Σ w, is far off after 10 layers
    expect(Math.abs(s.residual[9] - Math.abs(1 + s.weights.reduce((a, b) => a + b, 0)))).toBeGreaterThan(0.01);
  });

  test('matrices: the gains are ‖Π(I + W_l)‖_F/√d and ‖Π W_l‖_F/√d of a float64 product', () => {
    const d = 3, L = 5;
    const s = res.stackGradients({ layers: L, dim: d, sigma: 0.7, seed: 9 });
    const mul = (A, B) => A.map((_, idx) => { const i = Math.floor(idx / d), j = idx % d; let t = 0; for (let k = 0; k < d; k++) t += A[i * d + k] * B[k * d + j]; return t; });
    const gain = (P) => Math.sqrt(P.reduce((acc, x) => acc + x * x, 0) / d);
    let on = [1, 0, 0, 0, 1, 0, 0, 0, 1], off = [...on];
    for (let l = 0; l < L; l++) {
      const W = s.weights.slice(l * d * d, (l + 1) * d * d);
      on = mul(W.map((x, i) => x + (i % (d + 1) === 0 ? 1 : 0)), on);
      off = mul(W, off);
      expect(s.residual[l] / gain(on)).toBeCloseTo(1, 5);
      expect(s.plain[l] / gain(off)).toBeCloseTo(1, 5);
    }
  });

  test('the RNN: W is ρ times an orthogonal matrix, and ∂h_T/∂h_(T−k) matches float64 loops, plain and residual', () => {
    const d = 16, T = 30, rho = 0.9;
    const Q = res.orthogonal(d, 5);
    for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) {
      let s = 0;
      for (let i = 0; i < d; i++) s += Q[i * d + a] * Q[i * d + b];
      expect(s).toBeCloseTo(a === b ? 1 : 0, 12);
    }
    const r = res.rnnGradients({ steps: T, dim: d, radius: rho, seed: 5 });
    r.W.forEach((w, i) => expect(w).toBeCloseTo(rho * Q[i], 12));
    for (const residual of [false, true]) {
      const h = [new Array(d).fill(0)], th = [];
      for (let t = 0; t < T; t++) {
        const pre = h[t].map((_, i) => 0.5 * r.inputs[t * d + i] + h[t].reduce((acc, hj, j) => acc + r.W[i * d + j] * hj, 0));
        th.push(pre.map(Math.tanh));
        h.push(pre.map((p, i) => (residual ? h[t][i] : 0) + Math.tanh(p)));
      }
      // G = ∂h_T/∂h_(t−1), walking back: G ← G · (diag(1 − tanh²) W (+ I))
      let G = Array.from({ length: d * d }, (_, i) => (i % (d + 1) === 0 ? 1 : 0));
      const got = residual ? r.residual : r.plain;
      for (let t = T; t >= 1; t--) {
        const J = Array.from({ length: d * d }, (_, idx) => { const i = Math.floor(idx / d), j = idx % d; return (1 - th[t - 1][i] ** 2) * r.W[idx] + (residual && i === j ? 1 : 0); });
        G = G.map((_, idx) => { const i = Math.floor(idx / d), j = idx % d; let s = 0; for (let k = 0; k < d; k++) s += G[i * d + k] * J[k * d + j]; return s; });
        const want = Math.sqrt(G.reduce((acc, x) => acc + x * x, 0) / d);
        expect(got[T - t] / want).toBeCloseTo(1, 3);
      }
    }
    expect(r.plain[T - 1]).toBeLessThan(r.plain[0] * 1e-2); // plain: vanishes
    expect(r.residual[T - 1]).toBeGreaterThan(0.5); // residual: carried through
  });
});
