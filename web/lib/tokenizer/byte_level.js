// GPT-2's byte-to-character table: every byte gets a printable character, so
// that a byte-level BPE vocabulary is made of visible strings. Bytes that are
// printable Latin-1 ('!'..'~', '¡'..'¬', '®'..'ÿ') stand for themselves; the
// other 68 take U+0100 upwards in byte order (so ' ' is 'Ġ', '\n' is 'Ċ').
import { fromUtf8Lossy, utf8 } from './text.js';

export const BYTE_TO_CHAR = (() => {
  const table = new Array(256);
  const keeps = (b) => (b >= 0x21 && b <= 0x7e) || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
  let next = 256;
  for (let b = 0; b < 256; b++) table[b] = String.fromCharCode(keeps(b) ? b : next++);
  return Object.freeze(table);
})();

export const CHAR_TO_BYTE = new Map(BYTE_TO_CHAR.map((c, b) => [c, b]));

/** The byte-level spelling of a string: one table character per UTF-8 byte. */
export function toByteChars(s) {
  let ascii = true;
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  }
  let out = '';
  if (ascii) {
    for (let i = 0; i < s.length; i++) out += BYTE_TO_CHAR[s.charCodeAt(i)];
    return out;
  }
  for (const b of utf8(s)) out += BYTE_TO_CHAR[b];
  return out;
}

/**
 * Hugging Face's ByteLevel decoder: each token made only of table characters
 * becomes its bytes, any other token its own UTF-8; the bytes of all tokens
 * are joined and read as UTF-8, invalid sequences as U+FFFD.
 */
export function fromByteChars(tokens) {
  const bytes = [];
  for (const t of tokens) {
    const start = bytes.length;
    let ok = true;
    for (const c of t) {
      const b = CHAR_TO_BYTE.get(c);
      if (b === undefined) {
        ok = false;
        break;
      }
      bytes.push(b);
    }
    if (!ok) {
      bytes.length = start;
      for (const b of utf8(t)) bytes.push(b);
    }
  }
  return fromUtf8Lossy(Uint8Array.from(bytes));
}
