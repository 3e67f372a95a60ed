// The numbers of <attn-vectors>, asked of the core: sum and difference as
// [1, −1]-style rows times the matrix [a; b], dot products and norms by
// matmul, the cosine from l2Normalize. Angles are acos of the core's cosine.
import { attn } from './attention-source.js';

const dot = (x, y) => attn.matmul(attn.tensor(Float32Array.from(x), [1, 2]), attn.tensor(Float32Array.from(y), [2, 1])).data[0];

/** Everything the widget shows for a, b [2]. */
export function vectorFacts(a, b) {
  const ab = attn.tensor(Float32Array.from([...a, ...b]), [2, 2]);
  const combos = attn.matmul(attn.tensor(new Float32Array([1, 1, 1, -1]), [2, 2]), ab).data; // rows: a + b, a − b
  const sum = combos.slice(0, 2), diff = combos.slice(2, 4);
  const aa = dot(a, a), bb = dot(b, b), abDot = dot(a, b), dd = dot(diff, diff);
  const unit = attn.l2Normalize(ab).data; // rows a/|a|, b/|b|
  const cos = dot(unit.slice(0, 2), unit.slice(2, 4));
  return {
    sum, diff, dot: abDot, normA: Math.sqrt(aa), normB: Math.sqrt(bb), normDiffSq: dd, normASq: aa, normBSq: bb,
    cos, angle: Math.acos(Math.max(-1, Math.min(1, cos))),
  };
}
