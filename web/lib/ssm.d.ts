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
}

/**
 * Mamba's selective scan (Gu & Dao 2023) for one sequence, with the semantics
 * of mamba_ssm's `selective_scan_ref` (there u is [batch, Dch, L]; here one
 * sequence, steps first):
 *   u, delta [L, Dch]; A [Dch, N]; B, C [L, N] (input-dependent: one per step)
 *   or [N] (time-invariant, shared by the channels).
 *   Δ_t = delta_t (+ deltaBias), then softplus if deltaSoftplus;
 *   x_t[c, n] = exp(Δ_t[c]·A[c, n]) · x_{t−1}[c, n] + Δ_t[c]·B_t[n]·u_t[c],   x_{−1} = 0;
 *   y_t[c] = Σ_n C_t[n]·x_t[c, n] + D[c]·u_t[c]   (times silu(z_t[c]) with z).
 * Returns { output: y [L, Dch] } and, with returnStates, states [L, Dch, N].
 * (mamba_ssm also takes a time-invariant B or C per channel, [Dch, N], and
 * complex A; neither is supported here.)
 * A is usually negative (Mamba's A = −exp(A_log)), so exp(Δ·A) < 1 forgets:
 * a large Δ resets the state to the current input, a small Δ keeps it.
 * Computed in float32, step by step.
 * @example
 * const { output, states } = attn.selectiveScan(u, delta, A, B, C, { D, deltaSoftplus: true, returnStates: true });
 */
export function selectiveScan(
  u: Tensor, delta: Tensor, A: Tensor, B: Tensor, C: Tensor,
  options?: SelectiveScanOptions & { returnStates?: false },
): { output: Tensor };
export function selectiveScan(
  u: Tensor, delta: Tensor, A: Tensor, B: Tensor, C: Tensor,
  options: SelectiveScanOptions & { returnStates: true },
): { output: Tensor; states: Tensor };
export function selectiveScan(
  u: Tensor, delta: Tensor, A: Tensor, B: Tensor, C: Tensor,
  options?: SelectiveScanOptions,
): { output: Tensor; states?: Tensor };

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
