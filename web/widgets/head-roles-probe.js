// What <attn-head-roles> measures on, and the lines that say so: the
// options for attn.headRoles of each probe (a text is encoded by the model
// and cut to what the table can show), and the "about" and status lines.
import { t } from './i18n.js';
import { EXAMPLE_TEXTS } from './head-roles-messages.js';

/** Tokens of a text probe at most (the rest is left out and said so). */
export const MAX_TEXT_TOKENS = 128;
/** Attention weights one sequence may produce (L·H·T²), as attn.headRoles allows. */
const MAX_ATTENTION = 2 ** 25;

/** The probe's text, or null for random tokens. */
export const probeText = (state) => (state.probe === 'repeated' ? null : state.probe === 'own' ? state.text.trim() : EXAMPLE_TEXTS[state.probe]);

/**
 * headRoles options for `state` on `model`: {} for random tokens, { ids } for
 * a text (truncated: the length kept, or 0), or null when the text is empty.
 */
export async function probeOptions(model, state) {
  const text = probeText(state);
  if (text === null || model.config.tokenizer === 'none') return { options: {}, truncated: 0 };
  if (!text) return null;
  const ids = await model.encode(text);
  const { nLayers: L, nHeads: H, seqLen } = model.config;
  const cap = Math.min(seqLen, MAX_TEXT_TOKENS, Math.floor(Math.sqrt(MAX_ATTENTION / (L * H))));
  return { options: { ids: ids.slice(0, cap) }, truncated: ids.length > cap ? cap : 0 };
}

/** The line under the probe buttons: what the sequences are. */
export function aboutLine({ model, state, roles, truncated }, lang) {
  if (!model) return t('roles.noModel', {}, lang);
  if (model.config?.tokenizer === 'none' && state.probe !== 'repeated') return t('roles.noText', {}, lang);
  if (state.probe === 'repeated') {
    return roles ? t('roles.about.repeated', { samples: roles.probe.ids.length, n: roles.probe.segmentLength }, lang) : '';
  }
  const text = probeText(state);
  const cut = truncated ? ` (${t('roles.about.truncated', { n: truncated }, lang)})` : '';
  return text ? `${t('roles.about.text', { text }, lang)}${cut}` : '';
}

/** "Measuring… k of n" while it runs, then what it was measured on. */
export function statusLine({ progress, roles }, lang) {
  if (progress) return t('roles.measuring', progress, lang);
  if (!roles) return '';
  const seqs = roles.probe.ids;
  const what = seqs.length > 1 ? t('roles.sequences', { count: seqs.length, tokens: seqs[0].length }, lang) : t('roles.sequence', { tokens: seqs[0].length }, lang);
  return t('roles.measured', { what }, lang);
}
