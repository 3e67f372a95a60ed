// The DOM of <attn-train>: text source, token level, size, steps and seed;
// the buttons; the stats line; the loss plot; the samples; one head's
// attention. It builds, labels and shows states; attn-train.js decides what
// happens.
import { el, labelledField as field } from './dom.js';
import { t, fillMarked } from './i18n.js';
import { PRESET_NAMES } from './train-presets.js';
import { STYLE } from './train-style.js';
import { presetOptions } from './train-format.js';

function select(values, keyPrefix) {
  const s = document.createElement('select');
  for (const v of values) {
    const o = el('option');
    o.value = v;
    if (keyPrefix) o.dataset.i18n = `${keyPrefix}.${v}`;
    s.append(o);
  }
  return s;
}

function button(key, className = 'button') {
  const b = el('button', className);
  b.type = 'button';
  b.dataset.i18n = key;
  return b;
}

function number(min, max) {
  const e = document.createElement('input');
  e.type = 'number';
  Object.assign(e, { min, max, step: 1 });
  return e;
}

/** Builds the widget's DOM in `root`; returns the elements by name. */
export function buildView(root) {
  const ui = {};
  ui.source = select(['austen', 'own'], 'train.text');
  ui.level = select(['char', 'byte'], 'train.level');
  ui.vocab = el('span', 'vocab');
  ui.text = document.createElement('textarea');
  ui.text.rows = 6;
  ui.text.hidden = true;
  ui.textInfo = el('p', 'info');
  ui.preset = select(PRESET_NAMES);
  ui.presetInfo = el('p', 'info preset-info');
  ui.presetInfo.id = 'preset-info';
  ui.preset.setAttribute('aria-describedby', ui.presetInfo.id);
  ui.steps = number(1, 100000);
  ui.seed = number(0, 4294967295);

  const setup = el('div', 'setup');
  const row1 = el('div', 'row');
  row1.append(field('train.text', ui.source), field('train.level', ui.level), ui.vocab);
  const row2 = el('div', 'row');
  row2.append(field('train.size', ui.preset, 'field stack'));
  const row3 = el('div', 'row');
  row3.append(field('train.steps', ui.steps), field('train.seed', ui.seed));
  setup.append(row1, ui.text, ui.textInfo, row2, ui.presetInfo, row3);

  ui.start = button('train.start', 'button primary');
  ui.pause = button('train.pause');
  ui.reset = button('train.reset');
  ui.download = button('train.download');
  ui.downloadTokenizer = button('train.downloadTokenizer');
  ui.downloadHf = button('train.downloadHf');
  ui.openModels = button('train.openModels');
  ui.openModels.hidden = true;
  ui.resumeSaved = button('train.resumeFrom');
  ui.resumeSaved.hidden = true;
  const actions = el('div', 'actions');
  actions.append(ui.start, ui.pause, ui.reset, ui.download, ui.downloadTokenizer, ui.downloadHf, ui.openModels, ui.resumeSaved);

  ui.status = el('p', 'status');
  ui.status.setAttribute('role', 'status');
  ui.stats = el('p', 'stats');
  ui.error = el('p', 'error');
  ui.error.setAttribute('role', 'alert');

  const plotBox = el('section', 'plot-box');
  const plotTitle = el('h3', 'title');
  plotTitle.dataset.i18n = 'train.plot.title';
  const legend = el('p', 'legend');
  const trainKey = el('span', 'key train');
  trainKey.dataset.i18n = 'train.plot.train';
  const heldKey = el('span', 'key held');
  heldKey.dataset.i18n = 'train.plot.held';
  legend.append(trainKey, heldKey);
  ui.plot = el('div', 'plot-frame');
  plotBox.append(plotTitle, legend, ui.plot);

  const samplesBox = el('section', 'samples-box');
  const samplesTitle = el('h3', 'title');
  samplesTitle.dataset.i18n = 'train.samples';
  ui.prompt = document.createElement('input');
  ui.prompt.type = 'text';
  ui.samples = el('ol', 'samples');
  ui.samples.setAttribute('aria-live', 'polite');
  ui.samplesNone = el('p', 'info');
  samplesBox.append(samplesTitle, field('train.samples.prompt', ui.prompt, 'field prompt'), ui.samplesNone, ui.samples);

  const attentionBox = el('section', 'attention-box');
  const attentionTitle = el('h3', 'title');
  attentionTitle.dataset.i18n = 'train.attention';
  ui.layer = select([]);
  ui.head = select([]);
  const pick = ui.attentionPick = el('div', 'row');
  pick.hidden = true;
  pick.append(field('train.attention.layer', ui.layer), field('train.attention.head', ui.head));
  ui.attentionNone = el('p', 'info');
  ui.attentionNone.dataset.i18n = 'train.attention.none';
  ui.heatmap = document.createElement('attn-heatmap');
  ui.heatmap.setAttribute('causal', '');
  ui.heatmap.setAttribute('show-values', 'false');
  ui.heatmap.hidden = true;
  attentionBox.append(attentionTitle, pick, ui.attentionNone, ui.heatmap);

  const style = el('style');
  style.textContent = STYLE;
  root.append(style, setup, actions, ui.status, ui.stats, ui.error, plotBox, samplesBox, attentionBox);
  return ui;
}

