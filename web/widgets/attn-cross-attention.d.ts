// Types of <attn-cross-attention> (attn-cross-attention.js); index.d.ts re-exports them.
import type { Matrix } from './matrix.js';

/**
 * `<attn-cross-attention>`: an encoder–decoder picture. Source tokens (keys
 * and values) above, target tokens (queries) below; press a target token and
 * lines show its weights over the source; a heatmap shows every weight.
 * Weights from `multiHeadAttention(target, I, {memory: source, temperature,
 * returnIntermediates: true})`; a target word listed in `pairs` shares its
 * source word's (seeded) vector, so each query finds its translation.
 *
 * Attributes: `source` (default "the cat sleeps on the mat"), `target`
 * (default "猫 は マット の 上 で 寝る"), `pairs` (default
 * "猫=cat マット=mat 上=on 寝る=sleeps"), `temperature` (default 1), `query`
 * (the target token shown, default 0), `caption`, `lang`. Events: `change`
 * (detail {query, weights}); `error`.
 */
export declare class AttnCrossAttention extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnCrossAttention;
  static readonly observedAttributes: string[];
  readonly values: {
    source: string[]; target: string[]; weights: Matrix; query: number; xs: Matrix; xt: Matrix; temperature: number;
  } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-cross-attention': AttnCrossAttention;
  }
}
