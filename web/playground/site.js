// What every playground page shares, imported first by each page's script:
// the language from ?lang= (which wins over the stored choice), <html lang>
// kept in step with it, and the <attn-site-nav> element.
import { LANGS, lang, setLang, onLangChange } from '../widgets/i18n.js';
import { AttnSiteNav } from './attn-site-nav.js';

const asked = new URLSearchParams(location.search).get('lang');
if (LANGS.includes(asked)) setLang(asked);

const showLanguage = (code) => { document.documentElement.lang = code; };
showLanguage(lang());
onLangChange(showLanguage);

AttnSiteNav.define();
