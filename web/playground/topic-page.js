// What the topic pages (efficiency, ssm, basics) share: their strings, the
// [data-i18n] texts, every widget's attributes kept in the URL, and
// body[data-ready] once each widget has drawn (the browser tests wait on it).
import './site.js';
import * as attn from '../lib/index.js';
import '../widgets/index.js';
import { addMessages, lang, onLangChange, t } from '../widgets/i18n.js';
import { keepAttributesInUrl } from './widget-url-state.js';

/** Starts a topic page with `messages` ({en, ja}: the page's own strings). */
export function startTopicPage(messages) {
  for (const [code, dict] of Object.entries(messages)) addMessages(code, dict);
  const widgets = [...document.querySelectorAll('main [id]')].filter((el) => el.localName.startsWith('attn-'));
  const applyLanguage = () => {
    document.documentElement.lang = lang();
    document.title = t('doc.title');
    for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  };
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
}
