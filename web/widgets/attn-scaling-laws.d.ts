// Types of <attn-scaling-laws> (attn-scaling-laws.js); index.d.ts re-exports them.

/**
 * `<attn-scaling-laws>`: the closed-form scaling laws. Chinchilla's
 * L(N, D) = E + A/N^α + B/D^β along iso-FLOP curves (D = C/(6N)), the
 * compute-optimal frontier, a slider for the budget C, and N*, D* and D* ÷ N*
 * from attn.chinchillaOptimum next to the 20-tokens-per-parameter rule;
 * below, Kaplan et al.'s L(N), L(D) or L(C) (radio buttons).
 *
 * Attributes: `flops` (C, default 5.76e23), `lang`. Defining it also defines
 * `<attn-line-chart>`.
 * Events: `change` (detail {flops, law}) when the reader moves the slider or picks a law.
 * @example <attn-scaling-laws flops="1e22" lang="ja"></attn-scaling-laws>
 */
export declare class AttnScalingLaws extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnScalingLaws;
  /** The budget C in FLOPs. */
  flops: number;
  /** The Kaplan law shown. */
  law: 'N' | 'D' | 'C';
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-scaling-laws': AttnScalingLaws;
  }
}
