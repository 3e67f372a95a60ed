// llama2.c's tokenizer.bin (docs/FORMATS.md) as Tokenizer parts, in Hugging
// Face's terms, so that toHuggingFace can write it as a tokenizer.json:
// - ids 0, 1, 2 (<unk>, BOS, EOS) are special added tokens; encode puts BOS
//   in front (a template, as run.c's encode with bos and Llama 2's file do);
// - kind 'bpe' (run.c): the dummy prefix " " (when the vocabulary has it) is a
//   Prepend normalizer; run.c's rule "merge the adjacent pair whose
//   concatenation has the highest score" becomes BPE merges ranked by that
//   score (ties: lower merged id first, as Hugging Face's SentencePiece
//   converter orders them); <0xHH> tokens give byte fallback; decoding drops
//   the dummy prefix again (Strip);
// - kind 'char': one token per character, unknown ones <unk>, nothing added.
// Differences from run.c: a character the vocabulary lacks, when it has no
// <0xHH> tokens, is <unk> (run.c emits id 3 + byte whatever token that is);
// text that spells a special token ("<unk>") encodes as that token.
import { AttnscopeError } from '../errors.js';
import { checkEnum } from '../tensor.js';
import { Bpe } from './bpe.js';
import { buildDecoder } from './decoders.js';
import { typeName } from './fields.js';
import { buildNormalizer } from './normalizers.js';
import { buildPostProcessor } from './post_processors.js';
import { fromUtf8 } from './text.js';

/** { tokens: string[], scores: number[] } of a tokenizer.bin. */
export function readTokenizerBin(fnName, input) {
  const fault = (what) => { throw new AttnscopeError(`${fnName}: tokenizer.bin ${what}`); };
  let bytes;
  if (input instanceof ArrayBuffer) bytes = new Uint8Array(input);
  else if (ArrayBuffer.isView(input)) bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  else throw new AttnscopeError(`${fnName}: tokenizerBin must be an ArrayBuffer or a Uint8Array of the file's bytes (got ${typeName(input)})`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 4) fault(`is truncated: max_token_length needs 4 bytes but the file has ${bytes.length}`);
  if (view.getInt32(0, true) < 0) fault(`max_token_length (${view.getInt32(0, true)}) must not be negative`);
  const tokens = [];
  const scores = [];
  const seen = new Map();
  for (let at = 4; at < bytes.length;) {
    const id = tokens.length;
    if (at + 8 > bytes.length) fault(`is truncated: token ${id} needs 8 bytes (score, length) at offset ${at} but the file has ${bytes.length}`);
    const score = view.getFloat32(at, true);
    const len = view.getInt32(at + 4, true);
    if (len < 0) fault(`token ${id} has a negative length (${len}) at offset ${at + 4}`);
    if (at + 8 + len > bytes.length) fault(`is truncated: token ${id} needs ${len} bytes at offset ${at + 8} but the file has ${bytes.length}`);
    if (!Number.isFinite(score)) fault(`token ${id} has the score ${score}`);
    const text = fromUtf8(bytes.subarray(at + 8, at + 8 + len));
    if (text === null) fault(`token ${id} is not UTF-8 text`);
    if (seen.has(text)) fault(`tokens ${seen.get(text)} and ${id} are both ${JSON.stringify(text.slice(0, 40))}`);
    seen.set(text, id);
    tokens.push(text);
    scores.push(score);
    at += 8 + len;
  }
  if (tokens.length < 3) fault(`has ${tokens.length} tokens; at least 3 (<unk>, <s>, </s>) are needed`);
  if (tokens.slice(0, 3).includes('')) fault('has an empty <unk>, BOS or EOS token');
  return { tokens, scores };
}

/** Merges [left, right, joined] by score, highest first (ties: lower joined id, then lower left, right ids). */
function mergesByScore(tokens, scores, vocab) {
  const merges = [];
  tokens.forEach((t, id) => {
    if (id < 3) return;
    const chars = [...t];
    let at = 0;
    for (let i = 1; i < chars.length; i++) {
      at += chars[i - 1].length;
      const left = vocab.get(t.slice(0, at));
      const right = vocab.get(t.slice(at));
      if (left !== undefined && right !== undefined && left >= 3 && right >= 3) merges.push([left, right, id]);
    }
  });
  merges.sort((a, b) => scores[b[2]] - scores[a[2]] || a[2] - b[2] || a[0] - b[0] || a[1] - b[1]);
  return merges;
}

export function llama2cParts(fnName, input, kind) {
  checkEnum(kind, 'opts.kind', ['bpe', 'char']);
  const { tokens, scores } = readTokenizerBin(fnName, input);
  const vocab = new Map(tokens.map((t, id) => [t, id]));
  const special = (id) => ({ content: tokens[id], id, singleWord: false, lstrip: false, rstrip: false, normalized: false, special: true });
  const added = [special(0), special(1), special(2)];
  const bos = { id: tokens[1], ids: [1], tokens: [tokens[1]] };
  const postProcessor = buildPostProcessor({
    type: 'TemplateProcessing',
    single: [{ SpecialToken: { id: tokens[1], type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }],
    pair: [{ SpecialToken: { id: tokens[1], type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: tokens[1], type_id: 1 } }, { Sequence: { id: 'B', type_id: 1 } }],
    special_tokens: { [tokens[1]]: bos },
  }, 'post_processor', tokens.length);
  const common = { added, postProcessor, vocabSize: tokens.length, truncation: null, padding: null, preTokenizer: null };
  if (kind === 'char') {
    return { ...common, model: new Bpe({ vocab, merges: [], unkToken: tokens[0] }), normalizer: null, decoder: buildDecoder({ type: 'Fuse' }, 'decoder') };
  }
  const byteFallback = vocab.has('<0x00>');
  const prefix = vocab.has(' ');
  const decoders = [...(byteFallback ? [{ type: 'ByteFallback' }] : []), { type: 'Fuse' }, ...(prefix ? [{ type: 'Strip', content: ' ', start: 1, stop: 0 }] : [])];
  return {
    ...common,
    model: new Bpe({ vocab, merges: mergesByScore(tokens, scores, vocab), unkToken: tokens[0], byteFallback }),
    normalizer: prefix ? buildNormalizer({ type: 'Prepend', prepend: ' ' }, 'normalizer') : null,
    decoder: buildDecoder({ type: 'Sequence', decoders }, 'decoder'),
  };
}
