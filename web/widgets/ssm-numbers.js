// The numbers of <attn-ssm>, asked of the core: one channel, N state dims,
// A_n = −(n + 1) (S4D-real), B = C = 1. Time-invariant: the same Δ at every
// step, and the recurrence (selectiveScan) next to the causal convolution
// y = K ∗ u (ssmConvolutionKernel, then a Toeplitz matrix times u by matmul).
// Selective (Mamba): Δ_t is large on the tokens marked "write" (the state
// resets to them) and small elsewhere (the state keeps what it has).
import { attn } from './attention-source.js';

/** The SSM's fixed parts for N state dims: A [1, N], B and C [N]. */
export function ssmParts(N) {
  return {
    A: attn.tensor(Float32Array.from({ length: N }, (_, n) => -(n + 1)), [1, N]),
    B: attn.tensor(new Float32Array(N).fill(1), [N]),
    C: attn.tensor(new Float32Array(N).fill(1), [N]),
  };
}

/** Input patterns u [L]: 'impulse' (1 at t = 1), 'step' (1 from t = 2), or given values. */
export function inputPattern(kind, L, values) {
  if (kind === 'impulse') return Float32Array.from({ length: L }, (_, t) => (t === 1 ? 1 : 0));
  if (kind === 'step') return Float32Array.from({ length: L }, (_, t) => (t >= 2 ? 1 : 0));
  return Float32Array.from({ length: L }, (_, t) => values[t % values.length]);
}

/**
 * Runs the scan for u [L] with step sizes deltas [L]; returns {y [L],
 * states [L, N]}. Time-invariant (one Δ) uses B, C [N]; selective passes
 * them per step [L, N] (here equal at every step: only Δ depends on the input).
 */
export function runScan(u, deltas, N, { selective }) {
  const L = u.length;
  const { A, B, C } = ssmParts(N);
  const perStep = () => attn.tensor(new Float32Array(L * N).fill(1), [L, N]); // B_t = C_t = 1
  const r = attn.selectiveScan(
    attn.tensor(Float32Array.from(u), [L, 1]), attn.tensor(Float32Array.from(deltas), [L, 1]), A,
    selective ? perStep() : B, selective ? perStep() : C, { returnStates: true },
  );
  return { y: r.output.data, states: r.states.data };
}

/** The convolution view of the time-invariant SSM: K [L] and y = K ∗ u [L] (a Toeplitz matmul). */
export function convolutionView(u, delta, N) {
  const L = u.length;
  const { A, B, C } = ssmParts(N);
  const K = attn.ssmConvolutionKernel(attn.tensor(new Float32Array([delta]), [1]), A, B, C, L).data;
  const toeplitz = new Float32Array(L * L);
  for (let t = 0; t < L; t++) for (let k = 0; k <= t; k++) toeplitz[t * L + (t - k)] = K[k];
  const y = attn.matmul(attn.tensor(toeplitz, [L, L]), attn.tensor(Float32Array.from(u), [L, 1])).data;
  return { K, y };
}
