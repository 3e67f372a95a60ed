// Pre-tokenizers of tokenizer.json: they cut normalized text into pieces that
// the BPE model encodes one by one. A piece is { text, start0 }: start0 is how
// many of its leading UTF-16 units stand for the very start of the input
// (0 for a piece that starts later), which Metaspace's prepend_scheme "first"
// asks (Hugging Face: offsets_original().0 == 0). Cutting follows Hugging
// Face's split behaviours exactly, including empty pieces being dropped.
import { toByteChars } from './byte_level.js';
import { array, bad, bool, char, componentType, oneOf } from './fields.js';
import { replacePattern } from './normalizers.js';
import { onigMatches, onigRegExp } from './regex.js';
import { WHITE_SPACE, WORD_CHAR } from './text.js';

export const PRE_TOKENIZER_TYPES = ['ByteLevel', 'Split', 'Metaspace', 'Sequence', 'Digits', 'Whitespace', 'WhitespaceSplit'];
const BEHAVIORS = ['Removed', 'Isolated', 'MergedWithPrevious', 'MergedWithNext', 'Contiguous'];

/** GPT-2's pattern, which ByteLevel uses when use_regex is true. */
export const GPT2_PATTERN = "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+";
const GPT2_RE = onigRegExp(GPT2_PATTERN, 'ByteLevel');
const WHITESPACE_WORDS = new RegExp(`[${WORD_CHAR}]+|[^${WORD_CHAR}${WHITE_SPACE}]+`, 'gu');

/** [start, end, isMatch] spans covering s, as Hugging Face's Pattern::find_matches for a regex. */
export function regexSpans(re, s) {
  if (!s) return [[0, 0, false]];
  const spans = [];
  let prev = 0;
  for (const [start, end] of onigMatches(re, s)) {
    if (prev !== start) spans.push([prev, start, false]);
    spans.push([start, end, true]);
    prev = end;
  }
  if (prev !== s.length) spans.push([prev, s.length, false]);
  return spans;
}

/** The same for a per-character test: each matching character is a match of its own. */
export function charSpans(test, s) {
  if (!s) return [[0, 0, false]];
  const spans = [];
  let last = 0;
  let i = 0;
  for (const c of s) {
    if (test(c)) {
      if (last < i) spans.push([last, i, false]);
      spans.push([i, i + c.length, true]);
      last = i + c.length;
    }
    i += c.length;
  }
  if (i > last) spans.push([last, i, false]);
  return spans;
}

/** Spans -> [start, end, remove] by a split behaviour (Hugging Face's NormalizedString::split). */
function applyBehavior(spans, behavior) {
  if (behavior === 'Isolated') return spans.map(([a, b]) => [a, b, false]);
  if (behavior === 'Removed') return spans;
  const acc = [];
  let previous = false;
  if (behavior === 'MergedWithNext') {
    for (let i = spans.length - 1; i >= 0; i--) {
      const [a, b, match] = spans[i];
      if (match && !previous && acc.length) acc[acc.length - 1][0] = a;
      else acc.push([a, b, false]);
      previous = match;
    }
    return acc.reverse();
  }
  for (const [a, b, match] of spans) {
    const extend = behavior === 'Contiguous' ? match === previous : match && !previous;
    if (extend && acc.length) acc[acc.length - 1][1] = b;
    else acc.push([a, b, false]);
    previous = match;
  }
  return acc;
}

/** Cuts one piece along spans by a behaviour; empty pieces are dropped. */
export function cut(piece, spans, behavior, out) {
  for (const [a, b, remove] of applyBehavior(spans, behavior)) {
    if (remove || a === b) continue;
    out.push({ text: piece.text.slice(a, b), start0: piece.start0 > a ? Math.min(b - a, piece.start0 - a) : 0 });
  }
}

/** start0 after a transformation f of the piece's text (the transformed start). */
const remapStart = (piece, f) => (piece.start0 > 0 ? f(piece.text.slice(0, piece.start0)).length : 0);

function prepend(piece, s) {
  if (!piece.text) return piece;
  return { text: s + piece.text, start0: piece.start0 > 0 ? piece.start0 + s.length : 0 };
}

const splitEach = (f) => (pieces) => {
  const out = [];
  for (const p of pieces) f(p, out);
  return out;
};

