// Types of <attn-permutation> (attn-permutation.js); index.d.ts re-exports them.
import type { Matrix } from './matrix.js';

/**
 * `<attn-permutation>`: shuffle a sentence's tokens and compare, token by
 * token, the output rows of one attention head (`multiHeadAttention`, one
 * head, seeded weights; one seeded vector per word) in the original and the
 * shuffled order. `mode="none"`: rows only move with their tokens (equal up
 * to float32 rounding: permutation equivariance); `"sinusoidal"` (added with
 * `addPositionEmbeddings`) or `"rope"` (the `rope` option): they change.
 *
 * Attributes: `tokens` (default "the dog chased the cat"), `order` (the
 * shuffled order as original indices, e.g. "4 1 2 3 0"; default unchanged),
 * `mode`, `d` (default 8), `seed`, `caption`, `lang`. Buttons shuffle,
 * reverse and reset the order. Events: `change` (detail {mode, order,
 * maxDiff}); `error`.
 */
export declare class AttnPermutation extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnPermutation;
  static readonly observedAttributes: string[];
  readonly values: {
    order: number[]; x: Matrix; params: { wq: Matrix; wk: Matrix; wv: Matrix; wo: Matrix };
    out: Matrix; outShuffled: Matrix; diff: Float64Array; maxDiff: number;
  } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-permutation': AttnPermutation;
  }
}
