// Normalizers of tokenizer.json: functions string -> string, as Hugging Face
// tokenizers applies them to each piece of text between added tokens. Each
// built normalizer keeps the checked JSON it came from (written back by
// toHuggingFace). Bert, Nmt and Precompiled (SentencePiece's compiled rules)
// are refused by name.
import { toByteChars } from './byte_level.js';
import { array, bad, bool, componentType, object, string } from './fields.js';
import { onigRegExp } from './regex.js';
import { escapeRegExp, stripEnd, stripStart } from './text.js';

export const NORMALIZER_TYPES = ['NFC', 'NFD', 'NFKC', 'NFKD', 'Lowercase', 'Strip', 'StripAccents', 'Prepend',
  'Replace', 'Sequence', 'ByteLevel'];

// Rust lowercases one char at a time: no final-sigma rule (JS's toLowerCase has one).
function lowercase(s) {
  if (!s.includes('\u03A3')) return s.toLowerCase();
  let out = '';
  for (const c of s) out += c.toLowerCase();
  return out;
}

/** A Replace pattern ({String} or {Regex}) as a global JS RegExp. */
export function replacePattern(v, path) {
  object(v, path);
  const keys = Object.keys(v);
  if (keys.length !== 1 || !['String', 'Regex'].includes(keys[0])) bad(path, 'must be {"String": …} or {"Regex": …}');
  const key = keys[0];
  const text = string(v[key], `${path}.${key}`);
  return key === 'String' ? new RegExp(escapeRegExp(text), 'gu') : onigRegExp(text, `${path}.Regex`);
}

/** A function that replaces every match of `re` by `content` (no $-patterns). */
export function replacer(re, content) {
  const f = () => content;
  return (s) => s.replace(re, f);
}

/** Builds a normalizer from its JSON: { json, apply(s) }. */
export function buildNormalizer(v, path) {
  const type = componentType(v, path, NORMALIZER_TYPES, 'normalizer');
  switch (type) {
    case 'NFC': case 'NFD': case 'NFKC': case 'NFKD':
      return { json: { type }, apply: (s) => s.normalize(type) };
    case 'Lowercase':
      return { json: { type }, apply: lowercase };
    case 'StripAccents':
      return { json: { type }, apply: (s) => s.replace(/\p{M}/gu, '') };
    case 'ByteLevel':
      return { json: { type }, apply: (s) => (s ? toByteChars(s) : s) };
    case 'Strip': {
      const left = bool(v.strip_left, `${path}.strip_left`);
      const right = bool(v.strip_right, `${path}.strip_right`);
      return {
        json: { type, strip_left: left, strip_right: right },
        apply: (s) => {
          const l = left ? stripStart(s) : s;
          return right ? stripEnd(l) : l;
        },
      };
    }
    case 'Prepend': {
      const prepend = string(v.prepend, `${path}.prepend`);
      return { json: { type, prepend }, apply: (s) => (s ? prepend + s : s) };
    }
    case 'Replace': {
      const re = replacePattern(v.pattern, `${path}.pattern`);
      const content = string(v.content, `${path}.content`);
      return { json: { type, pattern: { ...v.pattern }, content }, apply: replacer(re, content) };
    }
    default: { // Sequence
      const parts = array(v.normalizers, `${path}.normalizers`).map((n, i) => buildNormalizer(n, `${path}.normalizers[${i}]`));
      return {
        json: { type, normalizers: parts.map((n) => n.json) },
        apply: (s) => parts.reduce((t, n) => n.apply(t), s),
      };
    }
  }
}
