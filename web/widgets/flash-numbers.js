// The numbers of <attn-flash-tiles>, asked of the core. After the first t key
// tiles, FlashAttention's running state for query row i is
//   m_i = max_j s_ij,  ℓ_i = Σ_j exp(s_ij − m_i),  o_i = Σ_j exp(s_ij − m_i)·v_j
// over the keys seen so far, and o_i/ℓ_i is plain softmax attention over those
// keys. So: the scores s come from matmul (times the scale), o/ℓ and the
// weights from scaledDotProductAttention over the seen keys, ℓ_i = 1/(the
// largest weight of row i) (that key has exp(0) = 1), o_i = ℓ_i·(o_i/ℓ_i).
// The final state is checked against flashAttention and the full attention.
import { attn } from './attention-source.js';

const rows = (t, from, to) => {
  const D = t.shape[1];
  return attn.tensor(t.data.slice(from * D, to * D), [to - from, D]);
};

function transpose(m) {
  const [R, C] = m.shape;
  const out = new Float32Array(R * C);
  for (let i = 0; i < R; i++) for (let j = 0; j < C; j++) out[j * R + i] = m.data[i * C + j];
  return attn.tensor(out, [C, R]);
}

/** max |a − b| over two equal-length arrays. */
export function maxAbsDiff(a, b) {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

/**
 * The state after each number of key tiles, 0..⌈N/tile⌉, for q [N, D], k and
 * v [Nk, D]: steps[t] = {seen, m [N], l [N], rescale [N], o [N·D] (the
 * accumulator), out [N·D] (o/ℓ)}; and the check {flash, full, vsFlash, vsFull}.
 */
export function flashSteps(q, k, v, tile) {
  const [N, D] = q.shape, Nk = k.shape[0];
  const scale = 1 / Math.sqrt(D);
  const scores = attn.matmul(q, transpose(k)).data; // [N, Nk], unscaled
  const steps = [{ seen: 0, m: new Float64Array(N).fill(-Infinity), l: new Float64Array(N), rescale: new Float64Array(N), o: new Float64Array(N * D), out: new Float64Array(N * D) }];
  for (let seen = Math.min(tile, Nk); ; seen = Math.min(seen + tile, Nk)) {
    const prev = steps[steps.length - 1];
    const r = attn.scaledDotProductAttention(q, rows(k, 0, seen), rows(v, 0, seen), { scale, returnWeights: true });
    const step = { seen, m: new Float64Array(N), l: new Float64Array(N), rescale: new Float64Array(N), o: new Float64Array(N * D), out: r.output.data };
    for (let i = 0; i < N; i++) {
      let m = -Infinity, wMax = 0;
      for (let j = 0; j < seen; j++) {
        m = Math.max(m, scores[i * Nk + j] * scale);
        wMax = Math.max(wMax, r.weights.data[i * seen + j]);
      }
      step.m[i] = m;
      step.l[i] = 1 / wMax;
      step.rescale[i] = Math.exp(prev.m[i] - m); // how much the old ℓ and o shrink: 0 on the first tile
      for (let d = 0; d < D; d++) step.o[i * D + d] = step.l[i] * r.output.data[i * D + d];
    }
    steps.push(step);
    if (seen === Nk) break;
  }
  const flash = attn.flashAttention(q, k, v, { scale }).output.data;
  const full = attn.scaledDotProductAttention(q, k, v, { scale }).output.data;
  const last = steps[steps.length - 1].out;
  return { steps, scale, check: { flash, full, vsFlash: maxAbsDiff(last, flash), vsFull: maxAbsDiff(last, full) } };
}

/**
 * Bytes moved between slow (HBM) and fast (SRAM) memory by one head's forward
 * pass, counting every tensor once per pass over it (the FlashAttention
 * paper's accounting), `bytes` per number:
 *   standard = (4·N·D + 4·N²)·bytes  (read Q, K; write S; read S; write P; read P, V; write O)
 *   tiled    = (2·N·D + 2·N·D·⌈N/B⌉)·bytes  (Q and O once; K and V once per tile of B queries)
 *   scores   = N²·bytes (the matrix the tiled version never writes)
 *   sram     = (3·B·D + B² + B·D)·bytes  (Q, K, V tiles, the S tile, the o accumulator)
 * Exact integers (up to 2^53).
 */
export function attentionTraffic({ N, D, tile: B, bytes = 4 }) {
  const tiles = Math.ceil(N / B);
  return {
    scores: N * N * bytes,
    standard: (4 * N * D + 4 * N * N) * bytes,
    tiled: (2 * N * D + 2 * N * D * tiles) * bytes,
    sram: (4 * B * D + B * B) * bytes,
  };
}
