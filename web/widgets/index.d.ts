// Types of 'attnscope/widgets' (web/widgets/index.js). Importing the module
// registers every element below. Each element's types sit beside its module
// (attn-heatmap.d.ts beside attn-heatmap.js) with its line of
// HTMLElementTagNameMap; this file re-exports them. The elements' order here
// is the order of the widget reference (docs/WIDGETS.md and widgets.html,
// both read from these files: web/playground/widget-docs.js): the lecture
// topics in the order of web/playground/topics.js, building blocks last.
export * from './matrix.js';
export * from './i18n.js';
export * from './math.js';
export * from './attn-element.js';
export * from './attributes.js';
export * from './attn-vectors.js';
export * from './attn-matmul-steps.js';
export * from './attn-tiny-gpt.js';
export * from './attn-head-roles.js';
export * from './attn-train.js';
export * from './attn-grokking.js';
export * from './attn-heatmap.js';
export * from './attn-matrix-input.js';
export * from './attn-kernel-vs-attention.js';
export * from './attn-cross-attention.js';
export * from './attn-mask-grid.js';
export * from './attn-masked-vs-causal.js';
export * from './attn-sinusoidal.js';
export * from './attn-permutation.js';
export * from './attn-rope-dial.js';
export * from './attn-rope-decay.js';
export * from './attn-bias-map.js';
export * from './attn-position-extrapolation.js';
export * from './attn-kv-cache.js';
export * from './attn-kv-head-sharing.js';
export * from './attn-kv-compression.js';
export * from './attn-norm-placement.js';
export * from './attn-block-explorer.js';
export * from './attn-residual-gradient.js';
export * from './attn-tensor-view.js';
export * from './attn-stepper.js';
export * from './attn-flash-tiles.js';
export * from './attn-attention-traffic.js';
export * from './attn-linear-attention.js';
export * from './attn-in-context.js';
export * from './attn-induction-heads.js';
export * from './attn-scaling-laws.js';
export * from './attn-emergence.js';
export * from './attn-scaling-sweep.js';
export * from './attn-sequence-cost.js';
export * from './attn-ssm.js';
export * from './attn-exercise.js';
export * from './attn-line-chart.js';
export * from './attn-lang-switch.js';

/** Where the code sandbox page (exercises/sandbox/frame.html) is served, when not next to the package. */
export declare function setSandboxUrl(url: string): void;
