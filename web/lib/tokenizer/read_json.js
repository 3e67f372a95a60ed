// Reading a whole tokenizer.json into the parts a Tokenizer is made of. The
// file may come as bytes, a string or an already parsed object. Every field
// read is checked; fields Hugging Face ignores are ignored; "truncation" and
// "padding" are kept for toHuggingFace but not applied (encode never cuts or
// pads). The result is the same whatever key order or spacing the file has.
import { AttnscopeError } from '../errors.js';
import { readAddedTokens } from './added_tokens.js';
import { buildDecoder } from './decoders.js';
import { bad, describe, FILE, isObject, object, typeName } from './fields.js';
import { buildNormalizer } from './normalizers.js';
import { buildPostProcessor } from './post_processors.js';
import { buildPreTokenizer } from './pre_tokenizers.js';
import { readModel } from './read_model.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** bytes | string | object -> the parsed JSON object (not copied when given parsed). */
export function parseJson(input, fnName, file = FILE) {
  let text = input;
  if (input instanceof ArrayBuffer || ArrayBuffer.isView(input)) {
    const bytes = input instanceof ArrayBuffer ? new Uint8Array(input) : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    try {
      text = utf8.decode(bytes);
    } catch {
      throw new AttnscopeError(`${fnName}: ${file} is not UTF-8 text`);
    }
  } else if (isObject(input) && [Object.prototype, null].includes(Object.getPrototypeOf(input))) {
    return input;
  } else if (typeof input !== 'string') {
    throw new AttnscopeError(`${fnName}: ${file} must be given as a Uint8Array, an ArrayBuffer, a string or a parsed object (got ${typeName(input)})`);
  }
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new AttnscopeError(`${fnName}: ${file} is not valid JSON (${e.message})`);
  }
  if (!isObject(parsed)) throw new AttnscopeError(`${fnName}: ${file} must hold a JSON object (got ${describe(parsed)})`);
  return parsed;
}

const nullOr = (v, build) => (v === undefined || v === null ? null : build(v));
const keep = (v, path) => (v === undefined || v === null ? null : structuredClone(object(v, path)));

/** The parts of a Tokenizer from a parsed tokenizer.json. */
export function readTokenizerJson(root) {
  if (root.version !== undefined && root.version !== '1.0') bad('version', `is ${describe(root.version)}; Hugging Face tokenizers reads only "1.0"`);
  if (root.model === undefined || root.model === null) bad('model', 'is missing');
  const model = readModel(root.model, 'model');
  const normalizer = nullOr(root.normalizer, (v) => buildNormalizer(v, 'normalizer'));
  const preTokenizer = nullOr(root.pre_tokenizer, (v) => buildPreTokenizer(v, 'pre_tokenizer'));
  const decoder = nullOr(root.decoder, (v) => buildDecoder(v, 'decoder'));
  const added = readAddedTokens(root.added_tokens, model.vocab);
  let vocabSize = model.idToToken.length;
  for (const t of added) vocabSize = Math.max(vocabSize, t.id + 1);
  const postProcessor = nullOr(root.post_processor, (v) => buildPostProcessor(v, 'post_processor', vocabSize));
  return {
    model, normalizer, preTokenizer, decoder, postProcessor, added, vocabSize,
    truncation: keep(root.truncation, 'truncation'),
    padding: keep(root.padding, 'padding'),
  };
}
