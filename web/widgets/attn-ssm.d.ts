// Types of <attn-ssm> (attn-ssm.js); index.d.ts re-exports them.

/**
 * `<attn-ssm>`: a state-space model (one channel, N state dims, A_n = −(n+1),
 * B = C = 1) read token by token with `attn.selectiveScan`:
 * x_t = exp(Δ_t·A) ⊙ x_{t−1} + Δ_t·B·u_t, y_t = ⟨C, x_t⟩. The hidden state
 * [N, L] is a heatmap; u and y are plotted. `mode="selective"` (Mamba): Δ_t
 * is `delta-write` on the tokens listed in `write` (press a token to toggle)
 * and `delta-keep` elsewhere, so the state forgets and takes those tokens and
 * keeps itself otherwise. `mode="invariant"` (S4): one Δ everywhere, and the
 * output of the causal convolution K ∗ u (`attn.ssmConvolutionKernel`, then a
 * Toeplitz `matmul`) is drawn next to the recurrence's, with their largest
 * difference.
 *
 * ```html
 * <attn-ssm mode="selective" write="2 5"></attn-ssm>
 * <attn-ssm mode="invariant" input="impulse" delta="0.5"></attn-ssm>
 * ```
 *
 * Attributes: `mode`, `length` L (default 12), `state` N (default 4), `delta`
 * (default 0.5), `delta-write` (default 3), `delta-keep` (default 0.05),
 * `write` (token indices, default "2 5"), `step` (the step read out, default
 * the last), `input` ('random' default, 'impulse', 'step'), `seed`,
 * `caption`, `lang`. Events: `change` (detail {mode, step, y}); `error`.
 */
export declare class AttnSsm extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnSsm;
  static readonly observedAttributes: string[];
  /** The numbers shown: u, Δ per step, y, the states [L·N] and, time-invariant, the convolution view. */
  readonly values: {
    u: Float32Array; deltas: number[]; y: Float32Array; states: Float32Array;
    conv: { K: Float32Array; y: Float32Array; maxDiff: number } | null;
  } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-ssm': AttnSsm;
  }
}
