// Text of <attn-train>'s stats line, preset options and token labels.
import { t } from './i18n.js';
import { PRESETS, presetParameters } from './train-presets.js';

const fixed = (v, digits) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(digits) : '–');

export function eta(seconds, lang) {
  if (!Number.isFinite(seconds)) return '–';
  const s = Math.round(seconds);
  return s < 60 ? t('train.eta.s', { n: s }, lang) : t('train.eta.min', { m: Math.floor(s / 60), s: s % 60 }, lang);
}

/** The stats line of a progress event (held: the last held-out loss seen). */
export function statsLine(p, held, lang) {
  return t('train.stats', {
    step: p.step, steps: p.steps, loss: fixed(p.loss, 3), held: fixed(held, 3),
    rate: typeof p.tokensPerSecond === 'number' ? Math.round(p.tokensPerSecond).toLocaleString('en') : '–',
    lr: typeof p.learningRate === 'number' ? p.learningRate.toExponential(2) : '–', eta: eta(p.secondsLeft, lang),
  }, lang);
}

/**
 * Fills the preset <select> with each size's name and parameter count for
 * this vocabulary (null: no text yet, names only), and the line under it
 * (`info`) with the chosen size's layers, dim, context and parameters.
 * Short options keep the select readable on a phone; the line has the rest.
 */
export function presetOptions(select, info, vocabSize, lang) {
  const params = (name) => (vocabSize ? presetParameters(name, vocabSize).toLocaleString('en') : null);
  for (const o of select.options) {
    const name = t(`train.preset.${o.value}`, {}, lang);
    o.textContent = vocabSize ? t('train.preset.option', { name, params: params(o.value) }, lang) : name;
  }
  const chosen = select.value, p = PRESETS[chosen];
  if (!p) { info.textContent = ''; return; }
  const about = t(vocabSize ? 'train.preset.about' : 'train.preset.aboutNoText', { layers: p.nLayers, dim: p.dim, T: p.seqLen, params: params(chosen) }, lang);
  const note = t(`train.preset.note.${chosen}`, {}, lang); // the key itself when the size has no note
  info.textContent = note === `train.preset.note.${chosen}` ? about : `${about} · ${note}`;
}

/** A readable label for a token of the vocabulary (spaces and newlines made visible). */
export function tokenLabel(token) {
  if (token === ' ') return '␣';
  if (token === '\n') return '↵';
  if (token === '\t') return '⇥';
  return token;
}
