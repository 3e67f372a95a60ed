// The sampling controls of <attn-tiny-gpt>: defaults per model, the values the
// reader set (as Model.generate options), and the numbers shown next to the
// sliders.
import { t } from './i18n.js';

export const DEFAULTS = {
  chars: { prompt: 'Elizabeth', temperature: 0.8, topK: 0, topP: 0.9, seed: 1, maxNewTokens: 200 },
  'chars-q8': { prompt: 'Elizabeth', temperature: 0.8, topK: 0, topP: 0.9, seed: 1, maxNewTokens: 200 },
  words: { prompt: 'Elizabeth', temperature: 0.8, topK: 0, topP: 0.9, seed: 1, maxNewTokens: 80 },
  sort: { prompt: 'softmax|', temperature: 0, topK: 0, topP: 0.9, seed: 1, maxNewTokens: 12 },
  file: { prompt: 'Once upon a time', temperature: 0.8, topK: 0, topP: 0.9, seed: 1, maxNewTokens: 128 },
};

const ATTRIBUTE_OF = {
  prompt: 'prompt', temperature: 'temperature', topK: 'top-k', topP: 'top-p', seed: 'seed', maxNewTokens: 'max-new-tokens',
};

/** The generate options the controls hold (blank or invalid fields fall back to defaults). */
export function readSettings(ui) {
  const int = (input, fallback) => (input.value !== '' && Number.isInteger(Number(input.value)) ? Number(input.value) : fallback);
  return {
    // top-k is passed on as typed: a negative one is refused by generate() with a message, not silently made 0.
    temperature: Number(ui.temperature.value), topK: int(ui.topK, 0), topP: Number(ui.topP.value),
    seed: Math.max(0, int(ui.seed, 1)), maxNewTokens: Math.max(1, int(ui.maxTokens, 64)),
  };
}

/** Fills the controls with the model's defaults, or the element's attributes where `host` is given. */
export function writeSettings(ui, choice, host, lang) {
  const d = DEFAULTS[choice];
  const value = (key) => (host?.hasAttribute(ATTRIBUTE_OF[key]) ? host.getAttribute(ATTRIBUTE_OF[key]) : String(d[key]));
  ui.prompt.value = value('prompt');
  ui.temperature.value = value('temperature');
  ui.topK.value = value('topK');
  ui.topP.value = value('topP');
  ui.seed.value = value('seed');
  ui.maxTokens.value = value('maxNewTokens');
  showKnobs(ui, lang);
}

/** The values beside the temperature and top-p sliders (temperature 0 reads "greedy"). */
export function showKnobs(ui, lang) {
  const temperature = Number(ui.temperature.value);
  ui.temperatureOut.textContent = temperature === 0 ? t('gpt.temperature.greedy', {}, lang) : temperature.toFixed(2);
  ui.topPOut.textContent = Number(ui.topP.value).toFixed(2);
}
