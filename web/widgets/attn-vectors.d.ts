// Types of <attn-vectors> (attn-vectors.js); index.d.ts re-exports them.

/**
 * `<attn-vectors>`: two draggable 2-D arrows a and b (drag the heads, or
 * focus one and use the arrow keys; Shift moves by 1) with a + b, a − b,
 * ‖a‖, ‖b‖, a·b, cos θ, θ and the law of cosines
 * ‖a − b‖² = ‖a‖² + ‖b‖² − 2a·b with the numbers filled in. Sums by `matmul`
 * with [[1, 1], [1, −1]], dot products and norms by `matmul`, the cosine from
 * `l2Normalize`.
 *
 * Attributes: `a`, `b` (JSON [x, y], defaults [2, 1] and [0.5, 2]; moves
 * snap to 0.25 within ±4), `caption`, `lang`. Events: `change` (detail {a, b,
 * dot, cos}); `error`.
 */
export declare class AttnVectors extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnVectors;
  static readonly observedAttributes: string[];
  readonly values: {
    a: number[]; b: number[]; sum: Float32Array; diff: Float32Array; dot: number; normA: number; normB: number;
    cos: number; angle: number; normDiffSq: number; normASq: number; normBSq: number;
  } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-vectors': AttnVectors;
  }
}
