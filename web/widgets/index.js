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
AttnTrain.define();

export {
  AttnHeatmap, AttnMatrixInput, AttnLangSwitch, AttnTensorView, AttnStepper, AttnBlockExplorer, AttnMaskGrid, AttnBiasMap, AttnTinyGpt,
};
export { AttnExercise };
export { AttnTrain };
export { lang, setLang, onLangChange, addMessages, t } from './i18n.js';
export { setMathRenderer, renderTexIn } from './math.js';
export { setSandboxUrl } from '../exercises/sandbox/client.js';
export { AttnElement } from './attn-element.js';
export {
  boolAttr, numberAttr, intAttr, enumAttr, wordsAttr,
} from './attributes.js';
