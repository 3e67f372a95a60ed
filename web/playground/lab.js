// The attention lab: controls on the left drive one <attn-heatmap>; Q and K
// are seeded random (rounded to 2 decimals) or typed. The heatmap computes
// the weights and row sums with the wasm core; this file only wires inputs.
// For tests and the curious, the heatmap's q/k properties hold the exact Q, K.
import './site.js';
// Only the core and the two elements the lab uses (not the whole API): it is the page with a byte budget.
import * as attn from '../widgets/core.js';
import '../widgets/define/attn-heatmap.js';
import '../widgets/define/attn-matrix-input.js';
import { addMessages, onLangChange, t } from '../widgets/i18n.js';
import { randomQK } from '../widgets/attention-maths.js';
import { formatExact } from '../widgets/format.js';
import { LAB_MESSAGES } from './lab-messages.js';
import { bindUrlState, control } from './url-state.js';
import { translatePage } from './page-language.js';

for (const [code, messages] of Object.entries(LAB_MESSAGES)) addMessages(code, messages);

const $ = (id) => document.getElementById(id);
const heatmap = $('heatmap');
const qInput = $('q-input');
const kInput = $('k-input');
const controls = {
  n: $('n'), d: $('d'), tokens: $('tokens'), seed: $('seed'), randomise: $('randomise'),
  temperature: $('temperature'), causal: $('causal'), kind: $('kind'),
};

const state = { q: null, k: null, custom: false, tokensEdited: false };

const intOf = (input, fallback) => {
  const v = Math.round(Number(input.value));
  return Number.isFinite(v) ? Math.min(Number(input.max), Math.max(Number(input.min), v)) : fallback;
};
const kind = () => controls.kind.querySelector('input:checked').value;

function labels(n) {
  const words = controls.tokens.value.trim().split(/\s+/).filter(Boolean);
  return Array.from({ length: n }, (_, i) => words[i] ?? `#${i}`);
}

/** Draws new random Q and K from the seed at the current N and d. */
function regenerate() {
  const n = intOf(controls.n, 8), d = intOf(controls.d, 16), seed = intOf(controls.seed, 42);
  const { q, k } = randomQK(n, n, d, seed);
  Object.assign(state, { q, k, custom: false });
  for (const input of [qInput, kInput]) {
    input.setAttribute('rows', n);
    input.setAttribute('cols', d);
  }
  qInput.value = q;
  kInput.value = k;
}

/** Pushes the controls into the heatmap (which redraws once, at the end of this task). */
function update() {
  const n = state.q.shape[0], d = state.q.shape[1];
  const k = kind();
  const temperature = Number(controls.temperature.value);
  heatmap.q = state.q;
  heatmap.k = state.k;
  heatmap.tokens = labels(n);
  heatmap.toggleAttribute('causal', controls.causal.checked);
  heatmap.setAttribute('kind', k === 'cosine' ? 'cosine' : 'dot');
  if (k === 'unscaled') heatmap.setAttribute('scale', '1'); else heatmap.removeAttribute('scale');
  heatmap.setAttribute('temperature', String(temperature));
  $('n-out').textContent = n;
  $('d-out').textContent = d;
  $('temperature-out').textContent = temperature.toFixed(2);
  $('source').textContent = state.custom ? t('source.custom') : t('source.random', { seed: intOf(controls.seed, 42) });
  const base = { scaled: 'softmax( Q·Kᵀ / (√d · T)', unscaled: 'softmax( Q·Kᵀ / T', cosine: 'softmax( cos(q_i, k_j) / T' }[k];
  const mask = controls.causal.checked;
  const where = k === 'scaled' ? t('formula.where', { d, t: temperature }) : `T = ${temperature}`;
  $('formula').replaceChildren(...withSubscripts(`${base}${mask ? ' + M' : ''} )   ${where}${mask ? t('formula.maskWhere') : ''}`));
}

/** 'q_i' -> q<sub>i</sub> (fonts rarely have the Unicode subscript letters). */
function withSubscripts(text) {
  return text.split(/_(\w)/).map((part, i) => (i % 2 ? Object.assign(document.createElement('sub'), { textContent: part }) : part));
}

