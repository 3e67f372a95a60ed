// Added tokens (tokenizer.json "added_tokens"): strings that are cut out of the
// text before the model sees it, as Hugging Face's AddedVocabulary does:
// - tokens with normalized: false are found in the raw text, the others in
//   each remaining piece after normalization (matching their own normalized
//   form); leftmost match first, the longest token at a position;
// - single_word: only where no word character (\w) touches either end;
// - lstrip / rstrip: the match takes the white space on its left / right;
// - an id is the model vocabulary's for a content it has, else the next free
//   one, in file order. A file whose stated id differs is refused.
// encode() with these pieces is exact to the reference (tests/js/tokenizer_hf.test.js).
import { array, bad, bool, describe, nonNegativeInt, object, string } from './fields.js';
import { escapeRegExp, WHITE_SPACE, WORD_CHAR } from './text.js';
import { MAX_TOKEN_ID } from './bpe.js';

const WORD = new RegExp(`^[${WORD_CHAR}]$`, 'u');
const SPACE = new RegExp(`^[${WHITE_SPACE}]$`, 'u');

/** The code point that ends at index i of s ('' at the start). */
function before(s, i) {
  if (i <= 0) return '';
  const lo = s.charCodeAt(i - 1);
  return lo >= 0xdc00 && lo <= 0xdfff && i >= 2 ? String.fromCodePoint(s.codePointAt(i - 2)) : s[i - 1];
}
const at = (s, i) => (i < s.length ? String.fromCodePoint(s.codePointAt(i)) : '');

/** Where the run of white space that ends at i starts. */
function spaceRunStart(s, i) {
  for (let c = before(s, i); c && SPACE.test(c); c = before(s, i)) i -= c.length;
  return i;
}
/** Where the run of white space that starts at i ends. */
function spaceRunEnd(s, i) {
  for (let c = at(s, i); c && SPACE.test(c); c = at(s, i)) i += c.length;
  return i;
}
const LONE_SURROGATE = /\p{Surrogate}/u;
const FLAGS = ['single_word', 'lstrip', 'rstrip', 'normalized', 'special'];

/** Reads "added_tokens" against the model vocabulary; returns the tokens with their ids. */
export function readAddedTokens(v, modelVocab) {
  if (v === undefined || v === null) return [];
  array(v, 'added_tokens');
  const byContent = new Map();
  let nextId = modelVocab.size;
  v.forEach((t, i) => {
    const path = `added_tokens[${i}]`;
    object(t, path);
    const content = string(t.content, `${path}.content`);
    if (LONE_SURROGATE.test(content)) bad(`${path}.content`, 'has a lone surrogate, which is not UTF-8');
    const flags = {};
    for (const f of FLAGS) flags[f] = t[f] === undefined ? (f === 'normalized' ? !flags.special : false) : bool(t[f], `${path}.${f}`);
    if (content === '') return; // Hugging Face skips empty tokens
    let id = byContent.get(content)?.id ?? modelVocab.get(content);
    if (id === undefined) id = nextId++;
    if (t.id !== undefined) {
      const stated = nonNegativeInt(t.id, `${path}.id`, MAX_TOKEN_ID);
      if (stated !== id) {
        bad(`${path}.id`, `is ${stated}, but Hugging Face tokenizers gives ${describe(content)} the id ${id} (the model vocabulary's id, or the next free one after it)`);
      }
    }
    byContent.set(content, { content, id, singleWord: flags.single_word, lstrip: flags.lstrip, rstrip: flags.rstrip, normalized: flags.normalized, special: flags.special });
  });
  return [...byContent.values()];
}

/** A leftmost-longest matcher over the contents (longest first in the alternation). */
function matcher(tokens) {
  if (!tokens.length) return null;
  const sorted = [...tokens].sort((a, b) => b.content.length - a.content.length);
  const byContent = new Map(tokens.map((t) => [t.content, t]));
  return { re: new RegExp(sorted.map((t) => escapeRegExp(t.content)).join('|'), 'gu'), byContent };
}

export class AddedVocabulary {
  /** tokens from readAddedTokens; normalize: the tokenizer's normalizer function or null. */
  constructor(tokens, normalize) {
    this.tokens = tokens;
    this.byId = new Map(tokens.map((t) => [t.id, t]));
    this.byContent = new Map(tokens.map((t) => [t.content, t]));
    this.specialContents = new Set(tokens.filter((t) => t.special).map((t) => t.content));
    // A normalized token matches, and decodes as, its normalized form.
    this.forms = new Map(tokens.map((t) => [t.id, t.normalized && normalize ? normalize(t.content) : t.content]));
    this.raw = matcher(tokens.filter((t) => !t.normalized));
    const normalized = tokens.filter((t) => t.normalized).map((t) => ({ ...t, content: this.forms.get(t.id) }));
    this.normalized = matcher(normalized.filter((t) => t.content !== ''));
  }

  /**
   * Cuts a piece { text, start0 } at the matches of the raw (normalized:
   * false) or normalized tokens: pieces { text, start0, id? }; empty ones dropped.
   */
  split(piece, which, out) {
    const m = which === 'raw' ? this.raw : this.normalized;
    const s = piece.text;
    if (!m || !s) {
      if (s) out.push(piece);
      return;
    }
    const push = (a, b, id) => {
      if (a >= b) return;
      const start0 = piece.start0 > a ? Math.min(b - a, piece.start0 - a) : 0;
      out.push(id === undefined ? { text: s.slice(a, b), start0 } : { text: s.slice(a, b), start0, id });
    };
    let offset = 0;
    m.re.lastIndex = 0;
    for (const match of s.matchAll(m.re)) {
      const t = m.byContent.get(match[0]);
      let start = match.index;
      let stop = start + match[0].length;
      if (t.singleWord) {
        if (WORD.test(before(s, start)) || WORD.test(at(s, stop))) continue;
      }
      if (t.lstrip) start = Math.max(spaceRunStart(s, start), offset);
      if (t.rstrip) stop = spaceRunEnd(s, stop);
      if (offset < start) push(offset, start);
      if (start < stop) out.push({ text: s.slice(start, stop), start0: 0, id: t.id });
      offset = stop;
    }
    if (offset < s.length) push(offset, s.length);
  }
}
