// Random linear-regression prompts for the in-context experiment:
// w ~ N(0, I_d), x ~ N(0, I_d), y = w·x + noise·ε with ε ~ N(0, 1).
// A batch holds B prompts of n context pairs and one query each.
//   x  [B, n, d]   y  [B, n]   xq [B, d]   yq [B]   w [B, d]
import { mulberry32 } from '../lib/random.js';

/** Seeded standard normal samples (Box–Muller on mulberry32). */
export function gaussian(seed) {
  const uniform = mulberry32(seed);
  let spare = null;
  return () => {
    if (spare !== null) { const s = spare; spare = null; return s; }
    const u = 1 - uniform(); // (0, 1]: log(u) is finite
    const r = Math.sqrt(-2 * Math.log(u));
    const t = 2 * Math.PI * uniform();
    spare = r * Math.sin(t);
    return r * Math.cos(t);
  };
}

/** B fresh prompts of n pairs in d dimensions, drawn from `normal`. */
export function regressionBatch(normal, B, n, d, noise) {
  const batch = {
    B, n, d,
    x: new Float64Array(B * n * d), y: new Float64Array(B * n),
    xq: new Float64Array(B * d), yq: new Float64Array(B), w: new Float64Array(B * d),
  };
  const target = (w, x, at) => {
    let s = 0;
    for (let a = 0; a < d; a++) s += w[a] * x[at + a];
    return s;
  };
  for (let b = 0; b < B; b++) {
    const w = batch.w.subarray(b * d, (b + 1) * d);
    for (let a = 0; a < d; a++) w[a] = normal();
    for (let i = 0; i < n; i++) {
      const at = (b * n + i) * d;
      for (let a = 0; a < d; a++) batch.x[at + a] = normal();
      batch.y[b * n + i] = target(w, batch.x, at) + noise * normal();
    }
    for (let a = 0; a < d; a++) batch.xq[b * d + a] = normal();
    batch.yq[b] = target(w, batch.xq, b * d) + noise * normal();
  }
  return batch;
}
