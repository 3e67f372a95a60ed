// What every playground page shares, imported first by each page's script:
// <html lang> and the address kept in step with the language (i18n.js reads
// ?lang= first), and the <attn-site-nav> element.
import { lang, onLangChange } from '../widgets/i18n.js';
import { AttnSiteNav } from './attn-site-nav.js';
import { keepLanguageInUrl } from './url-state.js';

const showLanguage = (code) => { document.documentElement.lang = code; };
showLanguage(lang());
onLangChange(showLanguage);

AttnSiteNav.define();
keepLanguageInUrl();
