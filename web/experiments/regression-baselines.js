// The closed-form learners the trained layer is compared with, per prompt.
//
// Loss convention: L(W) = Σ_i (y_i − W x_i)² (a sum, no 1/2, no 1/n). Its
// gradient is ∇L(W) = −2 Σ_i (y_i − W x_i) x_iᵀ, so one step of gradient
// descent from W₀ = 0 with learning rate η is
//   W₁ = W₀ − η ∇L(W₀) = 2η Σ_i y_i x_iᵀ,    and ŷ = W₁ x_q = 2η Σ_i y_i x_iᵀ x_q.
// (With the loss ½Σ(…)² the 2 disappears: η there is 2η here.)

/** W₁ [d] after one GD step from 0 on L(W) = Σ_i (y_i − W x_i)²: 2η Σ_i y_i x_i. */
export function oneStepGradientDescent(x, y, n, d, eta) {
  const w = new Float64Array(d);
  for (let i = 0; i < n; i++) for (let a = 0; a < d; a++) w[a] += 2 * eta * y[i] * x[i * d + a];
  return w;
}

/** Σ_i y_i x_iᵀ x_q for every prompt: the one-step prediction per unit of 2η. */
export function gradientStepDirections(batch) {
  const { B, n, d } = batch;
  const out = new Float64Array(B);
  for (let b = 0; b < B; b++) {
    let s = 0;
    for (let i = 0; i < n; i++) {
      let dot = 0;
      for (let a = 0; a < d; a++) dot += batch.x[(b * n + i) * d + a] * batch.xq[b * d + a];
      s += batch.y[b * n + i] * dot;
    }
    out[b] = s;
  }
  return out;
}

/**
 * The 2η that minimises the mean squared error of ŷ = 2η·g_b over the batch
 * (least squares in one unknown: Σ g_b yq_b / Σ g_b²).
 */
export function bestStepSize(directions, yq) {
  let num = 0, den = 0;
  for (let b = 0; b < yq.length; b++) { num += directions[b] * yq[b]; den += directions[b] ** 2; }
  return den > 0 ? num / den : 0;
}

/**
 * Ridge regression per prompt: w = (XᵀX + λI)⁻¹ Xᵀy (Cholesky, float64),
 * so ŷ = x_q(XᵀX + λI)⁻¹Xᵀy — Q(KᵀK + λI)⁻¹KᵀV with the query as Q, the x_i as K
 * and the y_i as V (the in-context page states it in these letters);
 * ŷ = w·x_q. With w ~ N(0, I) and noise σ, λ = σ² is the posterior mean
 * (the best any learner can do on these prompts).
 */
export function ridgePredict(batch, lambda) {
  const { B, n, d } = batch;
  const out = new Float64Array(B);
  const A = new Float64Array(d * d), r = new Float64Array(d);
  for (let b = 0; b < B; b++) {
    A.fill(0);
    r.fill(0);
    for (let i = 0; i < n; i++) {
      const at = (b * n + i) * d;
      for (let a = 0; a < d; a++) {
        r[a] += batch.x[at + a] * batch.y[b * n + i];
        for (let c = 0; c <= a; c++) A[a * d + c] += batch.x[at + a] * batch.x[at + c];
      }
    }
    for (let a = 0; a < d; a++) A[a * d + a] += lambda;
    choleskySolve(A, r, d);
    let s = 0;
    for (let a = 0; a < d; a++) s += r[a] * batch.xq[b * d + a];
    out[b] = s;
  }
  return out;
}

/** Solves A z = r in place (r ← z) for symmetric positive definite A; uses A's lower triangle. */
function choleskySolve(A, r, d) {
  for (let j = 0; j < d; j++) {
    let s = A[j * d + j];
    for (let k = 0; k < j; k++) s -= A[j * d + k] ** 2;
    const l = Math.sqrt(s);
    A[j * d + j] = l;
    for (let i = j + 1; i < d; i++) {
      let t = A[i * d + j];
      for (let k = 0; k < j; k++) t -= A[i * d + k] * A[j * d + k];
      A[i * d + j] = t / l;
    }
  }
  for (let i = 0; i < d; i++) { // L z = r
    let t = r[i];
    for (let k = 0; k < i; k++) t -= A[i * d + k] * r[k];
    r[i] = t / A[i * d + i];
  }
  for (let i = d - 1; i >= 0; i--) { // Lᵀ x = z
    let t = r[i];
    for (let k = i + 1; k < d; k++) t -= A[k * d + i] * r[k];
    r[i] = t / A[i * d + i];
  }
}

/** Mean of (a_b − b_b)². */
export function meanSquaredError(a, b) {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] - b[i]) ** 2;
  return s / a.length;
}
