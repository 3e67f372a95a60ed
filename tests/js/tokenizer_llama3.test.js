// A Llama-3 / SmolLM-style byte-level tokenizer, exact: its tokenizer.json
// (Split with the Llama 3 regex, then ByteLevel without a regex of its own,
// ignore_merges, a BOS template) is derived from js-tiktoken's cl100k_base
// ranks (tests/js/tokenizer_references.js says how), so js-tiktoken's
// cl100k_base is an independent reference for its ids; Hugging Face
// tokenizers reading the same file is the other.
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, test } from 'vitest';
import * as attn from '../../web/lib/node.js';
import { austen, corpus, hfEncode, hfTokenizer, jsWhitespaceDiffers, llama3StyleJson } from './tokenizer_references.js';

const require = createRequire(import.meta.url);
const { getEncoding } = require('js-tiktoken');

let json;
let tok;
let hf;
let tiktoken;
beforeAll(() => {
  json = llama3StyleJson();
  tok = attn.Tokenizer.fromHuggingFace(json);
  hf = hfTokenizer(json);
  tiktoken = getEncoding('cl100k_base');
}, 120000);

const BOS = 100256;

describe('Llama-3-style tokenizer.json (from cl100k_base)', () => {
  test('reads as byte-level BPE whose template puts the bos first', () => {
    expect(tok.kind).toBe('byte-level-bpe');
    expect(tok.specialTokens.bos).toBe(BOS);
    expect(tok.encode('Hi')[0]).toBe(BOS);
    expect(tok.encode('Hi', { addSpecialTokens: false })[0]).not.toBe(BOS);
  });

  test('every corpus text: ids equal Hugging Face tokenizers and js-tiktoken, and decode back', async () => {
    for (const { name, text } of corpus) {
      const ids = tok.encode(text);
      expect(ids, name).toEqual((await hfEncode(hf, text)).ids);
      expect(tok.tokens(text), name).toEqual((await hfEncode(hf, text, false)).tokens);
      expect(tok.decode(ids), name).toBe(await hf.decode(ids, false));
      expect(tok.decode(tok.encode(text, { addSpecialTokens: false })), name).toBe(text);
      // js-tiktoken: ordinary text only (it spells <|endoftext|> out), and its JS \s (see references).
      if (!jsWhitespaceDiffers(text) && !text.includes('<|endoftext|>')) {
        expect(tok.encode(text, { addSpecialTokens: false }), name).toEqual(tiktoken.encode(text));
      }
    }
  }, 60000);

  test('300 K characters of a novel equal both references', async () => {
    const text = austen().slice(0, 300000);
    const ids = tok.encode(text, { addSpecialTokens: false });
    expect(ids).toEqual(tiktoken.encode(text));
    expect(ids).toEqual((await hfEncode(hf, text, false)).ids);
  }, 120000);

  test("(?i:'s) also matches the long s and the Kelvin sign, as Oniguruma folds them", async () => {
    for (const text of ["IT'S", "it'ſ here", "the 'K'elvin", "'ſ'K'S'k"]) {
      expect(tok.encode(text), text).toEqual((await hfEncode(hf, text)).ids);
    }
  });
});
