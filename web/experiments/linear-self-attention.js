// One layer of linear self-attention without normalisation, read out at the
// query, and its exact gradient (float64). Token i of a prompt is
// e_i = (x_i, y_i) ∈ R^E with E = d + 1; the query token is e_q = (x_q, 0).
//   q = e_qᵀ W_Q,  k_i = e_iᵀ W_K,  v_i = e_i · w_v        W_Q, W_K [E, E], w_v [E]
//   ŷ = Σ_i v_i (k_i · q)
// which is linearAttention(q, k, v, { featureMap: 'identity', normalize:
// false }) with one query (w_v is the row of P·W_V that writes the y slot).
// With w_v = e_y and W_K W_Qᵀ = c·[[I_d, 0], [0, 0]] it is ŷ = c Σ_i y_i x_iᵀ x_q:
// one gradient-descent step (see oneStepGradientDescent).

/** Parameters for d input dims: { d, wq, wk, wv }, row-major Float64Arrays. */
export function lsaParameters(d, normal, scale) {
  const E = d + 1;
  const fill = (len) => Float64Array.from({ length: len }, () => scale * normal());
  return { d, wq: fill(E * E), wk: fill(E * E), wv: fill(E) };
}

/** The i-th token of prompt b as (x_i, y_i). */
function token(batch, b, i, out) {
  const { n, d } = batch;
  for (let a = 0; a < d; a++) out[a] = batch.x[(b * n + i) * d + a];
  out[d] = batch.y[b * n + i];
}

/** ŷ [B] for every prompt of the batch. */
export function lsaPredict(p, batch) {
  const out = new Float64Array(batch.B);
  const s = scratch(p.d);
  for (let b = 0; b < batch.B; b++) out[b] = forwardOne(p, batch, b, s);
  return out;
}

/**
 * Mean squared error (1/B) Σ_b (ŷ_b − yq_b)² and its gradient with respect
 * to wq, wk, wv (same layout as p).
 */
export function lsaLossAndGradients(p, batch) {
  const { d } = p;
  const { B } = batch;
  const E = d + 1;
  const grad = { wq: new Float64Array(E * E), wk: new Float64Array(E * E), wv: new Float64Array(E) };
  const s = scratch(d);
  let loss = 0;
  for (let b = 0; b < B; b++) {
    const err = forwardOne(p, batch, b, s) - batch.yq[b];
    loss += err * err;
    const g = (2 * err) / B; // dL/dŷ_b
    // dŷ/dW_Q[a, j] = e_q[a] · u[j], with u = Σ_i v_i k_i (e_q's y slot is 0)
    for (let a = 0; a < d; a++) {
      const ea = g * batch.xq[b * d + a];
      for (let j = 0; j < E; j++) grad.wq[a * E + j] += ea * s.u[j];
    }
    for (let i = 0; i < batch.n; i++) {
      token(batch, b, i, s.e);
      const k = s.k.subarray(i * E, (i + 1) * E);
      const v = s.v[i];
      let score = 0; // k_i · q
      for (let j = 0; j < E; j++) score += k[j] * s.q[j];
      for (let a = 0; a < E; a++) {
        const ea = g * s.e[a];
        // dŷ/dW_K[a, j] = e_i[a] · v_i q[j];  dŷ/dw_v[a] = e_i[a] · (k_i · q)
        for (let j = 0; j < E; j++) grad.wk[a * E + j] += ea * v * s.q[j];
        grad.wv[a] += ea * score;
      }
    }
  }
  return { loss: loss / B, grad };
}

function scratch(d) {
  const E = d + 1;
  return { e: new Float64Array(E), q: new Float64Array(E), u: new Float64Array(E), k: new Float64Array(0), v: new Float64Array(0) };
}

/** ŷ for prompt b; leaves q, u = Σ_i v_i k_i, k_i and v_i in s for the backward pass. */
function forwardOne(p, batch, b, s) {
  const { d } = p;
  const E = d + 1;
  const { n } = batch;
  if (s.k.length < n * E) { s.k = new Float64Array(n * E); s.v = new Float64Array(n); }
  s.q.fill(0);
  s.u.fill(0);
  for (let a = 0; a < d; a++) {
    const xa = batch.xq[b * d + a];
    for (let j = 0; j < E; j++) s.q[j] += xa * p.wq[a * E + j];
  }
  for (let i = 0; i < n; i++) {
    token(batch, b, i, s.e);
    const k = s.k.subarray(i * E, (i + 1) * E);
    k.fill(0);
    let v = 0;
    for (let a = 0; a < E; a++) {
      const ea = s.e[a];
      v += ea * p.wv[a];
      for (let j = 0; j < E; j++) k[j] += ea * p.wk[a * E + j];
    }
    s.v[i] = v;
    for (let j = 0; j < E; j++) s.u[j] += v * k[j];
  }
  let yhat = 0;
  for (let j = 0; j < E; j++) yhat += s.u[j] * s.q[j];
  return yhat;
}

/**
 * The layer's effective matrix Γ [d, d] = w_v[y] · (W_K W_Qᵀ)[x, x]: the part
 * of ŷ = Σ_i y_i x_iᵀ Γ x_q + … that one GD step fills with c·I.
 * `leak` measures the rest of the product w_v ⊗ W_K W_Qᵀ (0 for the construction).
 */
export function lsaEffectiveMatrix(p) {
  const { d } = p;
  const E = d + 1;
  const M = new Float64Array(E * E); // W_K W_Qᵀ
  for (let a = 0; a < E; a++) for (let c = 0; c < E; c++) {
    let s = 0;
    for (let j = 0; j < E; j++) s += p.wk[a * E + j] * p.wq[c * E + j];
    M[a * E + c] = s;
  }
  const gamma = new Float64Array(d * d);
  for (let a = 0; a < d; a++) for (let c = 0; c < d; c++) gamma[a * d + c] = p.wv[d] * M[a * E + c];
  let all = 0, kept = 0;
  for (let a = 0; a < E; a++) for (let b = 0; b < E; b++) for (let c = 0; c < d; c++) {
    const t = (p.wv[a] * M[b * E + c]) ** 2; // query columns c < d (e_q's y slot is 0)
    all += t;
    if (a === d && b < d) kept += t;
  }
  return { gamma, leak: all > 0 ? Math.sqrt((all - kept) / all) : 0 };
}
