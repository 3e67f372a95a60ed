// Types of <attn-kernel-vs-attention> (attn-kernel-vs-attention.js); index.d.ts re-exports them.
import type { Matrix } from './matrix.js';

/**
 * `<attn-kernel-vs-attention>`: the same tokens weighted by a fixed RBF
 * kernel, softmax_j(−‖x_i − x_j‖²/2σ²) (computed as attention with q = k = x,
 * scale 1/σ² and a per-key bias −‖x_j‖²/2σ²), next to attention weights
 * softmax(x W_Q (x W_K)ᵀ/√d) with seeded projections, as two heatmaps, with
 * how many rows put their largest weight on the diagonal.
 *
 * Attributes: `tokens` (default "the cat sat on the mat"), `sigma` (default
 * 2), `seed` (default 1), `caption`, `lang`. Events: `change` (detail
 * {sigma, seed, diagonal}); `error`.
 */
export declare class AttnKernelVsAttention extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnKernelVsAttention;
  static readonly observedAttributes: string[];
  readonly values: { x: Matrix; rbf: Matrix; attention: Matrix } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-kernel-vs-attention': AttnKernelVsAttention;
  }
}
