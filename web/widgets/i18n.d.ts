// Types of i18n.js: the page's language and the UI strings. Re-exported by index.d.ts.

/** The UI languages. */
export type Lang = 'ja' | 'en';

/** The current language: the saved choice, else navigator.language ('ja' or 'en'). */
export declare function lang(): Lang;

/** Switches every widget on the page and remembers the choice (localStorage). */
export declare function setLang(lang: Lang): void;

/** Calls `fn` on each language change; returns the function that stops it. */
export declare function onLangChange(fn: (lang: Lang) => void): () => void;

/** Adds or overrides UI strings (keys such as 'heatmap.keys'); pages add their own. */
export declare function addMessages(lang: Lang, messages: Record<string, string>): void;

/** The string for `key`, with `{name}` placeholders filled from `params`. */
export declare function t(key: string, params?: Record<string, string | number>, lang?: Lang): string;
