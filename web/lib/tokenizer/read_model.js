// tokenizer.json's "model": only BPE is read (WordPiece, WordLevel and Unigram
// are refused by name). Checks what Hugging Face checks when it builds the
// model (every merge's parts and result in the vocabulary) and, beyond it,
// refuses what it would accept silently but encode surprisingly: two tokens
// with one id, merges given in two forms, dropout (random encodings).
import { Bpe, MAX_TOKEN_ID } from './bpe.js';
import { array, bad, bool, describe, nonNegativeInt, object, string } from './fields.js';

const MODEL_TYPES = ['BPE'];

function optionalBool(v, path) {
  return v === undefined || v === null ? false : bool(v, path);
}

function emptyOrAbsent(v, path) {
  if (v === undefined || v === null) return;
  if (string(v, path) !== '') bad(path, `is ${describe(v)}; attnscope reads only BPE vocabularies without it (null or "")`);
}

function readVocab(v, path) {
  object(v, path);
  const vocab = new Map();
  const byId = [];
  const where = (token) => `${path}[${JSON.stringify(token.slice(0, 40))}]`;
  for (const token of Object.keys(v)) {
    const id = v[token];
    if (!Number.isInteger(id) || id < 0 || id > MAX_TOKEN_ID) nonNegativeInt(id, where(token), MAX_TOKEN_ID);
    if (byId[id] !== undefined) bad(where(token), `has id ${id}, which ${JSON.stringify(byId[id].slice(0, 40))} has too`);
    byId[id] = token;
    vocab.set(token, id);
  }
  return vocab;
}

/** Merges as [left, right] strings, from "a b" strings or [a, b] pairs. */
function mergePairs(v, path) {
  array(v, path);
  const pairs = [];
  const strings = v.length > 0 && typeof v[0] === 'string';
  v.forEach((m, i) => {
    if (strings) {
      if (typeof m === 'string' && !m.startsWith('#version')) {
        const space = m.indexOf(' ');
        if (space >= 0 && m.indexOf(' ', space + 1) < 0) {
          pairs.push([m.slice(0, space), m.slice(space + 1)]);
          return;
        }
      }
      const where = `${path}[${i}]`;
      if (typeof m !== 'string') bad(where, `is ${describe(m)}, but merges[0] is a string: all must be "a b" strings or all [a, b] pairs`);
      if (m.startsWith('#version')) return;
      const parts = m.split(' ');
      if (parts.length !== 2) bad(where, `is ${describe(m)}, not two tokens separated by one space`);
      pairs.push(parts);
    } else {
      if (!Array.isArray(m) || m.length !== 2 || typeof m[0] !== 'string' || typeof m[1] !== 'string') {
        bad(`${path}[${i}]`, `is not a pair of strings (got ${describe(m)})`);
      }
      pairs.push([m[0], m[1]]);
    }
  });
  return pairs;
}

export function readModel(v, path = 'model') {
  object(v, path);
  const type = v.type ?? (v.merges !== undefined ? 'BPE' : undefined);
  if (typeof type !== 'string') bad(`${path}.type`, `must name the model (got ${describe(type)})`);
  if (!MODEL_TYPES.includes(type)) bad(path, `is a ${type.slice(0, 40)} model, which attnscope does not support (supported: BPE)`);
  if (v.dropout !== undefined && v.dropout !== null && v.dropout !== 0) {
    bad(`${path}.dropout`, `is ${describe(v.dropout)}; attnscope encodes deterministically and reads only null`);
  }
  emptyOrAbsent(v.continuing_subword_prefix, `${path}.continuing_subword_prefix`);
  emptyOrAbsent(v.end_of_word_suffix, `${path}.end_of_word_suffix`);
  const unkToken = v.unk_token === undefined || v.unk_token === null ? null : string(v.unk_token, `${path}.unk_token`);
  if (v.vocab === undefined) bad(`${path}.vocab`, 'is missing');
  if (v.merges === undefined) bad(`${path}.merges`, 'is missing');
  const vocab = readVocab(v.vocab, `${path}.vocab`);
  const merges = mergePairs(v.merges, `${path}.merges`).map(([a, b], i) => {
    const left = vocab.get(a);
    const right = vocab.get(b);
    const joined = vocab.get(a + b);
    const where = () => `${path}.merges[${i}]`;
    if (left === undefined) bad(where(), `names ${describe(a)}, which is not in the vocabulary`);
    if (right === undefined) bad(where(), `names ${describe(b)}, which is not in the vocabulary`);
    if (joined === undefined) bad(where(), `makes ${describe(a + b)}, which is not in the vocabulary`);
    return [left, right, joined];
  });
  return new Bpe({
    vocab,
    merges,
    unkToken,
    fuseUnk: optionalBool(v.fuse_unk, `${path}.fuse_unk`),
    byteFallback: optionalBool(v.byte_fallback, `${path}.byte_fallback`),
    ignoreMerges: optionalBool(v.ignore_merges, `${path}.ignore_merges`),
  });
}

/** The model's JSON as Hugging Face writes it (vocab by id, merges as pairs). */
export function modelJson(bpe) {
  const vocab = Object.create(null); // a token may be spelt "__proto__"
  const ids = [...bpe.vocab.values()].sort((a, b) => a - b);
  for (const id of ids) vocab[bpe.idToToken[id]] = id;
  return {
    type: 'BPE',
    dropout: null,
    unk_token: bpe.unkToken,
    continuing_subword_prefix: null,
    end_of_word_suffix: null,
    fuse_unk: bpe.fuseUnk,
    byte_fallback: bpe.byteFallback,
    ignore_merges: bpe.ignoreMerges,
    vocab,
    merges: bpe.mergesByRank().map(([a, b]) => [bpe.idToToken[a], bpe.idToToken[b]]),
  };
}

