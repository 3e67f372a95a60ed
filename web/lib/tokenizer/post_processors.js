// Post-processors of tokenizer.json: what encode(text, { addSpecialTokens })
// adds around the ids (Llama's <s> in front). TemplateProcessing (its "single"
// template: one text), ByteLevel (ids unchanged) and Sequence are read; the
// pair template is checked and kept for toHuggingFace. Bert and Roberta
// processing are refused by name.
import { array, bad, bool, componentType, describe, nonNegativeInt, object, string } from './fields.js';

export const POST_PROCESSOR_TYPES = ['TemplateProcessing', 'ByteLevel', 'Sequence'];

/** One template piece: { special: name } or { sequence: 'A' | 'B' }, checked. */
function templatePiece(p, path, specials) {
  object(p, path);
  const keys = Object.keys(p);
  if (keys.length !== 1 || !['SpecialToken', 'Sequence'].includes(keys[0])) bad(path, 'must be {"SpecialToken": …} or {"Sequence": …}');
  const body = object(p[keys[0]], `${path}.${keys[0]}`);
  nonNegativeInt(body.type_id, `${path}.${keys[0]}.type_id`);
  if (keys[0] === 'Sequence') {
    if (body.id !== 'A' && body.id !== 'B') bad(`${path}.Sequence.id`, `must be "A" or "B" (got ${describe(body.id)})`);
    return { sequence: body.id };
  }
  const name = string(body.id, `${path}.SpecialToken.id`);
  if (!specials.has(name)) bad(`${path}.SpecialToken.id`, `names ${describe(name)}, which special_tokens does not define`);
  return { special: name };
}

/** The special ids before and after the text: the candidates for bos and eos. */
function around(pieces, specials) {
  const at = pieces.findIndex((p) => p.sequence);
  if (at < 0) return { before: [], after: [] };
  const ids = (ps) => ps.flatMap((p) => specials.get(p.special));
  return { before: ids(pieces.slice(0, at)), after: ids(pieces.slice(at + 1)) };
}

function template(v, path, specials, json) {
  const pieces = array(v.single, `${path}.single`).map((p, i) => templatePiece(p, `${path}.single[${i}]`, specials));
  if (pieces.some((p) => p.sequence === 'B')) bad(`${path}.single`, 'uses sequence B, which a single text does not have');
  if (v.pair !== undefined) array(v.pair, `${path}.pair`).forEach((p, i) => templatePiece(p, `${path}.pair[${i}]`, specials));
  return {
    json,
    process(ids, addSpecial) {
      if (!addSpecial) return ids;
      return [].concat(...pieces.map((p) => (p.sequence ? ids : specials.get(p.special)))); // no spread of ids: it may be huge
    },
    around: around(pieces, specials),
  };
}

/** Builds a post-processor from its JSON: { json, process(ids, addSpecial) -> ids }; vocabSize bounds the ids. */
export function buildPostProcessor(v, path, vocabSize) {
  const type = componentType(v, path, POST_PROCESSOR_TYPES, 'post-processor');
  if (type === 'ByteLevel') {
    const json = { type };
    for (const k of ['add_prefix_space', 'trim_offsets', 'use_regex']) if (v[k] !== undefined) json[k] = bool(v[k], `${path}.${k}`);
    return { json, process: (ids) => ids };
  }
  if (type === 'Sequence') {
    const parts = array(v.processors, `${path}.processors`).map((p, i) => buildPostProcessor(p, `${path}.processors[${i}]`, vocabSize));
    return {
      json: { type, processors: parts.map((p) => p.json) },
      process: (ids, addSpecial) => parts.reduce((x, p) => p.process(x, addSpecial), ids),
      around: parts.find((p) => p.around)?.around,
    };
  }
  const specials = new Map();
  for (const [name, s] of Object.entries(object(v.special_tokens, `${path}.special_tokens`))) {
    const where = `${path}.special_tokens[${JSON.stringify(name.slice(0, 40))}]`;
    object(s, where);
    const ids = array(s.ids, `${where}.ids`).map((id, i) => nonNegativeInt(id, `${where}.ids[${i}]`, vocabSize - 1));
    const tokens = array(s.tokens, `${where}.tokens`).map((t, i) => string(t, `${where}.tokens[${i}]`));
    if (tokens.length !== ids.length) bad(where, `has ${ids.length} ids but ${tokens.length} tokens`);
    specials.set(name, ids);
  }
  return template(v, path, specials, structuredClone({ type, single: v.single, pair: v.pair ?? [], special_tokens: v.special_tokens }));
}
