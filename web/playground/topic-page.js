// What the topic pages (efficiency, ssm, basics) share: their strings, the
// [data-i18n] texts, every widget's attributes kept in the URL, and
// body[data-ready] once each widget has drawn (the browser tests wait on it).
import './site.js';
import * as attn from '../lib/index.js';
import '../widgets/index.js';
import { addMessages } from '../widgets/i18n.js';
import { keepAttributesInUrl } from './widget-url-state.js';
import { followLanguage } from './page-language.js';

/** Starts a topic page with `messages` ({en, ja}: the page's own strings). */
export function startTopicPage(messages) {
  for (const [code, dict] of Object.entries(messages)) addMessages(code, dict);
  const widgets = [...document.querySelectorAll('main [id]')].filter((el) => el.localName.startsWith('attn-'));
  keepAttributesInUrl(widgets);
  const pending = new Set(widgets);
  for (const el of widgets) {
    el.addEventListener('change', () => {
      pending.delete(el);
      if (pending.size === 0) document.body.dataset.ready = 'true';
    });
  }
  followLanguage();
  attn.ready().then(() => { document.getElementById('backend').textContent = attn.backend(); });
}
