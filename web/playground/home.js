// The home page: something to move first (one <attn-heatmap> over the
// reader's own sentence), then every lecture topic (topics.js) as a card
// with its drawing (topic-pictures.js), plain name and the pages that teach
// it (pages.js), then every page under the site nav's groups. Tag names stay
// on the widget reference page. Links of the attention lab's old address
// (index.html with the lab's settings in the query) are sent on to lab.html.
import './site.js';
import '../widgets/define/attn-heatmap.js';
import { addMessages, lang, onLangChange, t } from '../widgets/i18n.js';
import { HOME_MESSAGES } from './home-messages.js';
import { TOPICS } from './topics.js';
import { topicPicture } from './topic-pictures.js';
import { GROUPS, PAGES, pagesFor, pagesIn } from './pages.js';
import { bindUrlState, control } from './url-state.js';
import { translatePage } from './page-language.js';

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
const MAX_WORDS = 10;
const FIRST_SEED = 7;

// The live view: a sentence, a temperature, "only look back", and the seed of Q and K.
const live = $('live'), sentence = $('sentence'), temp = $('temp'), lookBack = $('only-earlier');
const state = { edited: false, seed: FIRST_SEED };
const words = () => (sentence.value.trim() || t('live.default')).split(/\s+/).slice(0, MAX_WORDS);

function drawLive() {
  live.setAttribute('tokens', words().join(' '));
  live.setAttribute('temperature', temp.value);
  live.setAttribute('seed', String(state.seed));
  live.toggleAttribute('causal', lookBack.checked);
  $('temp-out').textContent = Number(temp.value).toFixed(2);
}

const address = bindUrlState([
  { key: 'sentence', element: sentence, get: () => (state.edited ? sentence.value : null),
    set(v) { sentence.value = v; state.edited = true; }, reset() { state.edited = false; sentence.value = t('live.default'); } },
  control('temp', temp),
  control('look-back', lookBack),
  { key: 'qk', get: () => (state.seed === FIRST_SEED ? null : String(state.seed)),
    set(v) { state.seed = Number(v) >>> 0; }, reset() { state.seed = FIRST_SEED; } },
], { apply: drawLive });

sentence.addEventListener('input', () => { state.edited = true; drawLive(); });
temp.addEventListener('input', drawLive);
lookBack.addEventListener('change', drawLive);
$('reroll').addEventListener('click', () => {
  state.seed = (state.seed + 1) % 4294967296;
  drawLive();
  address.save({ push: true });
});

// The topics: a card each, in order.
function topicCard(topic, code) {
  const pages = pagesFor(topic.id);
  const links = pages.map((p) => el('li', {}, el('a', { href: p.path, textContent: p.title[code] })));
  links.push(el('li', {}, el('a', { href: `exercises.html#topic-${topic.id}`, textContent: t('home.exercises') })));
  return el('li', { id: `topic-${topic.id}`, className: 'topic-card' },
    topicPicture(topic.id),
    el('h3', { textContent: topic.plain[code] }),
    el('p', { className: 'lecture-name', textContent: topic.title[code] }),
    el('p', { className: 'summary', textContent: topic.summary[code] }),
    el('ul', { className: 'topic-links', ariaLabel: t('home.pagesOf', { topic: topic.plain[code] }) }, ...links));
}

function siteMap(code) {
  return GROUPS.map((group) => el('section', { className: 'map-group' },
    el('h3', { textContent: group.title[code] }),
    el('ul', {}, ...pagesIn(group.id).map((p) => el('li', {}, el('a', { href: p.path, textContent: p.title[code] }))))));
}

function render() {
  const code = lang();
  translatePage();
  if (!state.edited) sentence.value = t('live.default');
  drawLive();
  $('topics').replaceChildren(...TOPICS.map((topic) => topicCard(topic, code)));
  $('site-map').replaceChildren(...siteMap(code));
  const link = (nav) => { const p = PAGES.find((page) => page.nav === nav); return el('a', { href: p.path, textContent: p.title[code] }); };
  $('starts').replaceChildren(...['basics', 'lab', 'models'].flatMap((nav, i) => [i ? ' · ' : '', link(nav)]));
  $('authors').replaceChildren(t('home.authorsText'), ' ', link('widgets'), ' · ', link('embed'), ' · ', link('exercises'));
}

onLangChange(render);
render();
live.addEventListener('change', () => { document.body.dataset.ready = 'true'; }, { once: true });
