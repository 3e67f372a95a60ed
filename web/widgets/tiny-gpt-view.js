// The DOM of <attn-tiny-gpt>: model picker, file inputs, prompt and sampling
// controls, the token output and the inspector's frame. It builds and labels;
// the element (attn-tiny-gpt.js) decides what happens.
import { el, labelledField as field } from './dom.js';
import { fillMarked, t } from './i18n.js';
import { mebibytes } from './tiny-gpt-files.js';
import { STYLE } from './tiny-gpt-style.js';
import { AttnHeadRoles } from './attn-head-roles.js';

const MODELS = ['chars-q8', 'chars', 'words', 'sort', 'file'];

function input(type, attrs = {}) {
  const e = document.createElement('input');
  e.type = type;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

/** Builds the widget's DOM in `root`; returns the elements by name. */
export function buildView(root) {
  const ui = {};
  ui.picker = el('div', 'picker');
  ui.picker.setAttribute('role', 'radiogroup');
  ui.choices = MODELS.map((name) => {
    const b = el('button', 'choice');
    b.type = 'button';
    b.dataset.model = name;
    b.dataset.i18n = `gpt.model.${name}`;
    b.setAttribute('role', 'radio');
    ui.picker.append(b);
    return b;
  });
  ui.about = el('p', 'about');
  ui.info = el('p', 'info');
  ui.download = el('progress', 'download'); // bytes of a default model as they arrive
  ui.download.max = 1;
  ui.download.hidden = true;

  ui.checkpoint = input('file', { accept: '.bin,application/octet-stream' });
  ui.tokenizer = input('file', { accept: '.bin,application/octet-stream' });
  ui.kind = document.createElement('select');
  for (const k of ['bpe', 'char']) {
    const o = el('option');
    o.value = k;
    o.dataset.i18n = `gpt.file.kind.${k}`;
    ui.kind.append(o);
  }
  ui.quantize = input('checkbox');
  ui.load = el('button', 'button');
  ui.load.type = 'button';
  ui.load.dataset.i18n = 'gpt.file.load';
  ui.progress = el('progress');
  ui.progress.max = 1;
  ui.progress.hidden = true;
  ui.fileStatus = el('span', 'file-status');
  ui.drop = el('p', 'drop');
  ui.drop.dataset.i18n = 'gpt.file.drop';
  ui.files = el('div', 'files');
  const loadRow = el('div', 'row');
  loadRow.append(field('gpt.file.kind', ui.kind), field('gpt.file.quantize', ui.quantize, 'check'), ui.load, ui.progress, ui.fileStatus);
  // A Hugging Face folder: picked as a folder, or its files picked together.
  ui.hfFolder = input('file', { webkitdirectory: '', multiple: '' });
  ui.hfFiles = input('file', { multiple: '', accept: '.json,.safetensors' });
  const hf = el('div', 'row hf');
  hf.append(field('gpt.hf.folder', ui.hfFolder), field('gpt.hf.files', ui.hfFiles));
  ui.files.append(field('gpt.file.checkpoint', ui.checkpoint), field('gpt.file.tokenizer', ui.tokenizer), loadRow, hf, ui.drop);

  ui.prompt = input('text', { autocomplete: 'off', spellcheck: 'false' });
  ui.temperature = input('range', { min: '0', max: '2', step: '0.05' });
  ui.temperatureOut = el('output', 'num');
  ui.topK = input('number', { min: '0', step: '1' });
  ui.topP = input('range', { min: '0.05', max: '1', step: '0.05' });
  ui.topPOut = el('output', 'num');
  ui.seed = input('number', { min: '0', step: '1' });
  ui.maxTokens = input('number', { min: '1', step: '1' });
  const temp = field('gpt.temperature', ui.temperature, 'field slider');
  temp.querySelector('.name').after(ui.temperatureOut);
  const topP = field('gpt.topP', ui.topP, 'field slider');
  topP.querySelector('.name').after(ui.topPOut);
  ui.knobs = el('div', 'knobs');
  ui.knobs.append(temp, field('gpt.topK', ui.topK), topP, field('gpt.seed', ui.seed), field('gpt.maxTokens', ui.maxTokens));

  ui.generate = el('button', 'button primary');
  ui.generate.type = 'button';
  ui.generate.dataset.i18n = 'gpt.generate';
  ui.stop = el('button', 'button');
  ui.stop.type = 'button';
  ui.stop.dataset.i18n = 'gpt.stop';
  ui.speed = el('span', 'speed');
  ui.speed.setAttribute('aria-live', 'polite');
  const actions = el('div', 'actions');
  actions.append(ui.generate, ui.stop, ui.speed);

  ui.error = el('p', 'error');
  ui.error.setAttribute('role', 'alert');
  ui.output = el('div', 'output');
  ui.output.setAttribute('role', 'group'); // named by aria-label (a plain div may not carry one)
  ui.output.setAttribute('part', 'output');
  ui.hint = el('p', 'hint');
  ui.hint.dataset.i18n = 'gpt.hint';
  ui.inspector = el('section', 'inspector');
  ui.inspector.hidden = true;
  ui.roles = new AttnHeadRoles(); // the loaded model's heads, measured (attn-head-roles.js)
  ui.roles.className = 'roles';

  const promptRow = field('gpt.prompt', ui.prompt, 'field prompt');
  root.append(el('style', null, STYLE), ui.picker, ui.about, ui.files, ui.info, ui.download, promptRow, ui.knobs, actions,
    ui.error, ui.output, ui.hint, ui.inspector, ui.roles);
  return ui;
}

/** Puts the strings of `lang` on every [data-i18n] node. */
export function applyText(ui, root, lang) {
  fillMarked(root, lang);
  ui.output.setAttribute('aria-label', t('gpt.output', {}, lang));
}

/** Marks the chosen model and shows what belongs to it. */
export function showModelChoice(ui, choice, lang) {
  for (const b of ui.choices) b.setAttribute('aria-checked', String(b.dataset.model === choice));
  ui.files.hidden = choice !== 'file';
  ui.about.textContent = t(`gpt.about.${choice}`, {}, lang);
}

/**
 * One line about the loaded model, from its config (numbers the core
 * reports); a Hugging Face folder's name and the size of its files first.
 */
export function modelInfo(config, lang, folder = null) {
  if (!config) return '';
  const head = folder ? `${t('gpt.hf.info', { name: folder.name ?? config.name ?? config.architecture ?? 'Hugging Face', size: mebibytes(folder.bytes) }, lang)} · ` : '';
  return head + t('gpt.info', {
    arch: config.arch === 'gpt2' ? 'GPT-2' : 'Llama', layers: config.nLayers, heads: config.nHeads, kv: config.nKvHeads,
    vocab: config.vocabSize, ctx: config.seqLen, weights: mebibytes(config.weightBytes), type: config.weightType,
  }, lang);
}

/**
 * A generated token as a button for the output; a token holding newlines
 * shows them as ↵ and is followed by a line break. Returns the nodes to append.
 */
export function tokenNodes(token, label) {
  const special = { 1: '<s>', 2: '</s>' }[token.id];
  const b = el('button', special ? 'tok special' : 'tok', special ?? (token.text === '' ? '·' : token.text.replace(/\n/g, '↵')));
  b.type = 'button';
  b.dataset.index = String(token.index);
  b.title = `${label} · id ${token.id}`;
  const breaks = token.text.split('\n').length - 1;
  return breaks ? [b, document.createTextNode('\n'.repeat(breaks))] : [b];
}
