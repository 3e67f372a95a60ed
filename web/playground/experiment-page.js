// What the scaling-sweep and position-extrapolation pages share: their
// strings, the language switch, the settings in the address, the call shown
// under "The calls behind this page", and data-ready once the reference is in.
import './site.js';
import '../widgets/index.js';
import { addMessages, lang, onLangChange, t } from '../widgets/i18n.js';
import { bindUrlState } from './url-state.js';

export function mountExperimentPage({ messages, element, keys, call }) {
  for (const [code, m] of Object.entries(messages)) addMessages(code, m);
  const applyLanguage = () => {
    document.documentElement.lang = lang();
    document.title = t('doc.title');
    for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  };
  onLangChange(applyLanguage);
  applyLanguage();
  document.getElementById('call').textContent = call;
  const wanted = {};
  const address = bindUrlState(Object.entries(keys).map(([name, key]) => ({
    key,
    get: () => String(element.settings[name]),
    set(v) { wanted[name] = Number(v); },
  })), { apply() { element.settings = wanted; } });
  element.addEventListener('settings-change', () => address.save({ push: true }));
  const ready = () => { document.body.dataset.ready = 'true'; };
  if (element.reference) ready(); else element.addEventListener('reference-load', ready, { once: true });
}
