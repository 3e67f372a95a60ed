// Every tokenizer.json part attn.Tokenizer reads, checked against Hugging
// Face tokenizers (the Rust library, npm `tokenizers`) reading the same file:
// variants of a byte-level file (GPT-2's parts, a vocabulary of 800 learnt
// from the novel: small, so that 40 variants load fast) and of a
// SentencePiece-converted file that switch
// on one normalizer, pre-tokenizer, decoder, post-processor, BPE option or
// kind of added token at a time; ids and decoded text must be equal on the
// corpus and on texts aimed at the variant.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as attn from '../../web/lib/node.js';
import { austen, corpus, hfEncode, hfTokenizer } from './tokenizer_references.js';

const bl = JSON.parse(attn.Tokenizer.trainBpe(austen().slice(0, 60000), { vocabSize: 800 }).toHuggingFace());
const sp = JSON.parse(readFileSync(new URL('../fixtures/tokenizers/sp_llama2.tokenizer.json', import.meta.url), 'utf8'));
const added = (content, flags = {}) => ({ content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: false, ...flags });
// Ids as Hugging Face numbers added tokens: the vocabulary's, else the next free one.
const withAdded = (base, tokens) => {
  let next = Object.keys(base.model.vocab).length;
  return { ...base, added_tokens: [...base.added_tokens, ...tokens.map((t) => ({ id: base.model.vocab[t.content] ?? next++, ...t }))] };
};
const split = (pattern, behavior, invert = false) => ({ type: 'Split', pattern, behavior, invert });
const byteLevel = (pre) => ({ ...bl, pre_tokenizer: { type: 'Sequence', pretokenizers: [...pre, { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: false }] } });
const spWith = (parts) => ({ ...sp, ...parts });
const metaspace = (scheme, splitFlag) => spWith({ normalizer: null, pre_tokenizer: { type: 'Metaspace', replacement: '▁', prepend_scheme: scheme, split: splitFlag } });

const AIMED = [
  'hello world <mask> and   <mask>  [X]   next, othello hello_there hello. Hello HELLO',
  'abcab World Wor ab abc', '日本語の日本', '<|endoftext|> <s>x</s> <unk>',
  '  two leading, trailing two  ', 'a1b22c333d4444 ٣٤ ², x', 'tab\there\nnew  line', '',
  'É école ÉCOLE Ǆ ß ẞ Σ ΣΑΣ İ', 'no-merge: abc bc ab', 'ǅ ﬃ ¼ …', '▁already▁spaced▁', '\t\tx y', '\ty', ' z', '42a', 'aaa',
];
const TEXTS = [...corpus.map((c) => c.text), ...AIMED];

