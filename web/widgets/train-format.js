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

/** Fills the preset <select> with each size and its parameter count for this vocabulary (null: no text yet). */
export function presetOptions(select, vocabSize, lang) {
  for (const o of select.options) {
    const p = PRESETS[o.value];
    const params = { name: t(`train.preset.${o.value}`, {}, lang), layers: p.nLayers, dim: p.dim, T: p.seqLen };
    if (vocabSize) params.params = presetParameters(o.value, vocabSize).toLocaleString('en');
    o.textContent = t(vocabSize ? 'train.preset.option' : 'train.preset.optionNoText', params, lang);
  }
}

/** A readable label for a token of the vocabulary (spaces and newlines made visible). */
export function tokenLabel(token) {
  if (token === ' ') return '␣';
  if (token === '\n') return '↵';
  if (token === '\t') return '⇥';
  return token;
}
