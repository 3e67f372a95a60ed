// Types of <attn-matmul-steps> (attn-matmul-steps.js); index.d.ts re-exports them.
import type { Matrix } from './matrix.js';

/**
 * `<attn-matmul-steps>`: C = A·B from `matmul`, entry by entry: press C[i, j]
 * (or move with the arrow keys) and row i of A and column j of B light up,
 * with C[i, j] = Σ_l A[i, l]·B[l, j] written out in the input numbers.
 *
 * Attributes: `a`, `b` (JSON 2-D arrays; defaults a 2 × 3 and a 3 × 2),
 * `row`, `col` (the entry shown, default 0, 0), `caption`, `lang`. Events:
 * `change` (detail {row, col, value}); `error`.
 */
export declare class AttnMatmulSteps extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnMatmulSteps;
  static readonly observedAttributes: string[];
  readonly values: { a: Matrix; b: Matrix; c: Matrix; row: number; col: number } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-matmul-steps': AttnMatmulSteps;
  }
}
