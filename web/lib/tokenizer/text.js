// Text helpers shared by the tokenizer's parts. Hugging Face tokenizers works
// on UTF-8 (Rust strings): a JS string with a lone surrogate has no UTF-8
// form, so encode() first turns each lone surrogate into U+FFFD, as
// TextEncoder does (and as Node's bindings of the Rust library do).

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function wellFormed(s) {
  return s.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * Unicode White_Space, which Rust's char::is_whitespace, the `regex` crate's
 * \s and Oniguruma's \s all mean. JS's \s differs: it adds U+FEFF and lacks
 * U+0085.
 */
export const WHITE_SPACE = '\\t-\\r \\x85\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000';

const LEADING_WS = new RegExp(`^[${WHITE_SPACE}]+`, 'u');
const TRAILING_WS = new RegExp(`[${WHITE_SPACE}]+$`, 'u');
export const stripStart = (s) => s.replace(LEADING_WS, '');
export const stripEnd = (s) => s.replace(TRAILING_WS, '');

/** The `regex` crate's Unicode \w (a word character, for added tokens' single_word). */
export const WORD_CHAR = '\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\u200C\\u200D';

/** UTF-8 bytes of a (well-formed) string. */
const encoder = new TextEncoder();
export const utf8 = (s) => encoder.encode(s);

/** Bytes to text, invalid sequences as U+FFFD (as Rust's from_utf8_lossy). */
const lossy = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
export const fromUtf8Lossy = (bytes) => lossy.decode(bytes);

/** Bytes to text, or null when they are not valid UTF-8 (as Rust's String::from_utf8). */
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
export function fromUtf8(bytes) {
  try {
    return strict.decode(bytes);
  } catch {
    return null;
  }
}

/** Escapes a literal for a JS RegExp with the u flag (outside a character class). */
export const escapeRegExp = (s) => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
