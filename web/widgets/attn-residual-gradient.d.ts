// Types of <attn-residual-gradient> (attn-residual-gradient.js); index.d.ts re-exports them.

/**
 * `<attn-residual-gradient>`: why residual connections keep gradients alive.
 * A stack of L layers with the residual on (the gradient is Π(I + W_l); for
 * width 1 the scalar Π(1 + w_l)) and off (Π W_l), W_l ~ N(0, σ²/d); and a
 * 16-unit tanh RNN (W = ρ·orthogonal) read back over T steps, plain and with
 * a residual path h_t = h_(t−1) + tanh(…). Gains ‖·‖_F/√d against depth or
 * steps back, on log axes; the products are the core's matmuls.
 *
 * ```html
 * <attn-residual-gradient layers="24" dim="1" sigma="0.5" radius="0.9" steps="100"></attn-residual-gradient>
 * ```
 *
 * Attributes: `layers` (1–200, default 24), `dim` (1–64, default 1),
 * `sigma` (default 0.5), `radius` (ρ, default 0.9), `steps` (T, 1–500,
 * default 100), `seed`, `caption`, `lang`.
 * Events: `change` (detail {residual, plain, rnnPlain, rnnResidual}); `error`.
 */
export declare class AttnResidualGradient extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnResidualGradient;
  static readonly observedAttributes: string[];
  /** The numbers last shown. */
  readonly values: {
    stack: { depth: number[]; residual: number[]; plain: number[]; weights: number[] };
    rnn: { k: number[]; plain: number[]; residual: number[]; W: number[]; inputs: number[] };
  } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-residual-gradient': AttnResidualGradient;
  }
}
