// The widget reference page: every element web/widgets/index.d.ts declares,
// with its documentation (read from the types at run time, so the page
// cannot drift from them), the attributes the running element observes —
// each marked if the documentation does not name it — and a live example.
import './site.js';
import { addEmbedControls } from './embed-code.js';
import '../widgets/index.js';
import { lang, onLangChange } from '../widgets/i18n.js';
import { parseWidgetTypes, documentedNames, inlineWidgetTypes } from './widget-docs.js';
import { scrollToAnchor } from './url-state.js';

const TYPES_URL = new URL('../widgets/index.d.ts', import.meta.url);
const TEXT = {
  en: { title: 'Widget reference', doc: 'Widget reference — attnscope', intro: 'Every attnscope element, documented from its TypeScript types (web/widgets/index.d.ts), with a live example. The same text is in docs/WIDGETS.md.', attrs: 'Attributes it observes', members: 'Properties and methods', live: 'Live example', code: 'Markup', undocumented: 'not documented' },
  ja: { title: 'ウィジェット・リファレンス', doc: 'ウィジェット・リファレンス — attnscope', intro: 'attnscope のすべての要素を、型定義（web/widgets/index.d.ts）の説明とその場で動く例で示します（説明は英語）。同じ内容が docs/WIDGETS.md にもあります。', attrs: '監視する属性', members: 'プロパティとメソッド', live: '動く例', code: 'マークアップ', undocumented: '説明なし' },
};

const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

/** `code` spans of a line as <code>. */
const inline = (text) => text.split(/`([^`]*)`/).map((part, i) => (i % 2 ? el('code', { textContent: part }) : part));

/** The doc comment's paragraphs, "- " lists and ``` blocks as DOM. */
function renderDoc(doc) {
  const out = [];
  const blocks = doc.replace(/^@example.*$/gm, '').split(/```(?:html)?\n([\s\S]*?)```/);
  blocks.forEach((block, i) => {
    if (i % 2) { out.push(el('pre', {}, el('code', { textContent: block.trim() }))); return; }
    for (const para of block.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)) {
      const items = para.split(/\n(?=- )/);
      const head = items[0].startsWith('- ') ? null : items.shift();
      if (head) out.push(el('p', {}, ...inline(head.replace(/\n/g, ' '))));
      if (items.length) out.push(el('ul', {}, ...items.map((it) => el('li', {}, ...inline(it.replace(/^- /, '').replace(/\n\s*/g, ' '))))));
    }
  });
  return out;
}

function card(w, s) {
  const observed = customElements.get(w.tag)?.observedAttributes ?? [];
  const named = new Set(documentedNames(w.doc));
  const example = w.example.replace(/\s+lang="[a-z]+"/, '');
  const live = el('div', { className: 'live' });
  live.innerHTML = example; // from the package's own types, not from the address or the reader
  const section = el('section', { className: 'widget', id: w.tag },
    el('h2', { textContent: `<${w.tag}>` }),
    el('div', { className: 'doc', lang: 'en' }, ...renderDoc(w.doc)));
  if (observed.length) {
    section.append(el('h3', { textContent: s.attrs }), el('ul', { className: 'attrs' }, ...observed.map((a) => {
      const documented = named.has(a);
      return el('li', { className: documented ? '' : 'undocumented', title: documented ? '' : s.undocumented }, el('code', { textContent: a }));
    })));
  }
  if (w.members.length) {
    section.append(el('h3', { textContent: s.members }), el('ul', { className: 'members', lang: 'en' }, ...w.members.map((m) => el('li', {}, el('code', { textContent: m.signature }), m.doc ? ` — ${m.doc.replace(/\n/g, ' ')}` : ''))));
  }
  section.append(el('h3', { textContent: s.code }), el('pre', {}, el('code', { textContent: example })), el('h3', { textContent: s.live }), live);
  return section;
}

let widgets = [];
function render() {
  const s = TEXT[lang()];
  document.title = s.doc;
  document.getElementById('title').textContent = s.title;
  document.getElementById('intro').textContent = s.intro;
  for (const h3 of document.querySelectorAll('.widget h3')) h3.textContent = s[h3.dataset.key] ?? h3.textContent;
}

// index.d.ts re-exports a file per element, fetched beside it (the production build inlines them).
const fetchText = (url) => fetch(url).then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${url}: HTTP ${r.status}`))));
widgets = parseWidgetTypes(await inlineWidgetTypes(await fetchText(TYPES_URL), (name) => fetchText(new URL(name, TYPES_URL))));
const s = TEXT[lang()];
document.getElementById('toc').append(...widgets.map((w) => el('a', { href: `#${w.tag}`, textContent: `<${w.tag}>` })));
document.getElementById('widgets').append(...widgets.map((w) => card(w, s)));
addEmbedControls(document.getElementById('widgets'));
const keys = ['attrs', 'members', 'code', 'live'];
for (const h3 of document.querySelectorAll('.widget h3')) h3.dataset.key = keys.find((k) => TEXT.en[k] === h3.textContent || TEXT.ja[k] === h3.textContent);
onLangChange(render);
render();
document.body.dataset.undocumented = String(document.querySelectorAll('.attrs .undocumented').length);
document.body.dataset.ready = 'true';
scrollToAnchor();
