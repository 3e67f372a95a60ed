// Normalizers of tokenizer.json: functions string -> string, as Hugging Face
// tokenizers applies them to each piece of text between added tokens. Each
// built normalizer keeps the checked JSON it came from (written back by
// toHuggingFace). Bert, Nmt and Precompiled (SentencePiece's compiled rules)
// are refused by name.
//
// start(text, z) follows Hugging Face's alignments for Metaspace's
// prepend_scheme "first": given that the first z UTF-16 units of text stand
// for the start of the input, how many of the normalized text's first units
// do. Per-character normalizers map the prefix; Strip and Replace follow
// the Rust code (a replacement takes the place of the last character it
// replaces; at the very start of an empty match, of the start).
import { toByteChars } from './byte_level.js';
import { array, bad, bool, componentType, object, string } from './fields.js';
import { onigMatches, onigRegExp } from './regex.js';
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

/** A function that replaces every match of `re` by `content` (Hugging Face's matches; no $-patterns; '' stays ''). */
export function replacer(re, content) {
  return (s) => {
    if (s === '') return s;
    let out = '';
    let at = 0;
    for (const [a, b] of onigMatches(re, s)) {
      out += s.slice(at, a) + content;
      at = b;
    }
    return out + s.slice(at);
  };
}

/** Replace's start(): units from the start of the text that still stand for its start. */
function replacedStart(re, content) {
  return (text, z) => {
    if (z === 0) return 0;
    let out = 0;
    let at = 0;
    for (const [a, b] of onigMatches(re, text)) {
      if (a > at) {
        if (at >= z) return out;
        out += Math.min(a, z) - at;
        if (a > z) return out;
      }
      const stands = b > a ? b - 1 < z : a === 0 || a - 1 < z;
      if (!stands) return out;
      out += content.length;
      at = b;
    }
    return out + Math.max(0, Math.min(text.length, z) - at);
  };
}

const mapsPrefix = (apply) => (text, z) => (z > 0 ? apply(text.slice(0, z)).length : 0);

/** [normalized text, its start units] of text whose first z units stand for the input's start. */
export function normalizeWithStart(n, text, z) {
  if (!n.parts) {
    const out = n.apply(text);
    return [out, z > 0 ? Math.min(n.start(text, z), out.length) : 0];
  }
  for (const part of n.parts) [text, z] = normalizeWithStart(part, text, z);
  return [text, z];
}

/** Builds a normalizer from its JSON: { json, apply(s), start(text, z) } (a Sequence: { json, apply, parts }). */
export function buildNormalizer(v, path) {
  const type = componentType(v, path, NORMALIZER_TYPES, 'normalizer');
  switch (type) {
    case 'NFC': case 'NFD': case 'NFKC': case 'NFKD': {
      const apply = (s) => s.normalize(type);
      return { json: { type }, apply, start: mapsPrefix(apply) };
    }
    case 'Lowercase':
      return { json: { type }, apply: lowercase, start: mapsPrefix(lowercase) };
    case 'StripAccents': {
      const apply = (s) => s.replace(/\p{M}/gu, '');
      return { json: { type }, apply, start: mapsPrefix(apply) };
    }
    case 'ByteLevel': {
      const apply = (s) => (s ? toByteChars(s) : s);
      return { json: { type }, apply, start: mapsPrefix(apply) };
    }
    case 'Strip': {
      const left = bool(v.strip_left, `${path}.strip_left`);
      const right = bool(v.strip_right, `${path}.strip_right`);
      return {
        json: { type, strip_left: left, strip_right: right },
        apply: (s) => {
          const l = left ? stripStart(s) : s;
          return right ? stripEnd(l) : l;
        },
        start: (text, z) => {
          const cut = left ? text.length - stripStart(text).length : 0;
          const kept = right ? stripEnd(text.slice(cut)).length : text.length - cut;
          return Math.min(Math.max(0, z - cut), kept);
        },
      };
    }
    case 'Prepend': {
      const prepend = string(v.prepend, `${path}.prepend`);
      return { json: { type, prepend }, apply: (s) => (s ? prepend + s : s), start: (text, z) => (z > 0 ? z + prepend.length : 0) };
    }
    case 'Replace': {
      const re = replacePattern(v.pattern, `${path}.pattern`);
      const content = string(v.content, `${path}.content`);
      return { json: { type, pattern: { ...v.pattern }, content }, apply: replacer(re, content), start: replacedStart(re, content) };
    }
    default: { // Sequence
      const parts = array(v.normalizers, `${path}.normalizers`).map((n, i) => buildNormalizer(n, `${path}.normalizers[${i}]`));
      return {
        json: { type, normalizers: parts.map((n) => n.json) },
        apply: (s) => parts.reduce((t, n) => n.apply(t), s),
        parts,
      };
    }
  }
}
