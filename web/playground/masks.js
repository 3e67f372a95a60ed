// The masks and biases page: the controls on the left set the attributes of
// six <attn-mask-grid> and three <attn-bias-map> elements, which build their
// matrices with the core's mask builders, alibiBias and the T5 functions.
import './site.js';
import * as attn from '../lib/index.js';
import '../widgets/index.js';
import { addMessages, onLangChange, t } from '../widgets/i18n.js';
import { parseIndexList } from '../widgets/attn-mask-grid.js';
import { MASKS_MESSAGES } from './masks-messages.js';
import { bindUrlState, control } from './url-state.js';
import { translatePage } from './page-language.js';

for (const [code, messages] of Object.entries(MASKS_MESSAGES)) addMessages(code, messages);

const $ = (id) => document.getElementById(id);
const controls = Object.fromEntries(
  ['n', 'window', 'stride', 'globals', 'random', 'seed', 'reseed', 'causal', 'heads', 'head', 'buckets', 'distance', 'bidirectional']
    .map((id) => [id, $(id)]),
);
const masks = [...document.querySelectorAll('attn-mask-grid')];
const biases = [...document.querySelectorAll('attn-bias-map')];
const state = { globals: '0' };

const int = (input) => Math.round(Number(input.value));

/** The global tokens typed, or the last valid list while the text does not parse. */
function globals(n) {
  try {
    const list = parseIndexList(controls.globals.value, n, t('globals.name'));
    state.globals = list.join(' ');
    $('globals-status').textContent = '';
    controls.globals.removeAttribute('aria-invalid');
  } catch (e) {
    $('globals-status').textContent = e.message;
    controls.globals.setAttribute('aria-invalid', 'true');
    state.globals = parseIndexList(state.globals, 10 ** 9).filter((g) => g < n).join(' ');
  }
  return state.globals;
}

/** Pushes the controls into the widgets (each recomputes once, at the end of this task). */
function update() {
  const n = int(controls.n);
  for (const input of [controls.window, controls.stride]) input.max = String(n);
  controls.head.max = String(int(controls.heads) - 1);
  // T5 needs maxDistance above its exact buckets per direction (numBuckets/4 bidirectional, /2 not).
  const exact = Math.floor(int(controls.buckets) / (controls.bidirectional.checked ? 4 : 2));
  controls.distance.min = String(exact + 1);
  const values = {
    n, window: int(controls.window), stride: int(controls.stride), random: int(controls.random), seed: int(controls.seed) >>> 0,
    heads: int(controls.heads), head: int(controls.head), buckets: int(controls.buckets), distance: int(controls.distance),
  };
  for (const el of masks) {
    for (const name of ['n', 'window', 'stride', 'random', 'seed']) el.setAttribute(name, String(values[name]));
    el.setAttribute('globals', globals(n));
    el.toggleAttribute('causal', controls.causal.checked);
  }
  for (const el of biases) {
    for (const name of ['n', 'heads', 'head', 'buckets']) el.setAttribute(name, String(values[name]));
    el.setAttribute('max-distance', String(values.distance));
    el.setAttribute('bidirectional', String(controls.bidirectional.checked));
  }
  // Beyond 16 tokens two cards a row leave the cells room to stay readable.
  for (const cards of document.querySelectorAll('.cards')) cards.classList.toggle('wide', n > 16);
  for (const [id, value] of Object.entries(values)) if ($(`${id}-out`)) $(`${id}-out`).textContent = value;
}

function applyLanguage() {
  translatePage();
  update();
}

for (const input of Object.values(controls)) {
  if (input === controls.reseed) continue;
  input.addEventListener(input.type === 'checkbox' || input.type === 'number' ? 'change' : 'input', update);
}
controls.reseed.addEventListener('click', () => {
  controls.seed.value = String(((int(controls.seed) >>> 0) + 1) % 4294967296);
  update();
});
const pending = new Set([...masks, ...biases]);
for (const el of pending) {
  el.addEventListener('change', () => {
    pending.delete(el);
    if (pending.size === 0) document.body.dataset.ready = 'true';
  });
}
onLangChange(applyLanguage);

applyLanguage();

// The address holds every control (by its id).
const address = bindUrlState(Object.entries(controls).filter(([id]) => id !== 'reseed').map(([id, input]) => control(id, input)), { apply: update });
controls.reseed.addEventListener('click', () => address.save({ push: true }));
attn.ready().then(() => { $('backend').textContent = attn.backend(); });
