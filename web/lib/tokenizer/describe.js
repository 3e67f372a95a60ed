// What a tokenizer is, for users and for Model: its kind, and which ids play
// the roles bos, eos, unk and pad. tokenizer.json does not say the roles
// outright; they come, first found first, from tokenizer_config.json (when
// given), the model's unk_token, the post-processor's template (the one
// special token before the text is bos, the one after it eos), then the
// usual names of special added tokens.
import { byteToken } from './bpe.js';

const USUAL_NAMES = {
  bos: ['<s>', '<|begin_of_text|>', '<|startoftext|>', '<bos>'],
  eos: ['</s>', '<|endoftext|>', '<|end_of_text|>', '<eos>'],
  unk: ['<unk>', '<|unk|>', '[UNK]'],
  pad: ['<pad>', '<|pad|>', '<|padding|>', '[PAD]'],
};

const hasType = (json, type) => json != null && (json.type === type
  || ['normalizers', 'pretokenizers'].some((k) => Array.isArray(json[k]) && json[k].some((j) => hasType(j, type))));

/** 'byte-level-bpe' | 'sentencepiece-bpe' | 'char' | 'byte' | 'bpe' (tokenizer.d.ts says what each is). */
export function guessKind({ model, normalizer, preTokenizer, added }) {
  if (hasType(preTokenizer?.json, 'ByteLevel') || hasType(normalizer?.json, 'ByteLevel')) return 'byte-level-bpe';
  const addedContents = new Set(added.map((t) => t.content));
  const own = [...model.vocab.keys()].filter((t) => !addedContents.has(t));
  if (model.merges.length === 0) { // byte tokens aside, one character a token (byte fallback or not)
    const bytes = new Set(Array.from({ length: 256 }, (_, b) => byteToken(b)));
    const rest = model.byteFallback ? own.filter((t) => !bytes.has(t)) : own;
    if (model.byteFallback && rest.length === 0 && own.length === 256) return 'byte';
    if (rest.every((t) => [...t].length === 1)) return 'char';
  }
  const metaspace = hasType(preTokenizer?.json, 'Metaspace') || JSON.stringify(normalizer?.json ?? null).includes('\u2581');
  return model.byteFallback || metaspace ? 'sentencepiece-bpe' : 'bpe';
}

/** { bos?, eos?, unk?, pad? } ids; config is a parsed tokenizer_config.json or null. */
export function guessSpecialTokens({ model, postProcessor, added, padding }, config, tokenToId) {
  const out = {};
  const set = (role, id) => {
    if (out[role] === undefined && Number.isInteger(id)) out[role] = id;
  };
  if (config) {
    for (const role of Object.keys(USUAL_NAMES)) {
      const v = config[`${role}_token`];
      const name = typeof v === 'string' ? v : v?.content;
      if (typeof name === 'string') set(role, tokenToId(name));
    }
  }
  if (model.unkToken !== null) set('unk', tokenToId(model.unkToken));
  const around = postProcessor?.around;
  if (around?.before.length === 1) set('bos', around.before[0]);
  if (around?.after.length === 1) set('eos', around.after[0]);
  const special = new Map(added.filter((t) => t.special).map((t) => [t.content, t.id]));
  for (const [role, names] of Object.entries(USUAL_NAMES)) {
    for (const name of names) set(role, special.get(name));
  }
  if (padding && Number.isInteger(padding.pad_id) && typeof padding.pad_token === 'string') set('pad', tokenToId(padding.pad_token));
  return out;
}
