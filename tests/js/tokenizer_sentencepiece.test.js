// SentencePiece BPE, exact: two models trained by Debian's sentencepiece
// (scripts/gen_fixtures_tokenizers.py), converted to tokenizer.json as
// Hugging Face's converter does, and exported as llama2.c tokenizer.bin.
// sentencepiece's own ids, pieces and decoded texts are the fixture.
// Where the converted file itself encodes differently from sentencepiece
// (Hugging Face's rules, not this reader's), the ids must still equal
// Hugging Face tokenizers' on that file:
// - text that spells a special token ("<s>") is that token (sentencepiece spells it out);
// - the current conversion (Metaspace, prepend_scheme "first") adds no "▁"
//   before text that starts with a space (sentencepiece always does).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import * as attn from '../../web/lib/node.js';
import { austen, hfEncode, hfTokenizer } from './tokenizer_references.js';

const fixture = (name) => new URL(`../fixtures/tokenizers/${name}`, import.meta.url);
const record = JSON.parse(readFileSync(fixture('sentencepiece_ids.json'), 'utf8'));
const SPELLS_SPECIAL = /<s>|<\/s>|<unk>/;

describe.each([
  ['sp_llama2', 'legacy (Prepend + Replace normalizer)', () => false],
  ['sp_bytes', 'current (Metaspace "first")', (t) => t.startsWith(' ')],
])('%s, converted in the %s form', (name, form, converterDiffers) => {
  const json = readFileSync(fixture(`${name}.tokenizer.json`), 'utf8');
  const tok = attn.Tokenizer.fromHuggingFace(json);
  const cases = record.texts.map((text, i) => ({ text, ...record.models[name][i] }));

  test('reads as SentencePiece-style BPE with <s> in front', () => {
    expect(tok.kind).toBe('sentencepiece-bpe');
    expect(tok.specialTokens).toEqual({ bos: 1, eos: 2, unk: 0 });
    expect(tok.encode('a')[0]).toBe(1);
  });

  test('ids and pieces equal sentencepiece\'s, the converter\'s known differences aside', () => {
    let compared = 0;
    for (const c of cases) {
      if (SPELLS_SPECIAL.test(c.text) || converterDiffers(c.text)) continue;
      expect(tok.encode(c.text, { addSpecialTokens: false }), c.text.slice(0, 40)).toEqual(c.ids);
      expect(tok.tokens(c.text), c.text.slice(0, 40)).toEqual(c.pieces);
      compared++;
    }
    expect(compared).toBeGreaterThan(30);
  });

  test('every text, the differences included, encodes as Hugging Face tokenizers reads the file', async () => {
    const hf = hfTokenizer(json);
    for (const c of cases) expect(tok.encode(c.text), c.text.slice(0, 40)).toEqual((await hfEncode(hf, c.text)).ids);
  });

  test('200 K characters of a novel, one piece for BPE in the legacy form, encode as Hugging Face does', async () => {
    const text = austen().slice(0, 200000);
    const ids = tok.encode(text); // with <s>: the template must not spread 50 K ids onto the stack
    expect(ids.length).toBeGreaterThan(40000);
    expect(ids).toEqual((await hfEncode(hfTokenizer(json), text)).ids);
    expect(tok.decode(ids, { skipSpecialTokens: true })).toBe(text);
  }, 60000);

  test('decoding sentencepiece\'s ids gives sentencepiece\'s text (which is the input: identity normalization)', () => {
    for (const c of cases) {
      expect(tok.decode(c.ids), c.text.slice(0, 40)).toBe(c.decoded);
      expect(tok.decode([1, ...c.ids], { skipSpecialTokens: true })).toBe(c.decoded);
      expect(c.decoded).toBe(c.text);
    }
  });

  test('the llama2.c export of the same model encodes as sentencepiece (run.c\'s rules)', () => {
    const bin = attn.Tokenizer.fromLlama2c(new Uint8Array(readFileSync(fixture(`${name}.tokenizer.bin`))));
    for (const c of cases) {
      if (SPELLS_SPECIAL.test(c.text)) continue;
      expect(bin.encode(c.text, { addSpecialTokens: false }), c.text.slice(0, 40)).toEqual(c.ids);
      expect(bin.decode(c.ids)).toBe(c.decoded);
    }
  });
});

test('tokenizer_config.json names the roles where it is given; addedTokens lists the added tokens', () => {
  const json = readFileSync(fixture('sp_llama2.tokenizer.json'));
  const config = JSON.stringify({ bos_token: { content: '</s>' }, eos_token: '<s>', pad_token: '<unk>', unk_token: null });
  const tok = attn.Tokenizer.fromHuggingFace(json, { config });
  expect(tok.specialTokens).toEqual({ bos: 2, eos: 1, pad: 0, unk: 0 });
  expect(tok.addedTokens).toEqual([{ id: 0, content: '<unk>', special: true }, { id: 1, content: '<s>', special: true }, { id: 2, content: '</s>', special: true }]);
  expect(() => attn.Tokenizer.fromHuggingFace(json, { config: '{' })).toThrow(/opts.config \(tokenizer_config.json\) is not valid JSON/);
  expect(() => attn.Tokenizer.fromHuggingFace(json, { cfg: {} })).toThrow(/opts.cfg is not an option/);
});

test('the converter\'s differences are real: they show on the texts set aside above', () => {
  const legacy = attn.Tokenizer.fromHuggingFace(readFileSync(fixture('sp_llama2.tokenizer.json'), 'utf8'));
  const current = attn.Tokenizer.fromHuggingFace(readFileSync(fixture('sp_bytes.tokenizer.json'), 'utf8'));
  const i = record.texts.findIndex((t) => SPELLS_SPECIAL.test(t));
  expect(legacy.encode(record.texts[i], { addSpecialTokens: false })).not.toEqual(record.models.sp_llama2[i].ids);
  const j = record.texts.findIndex((t) => t.startsWith(' '));
  expect(current.encode(record.texts[j], { addSpecialTokens: false })).not.toEqual(record.models.sp_bytes[j].ids);
});
