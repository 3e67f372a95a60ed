// What the experiment pages (grokking, in-context, norm placement, scaling
// sweep, position extrapolation) share: their strings, the language switch,
// the settings in the address, the call shown under "The calls behind this
// page", and data-ready once the reference is in.
import './site.js';
import '../widgets/index.js';
import { addMessages } from '../widgets/i18n.js';
import { bindUrlState } from './url-state.js';
import { followLanguage } from './page-language.js';

export function mountExperimentPage({ messages, element, keys, call }) {
  for (const [code, m] of Object.entries(messages)) addMessages(code, m);
  followLanguage();
  document.getElementById('call').textContent = call;
  const wanted = {};
  const address = bindUrlState(Object.entries(keys).map(([name, key]) => ({
    key,
    get: () => String(element.settings[name]),
    set(v) { wanted[name] = typeof element.settings[name] === 'number' ? Number(v) : v; },  // e.g. grokking's operation is text
  })), { apply() { element.settings = wanted; } });
  element.addEventListener('settings-change', () => address.save({ push: true }));
  const ready = () => { document.body.dataset.ready = 'true'; };
  if (element.reference) ready(); else element.addEventListener('reference-load', ready, { once: true });
}
