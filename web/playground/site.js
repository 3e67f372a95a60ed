// What every playground page shares, imported first by each page's script:
// <html lang> and the address kept in step with the language (i18n.js reads
// ?lang= first), the <attn-site-nav> element, and "Copy embed code" under
// every widget of the page (embed-code.js; a page that adds widgets later
// calls addEmbedControl itself).
import { lang, onLangChange } from '../widgets/i18n.js';
import { AttnSiteNav } from './attn-site-nav.js';
import { keepLanguageInUrl } from './url-state.js';
import { addEmbedControls } from './embed-code.js';

const showLanguage = (code) => { document.documentElement.lang = code; };
showLanguage(lang());
onLangChange(showLanguage);

AttnSiteNav.define();
keepLanguageInUrl();
addEmbedControls();
