// The home page: what attnscope is, and every lecture topic (topics.js) mapped
// to the pages that show it (pages.js), their widgets and the topic's
// exercises, in the suggested order; then every page under the site nav's
// groups (pages.js, the nav's own source). Links of the attention lab's old address
// (index.html with the lab's settings in the query) are sent on to lab.html.
import './site.js';
import { addMessages, lang, onLangChange, t } from '../widgets/i18n.js';
import { HOME_MESSAGES } from './home-messages.js';
import { TOPICS } from './topics.js';
import { GROUPS, PAGES, pagesFor, pagesIn } from './pages.js';

const LAB_KEYS = ['n', 'd', 'seed', 'kind', 'causal', 'temperature', 'tokens', 'q', 'k'];
const query = new URLSearchParams(location.search);
if (LAB_KEYS.some((key) => query.has(key))) location.replace(`lab.html${location.search}${location.hash}`);

for (const [code, messages] of Object.entries(HOME_MESSAGES)) addMessages(code, messages);

const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

function topicItem(topic, code) {
  const pages = pagesFor(topic.id);
  const widgets = [...new Set(pages.flatMap((p) => p.widgets))];
  const pageLinks = pages.length
    ? pages.flatMap((p, i) => [i ? ', ' : '', el('a', { href: p.path, textContent: p.title[code] })])
    : [t('home.none')];
  const facts = el('dl', { className: 'facts' },
    el('dt', { textContent: t('home.page') }), el('dd', {}, ...pageLinks));
  if (widgets.length) {
    facts.append(el('dt', { textContent: t('home.widgets') }),
      el('dd', {}, ...widgets.flatMap((w, i) => [i ? ' ' : '', el('code', { textContent: `<${w}>` })])));
  }
  facts.append(el('dt', { textContent: t('home.exercises') }),
    el('dd', {}, el('a', { href: `exercises.html#topic-${topic.id}`, textContent: t('home.exercisesLink') })));
  return el('li', { id: `topic-${topic.id}` }, el('h3', { textContent: topic.title[code] }), facts);
}

function siteMap(code) {
  return GROUPS.map((group) => el('section', { className: 'map-group' },
    el('h3', { textContent: group.title[code] }),
    el('ul', {}, ...pagesIn(group.id).map((p) => el('li', {}, el('a', { href: p.path, textContent: p.title[code] }))))));
}

function render() {
  const code = lang();
  document.title = t('doc.title');
  $('home-title').textContent = t('home.title');
  $('intro').textContent = t('home.intro');
  $('order-title').textContent = t('home.order');
  $('order-hint').textContent = t('home.orderHint');
  $('topics').replaceChildren(...TOPICS.map((topic) => topicItem(topic, code)));
  $('map-title').textContent = t('home.map');
  $('site-map').replaceChildren(...siteMap(code));
  $('authors-title').textContent = t('home.authors');
  const embed = PAGES.find((p) => p.nav === 'embed');
  const exercises = PAGES.find((p) => p.nav === 'exercises');
  $('authors').replaceChildren(t('home.authorsText'), ' ',
    el('a', { href: embed.path, textContent: embed.title[code] }), ' · ',
    el('a', { href: exercises.path, textContent: exercises.title[code] }));
  document.body.dataset.ready = 'true';
}

onLangChange(render);
render();
