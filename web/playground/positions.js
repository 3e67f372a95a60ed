// The positions page: a toolbar sets the attributes of <attn-rope-dial> (and
// the other position widgets); the widgets compute with the core. Every
// control lives in the URL so a view can be shared: the toolbar's
// (?head-dim=16&base=100...), the dial's own (?m=…&n=…&direction=…, which
// its sliders and buttons change), and the other widgets' attributes
// (?sinusoidal.d-model=16..., widget-url-state.js).
import './site.js';
import * as attn from '../lib/index.js';
import '../widgets/index.js';
import { addMessages } from '../widgets/i18n.js';
import { POSITIONS_MESSAGES } from './positions-messages.js';
import { keepAttributesInUrl } from './widget-url-state.js';
import { followLanguage } from './page-language.js';

for (const [code, messages] of Object.entries(POSITIONS_MESSAGES)) addMessages(code, messages);

const $ = (id) => document.getElementById(id);
const CONTROLS = ['head-dim', 'base', 'layout', 'step', 'seed'];
const POSITIONS = ['m', 'n']; // the dial's two positions, from its sliders, "move both" and play
const DIAL_OWN = [...POSITIONS, 'direction']; // what the dial's own controls set
const dial = $('dial');

function readUrl() {
  const params = new URLSearchParams(location.search);
  for (const id of CONTROLS) {
    const v = params.get(id);
    if (v === null) continue;
    const input = $(id);
    if (input.tagName === 'SELECT' && ![...input.options].some((o) => o.value === v)) continue;
    input.value = v;
  }
}

function writeUrl() {
  const params = new URLSearchParams(location.search);
  for (const id of CONTROLS) params.set(id, $(id).value);
  for (const name of DIAL_OWN) if (dial.hasAttribute(name)) params.set(name, dial.getAttribute(name));
  history.replaceState(null, '', `?${params}${location.hash}`);
}

/** Pushes the toolbar into the widgets (each recomputes once, at the end of this task). */
function update() {
  const base = Number($('base').value);
  if (Number.isFinite(base) && base > 0) dial.setAttribute('base', String(base));
  dial.setAttribute('head-dim', $('head-dim').value);
  dial.setAttribute('layout', $('layout').value);
  dial.setAttribute('seed', String(Math.trunc(Number($('seed').value)) >>> 0));
  const step = $('step').value;
  if (dial.getAttribute('step') !== step) {
    dial.setAttribute('step', step);
    dial.setAttribute('max-position', String(16 * Number(step)));
    dial.setAttribute('m', step);
    dial.setAttribute('n', String(3 * Number(step)));
  }
  writeUrl();
}

for (const id of CONTROLS) $(id).addEventListener('change', update);
const pending = new Set([dial, $('sinusoidal'), $('decay'), $('permutation')]);
for (const el of pending) {
  el.addEventListener('change', () => {
    pending.delete(el);
    if (pending.size === 0) document.body.dataset.ready = 'true';
  });
}
const asked = new URLSearchParams(location.search); // before update() rewrites the address
readUrl();
// the dial's own buttons choose the direction of rotation (nanochat's is flipped)
const direction = asked.get('direction');
if (direction === 'standard' || direction === 'flipped') dial.setAttribute('direction', direction);
keepAttributesInUrl([$('sinusoidal'), $('decay'), $('permutation')]);
followLanguage();
update();
// The dial's positions from the address, once the step has set their defaults.
for (const name of POSITIONS) if (/^\s*-?[\d.]+(e-?\d+)?\s*$/i.test(asked.get(name) ?? '')) dial.setAttribute(name, asked.get(name).trim());
writeUrl();
new MutationObserver(writeUrl).observe(dial, { attributeFilter: DIAL_OWN });
attn.ready().then(() => { $('backend').textContent = attn.backend(); });
