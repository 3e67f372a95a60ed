// Registers the attnscope custom elements: import 'attnscope/widgets' (or
// this file) once and use the tags. Each class is also exported, side-effect
// free until define() is called, for pages that want other tag names.
import { AttnHeatmap } from './attn-heatmap.js';
import { AttnMatrixInput } from './attn-matrix-input.js';
import { AttnLangSwitch } from './attn-lang-switch.js';

AttnHeatmap.define();
AttnMatrixInput.define();
AttnLangSwitch.define();

export { AttnHeatmap, AttnMatrixInput, AttnLangSwitch };
export { lang, setLang, onLangChange, addMessages, t } from './i18n.js';