const VARIANTS = [
  // Added tokens: lstrip / rstrip / single_word / normalized / special, longest match, overlap with words.
  ['added tokens', withAdded(bl, [
    added('<mask>', { lstrip: true, special: true }), added('[X]', { rstrip: true }), added('hello', { single_word: true, normalized: true }),
    added('Wor'), added('日本', { normalized: true }), added('ab'), added('abc', { special: true }),
  ])],
  ['normalized added tokens under Lowercase', withAdded({ ...bl, normalizer: { type: 'Lowercase' } }, [
    added('HELLO', { normalized: true }), added('<mask>', { normalized: false, special: true, lstrip: true, rstrip: true }),
  ])],
  ['added tokens before a Prepend normalizer', withAdded(sp, [added('hello', { normalized: true }), added('[X]', { special: true })])],
  // Normalizers (on the SentencePiece file).
  ['NFKC + Lowercase', spWith({ normalizer: { type: 'Sequence', normalizers: [{ type: 'NFKC' }, { type: 'Lowercase' }, ...sp.normalizer.normalizers] } })],
  ['NFD + StripAccents', spWith({ normalizer: { type: 'Sequence', normalizers: [{ type: 'NFD' }, { type: 'StripAccents' }, ...sp.normalizer.normalizers] } })],
  ['NFC and NFKD', spWith({ normalizer: { type: 'Sequence', normalizers: [{ type: 'NFKD' }, { type: 'NFC' }, ...sp.normalizer.normalizers] } })],
  ['Strip both sides', spWith({ normalizer: { type: 'Sequence', normalizers: [{ type: 'Strip', strip_left: true, strip_right: true }, ...sp.normalizer.normalizers] } })],
  ['Replace by regex', spWith({ normalizer: { type: 'Sequence', normalizers: [{ type: 'Replace', pattern: { Regex: '\\s+' }, content: ' ' }, ...sp.normalizer.normalizers] } })],
  ['Replace with empty matches', spWith({ normalizer: { type: 'Sequence', normalizers: [...sp.normalizer.normalizers, { type: 'Replace', pattern: { Regex: 'a*' }, content: '-' }] } })],
  ['ByteLevel normalizer', { ...bl, normalizer: { type: 'ByteLevel' }, pre_tokenizer: null }],
  // Pre-tokenizers (byte-level: any piece is encodable).
  ...['Removed', 'Isolated', 'MergedWithPrevious', 'MergedWithNext', 'Contiguous'].flatMap((b) => [
    [`Split ${b}`, byteLevel([split({ Regex: '\\s+|\\p{P}' }, b)])],
    [`Split ${b} inverted`, byteLevel([split({ Regex: '\\p{L}+' }, b, true)])],
  ]),
  ['Split by a string', byteLevel([split({ String: 'o' }, 'MergedWithNext')])],
  ['Digits one by one', byteLevel([{ type: 'Digits', individual_digits: true }])],
  ['Digits in runs', byteLevel([{ type: 'Digits', individual_digits: false }])],
  ['Digits, then ByteLevel with its own regex (SmolLM\'s form)', { ...bl, pre_tokenizer: { type: 'Sequence', pretokenizers: [{ type: 'Digits', individual_digits: true }, bl.pre_tokenizer] } }],
  ['Whitespace', byteLevel([{ type: 'Whitespace' }])],
  ['WhitespaceSplit', byteLevel([{ type: 'WhitespaceSplit' }])],
  ['ByteLevel with a prefix space', { ...bl, pre_tokenizer: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: true } }],
  // Metaspace, every scheme, split or not, after special tokens.
  ...['always', 'first', 'never'].flatMap((s) => [[`Metaspace ${s}`, metaspace(s, false)], [`Metaspace ${s} split`, metaspace(s, true)]]),
  // Normalizers that move or remove the text's first character before Metaspace "first" asks where a piece starts.
  ['Strip, then Metaspace first', spWith({ normalizer: { type: 'Strip', strip_left: true, strip_right: false }, pre_tokenizer: metaspace('first', true).pre_tokenizer })],
  ['NFKC + Replace at the start, then Metaspace first', spWith({
    normalizer: { type: 'Sequence', normalizers: [{ type: 'NFKC' }, { type: 'Replace', pattern: { Regex: '^\\s+' }, content: 'x' }] },
    pre_tokenizer: { type: 'Sequence', pretokenizers: [split({ Regex: '\\s+' }, 'Removed'), metaspace('first', false).pre_tokenizer] },
  })],
  ['Metaspace with legacy add_prefix_space', spWith({ normalizer: null, pre_tokenizer: { type: 'Metaspace', replacement: '▁', add_prefix_space: true } })],
  // Decoders.
  ['Metaspace decoder', spWith({ decoder: { type: 'Sequence', decoders: [{ type: 'ByteFallback' }, { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true }] } })],
  // (Hugging Face panics, ending the process, when Strip cuts past a short text: long texts only.)
  ['Strip decoder both ends', spWith({ decoder: { type: 'Sequence', decoders: [...sp.decoder.decoders.slice(0, 3), { type: 'Strip', content: ' ', start: 2, stop: 2 }] } }), (t) => t.trim().length > 4],
  ['BPEDecoder', spWith({ decoder: { type: 'BPEDecoder', suffix: '▁' } })],
  ['Replace decoder by regex', spWith({ decoder: { type: 'Sequence', decoders: [{ type: 'Replace', pattern: { Regex: '▁+' }, content: '_' }, { type: 'Fuse' }] } })],
  ['no decoder', spWith({ decoder: null })],
  // Post-processors.
  ['template with bos and eos', spWith({ post_processor: { ...sp.post_processor, single: [...sp.post_processor.single, { SpecialToken: { id: '</s>', type_id: 0 } }], special_tokens: { ...sp.post_processor.special_tokens, '</s>': { id: '</s>', ids: [2], tokens: ['</s>'] } } } })],
  ['post-processor sequence', { ...bl, post_processor: { type: 'Sequence', processors: [bl.post_processor, { type: 'TemplateProcessing', single: [{ Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '<|endoftext|>', type_id: 0 } }], pair: [], special_tokens: { '<|endoftext|>': { id: '<|endoftext|>', ids: [0], tokens: ['<|endoftext|>'] } } }] } }],
  // BPE options: unk instead of byte fallback, fused or not; no unk at all; merges as "a b" strings.
  ['unk, not fused', spWith({ model: { ...sp.model, byte_fallback: false, fuse_unk: false } })],
  ['unk, fused', spWith({ model: { ...sp.model, byte_fallback: false, fuse_unk: true } })],
  ['no unk token', spWith({ model: { ...sp.model, byte_fallback: false, unk_token: null } })],
  ['merges as strings', { ...bl, model: { ...bl.model, merges: bl.model.merges.map((m) => (Array.isArray(m) ? m.join(' ') : m)) } }],
];