/** One sample in the list: its step (labelled in render) and the prompt, then the continuation. */
export function sampleItem(s, vocab) {
  const li = el('li');
  const at = el('span', 'at');
  at.dataset.step = s.step;
  const body = el('span', 'text');
  body.append(el('span', 'prompt-part', vocab.decode(s.promptIds)), vocab.decode(s.ids));
  li.append(at, body);
  return li;
}

/** Fills every data-i18n node and the placeholders in `lang`. */
export function applyText(ui, root, lang) {
  fillMarked(root, lang);
  ui.text.placeholder = t('train.text.placeholder', {}, lang);
  ui.text.setAttribute('aria-label', t('train.text.own', {}, lang));
}

/**
 * Shows `state` on the buttons, the controls and the status line; `trained`:
 * there is a model to save; `saved`: the step of a checkpoint a failed run
 * can resume from (or null); `status`: a status message key and its
 * parameters instead of the state's own.
 */
export function showState(ui, state, trained, lang, { saved = null, status = null } = {}) {
  const active = state === 'running' || state === 'paused' || state === 'loading';
  ui.start.disabled = active;
  ui.pause.disabled = !(state === 'running' || state === 'paused');
  ui.pause.dataset.i18n = state === 'paused' ? 'train.resume' : 'train.pause';
  ui.pause.textContent = t(ui.pause.dataset.i18n, {}, lang);
  for (const b of [ui.download, ui.downloadTokenizer, ui.downloadHf, ui.openModels]) b.disabled = !trained;
  for (const c of [ui.source, ui.level, ui.preset, ui.steps, ui.seed, ui.text]) c.disabled = active;
  ui.resumeSaved.hidden = !(state === 'failed' && saved !== null);
  if (!ui.resumeSaved.hidden) ui.resumeSaved.textContent = t('train.resumeFrom', { step: saved }, lang);
  ui.status.textContent = status ? t(status.key, status.params, lang) : t(`train.state.${state}`, {}, lang);
}

/** Labels every sample with its step; the "none yet" line while there are none. */
export function labelSamples(ui, count, lang) {
  for (const at of ui.samples.querySelectorAll('.at')) at.textContent = t('train.samples.at', { step: at.dataset.step }, lang);
  ui.samplesNone.hidden = count > 0;
}

/** The text's size in characters and tokens, its split and vocabulary (`text` '' clears them); the sizes it fits. */
export function describeText(ui, text, tokenized, lang) {
  if (!text) { ui.textInfo.textContent = ui.vocab.textContent = ''; presetOptions(ui.preset, ui.presetInfo, null, lang); return; }
  const { vocab, ids, cut } = tokenized.of(text, ui.level.value);
  const n = (v) => v.toLocaleString('en');
  ui.textInfo.textContent = t('train.text.info', { chars: n([...text].length), tokens: n(ids.length), train: n(cut), held: n(ids.length - cut) }, lang);
  ui.vocab.textContent = t('train.vocab', { n: vocab.vocabSize }, lang);
  presetOptions(ui.preset, ui.presetInfo, vocab.vocabSize, lang);
}
