// Types of <attn-emergence> (attn-emergence.js); index.d.ts re-exports them.

/**
 * `<attn-emergence>`: a toy of emergence. The per-token loss of an answer is
 * the reducible part of Chinchilla's compute-optimal loss, ℓ(C) = L*(C) − E
 * (smooth); a k-token answer is exactly right with probability e^(−kℓ),
 * which stays near 0 for decades of C and then climbs. Shows both curves and
 * the C at 10% and 90% exact match.
 *
 * Attributes: `answer-length` (k, 1–50, default 10), `lang`.
 * Events: `change` (detail {answerLength}) when the reader moves the slider.
 * @example <attn-emergence answer-length="20"></attn-emergence>
 */
export declare class AttnEmergence extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnEmergence;
  answerLength: number;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-emergence': AttnEmergence;
  }
}