function byteLevel(v, path) {
  const addPrefixSpace = bool(v.add_prefix_space, `${path}.add_prefix_space`);
  const trimOffsets = bool(v.trim_offsets, `${path}.trim_offsets`);
  const useRegex = v.use_regex === undefined ? true : bool(v.use_regex, `${path}.use_regex`);
  return {
    json: { type: 'ByteLevel', add_prefix_space: addPrefixSpace, trim_offsets: trimOffsets, use_regex: useRegex },
    byteLevel: true,
    // The hot path of GPT-2-style encoding: cut (Isolated) and spell in one pass.
    run: splitEach((p, out) => {
      const piece = addPrefixSpace && !p.text.startsWith(' ') ? prepend(p, ' ') : p;
      const s = piece.text;
      const emit = (a, b) => {
        const text = s.slice(a, b);
        const start0 = piece.start0 > a ? toByteChars(text.slice(0, piece.start0 - a)).length : 0;
        out.push({ text: toByteChars(text), start0 });
      };
      if (!useRegex) {
        if (s) emit(0, s.length);
        return;
      }
      let prev = 0;
      for (const [a, b] of onigMatches(GPT2_RE, s)) {
        if (prev < a) emit(prev, a);
        if (a < b) emit(a, b);
        prev = b;
      }
      if (prev < s.length) emit(prev, s.length);
    }),
  };
}

/** Metaspace's fields (pre-tokenizer and decoder alike), legacy add_prefix_space as Hugging Face reads it. */
export function metaspaceOptions(v, path) {
  const replacement = char(v.replacement, `${path}.replacement`);
  let scheme = v.prepend_scheme == null ? 'always' : oneOf(v.prepend_scheme, `${path}.prepend_scheme`, ['first', 'never', 'always']);
  if (v.add_prefix_space !== undefined && v.add_prefix_space !== null) {
    if (!bool(v.add_prefix_space, `${path}.add_prefix_space`)) {
      if (scheme !== 'never') bad(`${path}.add_prefix_space`, 'is false but prepend_scheme is not "never" (Hugging Face refuses this too)');
      scheme = 'never';
    }
  }
  const split = v.split === undefined || v.split === null ? true : bool(v.split, `${path}.split`);
  return { replacement, scheme, split };
}

function metaspace(v, path) {
  const { replacement, scheme, split } = metaspaceOptions(v, path);
  const spaces = (s) => s.replaceAll(' ', replacement);
  return {
    json: { type: 'Metaspace', replacement, prepend_scheme: scheme, split },
    metaspace: { replacement, scheme },
    run: splitEach((p, out) => {
      let piece = { text: spaces(p.text), start0: remapStart(p, spaces) };
      const wants = scheme === 'always' || (scheme === 'first' && piece.start0 > 0);
      if (wants && !piece.text.startsWith(replacement)) piece = prepend(piece, replacement);
      if (split) cut(piece, charSpans((c) => c === replacement, piece.text), 'MergedWithNext', out);
      else if (piece.text) out.push(piece);
    }),
  };
}

/** Builds a pre-tokenizer from its JSON: { json, run(pieces) -> pieces }. */
export function buildPreTokenizer(v, path) {
  const type = componentType(v, path, PRE_TOKENIZER_TYPES, 'pre-tokenizer');
  switch (type) {
    case 'ByteLevel': return byteLevel(v, path);
    case 'Metaspace': return metaspace(v, path);
    case 'Split': {
      const re = replacePattern(v.pattern, `${path}.pattern`);
      const behavior = oneOf(v.behavior, `${path}.behavior`, BEHAVIORS);
      const invert = bool(v.invert, `${path}.invert`);
      return {
        json: { type, pattern: { ...v.pattern }, behavior, invert },
        run: splitEach((p, out) => {
          const spans = regexSpans(re, p.text);
          cut(p, invert ? spans.map(([a, b, m]) => [a, b, !m]) : spans, behavior, out);
        }),
      };
    }
    case 'Digits': {
      const individual = bool(v.individual_digits, `${path}.individual_digits`);
      const digit = /^\p{N}$/u;
      return {
        json: { type, individual_digits: individual },
        run: splitEach((p, out) => cut(p, charSpans((c) => digit.test(c), p.text), individual ? 'Isolated' : 'Contiguous', out)),
      };
    }
    case 'Whitespace':
      return {
        json: { type },
        run: splitEach((p, out) => cut(p, regexSpans(WHITESPACE_WORDS, p.text).map(([a, b, m]) => [a, b, !m]), 'Removed', out)),
      };
    case 'WhitespaceSplit': {
      const ws = new RegExp(`^[${WHITE_SPACE}]$`, 'u');
      return { json: { type }, run: splitEach((p, out) => cut(p, charSpans((c) => ws.test(c), p.text), 'Removed', out)) };
    }
    default: { // Sequence
      const parts = array(v.pretokenizers, `${path}.pretokenizers`).map((p, i) => buildPreTokenizer(p, `${path}.pretokenizers[${i}]`));
      return {
        json: { type, pretokenizers: parts.map((p) => p.json) },
        byteLevel: parts.some((p) => p.byteLevel),
        metaspace: parts.find((p) => p.metaspace)?.metaspace,
        run: (pieces) => parts.reduce((ps, p) => p.run(ps), pieces),
      };
    }
  }
}

