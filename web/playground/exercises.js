// The exercise gallery: lists the built-in pack (web/exercises/pack) by
// topic, in the pack's order, and embeds every exercise with its embed code
// for authors. body[data-ready="true"] once every exercise has loaded (or
// failed: data-failed counts those).
import './site.js';
import { lang, onLangChange } from '../widgets/index.js';
import { loadBuiltinPack } from '../exercises/index.js';
import { addEmbedControl } from './embed-code.js';
import { TOPICS as TOPIC_LIST } from './topics.js';
import { scrollToAnchor } from './url-state.js';

const TITLES = { ja: '組み込みの練習問題 — attnscope', en: 'Built-in exercises — attnscope' };
// Titles from topics.js (the one list of lecture topics), plus a catch-all.
const TOPICS = Object.fromEntries([...TOPIC_LIST.map((topic) => [topic.id, topic.title]), ['other', { ja: 'その他', en: 'Other' }]]);

const el = (tag, props = {}, ...children) => {
  const { dataset = {}, ...rest } = props;
  const node = Object.assign(document.createElement(tag), rest);
  Object.assign(node.dataset, dataset);
  node.append(...children);
  return node;
};
/** A {ja, en} label as two spans; the page's stylesheet shows the one of <html lang>. */
const bilingual = ({ ja, en }) => [el('span', { className: 'ja', lang: 'ja', textContent: ja }), el('span', { className: 'en', lang: 'en', textContent: en })];

function showLanguage(code) {
  document.documentElement.lang = code;
  document.title = TITLES[code];
}
showLanguage(lang());
onLangChange(showLanguage);

const { exercises } = await loadBuiltinPack();
const groups = new Map();
for (const ex of exercises) {
  const topic = TOPICS[ex.topic] ? ex.topic : 'other';
  if (!groups.has(topic)) groups.set(topic, []);
  groups.get(topic).push(ex);
}

for (const span of document.querySelectorAll('.count')) span.textContent = String(exercises.length);
const toc = document.querySelector('.toc');
const gallery = document.getElementById('gallery');
const elements = [];
for (const [topic, list] of groups) {
  const id = `topic-${topic}`;
  toc.append(el('a', { href: `#${id}`, dataset: { topic } }, ...bilingual(TOPICS[topic]), el('span', { className: 'n', textContent: String(list.length) }), el('span', { className: 'tick' })));
  const section = el('section', { className: 'topic', id });
  section.append(el('h2', {}, ...bilingual(TOPICS[topic]), el('span', { className: 'n', textContent: `(${list.length})` })));
  for (const ex of list) {
    const item = el('div', { className: 'item', id: ex.id }); // exercises.html#<exercise id> links here
    const widget = el('attn-exercise', { dataset: { topic } });
    widget.setAttribute('exercise', ex.id);
    elements.push(widget);
    item.append(widget);
    section.append(item);
    addEmbedControl(widget);
  }
  gallery.append(section);
}

// Ready once every exercise has answered with `ready` or `error`.
let failed = 0;
await Promise.all(elements.map((widget) => new Promise((done) => {
  widget.addEventListener('ready', done, { once: true });
  widget.addEventListener('error', () => { failed++; done(); }, { once: true });
})));
// Progress: solved / total on top, a tick (or solved/count) on each topic.
function showProgress() {
  const solved = elements.filter((w) => w.progress?.solved);
  document.getElementById('solved').textContent = String(solved.length);
  for (const link of toc.querySelectorAll('a[data-topic]')) {
    const mine = elements.filter((w) => w.dataset.topic === link.dataset.topic);
    const done = mine.filter((w) => w.progress?.solved).length;
    link.classList.toggle('done', done === mine.length);
    link.querySelector('.tick').textContent = done === mine.length ? '✓' : done ? `${done}/${mine.length}` : '';
  }
}
for (const w of elements) {
  w.addEventListener('check', showProgress);
  w.addEventListener('progress-reset', showProgress);
}
document.getElementById('reset-all').addEventListener('click', () => {
  for (const w of elements) w.resetProgress();
  showProgress();
});
showProgress();
document.body.dataset.failed = String(failed);
document.body.dataset.ready = 'true';
scrollToAnchor(); // #topic-… or #<exercise id>: the section exists only now
