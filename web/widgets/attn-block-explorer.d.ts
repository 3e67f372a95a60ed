// Types of <attn-block-explorer> (attn-block-explorer.js); index.d.ts re-exports them.
import type { Tensor, BlockParams, BlockConfig, BlockIntermediates } from '../lib/index.js';

/** The stages of `<attn-block-explorer>`, in order (pre-LN has all; post-LN has no normed1, normed2). */
export type BlockStage =
  | 'input' | 'normed1' | 'qkv' | 'rawScores' | 'scaledScores' | 'maskedScores' | 'weights'
  | 'headOutputs' | 'attention' | 'residual1' | 'normed2' | 'ffnHidden' | 'ffn' | 'output';

/**
 * `<attn-block-explorer>`: one Transformer block, stage by stage. The words
 * of `tokens` get seeded N(0, 1) embeddings (the same word, the same row),
 * the block seeded weights N(0, 1/fan-in) (no biases, F = 4·C, norms at
 * weight 1, bias 0), and the core's
 * `transformerBlock(x, params, {...config, returnIntermediates: true})`
 * computes every tensor shown. A stepper moves through the stages; each shows
 * its formula, shape and heatmaps (per head where there are heads).
 *
 * ```html
 * <attn-block-explorer tokens="the cat sat on the mat" heads="4" kv-heads="2"
 *   norm="rmsnorm" activation="swiglu" causal rope stage="weights"></attn-block-explorer>
 * ```
 *
 * Attributes: `tokens` (words separated by spaces); `d-model` (C, default 16);
 * `heads` (default 2); `kv-heads` (default `heads`; fewer is GQA, 1 is MQA);
 * `seed` (default 1); `norm-position` ('pre' default, or 'post');
 * `norm` ('layernorm' default, or 'rmsnorm'); `activation` ('gelu' default,
 * 'gelu_tanh', 'relu', 'relu2', 'swiglu'); `causal`; `rope` (RoPE, base
 * 10000, 'half' layout); `stage` (a {@link BlockStage}); `lang`.
 * Attention and block variants (each passed to the config only when set):
 * `kind` ('dot' default, or 'cosine': q̂·k̂ / temperature, no 1/√D);
 * `temperature` (divides the scores, default 1); `qk-norm` ('none' default,
 * 'rms', 'l2'); `alibi` (subtract m_h·|i − j|); `window` (w ≥ 1: query i sees
 * keys with |i − j| < w; 0 or absent, none); `normalized` (nGPT: unit rows,
 * no norms, α = 0.05 per channel, the embeddings L2-normalised first).
 *
 * Defining it also defines `<attn-tensor-view>` and `<attn-stepper>` (it uses them).
 * Events: `change` (detail {result}) after every computation; `stage-change`
 * (detail {stage, index}) when the reader moves; `error` (detail {message})
 * when the settings cannot be computed (the element then shows the message).
 */
export declare class AttnBlockExplorer extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnBlockExplorer;
  /** The embeddings x [T, C] that went in. */
  readonly input: Tensor | null;
  /** The block's parameters as passed to transformerBlock. */
  readonly params: BlockParams | null;
  /** The config passed to transformerBlock, without returnIntermediates. */
  readonly config: BlockConfig | null;
  /** transformerBlock's result, or null before the first computation or after an error. */
  readonly result: { output: Tensor; intermediates: BlockIntermediates } | null;
  /** The stages of the current settings, in order. */
  readonly stages: BlockStage[];
  /** The stage shown; setting it shows that stage. */
  stage: BlockStage | null;
  /** Recomputes and redraws now (changes otherwise redraw at the end of the current task). */
  render(): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-block-explorer': AttnBlockExplorer;
  }
}
