// A two-layer Llama model whose weights are set by hand so that each of its
// four heads has one known role (head_roles.test.js):
//   layer 0 head 0  previous token   q, k constant; k = R(θ)·q in every RoPE pair
//   layer 0 head 1  diagonal         q = k constant: the score peaks at offset 0
//   layer 1 head 0  induction        q = the current token, k = the token before
//   layer 1 head 1  sink             q constant, k = "is <s>"
// The residual stream (dim 64) holds: dim 0 a constant 1, dims 1..16 the
// current token (one-hot), dims 17..32 the previous token, which layer 0
// head 0 copies there (its values read the current token, its output
// writes the previous-token dims). Every embedding has the same norm, so
// RMSNorm keeps dim 0 the same at every position. The FFNs are zero.
// RoPE (llama2.c: pairs (2p, 2p+1), θ_p = 10000^(-2p/D)) turns a query at i
// and a key at j by their positions; the score is qᵀR((j−i)θ)k, so
// k = R(θ)q peaks at j = i − 1. Layer 1 uses the slowest pairs (8..15,
// θ ≤ 0.01), where 30 positions turn a vector by under 0.3 rad, for the
// content match.

export const KNOWN_ROLES = [['previousToken', 'diagonal'], ['induction', 'sink']];
export const VOCAB = 16;
const C = 64, H = 2, D = 32;
const CURRENT = 1, PREVIOUS = 1 + VOCAB; // first dims of the two one-hot blocks
const BOS = 1;

export const handSetConfig = { dim: C, hiddenDim: 32, nLayers: 2, nHeads: H, nKvHeads: H, vocabSize: VOCAB, seqLen: 64 };

/** Weights [out, in] as a Float32Array with set(out, in, value). */
function matrix(rows, cols) {
  const data = new Float32Array(rows * cols);
  return { data, shape: [rows, cols], set: (r, c, v) => { data[r * cols + c] = v; } };
}

/** The named tensors to pass to model.setParameters (every one of them). */
export function handSetWeights(model) {
  const params = model.parameters();
  const out = {};
  for (const [name, t] of Object.entries(params)) {
    const isNorm = name.endsWith('norm.weight');
    out[name] = { data: new Float32Array(t.data.length).fill(isNorm ? 1 : 0), shape: t.shape };
  }
  const emb = matrix(VOCAB, C);
  for (let t = 0; t < VOCAB; t++) { emb.set(t, 0, 1); emb.set(t, CURRENT + t, 1); }
  out['tok_embeddings.weight'] = emb;

  const theta = (p) => 10000 ** (-2 * p / D);
  const q0 = matrix(H * D, C), k0 = matrix(H * D, C), v0 = matrix(H * D, C), o0 = matrix(C, H * D);
  const a = 3; // after RMSNorm dim 0 is 5.66: scores 288·Σ(1 − cos(kθ_p))/√32 apart, over 30 nats
  for (let p = 0; p < D / 2; p++) {
    q0.set(2 * p, 0, a); // head 0: q = (a, 0), k = R(θ_p)(a, 0)
    k0.set(2 * p, 0, a * Math.cos(theta(p)));
    k0.set(2 * p + 1, 0, a * Math.sin(theta(p)));
    q0.set(D + 2 * p, 0, a); // head 1: k = q
    k0.set(D + 2 * p, 0, a);
  }
  for (let t = 0; t < VOCAB; t++) { v0.set(t, CURRENT + t, 1); o0.set(PREVIOUS + t, t, 1); }
  Object.assign(out, {
    'layers.0.attention.wq.weight': q0, 'layers.0.attention.wk.weight': k0,
    'layers.0.attention.wv.weight': v0, 'layers.0.attention.wo.weight': o0,
  });

  const q1 = matrix(H * D, C), k1 = matrix(H * D, C);
  const b = 6; // current (1.37 after RMSNorm) against previous (7.76): ~44 nats for a match
  for (let t = 0; t < VOCAB; t++) { q1.set(16 + t, CURRENT + t, b); k1.set(16 + t, PREVIOUS + t, b); }
  q1.set(D + 30, 0, 10); // head 1: constant query, key only where the token is <s>
  k1.set(D + 30, CURRENT + BOS, 10);
  Object.assign(out, { 'layers.1.attention.wq.weight': q1, 'layers.1.attention.wk.weight': k1 });
  for (const m of Object.values(out)) delete m.set;
  return out;
}

/** The model, ready to measure (call dispose()). */
export function handSetModel(attn) {
  const model = attn.Model.create(handSetConfig, { seed: 1 });
  model.setParameters(handSetWeights(model));
  return model;
}
