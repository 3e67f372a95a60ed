// Every number <attn-linear-attention> shows. The weights come from the
// core: softmax(QKᵀ/√D) from scaledDotProductAttention, φ(q_i)·φ(k_j) from
// linearAttention with V = I (then out[i][j] is exactly the kernel weight),
// the random features' projection from performerProjection. The running
// state S_t, z_t is summed here in float64 from φ of the keys, and its output
// is set beside the core's causal linearAttention row, which must agree.
import { attn, seededNormals } from './attention-source.js';

/** q, k, v [N, D] from one seeded stream (q, then k, then v). */
export function linearInputs(N, D, seed) {
  const all = seededNormals(3 * N * D, seed);
  const at = (i) => attn.tensor(all.slice(i * N * D, (i + 1) * N * D), [N, D]);
  return { q: at(0), k: at(1), v: at(2) };
}

const identity = (N) => attn.tensor(Float32Array.from({ length: N * N }, (_, i) => (i % (N + 1) === 0 ? 1 : 0)), [N, N]);

/** softmax(QKᵀ/√D) [N][N] (every key visible). */
export function softmaxWeights(q, k) {
  const N = q.shape[0];
  const w = attn.scaledDotProductAttention(q, k, identity(N), { returnWeights: true }).weights.data;
  return Array.from({ length: N }, (_, i) => Array.from(w.subarray(i * N, (i + 1) * N)));
}

/** The feature map's options for linearAttention. */
const mapOptions = ({ featureMap, features, seed }) => (featureMap === 'performer' ? { featureMap, features, seed } : { featureMap });

/** φ(q_i)·φ(k_j) [N][N] and the rows normalised to sum 1 (what linear attention weights the values by). */
export function kernelWeights(q, k, opts) {
  const N = q.shape[0];
  const raw = attn.linearAttention(q, k, identity(N), { ...mapOptions(opts), normalize: false, form: 'quadratic' }).output.data;
  const rows = Array.from({ length: N }, (_, i) => Array.from(raw.subarray(i * N, (i + 1) * N)));
  return { raw: rows, weights: rows.map((r) => { const z = r.reduce((a, b) => a + b, 0); return r.map((x) => x / z); }) };
}

/** Mean |a − b| over the entries of two [N][N] arrays. */
export const meanAbsDiff = (a, b) => a.flat().reduce((s, x, i) => s + Math.abs(x - b.flat()[i]), 0) / a.flat().length;

/**
 * The Performer's error against the number of random features m: for each m,
 * the mean over `trials` projection seeds of mean |A_φ − A_softmax| (both row
 * normalised). It shrinks as m grows (a Monte Carlo error; heavy-tailed
 * features make it slower than 1/√m for large |q|, |k|).
 */
export function performerErrorCurve(q, k, ms, trials, seed) {
  const exact = softmaxWeights(q, k);
  return ms.map((m) => {
    let e = 0;
    for (let s = 0; s < trials; s++) e += meanAbsDiff(kernelWeights(q, k, { featureMap: 'performer', features: m, seed: seed + s }).weights, exact);
    return e / trials;
  });
}

/** φ of each row of x [N, D] in float64, the core's maps: elu(x) + 1, relu, or exp(w·x' − |x'|²/2)/√m with x' = D^(−1/4)·x. */
export function features(x, { featureMap, features: m, seed }) {
  const [N, D] = x.shape;
  const rows = Array.from({ length: N }, (_, i) => Array.from(x.data.subarray(i * D, (i + 1) * D)));
  if (featureMap === 'elu1') return rows.map((r) => r.map((v) => (v > 0 ? v + 1 : Math.exp(v))));
  if (featureMap === 'relu') return rows.map((r) => r.map((v) => Math.max(v, 0)));
  const w = attn.performerProjection(m, D, { seed }).data;
  const c = D ** -0.25;
  return rows.map((r) => {
    const half = 0.5 * c * c * r.reduce((s, v) => s + v * v, 0);
    return Array.from({ length: m }, (_, f) => Math.exp(c * r.reduce((s, v, a) => s + w[f * D + a] * v, 0) - half) / Math.sqrt(m));
  });
}

/**
 * After keys 0 … t: S_t = Σ_j φ(k_j) v_jᵀ [F][Dv] and z_t = Σ_j φ(k_j) [F],
 * the output of query t read from them, φ(q_t)ᵀS_t / φ(q_t)ᵀz_t, and the
 * core's causal linearAttention output row t (they agree up to float32
 * rounding and the core's eps in the denominator).
 */
export function runningState(q, k, v, t, opts) {
  const fk = features(k, opts), fq = features(q, opts);
  const F = fk[0].length, Dv = v.shape[1];
  const S = Array.from({ length: F }, () => new Array(Dv).fill(0)), z = new Array(F).fill(0);
  for (let j = 0; j <= t; j++) {
    for (let f = 0; f < F; f++) {
      z[f] += fk[j][f];
      for (let c = 0; c < Dv; c++) S[f][c] += fk[j][f] * v.data[j * Dv + c];
    }
  }
  const den = fq[t].reduce((s, x, f) => s + x * z[f], 0);
  const output = Array.from({ length: Dv }, (_, c) => fq[t].reduce((s, x, f) => s + x * S[f][c], 0) / den);
  const causal = attn.linearAttention(q, k, v, { ...mapOptions(opts), isCausal: true }).output.data;
  return { S, z, output, core: Array.from(causal.subarray(t * Dv, (t + 1) * Dv)), features: F };
}
