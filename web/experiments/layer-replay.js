// A trained llama-family Model (RMSNorm, RoPE, pre-LN, no biases) run layer
// by layer with the core's own ops (matmul, rmsNorm, applyRope,
// scaledDotProductAttention, gelu / silu), so that what a layer caches can be
// read and replaced between two calls: the prefill records each layer's
// queries, keys, values and attention; a continuation attends to an edited
// cache of earlier tokens plus itself. A test checks it gives the Model's own
// loss when nothing is edited.
import { matmul } from '../lib/ops/matmul.js';
import { rmsNorm, gelu, silu } from '../lib/ops/elementwise.js';
import { applyRope } from '../lib/ops/position.js';
import { scaledDotProductAttention } from '../lib/ops/attention.js';
import { fail } from '../lib/tensor.js';

const EPS = 1e-5; // the trainable model's norm_eps

/** [out, in] (nn.Linear) → [in, out], so that y = x @ W. */
function transposed(t) {
  const [o, i] = t.shape;
  const out = new Float32Array(o * i);
  for (let r = 0; r < o; r++) for (let c = 0; c < i; c++) out[c * o + r] = t.data[r * i + c];
  return { data: out, shape: [i, o] };
}

/** The weights of a trainable llama-family model, matrices as [in, out]. */
export function replayWeights(model) {
  const c = model.config;
  if (c.arch !== 'llama' || c.positions !== 'rope' || c.norm !== 'rmsnorm' || !c.prenorm || c.bias || !['gelu', 'swiglu'].includes(c.activation)) {
    fail('replayWeights: the model must be llama-family with RoPE, pre-LN RMSNorm, no biases and a GELU or SwiGLU MLP');
  }
  const p = model.parameters();
  const layers = Array.from({ length: c.nLayers }, (_, l) => {
    const at = (name) => p[`layers.${l}.${name}.weight`];
    return {
      n1: at('attention_norm'), n2: at('ffn_norm'),
      wq: transposed(at('attention.wq')), wk: transposed(at('attention.wk')), wv: transposed(at('attention.wv')), wo: transposed(at('attention.wo')),
      w1: transposed(at('feed_forward.w1')), w2: transposed(at('feed_forward.w2')), w3: c.activation === 'swiglu' ? transposed(at('feed_forward.w3')) : null,
      rawK: at('attention.wk'), rawV: at('attention.wv'), // [Hkv·D, C]: the heads' slices, for grouping
    };
  });
  const emb = p['tok_embeddings.weight'];
  return { config: c, headDim: c.dim / c.nHeads, layers, emb, norm: p['norm.weight'], cls: transposed(c.sharedClassifier ? emb : p['output.weight']) };
}

/** [M, H·D] → [H, M, D]. */
function splitHeads(t, H, D) {
  const M = t.shape[0];
  const out = new Float32Array(H * M * D);
  for (let m = 0; m < M; m++) for (let h = 0; h < H; h++) out.set(t.data.subarray(m * H * D + h * D, m * H * D + (h + 1) * D), (h * M + m) * D);
  return { data: out, shape: [H, M, D] };
}

/** [H, M, D] → [M, H·D]. */
function mergeHeads(t) {
  const [H, M, D] = t.shape;
  const out = new Float32Array(M * H * D);
  for (let h = 0; h < H; h++) for (let m = 0; m < M; m++) out.set(t.data.subarray((h * M + m) * D, (h * M + m + 1) * D), m * H * D + h * D);
  return { data: out, shape: [M, H * D] };
}

/** Means of heads over `groups` of a [Hkv, M, D] tensor → [G, M, D]. */
function meanHeads(t, groups) {
  const [, M, D] = t.shape, per = M * D;
  const out = new Float32Array(groups.length * per);
  groups.forEach((g, gi) => { for (let i = 0; i < per; i++) { let s = 0; for (const h of g) s += t.data[h * per + i]; out[gi * per + i] = s / g.length; } });
  return { data: out, shape: [groups.length, M, D] };
}

/**
 * Runs `ids` (positions start … start + M − 1) through the model. past[l]
 * (optional, per layer): { keys, values } [G, Np, D] cached before them, and
 * `groups` when KV heads were merged (then this call's own keys and values
 * are merged the same way: the whole cache is the merged one). Query head h
 * reads cache row headGroup[kvHead(h)] (kvHead(h) = h / (H / Hkv)).
 * record: also return per layer { queries (before RoPE) [H, M, D], keys
 * (after RoPE) and values [Hkv, M, D], attention [H, M, Np + M] }.
 * Returns { logits [M, V], layers }.
 */
