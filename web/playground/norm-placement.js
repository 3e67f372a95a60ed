// The pre-LN / post-LN page: one <attn-norm-placement> (the runs go to an
// ExperimentWorker), with the URL holding the controls.
import './site.js';
import '../widgets/index.js';
import { addMessages, lang, onLangChange, t } from '../widgets/i18n.js';
import { NORM_PAGE_MESSAGES } from './grokking-page-messages.js';
import { bindUrlState } from './url-state.js';

for (const [code, messages] of Object.entries(NORM_PAGE_MESSAGES)) addMessages(code, messages);

const $ = (id) => document.getElementById(id);
const norm = $('norm');

const CALL = `import { runNormPlacement } from 'attnscope/experiments';

const data = await runNormPlacement({ layers: 8, learningRate: 3e-3, warmupSteps: 50, steps: 100, seed: 1 }, { onProgress });
for (const v of data.variants) console.log(v.id, v.history[0].layerNorms, v.history.at(-1).loss);`;

function applyLanguage() {
  document.documentElement.lang = lang();
  document.title = t('doc.title');
  for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
}

onLangChange(applyLanguage);
applyLanguage();
$('call').textContent = CALL;
const KEYS = { layers: 'layers', learningRate: 'lr', warmupSteps: 'warmup', steps: 'steps', seed: 'seed' };
const wanted = {};
const address = bindUrlState(Object.entries(KEYS).map(([name, key]) => ({
  key,
  get: () => String(norm.settings[name]),
  set(v) { wanted[name] = Number(v); },
})), { apply() { norm.settings = wanted; } });
norm.addEventListener('settings-change', () => address.save({ push: true }));
const ready = () => { document.body.dataset.ready = 'true'; };
if (norm.reference) ready(); else norm.addEventListener('reference-load', ready, { once: true });
