// The block explorer page: the controls on the left set the attributes of one
// <attn-block-explorer>, which computes the block with the wasm core
// (transformerBlock with returnIntermediates) and steps through its stages.
// For tests and the curious, the explorer's input, params and config
// properties hold exactly what went into the call.
import './site.js';
import * as attn from '../lib/index.js';
import '../widgets/index.js';
import { addMessages, onLangChange, t } from '../widgets/i18n.js';
import { BLOCK_MESSAGES } from './block-messages.js';
import { bindUrlState, control } from './url-state.js';
import { translatePage } from './page-language.js';

for (const [code, messages] of Object.entries(BLOCK_MESSAGES)) addMessages(code, messages);

const MAX_TOKENS = 12;
const $ = (id) => document.getElementById(id);
const explorer = $('explorer');
const controls = {
  tokens: $('tokens'), seed: $('seed'), reseed: $('reseed'), dModel: $('dmodel'), heads: $('heads'),
  kvHeads: $('kvheads'), position: $('position'), norm: $('norm'), activation: $('activation'),
  causal: $('causal'), rope: $('rope'),
  kind: $('kind'), temperature: $('temperature'), qkNorm: $('qknorm'), window: $('window'), alibi: $('alibi'), normalized: $('normalized'),
};
const state = { tokensEdited: false };

const checked = (fieldset) => fieldset.querySelector('input:checked')?.value;
const seedOf = () => {
  const v = Math.round(Number(controls.seed.value));
  return Number.isFinite(v) ? Math.min(4294967295, Math.max(0, v)) : 1;
};

function tokens() {
  return controls.tokens.value.trim().split(/\s+/).filter(Boolean).slice(0, MAX_TOKENS);
}

/** K, V head choices: the divisors of H, named MHA (= H), MQA (1) or GQA. */
function drawKvChoices() {
  const heads = Number(checked(controls.heads));
  const previous = Number(checked(controls.kvHeads) ?? heads);
  const legend = controls.kvHeads.querySelector('legend');
  const options = [heads, heads / 2, 1].filter((v, i, all) => Number.isInteger(v) && all.indexOf(v) === i);
  const labels = options.map((v) => {
    const label = document.createElement('label');
    const input = Object.assign(document.createElement('input'), { type: 'radio', name: 'kvheads', value: String(v) });
    input.checked = v === (options.includes(previous) ? previous : heads);
    const name = v === heads ? 'MHA' : v === 1 ? 'MQA' : 'GQA';
    const span = document.createElement('span');
    span.textContent = `${v} · ${name}`;
    label.append(input, span);
    return label;
  });
  controls.kvHeads.replaceChildren(legend, ...labels);
}

/** Pushes the controls into the explorer (which recomputes once, at the end of this task). */
function update() {
  const words = tokens();
  const set = (name, value) => explorer.setAttribute(name, String(value));
  set('tokens', words.join(' '));
  set('seed', seedOf());
  set('d-model', controls.dModel.value);
  set('heads', checked(controls.heads));
  set('kv-heads', checked(controls.kvHeads));
  set('norm-position', checked(controls.position));
  set('norm', checked(controls.norm));
  set('activation', controls.activation.value);
  explorer.toggleAttribute('causal', controls.causal.checked);
  explorer.toggleAttribute('rope', controls.rope.checked);
  set('kind', checked(controls.kind));
  set('temperature', controls.temperature.value);
  set('qk-norm', checked(controls.qkNorm));
  set('window', controls.window.value);
  explorer.toggleAttribute('alibi', controls.alibi.checked);
  explorer.toggleAttribute('normalized', controls.normalized.checked);
  // nGPT has no norms: the norm choices do not apply.
  for (const fieldset of [controls.position, controls.norm]) fieldset.disabled = controls.normalized.checked;
  $('temperature-out').textContent = controls.temperature.value;
  $('window-out').textContent = controls.window.value === '0' ? t('window.off') : controls.window.value;
  $('dmodel-out').textContent = controls.dModel.value;
  const hint = controls.tokens.value.trim().split(/\s+/).filter(Boolean).length > MAX_TOKENS ? 'tokens.tooMany' : 'tokens.hint';
  $('tokens-hint').textContent = t(hint, { max: MAX_TOKENS });
}

/** The exact call, as a developer would write it (shapes instead of numbers). */
function showCall() {
  const { input, config } = explorer;
  if (!input) return;
  const [T, C] = input.shape;
  const opts = JSON.stringify({ ...config, returnIntermediates: true }, null, 2).replace(/"(\w+)":/g, '$1:').replace(/"/g, "'");
  $('call').textContent = `// x: [${T}, ${C}], params: ${t('call.params')}\nconst { output, intermediates } = attn.transformerBlock(x, params, ${opts});`;
}

function applyLanguage() {
  translatePage();
  if (!state.tokensEdited) controls.tokens.value = t('tokens.default');
  update();
  showCall();
}

controls.tokens.addEventListener('input', () => { state.tokensEdited = true; update(); });
controls.seed.addEventListener('change', update);
controls.reseed.addEventListener('click', () => {
  controls.seed.value = String((seedOf() + 1) % 4294967296);
  update();
});
controls.heads.addEventListener('change', () => { drawKvChoices(); update(); });
for (const input of [controls.dModel, controls.kvHeads, controls.position, controls.norm, controls.activation, controls.causal, controls.rope,
  controls.kind, controls.temperature, controls.qkNorm, controls.window, controls.alibi, controls.normalized]) {
  input.addEventListener(input.type === 'range' ? 'input' : 'change', update);
}
explorer.addEventListener('change', () => { showCall(); document.body.dataset.ready = 'true'; });
onLangChange(applyLanguage);

drawKvChoices();
applyLanguage();

// The address holds every control and the stage shown.
const heads = control('heads', controls.heads);
const firstStage = () => explorer.stages[0] ?? null;
const address = bindUrlState([
  { key: 'tokens', element: controls.tokens, get: () => (state.tokensEdited ? controls.tokens.value : null),
    set(v) { controls.tokens.value = v; state.tokensEdited = true; },
    reset() { state.tokensEdited = false; controls.tokens.value = t('tokens.default'); } },
  control('seed', controls.seed), control('d', controls.dModel),
  { ...heads, set(v) { heads.set(v); drawKvChoices(); } }, // the K, V choices depend on H
  control('kv', controls.kvHeads), control('norm-position', controls.position), control('norm', controls.norm),
  control('activation', controls.activation), control('causal', controls.causal), control('rope', controls.rope),
  control('kind', controls.kind), control('temperature', controls.temperature), control('qk-norm', controls.qkNorm),
  control('window', controls.window), control('alibi', controls.alibi), control('normalized', controls.normalized),
  { key: 'stage', get: () => (explorer.stage === firstStage() ? null : explorer.stage),
    set(v) { explorer.setAttribute('stage', v); }, reset() { if (firstStage()) explorer.setAttribute('stage', firstStage()); } },
], { apply: update });
controls.reseed.addEventListener('click', () => address.save({ push: true }));
explorer.addEventListener('stage-change', () => address.save({ push: true }));
attn.ready().then(() => { $('backend').textContent = attn.backend(); });