export function replay(w, ids, { start = 0, past = null, record = false } = {}) {
  const c = w.config, H = c.nHeads, Hkv = c.nKvHeads, D = w.headDim, C = c.dim, M = ids.length;
  const x = new Float32Array(M * C);
  ids.forEach((id, m) => x.set(w.emb.data.subarray(id * C, (id + 1) * C), m * C));
  let h = { data: x, shape: [M, C] };
  const layers = [];
  w.layers.forEach((lw, l) => {
    const n1 = rmsNorm(h, { weight: lw.n1, eps: EPS });
    const qRaw = splitHeads(matmul(n1, lw.wq), H, D);
    const q = applyRope(qRaw, { positionOffset: start });
    const k = applyRope(splitHeads(matmul(n1, lw.wk), Hkv, D), { positionOffset: start });
    const v = splitHeads(matmul(n1, lw.wv), Hkv, D);
    const cached = past?.[l] ?? null;
    const groups = cached?.groups ?? null;
    const ownK = groups ? meanHeads(k, groups) : k, ownV = groups ? meanHeads(v, groups) : v;
    const rowOf = new Int32Array(Hkv).map((_, g) => g);
    if (groups) groups.forEach((g, gi) => { for (const head of g) rowOf[head] = gi; });
    const Np = cached ? cached.keys.shape[1] : 0, Nk = Np + M;
    // every query head's keys and values: its (merged) KV head's cache, then this call's tokens
    const K = new Float32Array(H * Nk * D), V = new Float32Array(H * Nk * D);
    for (let qh = 0; qh < H; qh++) {
      const row = rowOf[Math.floor(qh / (H / Hkv))];
      if (cached) {
        K.set(cached.keys.data.subarray(row * Np * D, (row + 1) * Np * D), qh * Nk * D);
        V.set(cached.values.data.subarray(row * Np * D, (row + 1) * Np * D), qh * Nk * D);
      }
      K.set(ownK.data.subarray(row * M * D, (row + 1) * M * D), (qh * Nk + Np) * D);
      V.set(ownV.data.subarray(row * M * D, (row + 1) * M * D), (qh * Nk + Np) * D);
    }
    const mask = new Float32Array(M * Nk); // the cache is all visible; this call's tokens causally
    for (let i = 0; i < M; i++) for (let j = Np + i + 1; j < Nk; j++) mask[i * Nk + j] = -Infinity;
    const att = scaledDotProductAttention(q, { data: K, shape: [H, Nk, D] }, { data: V, shape: [H, Nk, D] }, { attnMask: { data: mask, shape: [M, Nk] }, returnWeights: record });
    const attnOut = matmul(mergeHeads(att.output), lw.wo);
    const sum1 = Float32Array.from(h.data, (xv, i) => xv + attnOut.data[i]);
    const n2 = rmsNorm({ data: sum1, shape: [M, C] }, { weight: lw.n2, eps: EPS });
    const h1 = matmul(n2, lw.w1);
    let act = gelu(h1);
    if (lw.w3) { // SwiGLU: silu(x @ w1) ⊙ (x @ w3)
      const h3 = matmul(n2, lw.w3).data;
      act = { data: Float32Array.from(silu(h1).data, (s, i) => s * h3[i]), shape: h1.shape };
    }
    const ffn = matmul(act, lw.w2);
    h = { data: Float32Array.from(sum1, (xv, i) => xv + ffn.data[i]), shape: [M, C] };
    if (record) layers.push({ queries: qRaw, keys: k, values: v, attention: att.weights });
  });
  const logits = matmul(rmsNorm(h, { weight: w.norm, eps: EPS }), w.cls);
  return { logits, layers };
}

/** Mean −log softmax(logits)[target] over rows whose target is not −1 (float64). */
export function meanCrossEntropy(logits, targets) {
  const [M, Vn] = logits.shape;
  let sum = 0, n = 0;
  for (let m = 0; m < M; m++) {
    if (targets[m] < 0) continue;
    const row = logits.data.subarray(m * Vn, (m + 1) * Vn);
    let top = -Infinity;
    for (const z of row) top = Math.max(top, z);
    let s = 0;
    for (const z of row) s += Math.exp(z - top);
    sum += top + Math.log(s) - row[targets[m]];
    n++;
  }
  return n ? sum / n : NaN;
}
