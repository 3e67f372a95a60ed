// The grokking page: one <attn-grokking> (the run goes to an ExperimentWorker)
// and the setting, with the URL holding the controls.
import './site.js';
import '../widgets/index.js';
import { addMessages, lang, onLangChange, t } from '../widgets/i18n.js';
import { GROKKING_PAGE_MESSAGES } from './grokking-page-messages.js';
import { bindUrlState } from './url-state.js';

for (const [code, messages] of Object.entries(GROKKING_PAGE_MESSAGES)) addMessages(code, messages);

const $ = (id) => document.getElementById(id);
const grok = $('grok');

const CALL = `import { runGrokking, ExperimentWorker } from 'attnscope/experiments';

// In Node (or a page): the same numbers from the seed.
const data = await runGrokking({ p: 31, operation: 'add', trainFraction: 0.5, weightDecay: 1, seed: 1 }, {
  onProgress: ({ step, snapshot }) => console.log(step, snapshot.trainAccuracy, snapshot.validationAccuracy),
  signal,                                   // abort → rejects with an AbortError carrying .partial
});
console.log(data.memorisedStep, data.grokStep, data.spectrum);

// Off the main thread, with pause / resume / cancel:
const worker = new ExperimentWorker();
const run = worker.run('grokking', { weightDecay: 0 }, { onProgress });
worker.pause(); worker.resume(); worker.cancel();`;

function applyLanguage() {
  document.documentElement.lang = lang();
  document.title = t('doc.title');
  for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
}

onLangChange(applyLanguage);
applyLanguage();
$('call').textContent = CALL;
const KEYS = { p: 'p', operation: 'op', trainFraction: 'frac', weightDecay: 'wd', seed: 'seed', steps: 'steps' };
const wanted = {};
const address = bindUrlState(Object.entries(KEYS).map(([name, key]) => ({
  key,
  get: () => String(grok.settings[name]),
  set(v) { wanted[name] = name === 'operation' ? v : Number(v); },
})), { apply() { grok.settings = wanted; } });
grok.addEventListener('settings-change', () => address.save({ push: true }));
const ready = () => { document.body.dataset.ready = 'true'; };
if (grok.reference) ready(); else grok.addEventListener('reference-load', ready, { once: true });
