// The page's own texts in the reader's language: <html lang>, the title and
// every [data-i18n] node (their strings are the page's messages).
import { lang, onLangChange, t } from '../widgets/i18n.js';

export function translatePage() {
  document.documentElement.lang = lang();
  document.title = t('doc.title');
  for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
}

/** translatePage now and on every language change. */
export function followLanguage() {
  onLangChange(translatePage);
  translatePage();
}
