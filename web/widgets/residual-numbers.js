// Every number <attn-residual-gradient> shows. A gradient through a chain is
// a product of Jacobians; the products are the core's matmuls, only tanh and
// the seeded weights are made here. The gain of a product P is ‖P‖_F/√d (the
// root-mean-square singular value; for d = 1 it is |P|).
//   stack: L layers x ← x + W_l x (residual, Jacobian I + W_l) or x ← W_l x
//          (plain, W_l), W_l ~ N(0, σ²/d); d = 1 is 001's scalar chain
//          Π(1 + w_l) against Π w_l;
//   RNN:   h_t = tanh(W h_{t−1} + U x_t) (Jacobian diag(1 − h_t²)·W) or with
//          a residual h_t = h_{t−1} + tanh(…) (I + diag(1 − h_t²)·W), W = ρ·Q
//          (Q orthogonal, every singular value ρ); ∂h_T/∂h_{T−k} for k = 1 … T.
import { attn, mulberry32 } from './attention-source.js';

function gaussians(n, seed) {
  const r = mulberry32(seed);
  return Float64Array.from({ length: n }, () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r()));
}

const matrix = (data, d) => ({ data: Float32Array.from(data), shape: [d, d] });
const eye = (d) => Float64Array.from({ length: d * d }, (_, i) => (i % (d + 1) === 0 ? 1 : 0));
const gain = (p, d) => Math.sqrt(p.data.reduce((s, x) => s + x * x, 0) / d);

/** The gains of the partial products over depth 1 … L, with and without the residual; `weights`: the W_l, row-major, one after another (d = 1: the w_l). */
export function stackGradients({ layers: L, dim: d, sigma, seed }) {
  const w = gaussians(L * d * d, seed).map((x) => (x * sigma) / Math.sqrt(d));
  const I = eye(d);
  let res = matrix(I, d), plain = matrix(I, d);
  const out = { depth: [], residual: [], plain: [], weights: Array.from(w) }; // weights: W_1 … W_L row-major (d = 1: the w_l)
  for (let l = 0; l < L; l++) {
    const Wl = w.subarray(l * d * d, (l + 1) * d * d);
    res = attn.matmul(matrix(Wl.map((x, i) => x + I[i]), d), res);
    plain = attn.matmul(matrix(Wl, d), plain);
    out.depth.push(l + 1);
    out.residual.push(gain(res, d));
    out.plain.push(gain(plain, d));
  }
  return out;
}

/** An orthogonal d × d matrix (Gram–Schmidt on seeded Gaussian columns), row-major. */
export function orthogonal(d, seed) {
  const g = gaussians(d * d, seed);
  const cols = [];
  for (let c = 0; c < d; c++) {
    const v = Array.from({ length: d }, (_, r) => g[r * d + c]);
    for (const u of cols) { const p = v.reduce((s, x, i) => s + x * u[i], 0); for (let i = 0; i < d; i++) v[i] -= p * u[i]; }
    const n = Math.hypot(...v);
    cols.push(v.map((x) => x / n));
  }
  return Float64Array.from({ length: d * d }, (_, i) => cols[i % d][Math.floor(i / d)]);
}

/**
 * The RNN over T steps from h_0 = 0 with inputs x_t ~ N(0, 1) (U = I/2), and
 * the gains of ∂h_T/∂h_{T−k}, k = 1 … T, plain and with the residual path
 * (with W and the inputs used, row-major).
 */
export function rnnGradients({ steps: T, dim: d, radius, seed }) {
  const W = orthogonal(d, seed).map((x) => x * radius);
  const x = gaussians(T * d, seed + 1);
  const run = (residual) => {
    const hs = [new Float64Array(d)];
    for (let t = 0; t < T; t++) {
      const prev = hs[t];
      const pre = Array.from({ length: d }, (_, i) => { let s = 0.5 * x[t * d + i]; for (let j = 0; j < d; j++) s += W[i * d + j] * prev[j]; return s; });
      hs.push(Float64Array.from(pre, (p, i) => (residual ? prev[i] : 0) + Math.tanh(p)));
    }
    // Jacobian of step t (h_{t−1} → h_t): diag(1 − tanh²(pre_t))·W (+ I), tanh(pre_t) = h_t − residual part
    let P = matrix(eye(d), d);
    const gains = [];
    for (let t = T; t >= 1; t--) {
      const J = new Float64Array(d * d);
      for (let i = 0; i < d; i++) {
        const th = hs[t][i] - (residual ? hs[t - 1][i] : 0);
        for (let j = 0; j < d; j++) J[i * d + j] = (1 - th * th) * W[i * d + j] + (residual && i === j ? 1 : 0);
      }
      P = attn.matmul(P, matrix(J, d)); // ∂h_T/∂h_{t−1} = (∂h_T/∂h_t)·J_t
      gains.push(gain(P, d));
    }
    return gains;
  };
  return { k: Array.from({ length: T }, (_, i) => i + 1), plain: run(false), residual: run(true), W: Array.from(W), inputs: Array.from(x) };
}
