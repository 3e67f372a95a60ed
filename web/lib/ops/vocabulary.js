// A vocabulary built from a text, for training a tiny model on it: the ids,
// and the tokenizer.bin bytes (docs/FORMATS.md) that Model.fromLlama2c,
// Model.create and llama2.c's tools read back. Two levels:
// - 'char': ids 0..2 are <unk>, <s>, </s>, then one token per distinct
//   character (code point) of the text, in code-point order; the rarest are
//   dropped beyond maxVocab (they encode as <unk>). Tokenizer kind 'char'.
// - 'byte': <unk>, <s>, </s>, then <0x00>..<0xFF> as ids 3..258 (run.c's byte
//   tokens): any UTF-8 text, Japanese included, with no unknown token.
//   Tokenizer kind 'bpe' (no merges, no " " token, so no dummy prefix).
// encode() here gives exactly the ids the core's encode gives (bos: false).
import { checkEnum, checkInt, checkOptions, fail } from '../tensor.js';
import { typeName } from './model_load.js';

const SPECIAL = ['<unk>', '<s>', '</s>'];
const BYTE_TOKENS = Array.from({ length: 256 }, (_, b) => `<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`);
/** Default and largest vocabulary of a character-level vocabulary. */
export const DEFAULT_MAX_VOCAB = 4096;
const LARGEST_VOCAB = 65536;

// Lone surrogates become U+FFFD, as TextEncoder (and so the core) sees them.
const wellFormed = (s) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** llama2.c's tokenizer.bin: i32 max_token_length, then per token f32 score, i32 length, bytes. */
function tokenizerBytes(tokens) {
  const encoded = tokens.map((s) => new TextEncoder().encode(s));
  const size = 4 + encoded.reduce((n, b) => n + 8 + b.length, 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setInt32(0, Math.max(...encoded.map((b) => b.length)), true);
  let at = 4;
  for (const b of encoded) {
    view.setFloat32(at, 0, true);
    view.setInt32(at + 4, b.length, true);
    out.set(b, at + 8);
    at += 8 + b.length;
  }
  return out;
}

export class Vocabulary {
  #ids; // character -> id ('char' level only)

  /** Not for direct use: buildVocabulary(text, opts). */
  constructor(level, tokens) {
    this.level = level;
    /** The tokenizer kind to load tokenizer.bin with: 'char' or 'bpe'. */
    this.tokenizerKind = level === 'char' ? 'char' : 'bpe';
    /** Token strings by id (ids 0..2: <unk>, <s>, </s>). */
    this.tokens = Object.freeze(tokens);
    this.vocabSize = tokens.length;
    this.#ids = level === 'char' ? new Map(tokens.slice(3).map((c, i) => [c, i + 3])) : null;
  }

  /** The tokenizer.bin bytes (a fresh copy each call). */
  tokenizer() { return tokenizerBytes(this.tokens); }

  /** Token ids of `text`, without BOS: one per character ('char') or per UTF-8 byte ('byte'). */
  encode(text) {
    if (typeof text !== 'string') fail(`Vocabulary.encode: text must be a string (got ${typeName(text)})`);
    if (this.level === 'byte') {
      const bytes = new TextEncoder().encode(text);
      const ids = new Int32Array(bytes.length);
      for (let i = 0; i < bytes.length; i++) ids[i] = bytes[i] + 3;
      return ids;
    }
    const out = new Int32Array(text.length);
    let n = 0;
    for (const ch of wellFormed(text)) out[n++] = this.#ids.get(ch) ?? 0;
    return out.slice(0, n);
  }

  /** The text of `ids` (ids 0..2 leave nothing; bytes that are not UTF-8 become U+FFFD). */
  decode(ids) {
    if (!Array.isArray(ids) && !ArrayBuffer.isView(ids)) fail(`Vocabulary.decode: ids must be an array of token ids (got ${typeName(ids)})`);
    const parts = [];
    for (const id of ids) {
      if (!Number.isInteger(id) || id < 0 || id >= this.vocabSize) fail(`Vocabulary.decode: id ${id} is outside the vocabulary 0..${this.vocabSize - 1}`);
      if (id >= 3) parts.push(this.level === 'byte' ? id - 3 : this.tokens[id]);
    }
    return this.level === 'byte' ? new TextDecoder().decode(Uint8Array.from(parts)) : parts.join('');
  }
}

/**
 * The vocabulary of `text`: opts.level 'char' (default) or 'byte';
 * opts.maxVocab (char level; default 4096, at least 4) caps the size, keeping
 * the most frequent characters (ties: lower code point first).
 */
export function buildVocabulary(text, opts) {
  const fnName = 'buildVocabulary';
  const o = checkOptions(opts, fnName, ['level', 'maxVocab']);
  const level = checkEnum(o.level ?? 'char', 'opts.level', ['char', 'byte']);
  const maxVocab = checkInt(o.maxVocab ?? DEFAULT_MAX_VOCAB, 'opts.maxVocab', { min: 4, max: LARGEST_VOCAB });
  if (typeof text !== 'string') fail(`${fnName}: text must be a string (got ${typeName(text)})`);
  if (text.length === 0) fail(`${fnName}: text is empty`);
  if (level === 'byte') return new Vocabulary(level, [...SPECIAL, ...BYTE_TOKENS]);
  const counts = new Map();
  for (const ch of wellFormed(text)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const byCodePoint = (a, b) => a.codePointAt(0) - b.codePointAt(0);
  const kept = [...counts.keys()]
    .sort((a, b) => counts.get(b) - counts.get(a) || byCodePoint(a, b))
    .slice(0, maxVocab - SPECIAL.length)
    .sort(byCodePoint);
  return new Vocabulary(level, [...SPECIAL, ...kept]);
}
