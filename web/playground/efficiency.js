// The efficiency page: FlashAttention tile by tile and the memory traffic it
// saves (more sections follow). Each widget has its own controls and keeps
// its attributes in the URL (?flash-tiles.tile=3) so a view can be shared.
import './site.js';
import * as attn from '../lib/index.js';
import '../widgets/index.js';
import { addMessages, lang, onLangChange, t } from '../widgets/i18n.js';
import { EFFICIENCY_MESSAGES } from './efficiency-messages.js';
import { keepAttributesInUrl } from './url-state.js';

for (const [code, messages] of Object.entries(EFFICIENCY_MESSAGES)) addMessages(code, messages);

const widgets = [...document.querySelectorAll('main [id]')].filter((el) => el.localName.startsWith('attn-'));

function applyLanguage() {
  document.documentElement.lang = lang();
  document.title = t('doc.title');
  for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
}

keepAttributesInUrl(widgets);
const pending = new Set(widgets);
for (const el of widgets) {
  el.addEventListener('change', () => {
    pending.delete(el);
    if (pending.size === 0) document.body.dataset.ready = 'true';
  });
}
onLangChange(applyLanguage);
applyLanguage();
attn.ready().then(() => { document.getElementById('backend').textContent = attn.backend(); });
