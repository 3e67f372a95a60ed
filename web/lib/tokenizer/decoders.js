// Decoders of tokenizer.json: token strings -> token strings, chained, then
// joined (Hugging Face's Decoder::decode_chain). WordPiece and CTC are refused
// by name. Where the Rust code would panic (Strip cutting past a short token)
// the token becomes ''.
import { fromByteChars } from './byte_level.js';
import { array, bool, char, componentType, nonNegativeInt, string } from './fields.js';
import { metaspaceOptions } from './pre_tokenizers.js';
import { replacePattern, replacer } from './normalizers.js';
import { fromUtf8 } from './text.js';

export const DECODER_TYPES = ['ByteLevel', 'Replace', 'ByteFallback', 'Fuse', 'Strip', 'Metaspace', 'BPEDecoder', 'Sequence'];
const BYTE_TOKEN = /^<0x([0-9A-Fa-f]{2})>$/;

function byteFallback(tokens) {
  const out = [];
  let bytes = [];
  const flush = () => {
    if (!bytes.length) return;
    const text = fromUtf8(Uint8Array.from(bytes));
    if (text !== null) out.push(text);
    else for (let i = 0; i < bytes.length; i++) out.push('\uFFFD');
    bytes = [];
  };
  for (const t of tokens) {
    const m = BYTE_TOKEN.exec(t);
    if (m) {
      bytes.push(parseInt(m[1], 16));
    } else {
      flush();
      out.push(t);
    }
  }
  flush();
  return out;
}

function strip(content, start, stop) {
  return (tokens) => tokens.map((t) => {
    const chars = [...t];
    let from = 0;
    for (let i = 0; i < Math.min(start, chars.length) && chars[i] === content; i++) from = i + 1;
    let to = chars.length;
    for (let i = 0; i < stop && chars.length - i - 1 >= 0 && chars[chars.length - i - 1] === content; i++) to = chars.length - i - 1;
    return from <= to ? chars.slice(from, to).join('') : '';
  });
}

function metaspace(replacement, scheme) {
  return (tokens) => tokens.map((t, i) => {
    const dropFirst = i === 0 && scheme !== 'never';
    return t.replaceAll(replacement, dropFirst ? '' : ' ');
  });
}

/** Builds a decoder from its JSON: { json, chain(tokens) -> tokens }. */
export function buildDecoder(v, path) {
  const type = componentType(v, path, DECODER_TYPES, 'decoder');
  switch (type) {
    case 'ByteLevel': {
      const json = { type };
      for (const k of ['add_prefix_space', 'trim_offsets', 'use_regex']) if (v[k] !== undefined) json[k] = bool(v[k], `${path}.${k}`);
      return { json, chain: (tokens) => [fromByteChars(tokens)] };
    }
    case 'Replace': {
      const re = replacePattern(v.pattern, `${path}.pattern`);
      const content = string(v.content, `${path}.content`);
      const f = replacer(re, content);
      return { json: { type, pattern: { ...v.pattern }, content }, chain: (tokens) => tokens.map(f) };
    }
    case 'ByteFallback': return { json: { type }, chain: byteFallback };
    case 'Fuse': return { json: { type }, chain: (tokens) => [tokens.join('')] };
    case 'Strip': {
      const content = char(v.content, `${path}.content`);
      const start = nonNegativeInt(v.start, `${path}.start`);
      const stop = nonNegativeInt(v.stop, `${path}.stop`);
      return { json: { type, content, start, stop }, chain: strip(content, start, stop) };
    }
    case 'Metaspace': {
      const { replacement, scheme, split } = metaspaceOptions(v, path);
      return { json: { type, replacement, prepend_scheme: scheme, split }, chain: metaspace(replacement, scheme) };
    }
    case 'BPEDecoder': {
      const suffix = v.suffix === undefined ? '</w>' : string(v.suffix, `${path}.suffix`);
      return {
        json: { type, suffix },
        chain: (tokens) => tokens.map((t, i) => t.replaceAll(suffix, i === tokens.length - 1 ? '' : ' ')),
      };
    }
    default: { // Sequence
      const parts = array(v.decoders, `${path}.decoders`).map((d, i) => buildDecoder(d, `${path}.decoders[${i}]`));
      return { json: { type, decoders: parts.map((d) => d.json) }, chain: (tokens) => parts.reduce((t, d) => d.chain(t), tokens) };
    }
  }
}
