// "Copy embed code" under every widget of a playground page: the exact HTML
// that shows the same view on an author's own page — the script tag of the
// element's module in the widgets folder (dist/widgets copied beside the
// page as attnscope/, docs/DEPLOY.md) and the element with its current
// attributes. State a page keeps in properties rather than attributes (the
// lab's Q and K, the lecture's matrices, a tiny model's settings) is written
// out as the attributes that set the same thing.
import { addMessages, onLangChange, t } from '../widgets/i18n.js';
import { formatExact } from '../widgets/format.js';

/** Where the pasted code expects the widgets folder: dist/widgets copied beside the page as attnscope/. */
export const WIDGETS_FOLDER = 'attnscope/';

// Attributes that belong to this page, not to the view.
const PAGE_ONLY = /^(id|class|style|slot|role|tabindex|aria-.*|data-.*|models-href)$/;
// Elements that are parts of a page's own controls, not views to embed.
const NOT_EMBEDDED = new Set(['attn-site-nav', 'attn-lang-switch', 'attn-matrix-input']);

addMessages('en', {
  'embed.copy': 'Copy embed code',
  'embed.copied': 'Copied: paste it into your page.',
  'embed.select': 'Your browser did not allow copying: select the code below and copy it.',
  'embed.show': 'Show the code',
  'embed.note': 'Paste it into any HTML page served over http(s). attnscope/ is the widgets folder (dist/widgets of the npm package) copied beside the page; see docs/DEPLOY.md.',
});
addMessages('ja', {
  'embed.copy': '埋め込みコードをコピー',
  'embed.copied': 'コピーしました。自分のページに貼り付けてください。',
  'embed.select': 'ブラウザがコピーを許可しませんでした。下のコードを選んでコピーしてください。',
  'embed.show': 'コードを見る',
  'embed.note': 'http(s) で配信される HTML ページならどこにでも貼り付けられます。attnscope/ は、ページの隣に置いたウィジェットのフォルダ（npm パッケージの dist/widgets）です。docs/DEPLOY.md をご覧ください。',
});

const matrixJson = (m) => JSON.stringify(Array.from({ length: m.shape[0] }, (_, i) => Array.from(m.data.subarray(i * m.shape[1], (i + 1) * m.shape[1]), formatExact))).replace(/"/g, '');

// Per element, the attributes that reproduce what the page set through properties.
const FROM_PROPERTIES = {
  'attn-heatmap': (e) => ({
    ...(e.data ? { data: matrixJson(e.data) } : {}),
    ...(e.q && !e.data ? { q: matrixJson(e.q) } : {}),
    ...(e.k && !e.data ? { k: matrixJson(e.k) } : {}),
    ...(e.tokens ? { tokens: e.tokens.join(' ') } : {}),
    ...(e.colTokens ? { 'col-tokens': e.colTokens.join(' ') } : {}),
  }),
  'attn-tiny-gpt': (e) => {
    const s = e.settings;
    return { model: s.model, prompt: s.prompt, temperature: s.temperature, 'top-k': s.topK, 'top-p': s.topP, seed: s.seed, 'max-new-tokens': s.maxNewTokens };
  },
  // A pack the page fetches by a relative address: the pasted page fetches it from here.
  'attn-exercise': (e) => (e.hasAttribute('src') ? { src: new URL(e.getAttribute('src'), document.baseURI).href } : {}),
};

const escapeAttr = (v) => String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The HTML that reproduces `element`'s current view on another page: the script tag, then the element. */
export function embedHtml(element) {
  const tag = element.localName;
  const attrs = new Map();
  for (const { name, value } of element.attributes) if (!PAGE_ONLY.test(name)) attrs.set(name, value);
  for (const [name, value] of Object.entries(FROM_PROPERTIES[tag]?.(element) ?? {})) if (value !== undefined && value !== null) attrs.set(name, String(value));
  const attributes = [...attrs].map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeAttr(value)}"`)).join('');
  return `<script type="module" src="${WIDGETS_FOLDER}${tag}.js"></script>\n<${tag}${attributes}></${tag}>`;
}

/** Copies `text`; false when the browser refuses (no clipboard API, not a secure context, no permission). */
async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Puts the control after `element` (once): a button; the code, with "Show
 * the code", is made at the first click (a gallery of many widgets stays light).
 */
export function addEmbedControl(element) {
  if (element.nextElementSibling?.classList.contains('embed-code')) return;
  const box = document.createElement('div');
  box.className = 'embed-code';
  box.innerHTML = '<button type="button" class="embed-copy"></button><span class="embed-status" role="status"></span>';
  const [button, status] = ['button', '.embed-status'].map((s) => box.querySelector(s));
  let details = null;
  const label = () => {
    button.textContent = t('embed.copy');
    if (!details) return;
    details.querySelector('summary').textContent = t('embed.show');
    details.querySelector('.embed-note').textContent = t('embed.note');
  };
  const refresh = () => {
    if (!details) {
      details = document.createElement('details');
      details.innerHTML = '<summary></summary><pre tabindex="0"><code></code></pre><p class="embed-note"></p>';
      details.addEventListener('toggle', () => { if (details.open) refresh(); });
      box.append(details);
      label();
    }
    const code = details.querySelector('code');
    code.textContent = embedHtml(element);
    return code.textContent;
  };
  button.addEventListener('click', async () => {
    const ok = await copy(refresh());
    status.textContent = t(ok ? 'embed.copied' : 'embed.select');
    if (!ok) details.open = true;
  });
  onLangChange(() => { label(); status.textContent = ''; });
  label();
  element.after(box);
}

/** Adds the control under every widget of the page's main content. */
export function addEmbedControls(root = document) {
  for (const element of root.querySelectorAll('main *, article *')) {
    if (element.localName.startsWith('attn-') && !NOT_EMBEDDED.has(element.localName) && !element.closest('.embed-code')) addEmbedControl(element);
  }
}
