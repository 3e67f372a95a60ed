// What runMaskedVsCausal measures on a trained pair: fill (blanks inside the
// text: the masked model reads both sides, the causal one only the left) and
// next (the last character of a window from the ones before it: the task a
// generating model repeats), each as loss and top-1 accuracy over the same
// held-out positions; and the learner's sentence filled by both.
import { BLANK } from './masked-vs-causal-summary.js';
import { fail } from '../lib/tensor.js';

/** −log softmax(row)[target] and whether target is the arg max, in float64. */
function scoreRow(logits, V, row, target) {
  let max = -Infinity, arg = 0;
  for (let v = 0; v < V; v++) { const x = logits[row * V + v]; if (x > max) { max = x; arg = v; } }
  let z = 0;
  for (let v = 0; v < V; v++) z += Math.exp(logits[row * V + v] - max);
  return { nll: Math.log(z) - (logits[row * V + target] - max), hit: arg === target };
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const summarise = (scores) => ({ loss: mean(scores.map((s) => s.nll)), accuracy: mean(scores.map((s) => (s.hit ? 1 : 0))), positions: scores.length });

/**
 * The blanks of a fixed masked batch of `windows` ({inputs, targets} [B, T],
 * every chosen position replaced by maskId; position 0 never chosen, since
 * a causal model has nothing to its left) and the last position of each
 * window. Returns { fill, next } with { causal, masked } each.
 */
export function compareOnWindows(causal, masked, windows, blanks, maskId) {
  const [B, T] = windows.inputs.shape;
  const V = causal.config.vocabSize;
  const fill = { causal: [], masked: [] }, next = { causal: [], masked: [] };
  for (let b = 0; b < B; b++) {
    const text = Array.from(windows.inputs.data.subarray(b * T, (b + 1) * T));
    const c = causal.forward(text).logits.data; // row p predicts text[p + 1]
    const withBlanks = text.map((id, p) => (blanks[b * T + p] ? maskId : id));
    const m = masked.forward(withBlanks).logits.data; // row p fills position p
    for (let p = 1; p < T; p++) {
      if (!blanks[b * T + p]) continue;
      fill.causal.push(scoreRow(c, V, p - 1, text[p]));
      fill.masked.push(scoreRow(m, V, p, text[p]));
    }
    next.causal.push(scoreRow(c, V, T - 2, text[T - 1]));
    const lastMasked = [...text.slice(0, T - 1), maskId];
    next.masked.push(scoreRow(masked.forward(lastMasked).logits.data, V, T - 1, text[T - 1]));
  }
  return {
    fill: { causal: summarise(fill.causal), masked: summarise(fill.masked) },
    next: { causal: summarise(next.causal), masked: summarise(next.masked) },
  };
}

/** The k most likely ids of a logits row, with their probabilities. */
function topK(logits, V, row, k, decode) {
  const r = Array.from(logits.subarray(row * V, (row + 1) * V));
  const max = Math.max(...r);
  const e = r.map((x) => Math.exp(x - max));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((x, id) => ({ id, p: x / z })).sort((a, b) => b.p - a.p || a.id - b.id).slice(0, k).map(({ id, p }) => ({ id, text: decode(id), p }));
}

/** The sentence as ids with blanks: throws naming options.sentence for a character the vocabulary lacks. */
export function sentenceIds(sentence, vocabulary, seqLen, fnName) {
  const chars = [...sentence];
  if (chars.length < 2 || chars.length > seqLen) fail(`${fnName}: options.sentence must have 2 to ${seqLen} characters (options.seqLen); it has ${chars.length}`);
  if (!chars.includes(BLANK)) fail(`${fnName}: options.sentence has no blank: mark each character to fill with ${BLANK}`);
  return chars.map((ch, i) => {
    if (ch === BLANK) return -1;
    const [id] = vocabulary.encode(ch);
    if (id === undefined || id === 0) fail(`${fnName}: options.sentence[${i}] is ${JSON.stringify(ch)}, which the corpus never uses (no token for it)`);
    return id;
  });
}

/** Head-mean attention of every layer, [L][T][T], rounded to 1e-4 (a map to draw). */
function headMeans(attention) {
  const [L, H, T] = attention.shape;
  return Array.from({ length: L }, (_, l) => Array.from({ length: T }, (_, i) => Array.from({ length: T }, (_, j) => {
    let s = 0;
    for (let h = 0; h < H; h++) s += attention.data[((l * H + h) * T + i) * T + j];
    return Math.round((s / H) * 1e4) / 1e4;
  })));
}

/**
 * Fill-mask on the learner's sentence: the masked model fills every blank at
 * once from both sides; the causal model fills them left to right from what
 * is before each (its own earlier choices included) and cannot fill a blank
 * at position 0. The attention maps are of what each read.
 */
export function fillSentence(causal, masked, ids, maskId, k, decode) {
  const V = causal.config.vocabSize;
  const maskedIds = ids.map((id) => (id < 0 ? maskId : id));
  const mOut = masked.forward(maskedIds, { returnAttention: true });
  const causalIds = ids.slice();
  const blanks = [];
  for (let p = 0; p < ids.length; p++) {
    if (ids[p] >= 0) continue;
    const maskedTop = topK(mOut.logits.data, V, p, k, decode);
    let causalTop = null;
    if (p > 0) {
      const c = causal.forward(causalIds.slice(0, p), { lastOnly: true }).logits.data;
      causalTop = topK(c, V, 0, k, decode);
    }
    causalIds[p] = causalTop ? causalTop[0].id : maskId;
    blanks.push({ position: p, masked: maskedTop, causal: causalTop });
  }
  const cOut = causal.forward(causalIds, { returnAttention: true });
  return {
    blanks,
    read: { masked: maskedIds.map((id) => (id === maskId ? '[MASK]' : decode(id))), causal: causalIds.map((id) => (id === maskId ? '[MASK]' : decode(id))) },
    attention: { masked: headMeans(mOut.attention), causal: headMeans(cOut.attention) },
  };
}
