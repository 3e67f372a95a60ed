// Registers the attnscope custom elements: import 'attnscope/widgets' (or
// this file) once and use the tags. Each class is also exported, side-effect
// free until define() is called, for pages that want other tag names.
import { AttnHeatmap } from './attn-heatmap.js';
import { AttnMatrixInput } from './attn-matrix-input.js';
import { AttnLangSwitch } from './attn-lang-switch.js';
import { AttnExercise } from './attn-exercise.js';
import { AttnTensorView } from './attn-tensor-view.js';
import { AttnStepper } from './attn-stepper.js';
import { AttnBlockExplorer } from './attn-block-explorer.js';
import { AttnMaskGrid } from './attn-mask-grid.js';
import { AttnBiasMap } from './attn-bias-map.js';
import { AttnTinyGpt } from './attn-tiny-gpt.js';
import { AttnHeadRoles } from './attn-head-roles.js';
import { AttnRopeDial } from './attn-rope-dial.js';
import { AttnSinusoidal } from './attn-sinusoidal.js';
import { AttnRopeDecay } from './attn-rope-decay.js';
import { AttnFlashTiles } from './attn-flash-tiles.js';
import { AttnAttentionTraffic } from './attn-attention-traffic.js';
import { AttnKvCache } from './attn-kv-cache.js';
import { AttnSsm } from './attn-ssm.js';
import { AttnVectors } from './attn-vectors.js';
import { AttnMatmulSteps } from './attn-matmul-steps.js';
import { AttnPermutation } from './attn-permutation.js';
import { AttnSequenceCost } from './attn-sequence-cost.js';
import { AttnCrossAttention } from './attn-cross-attention.js';
import { AttnKernelVsAttention } from './attn-kernel-vs-attention.js';
import { AttnTrain } from './attn-train.js';

AttnHeatmap.define();
AttnMatrixInput.define();
AttnLangSwitch.define();
AttnExercise.define();
AttnTensorView.define();
AttnStepper.define();
AttnBlockExplorer.define();
AttnMaskGrid.define();
AttnBiasMap.define();
AttnTinyGpt.define();
AttnHeadRoles.define();
AttnRopeDial.define();
AttnSinusoidal.define();
AttnRopeDecay.define();
AttnFlashTiles.define();
AttnAttentionTraffic.define();
AttnKvCache.define();
AttnSsm.define();
AttnVectors.define();
AttnMatmulSteps.define();
AttnPermutation.define();
AttnSequenceCost.define();
AttnCrossAttention.define();
AttnKernelVsAttention.define();
AttnTrain.define();

export {
  AttnHeatmap, AttnMatrixInput, AttnLangSwitch, AttnTensorView, AttnStepper, AttnBlockExplorer, AttnMaskGrid, AttnBiasMap, AttnTinyGpt,
};
export { AttnExercise };
export { AttnRopeDial };
export { AttnSinusoidal };
export { AttnRopeDecay };
export { AttnHeadRoles };
export { AttnFlashTiles, AttnAttentionTraffic };
export { AttnKvCache };
export { AttnSsm };
export { AttnVectors, AttnMatmulSteps };
export { AttnPermutation };
export { AttnSequenceCost };
export { AttnCrossAttention, AttnKernelVsAttention };
export { AttnTrain };
export { lang, setLang, onLangChange, addMessages, t } from './i18n.js';
export { setMathRenderer, renderTexIn } from './math.js';
export { setSandboxUrl } from '../exercises/sandbox/client.js';
export { AttnElement } from './attn-element.js';
export {
  boolAttr, numberAttr, intAttr, enumAttr, wordsAttr,
} from './attributes.js';

// Issue 11: the experiments' chart and elements.
import { AttnLineChart } from './attn-line-chart.js';
import { AttnScalingLaws } from './attn-scaling-laws.js';
import { AttnEmergence } from './attn-emergence.js';
import { AttnInContext } from './attn-in-context.js';

AttnLineChart.define();
AttnScalingLaws.define();
AttnEmergence.define();
AttnInContext.define();
export { AttnLineChart, AttnScalingLaws, AttnEmergence, AttnInContext };

// Issue 11: grokking and norm placement.
import { AttnGrokking } from './attn-grokking.js';
import { AttnNormPlacement } from './attn-norm-placement.js';

AttnGrokking.define();
AttnNormPlacement.define();
export { AttnGrokking, AttnNormPlacement };
// Issue 11: the live scaling sweep and positions beyond the training length.
import { AttnScalingSweep } from './attn-scaling-sweep.js';
import { AttnPositionExtrapolation } from './attn-position-extrapolation.js';

AttnScalingSweep.define();
AttnPositionExtrapolation.define();
export { AttnScalingSweep, AttnPositionExtrapolation };

// MHA / GQA / MQA on one budget, and KV-cache compression.
import { AttnKvHeadSharing } from './attn-kv-head-sharing.js';
import { AttnKvCompression } from './attn-kv-compression.js';

AttnKvHeadSharing.define();
AttnKvCompression.define();
export { AttnKvHeadSharing, AttnKvCompression };

// Linear attention and the Performer; residual connections and the gradient.
import { AttnLinearAttention } from './attn-linear-attention.js';
import { AttnResidualGradient } from './attn-residual-gradient.js';

AttnLinearAttention.define();
AttnResidualGradient.define();
export { AttnLinearAttention, AttnResidualGradient };
