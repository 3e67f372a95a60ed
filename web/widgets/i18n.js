// Japanese / English strings for the widgets and pages. The language follows
// ?lang= in the address, else navigator.language until someone picks one (setLang, e.g. from
// <attn-lang-switch>); the choice is remembered in localStorage when allowed.
// Every widget on the page hears the change through onLangChange.

export const LANGS = ['ja', 'en'];
const STORAGE_KEY = 'attnscope.lang';
const EVENT = 'attn-lang-change';

const MESSAGES = {
  en: {
    'heatmap.keys': 'keys (j) →',
    'heatmap.queries': 'queries (i) ↓',
    'heatmap.rowSum': 'Σ row',
    'heatmap.weight': 'weight',
    'heatmap.value': 'value',
    'heatmap.sumOfRow': 'sum of row {i}',
    'heatmap.masked': 'masked (causal): the query may not see this key',
    'heatmap.loading': 'Loading the WebAssembly core…',
    'heatmap.empty': 'No data',
    'heatmap.label': 'Heatmap of {rows} × {cols} values',
    'heatmap.scale': 'colour scale',
    'matrix.rows': 'expected {want} rows, found {got}',
    'matrix.cols': 'row {row}: expected {want} numbers, found {got}',
    'matrix.nan': 'row {row}: “{token}” is not a number',
    'matrix.ok': '{rows} × {cols}',
    'matrix.label': 'Matrix',
    'lang.label': 'Language',
    'error.prefix': 'Cannot show this heatmap: ',
  },
  ja: {
    'heatmap.keys': 'キー (j) →',
    'heatmap.queries': 'クエリ (i) ↓',
    'heatmap.rowSum': '行の和',
    'heatmap.weight': '重み',
    'heatmap.value': '値',
    'heatmap.sumOfRow': '{i} 行目の和',
    'heatmap.masked': 'マスク（因果）：このクエリはこのキーを見られません',
    'heatmap.loading': 'WebAssembly コアを読み込み中…',
    'heatmap.empty': 'データがありません',
    'heatmap.label': '{rows} × {cols} の値のヒートマップ',
    'heatmap.scale': 'カラースケール',
    'matrix.rows': '{want} 行必要ですが {got} 行あります',
    'matrix.cols': '{row} 行目：数が {got} 個あります（{want} 個必要）',
    'matrix.nan': '{row} 行目：「{token}」は数ではありません',
    'matrix.ok': '{rows} × {cols}',
    'matrix.label': '行列',
    'lang.label': '言語',
    'error.prefix': 'ヒートマップを表示できません：',
  },
};

function storedLang() {
  try {
    const v = globalThis.localStorage?.getItem(STORAGE_KEY);
    return LANGS.includes(v) ? v : null;
  } catch {
    return null; // storage blocked (sandboxed iframe, privacy settings)
  }
}

function remember(code) {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, code);
  } catch { /* not remembered; still switched */ }
}

function browserLang() {
  const list = globalThis.navigator?.languages?.length ? navigator.languages : [globalThis.navigator?.language ?? 'en'];
  for (const tag of list) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGS.includes(base)) return base;
  }
  return 'en';
}

// ?lang=ja|en in the page's address wins, so that a shared link opens in its language.
function addressLang() {
  try {
    const v = new URLSearchParams(globalThis.location?.search ?? '').get('lang');
    return LANGS.includes(v) ? v : null;
  } catch {
    return null;
  }
}

let current = addressLang() ?? storedLang() ?? browserLang();
if (addressLang()) remember(current); // the next page, opened without ?lang, keeps it

/** The current language: 'ja' or 'en'. */
export function lang() {
  return current;
}

/** Switches every widget on the page to `next` and remembers the choice. */
export function setLang(next) {
  if (!LANGS.includes(next)) throw new Error(`setLang: language must be one of ${LANGS.join(', ')} (got ${JSON.stringify(next)})`);
  if (next === current) return;
  current = next;
  remember(next);
  globalThis.dispatchEvent?.(new CustomEvent(EVENT, { detail: { lang: next } }));
}

/** Calls `fn(lang)` on every language change; returns the unsubscribe function. */
export function onLangChange(fn) {
  const listener = (e) => fn(e.detail.lang);
  globalThis.addEventListener?.(EVENT, listener);
  return () => globalThis.removeEventListener?.(EVENT, listener);
}

/** Adds or overrides strings (pages add their own keys this way). */
export function addMessages(language, dict) {
  if (!LANGS.includes(language)) throw new Error(`addMessages: unknown language ${JSON.stringify(language)}`);
  Object.assign(MESSAGES[language], dict);
}

/** The string for `key` in `language` (default: current), with {name} filled from params. */
export function t(key, params = {}, language = current) {
  const text = MESSAGES[language]?.[key] ?? MESSAGES.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** The language an element should speak: its own lang attribute if 'ja'/'en', else the page's choice. */
export function langFor(element) {
  const own = element.getAttribute('lang')?.toLowerCase().split('-')[0];
  return LANGS.includes(own) ? own : current;
}

/** Puts the string of `language` on every node under `root` that names its key in data-i18n. */
export function fillMarked(root, language = current) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n, {}, language);
}
