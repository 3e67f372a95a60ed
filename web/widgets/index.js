// import 'attnscope/widgets' (or this file): registers every attnscope
// custom element. Each comes from its own module under define/ (import
// 'attnscope/widgets/attn-heatmap' registers that one alone, for a smaller
// page); the classes are side-effect free until define() is called, for
// pages that want other tag names (AttnHeatmap.define('my-heatmap')).
export { AttnVectors } from './define/attn-vectors.js';
export { AttnMatmulSteps } from './define/attn-matmul-steps.js';
export { AttnTinyGpt } from './define/attn-tiny-gpt.js';
export { AttnHeadRoles } from './define/attn-head-roles.js';
export { AttnTrain } from './define/attn-train.js';
export { AttnGrokking } from './define/attn-grokking.js';
export { AttnHeatmap } from './define/attn-heatmap.js';
export { AttnMatrixInput } from './define/attn-matrix-input.js';
export { AttnKernelVsAttention } from './define/attn-kernel-vs-attention.js';
export { AttnCrossAttention } from './define/attn-cross-attention.js';
export { AttnMaskGrid } from './define/attn-mask-grid.js';
export { AttnMaskedVsCausal } from './define/attn-masked-vs-causal.js';
export { AttnSinusoidal } from './define/attn-sinusoidal.js';
export { AttnPermutation } from './define/attn-permutation.js';
export { AttnRopeDial } from './define/attn-rope-dial.js';
export { AttnRopeDecay } from './define/attn-rope-decay.js';
export { AttnBiasMap } from './define/attn-bias-map.js';
export { AttnPositionExtrapolation } from './define/attn-position-extrapolation.js';
export { AttnKvCache } from './define/attn-kv-cache.js';
export { AttnKvHeadSharing } from './define/attn-kv-head-sharing.js';
export { AttnKvCompression } from './define/attn-kv-compression.js';
export { AttnNormPlacement } from './define/attn-norm-placement.js';
export { AttnBlockExplorer } from './define/attn-block-explorer.js';
export { AttnResidualGradient } from './define/attn-residual-gradient.js';
export { AttnTensorView } from './define/attn-tensor-view.js';
export { AttnStepper } from './define/attn-stepper.js';
export { AttnFlashTiles } from './define/attn-flash-tiles.js';
export { AttnAttentionTraffic } from './define/attn-attention-traffic.js';
export { AttnLinearAttention } from './define/attn-linear-attention.js';
export { AttnInContext } from './define/attn-in-context.js';
export { AttnInductionHeads } from './define/attn-induction-heads.js';
export { AttnScalingLaws } from './define/attn-scaling-laws.js';
export { AttnEmergence } from './define/attn-emergence.js';
export { AttnScalingSweep } from './define/attn-scaling-sweep.js';
export { AttnSequenceCost } from './define/attn-sequence-cost.js';
export { AttnSsm } from './define/attn-ssm.js';
export { AttnExercise } from './define/attn-exercise.js';
export { AttnLineChart } from './define/attn-line-chart.js';
export { AttnLangSwitch } from './define/attn-lang-switch.js';

export { lang, setLang, onLangChange, addMessages, t } from './i18n.js';
export { setMathRenderer, renderTexIn } from './math.js';
export { setSandboxUrl } from '../exercises/sandbox/client.js';
export { AttnElement } from './attn-element.js';
export {
  boolAttr, numberAttr, intAttr, enumAttr, wordsAttr,
} from './attributes.js';