// A vocabulary whose merges cannot make one of its tokens: only ignore_merges emits it whole.
const unreachable = (ignoreMerges) => ({
  version: '1.0', added_tokens: [], normalizer: null, pre_tokenizer: { type: 'WhitespaceSplit' }, post_processor: null, decoder: null,
  model: { type: 'BPE', unk_token: null, ignore_merges: ignoreMerges, vocab: { a: 0, b: 1, c: 2, ab: 3, bc: 4, abc: 5 }, merges: [['b', 'c'], ['a', 'b']] },
});
VARIANTS.push(['ignore_merges', unreachable(true)], ['without ignore_merges', unreachable(false)]);

describe.each(VARIANTS)('%s', (name, json, only = () => true) => {
  test('ids and decoded text equal Hugging Face tokenizers\'', async () => {
    const tok = attn.Tokenizer.fromHuggingFace(json);
    const hf = hfTokenizer(json);
    for (const text of TEXTS.filter(only)) {
      const ids = tok.encode(text);
      expect(ids, JSON.stringify(text.slice(0, 50))).toEqual((await hfEncode(hf, text)).ids);
      expect(tok.encode(text, { addSpecialTokens: false })).toEqual((await hfEncode(hf, text, false)).ids);
      expect(tok.decode(ids), JSON.stringify(text.slice(0, 50))).toBe(await hf.decode(ids, false));
      expect(tok.decode(ids, { skipSpecialTokens: true })).toBe(await hf.decode(ids, true));
    }
    const again = attn.Tokenizer.fromHuggingFace(tok.toHuggingFace());
    for (const text of TEXTS) expect(again.encode(text)).toEqual(tok.encode(text));
  }, 30000);
});

test('Strip cutting past a short text gives an empty string (where Hugging Face panics)', () => {
  const tok = attn.Tokenizer.fromHuggingFace(spWith({ decoder: { type: 'Sequence', decoders: [{ type: 'Fuse' }, { type: 'Strip', content: 'x', start: 2, stop: 3 }] } }));
  expect(tok.decode([])).toBe('');
  expect(tok.decode([tok.tokenToId('x'), tok.tokenToId('x')])).toBe('');
  expect(tok.decode([tok.tokenToId('x'), tok.tokenToId('y'), tok.tokenToId('x')])).toBe('y');
});

test('the ignore_merges pair of variants differs where it should', () => {
  expect(attn.Tokenizer.fromHuggingFace(unreachable(true)).encode('abc')).toEqual([5]);
  expect(attn.Tokenizer.fromHuggingFace(unreachable(false)).encode('abc')).toEqual([0, 4]);
});
