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

export {
  AttnHeatmap, AttnMatrixInput, AttnLangSwitch, AttnTensorView, AttnStepper, AttnBlockExplorer, AttnMaskGrid, AttnBiasMap, AttnTinyGpt,
};
export { AttnExercise };
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
