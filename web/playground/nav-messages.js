// The navigation strings ('nav.<key>') for pages that show page names in
// their own text; derived from pages.js, the one list of pages.
import { PAGES } from './pages.js';

const messages = (lang) => Object.fromEntries(PAGES.map((p) => [`nav.${p.nav}`, p.title[lang]]));
export const NAV_MESSAGES = { en: messages('en'), ja: messages('ja') };
