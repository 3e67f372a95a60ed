// Types of selectiveScan and ssmConvolutionKernel (web/lib/ops/selective_scan.js).
// Legend: L steps (tokens), Dch channels, N state size per channel.
import type { Tensor } from './index.js';

/** Options of selectiveScan. Tensors are Float32Array tensors. */
export interface SelectiveScanOptions {
  /** D [Dch]: the skip term D·u added to y. Default none. */
  D?: Tensor | null;
  /** z [L, Dch]: the gate; the output is multiplied by silu(z). Default none. */
  z?: Tensor | null;
  /** [Dch], added to delta before the softplus. Default none. */
  deltaBias?: Tensor | null;
  /** Apply softplus(x) = log(1 + eˣ) (x itself above 20, as torch) to delta (+ bias). Default false. */
  deltaSoftplus?: boolean;
  /** Also return every state x_t as states [L, Dch, N]. Default false. */
  returnStates?: boolean;
  /**
   * How the continuous system dx/dt = A·x + B·u becomes a step (diagonal A):
   * 'euler' (default, mamba_ssm's selective_scan_ref): x_t = e^{Δ·A}·x_{t−1} + Δ·B_t·u_t;
   * 'zoh' (zero-order hold, u held over the step, the lecture's B̄ = A⁻¹(e^{ΔA} − I)B):
   * x_t = e^{Δ·A}·x_{t−1} + ((e^{Δ·A} − 1)/A)·B_t·u_t, with Δ where A = 0 (the limit).
   * The two agree to O(Δ·A) for small Δ·A.
   */
  discretization?: 'euler' | 'zoh';
  /** Also return the B_t and C_t each step used, B and C [L, N] (as made from the input). Default false. */
  returnBC?: boolean;
}

/**
 * B or C made from the input, as Mamba's x_proj (no bias): B_t = u_t · weight,
 * weight [Dch, N] — each B_t[n] = Σ_c u_t[c]·weight[c, n], so what is written
 * into (B) and read out of (C) the state depends on the token.
 */
export interface InputProjection {
  weight: Tensor;
}

/**
 * Mamba's selective scan (Gu & Dao 2023) for one sequence, with the semantics
 * of mamba_ssm's `selective_scan_ref` (there u is [batch, Dch, L]; here one
 * sequence, steps first):
 *   u, delta [L, Dch]; A [Dch, N]; B, C [L, N] (one per step), [N]
 *   (time-invariant, shared by the channels) or { weight: [Dch, N] } (a
 *   linear function of the input: B_t = u_t · weight).
 *   Δ_t = delta_t (+ deltaBias), then softplus if deltaSoftplus;
 *   x_t[c, n] = exp(Δ_t[c]·A[c, n]) · x_{t−1}[c, n] + Δ_t[c]·B_t[n]·u_t[c],   x_{−1} = 0
 *     (discretization 'zoh': the input term is ((e^{Δ·A} − 1)/A)·B_t[n]·u_t[c]);
 *   y_t[c] = Σ_n C_t[n]·x_t[c, n] + D[c]·u_t[c]   (times silu(z_t[c]) with z).
 * Returns { output: y [L, Dch] } and, with returnStates, states [L, Dch, N];
 * with returnBC, B and C [L, N] as each step used them.
 * (mamba_ssm also takes a time-invariant B or C per channel, [Dch, N], and
 * complex A; neither is supported here.)
 * A is usually negative (Mamba's A = −exp(A_log)), so exp(Δ·A) < 1 forgets:
 * a large Δ resets the state to the current input, a small Δ keeps it.
 * Computed in float32, step by step.
 * @example
 * const { output, states } = attn.selectiveScan(u, delta, A, B, C, { D, deltaSoftplus: true, returnStates: true });
 * // The lecture's zero-order hold, with B_t and C_t made from each token:
 * const r = attn.selectiveScan(u, delta, A, { weight: WB }, { weight: WC }, { discretization: 'zoh', returnBC: true });
 */
export function selectiveScan(
  u: Tensor, delta: Tensor, A: Tensor, B: Tensor | InputProjection, C: Tensor | InputProjection,
  options?: SelectiveScanOptions & { returnStates?: false; returnBC?: false },
): { output: Tensor };
export function selectiveScan(
  u: Tensor, delta: Tensor, A: Tensor, B: Tensor | InputProjection, C: Tensor | InputProjection,
  options: SelectiveScanOptions & { returnStates: true; returnBC?: false },
): { output: Tensor; states: Tensor };
export function selectiveScan(
  u: Tensor, delta: Tensor, A: Tensor, B: Tensor | InputProjection, C: Tensor | InputProjection,
  options?: SelectiveScanOptions,
): { output: Tensor; states?: Tensor; B?: Tensor; C?: Tensor };

/**
 * The convolution kernel of a time-invariant SSM (S4's view): step sizes
 * delta [Dch] (used as given: no bias, no softplus), A [Dch, N], B, C [N] ->
 * K [length, Dch] with
 *   K[k, c] = Σ_n C[n] · exp(k·delta[c]·A[c, n]) · delta[c]·B[n]   (in float64, rounded once),
 * so that the recurrence of selectiveScan with delta_t = delta at every step
 * equals the causal convolution y_t[c] = Σ_{k=0..t} K[k, c]·u_{t−k}[c] (+ D[c]·u_t[c]).
 * @example
 * const K = attn.ssmConvolutionKernel(delta, A, B, C, 16); // [16, Dch]
 */
export function ssmConvolutionKernel(delta: Tensor, A: Tensor, B: Tensor, C: Tensor, length: number): Tensor;
