// Types of <attn-attention-traffic> (attn-attention-traffic.js); index.d.ts re-exports them.

/**
 * `<attn-attention-traffic>`: bytes moved between slow and fast memory by one
 * head's forward pass, standard vs tiled attention, as N, D and the tile
 * size B change: standard (4·N·D + 4·N²)·b, tiled (2·N·D + 2·N·D·⌈N/B⌉)·b,
 * the score matrix N²·b (16 MiB at N = 2048 in float32) and the fast memory
 * one tile needs (4·B·D + B²)·b; a log-log plot against N.
 *
 * Attributes: `n` (default 2048), `d` (default 64), `tile` (default 64),
 * `bytes` (per number, default 4), `caption`, `lang`. Events: `change`
 * (detail {scores, standard, tiled, sram} in bytes); `error`.
 */
export declare class AttnAttentionTraffic extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnAttentionTraffic;
  static readonly observedAttributes: string[];
  /** The byte counts shown, or null before the first draw. */
  readonly values: { scores: number; standard: number; tiled: number; sram: number } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-attention-traffic': AttnAttentionTraffic;
  }
}
