// llama2.c's tokenizer.bin through attn.Tokenizer.fromLlama2c, checked against
// the core's own run.c encoder (Model.encode, C++: an independent
// implementation) and buildVocabulary's encoders; and its toHuggingFace file
// read by Hugging Face tokenizers, which must give the same ids: that file is
// what a model exported for PyTorch carries.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import * as attn from '../../web/lib/node.js';
import { austen, corpus, hfEncode, hfTokenizer } from './tokenizer_references.js';

const file = (p) => new Uint8Array(readFileSync(new URL(p, import.meta.url)));
const SPECIAL_SPELLINGS = /<s>|<\/s>|<unk>/; // text spelling a special token: Hugging Face's rule, not run.c's (see llama2c.js)


const samples = () => {
  const novel = austen();
  return [...corpus.map((c) => c.text), ...Array.from({ length: 8 }, (_, i) => novel.slice(i * 80000, i * 80000 + 3000))];
};

beforeAll(async () => {
  await attn.ready();
});

describe.each([['chars'], ['sort']])('the default %s model\'s tokenizer.bin', (name) => {
  let model;
  let tok;
  beforeAll(async () => {
    model = await attn.Model.default(name);
    tok = attn.Tokenizer.fromLlama2c(file(`../../web/models/${name}.tokenizer.bin`));
  });

  test('is a character vocabulary that encodes as run.c: <s>, the dummy " ", one token per character or its bytes', () => {
    expect(tok.kind).toBe('char');
    expect(tok.specialTokens).toEqual({ bos: 1, eos: 2, unk: 0 });
    const texts = samples().filter((t) => !SPECIAL_SPELLINGS.test(t));
    for (const text of texts) {
      const ids = tok.encode(text);
      expect(ids, text.slice(0, 40)).toEqual(model.encode(text));
      expect(tok.decode(ids, { skipSpecialTokens: true })).toBe(model.decode(ids));
    }
  });

  test('a long text gets its <s> too (300 K ids through the template)', () => {
    const ids = tok.encode('ab'.repeat(150000));
    expect(ids.length).toBe(300002); // <s>, the dummy " ", then one id a character
    expect(ids.slice(0, 2)).toEqual(model.encode('ab').slice(0, 2));
  });

  test('toHuggingFace writes a tokenizer.json that Hugging Face tokenizers encodes the same', async () => {
    const hf = hfTokenizer(tok.toHuggingFace());
    for (const text of samples()) {
      const ids = tok.encode(text);
      expect((await hfEncode(hf, text)).ids, text.slice(0, 40)).toEqual(ids);
      expect(await hf.decode(ids, true)).toBe(tok.decode(ids, { skipSpecialTokens: true }));
    }
  });
});

describe('a llama2.c BPE tokenizer.bin (tests/fixtures/models/llama_tiny_tokenizer.bin)', () => {
  test('encodes as the core\'s run.c encoder, merges and byte fallback included', async () => {
    const bin = file('../fixtures/models/llama_tiny_tokenizer.bin');
    const tok = attn.Tokenizer.fromLlama2c(bin);
    const model = attn.Model.fromLlama2c(file('../fixtures/models/llama_tiny.bin'), bin);
    try {
      expect(tok.kind).toBe('sentencepiece-bpe');
      const texts = samples().filter((t) => !SPECIAL_SPELLINGS.test(t));
      let merged = 0;
      for (const text of texts) {
        const ids = tok.encode(text);
        expect(ids, text.slice(0, 40)).toEqual(model.encode(text));
        expect(tok.decode(ids, { skipSpecialTokens: true })).toBe(model.decode(ids));
        merged += ids.some((id) => [...tok.idToToken(id)].length > 1 && !/^<0x/.test(tok.idToToken(id))) ? 1 : 0;
      }
      expect(merged).toBeGreaterThan(0);
      const hf = hfTokenizer(tok.toHuggingFace());
      for (const text of texts) expect((await hfEncode(hf, text)).ids).toEqual(tok.encode(text));
    } finally {
      model.dispose();
    }
  });
});

describe.each([['char'], ['byte']])('buildVocabulary level %s', (level) => {
  test('its tokenizer.bin reads to a tokenizer that encodes as the Vocabulary, and Hugging Face agrees', async () => {
    const novel = austen().slice(0, 50000);
    const v = attn.buildVocabulary(novel, { level, maxVocab: 80 });
    const tok = attn.Tokenizer.fromLlama2c(v.tokenizer(), { kind: v.tokenizerKind });
    expect(tok.kind).toBe(level);
    const hf = hfTokenizer(tok.toHuggingFace());
    for (const text of samples().filter((t) => !SPECIAL_SPELLINGS.test(t))) {
      const ids = tok.encode(text, { addSpecialTokens: false });
      expect(ids, text.slice(0, 40)).toEqual(Array.from(v.encode(text)));
      expect((await hfEncode(hf, text, false)).ids).toEqual(ids);
      if (level === 'byte') expect(tok.decode(ids)).toBe(text);
    }
  });
});

describe('bad tokenizer.bin', () => {
  test.each([
    [new Uint8Array(2), /max_token_length needs 4 bytes/],
    [Uint8Array.of(0, 0, 0, 128), /max_token_length .* must not be negative/],
    [Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 65), /token 0 needs 5 bytes/],
    [Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 65), /has 1 tokens; at least 3/],
    [Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255), /negative length/],
    ['text', /must be an ArrayBuffer or a Uint8Array/],
  ])('%#: refused with AttnscopeError', (bytes, message) => {
    expect(() => attn.Tokenizer.fromLlama2c(bytes)).toThrow(attn.AttnscopeError);
    expect(() => attn.Tokenizer.fromLlama2c(bytes)).toThrow(message);
  });

  test('an unknown kind and two tokens spelt alike are refused', () => {
    const v = attn.buildVocabulary('abc');
    expect(() => attn.Tokenizer.fromLlama2c(v.tokenizer(), { kind: 'wordpiece' })).toThrow(/opts.kind must be one of 'bpe', 'char'/);
    const twice = attn.buildVocabulary('aab').tokenizer();
    const bytes = new Uint8Array([...twice, 0, 0, 0, 0, 1, 0, 0, 0, 97]);
    expect(() => attn.Tokenizer.fromLlama2c(bytes)).toThrow(/tokens 3 and 5 are both "a"/);
  });
});
