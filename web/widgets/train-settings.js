// The settings of <attn-train>: its attributes shown in the controls, and
// the controls turned into the plan of a run (the text tokenized, the
// preset's model and trainer, when to sample and evaluate). attn-train.js
// runs the plan; train-view.js built the controls.
import { t } from './i18n.js';
import { PRESETS, PRESET_NAMES, defaultEvalEvery, defaultSampleEvery, runOptions } from './train-presets.js';
import { austenText, tokensNeeded } from './train-text.js';

// Samples: the same seed and temperature every time, so only the weights change them.
const SAMPLE_TEMPERATURE = 0.8;

/** A whole number ≥ 0 from attribute `name`, else `fallback`. */
export function wholeAttr(host, name, fallback) {
  const v = Number(host.getAttribute(name));
  return host.hasAttribute(name) && Number.isInteger(v) && v >= 0 ? v : fallback;
}

/** The steps to train: the attribute, else the chosen preset's. */
export const stepsOf = (host, ui) => wholeAttr(host, 'steps', PRESETS[ui.preset.value]?.steps ?? 600);

/** How often to sample: the attribute, else a default for the steps. */
export const sampleEveryOf = (host, steps) => wholeAttr(host, 'sample-every', defaultSampleEvery(steps));

/** The text to learn: what the reader pasted, or the shipped novel. */
export const sourceText = (ui) => (ui.source.value === 'own' ? Promise.resolve(ui.text.value) : austenText());

/** Shows the attributes in the controls; the prompt only where the reader has not typed one (`promptTyped`). */
export function showAttributes(host, ui, promptTyped) {
  ui.source.value = host.getAttribute('text') === 'own' ? 'own' : 'austen';
  ui.text.hidden = ui.source.value !== 'own';
  ui.level.value = host.getAttribute('level') === 'byte' ? 'byte' : 'char';
  ui.preset.value = PRESET_NAMES.includes(host.getAttribute('preset')) ? host.getAttribute('preset') : 'tiny';
  ui.steps.value = stepsOf(host, ui);
  ui.seed.value = wholeAttr(host, 'seed', 1);
  // The prompt: the attribute, else what the reader typed, else one that suits the text.
  if (host.hasAttribute('prompt')) ui.prompt.value = host.getAttribute('prompt');
  else if (!promptTyped) ui.prompt.value = ui.source.value === 'austen' ? 'Elizabeth' : '';
  ui.openModels.hidden = !host.hasAttribute('models-href');
}

/**
 * The plan of a run from the controls: { vocab, preset, steps, sampleEvery,
 * start } (start: TrainerWorker.start's options). Throws, in `lang`, when the
 * text is too short for the preset's context.
 */
export async function planRun(host, ui, tokenized, lang) {
  const preset = ui.preset.value;
  const text = await sourceText(ui);
  const tokens = tokenized.of(text, ui.level.value);
  const need = tokensNeeded(PRESETS[preset].seqLen);
  if (tokens.ids.length < need) throw new Error(t('train.tooShort', { n: need }, lang));
  const steps = stepsOf(host, ui), seed = wholeAttr(host, 'seed', 1);
  const sampleEvery = sampleEveryOf(host, steps);
  const prompt = ui.prompt.value || [...text].slice(0, 8).join('');
  const start = runOptions(preset, tokens, {
    steps, seed, sampleEvery, evalEvery: wholeAttr(host, 'eval-every', defaultEvalEvery(steps)), prompt, temperature: SAMPLE_TEMPERATURE,
  });
  return { vocab: tokens.vocab, preset, steps, sampleEvery, start };
}
