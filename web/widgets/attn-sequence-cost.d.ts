// Types of <attn-sequence-cost> (attn-sequence-cost.js); index.d.ts re-exports them.

/**
 * `<attn-sequence-cost>`: per layer of width d over N tokens, FLOPs,
 * sequential steps and the longest path between the first and last token for
 * self-attention (FLOPs from `countFlops`: 8·N·d² + 4·N²·d; 1 step; path 1),
 * an RNN (4·N·d²; N steps; path N − 1), a CNN with kernel k (2·k·N·d²; 1 step;
 * path ⌈(N − 1)/(k − 1)⌉) and a dilated CNN (path ⌈log_k N⌉), plotted against
 * N on log axes, with a table at one N.
 *
 * Attributes: `n` (default 1024), `d` (default 512), `k` (default 3),
 * `caption`, `lang`. Events: `change` (detail {N, rows}); `error`.
 */
export declare class AttnSequenceCost extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnSequenceCost;
  static readonly observedAttributes: string[];
  readonly values: {
    N: number; d: number; k: number;
    rows: Record<'attention' | 'rnn' | 'cnn' | 'dilated', { flops: number; steps: number; path: number }>;
  } | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-sequence-cost': AttnSequenceCost;
  }
}