function applyLanguage() {
  translatePage();
  qInput.setAttribute('label', t('q.label'));
  kInput.setAttribute('label', t('k.label'));
  if (!state.tokensEdited) controls.tokens.value = t('tokens.default');
  $('hover-info').textContent = t('hover.none');
  if (state.q) update();
}

function showHover(detail) {
  const info = $('hover-info');
  if (!detail) { info.textContent = t('hover.none'); return; }
  const names = heatmap.tokens;
  info.textContent = detail.sum
    ? t('hover.sum', { i: detail.row, qi: names[detail.row], s: formatExact(detail.value) })
    : t('hover.cell', { i: detail.row, qi: names[detail.row], j: detail.col, kj: names[detail.col], w: formatExact(detail.value) });
}

function matrixEdited(which, value) {
  if (value.shape[0] !== state.q.shape[0] || value.shape[1] !== state.q.shape[1]) return;
  state[which] = value;
  state.custom = true;
  update();
}

controls.n.addEventListener('input', () => { regenerate(); update(); });
controls.d.addEventListener('input', () => { regenerate(); update(); });
controls.seed.addEventListener('change', () => { regenerate(); update(); });
controls.randomise.addEventListener('click', () => {
  controls.seed.value = String((intOf(controls.seed, 42) + 1) % 4294967296);
  regenerate();
  update();
});
controls.tokens.addEventListener('input', () => { state.tokensEdited = true; update(); });
controls.temperature.addEventListener('input', update);
controls.causal.addEventListener('change', update);
controls.kind.addEventListener('change', update);
qInput.addEventListener('change', (e) => matrixEdited('q', e.detail.value));
kInput.addEventListener('change', (e) => matrixEdited('k', e.detail.value));
heatmap.addEventListener('cell-hover', (e) => showHover(e.detail));
heatmap.addEventListener('change', () => { document.body.dataset.ready = 'true'; }, { once: true });
onLangChange(applyLanguage);

applyLanguage();
regenerate();
update();

// The address holds every control; typed Q and K only once edited (as JSON rows).
const typed = { q: null, k: null };
const rows = (m) => JSON.stringify(Array.from({ length: m.shape[0] }, (_, i) => Array.from(m.data.subarray(i * m.shape[1], (i + 1) * m.shape[1]), (v) => Number(formatExact(v)))));
const matrixField = (key) => ({
  key,
  get: () => (state.custom ? rows(state[key]) : null),
  set(v) { try { typed[key] = JSON.parse(v); } catch { typed[key] = null; } },
  reset() { typed[key] = null; },
});
const tokensField = {
  key: 'tokens',
  element: controls.tokens,
  get: () => (state.tokensEdited ? controls.tokens.value : null),
  set(v) { controls.tokens.value = v; state.tokensEdited = true; },
  reset() { state.tokensEdited = false; controls.tokens.value = t('tokens.default'); },
};
/** JSON rows -> {data, shape}, or null unless every row has the same count of finite numbers. */
function asMatrix(rowsOf) {
  if (!Array.isArray(rowsOf) || !rowsOf.length || !rowsOf.every((r) => Array.isArray(r) && r.length === rowsOf[0].length && r.every(Number.isFinite))) return null;
  return { data: Float32Array.from(rowsOf.flat()), shape: [rowsOf.length, rowsOf[0].length] };
}
const address = bindUrlState([
  control('n', controls.n), control('d', controls.d), control('seed', controls.seed), control('kind', controls.kind),
  control('temperature', controls.temperature), control('causal', controls.causal), tokensField, matrixField('q'), matrixField('k'),
], {
  apply() {
    regenerate();
    const q = asMatrix(typed.q), k = asMatrix(typed.k);
    if (q && k && q.shape.join() === state.q.shape.join() && k.shape.join() === state.k.shape.join()) {
      Object.assign(state, { q, k, custom: true }); // typed matrices of the current size replace the seeded ones
      qInput.value = q;
      kInput.value = k;
    }
    update();
  },
});
controls.randomise.addEventListener('click', () => address.save({ push: true }));
for (const input of [qInput, kInput]) input.addEventListener('change', () => address.save());
attn.ready().then(() => { $('backend').textContent = attn.backend(); });
