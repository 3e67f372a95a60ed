// A Hugging Face folder's tokenizer.json: Model.fromHuggingFace reads it with
// attn.Tokenizer, and the model's encode / decode / generation text are that
// tokenizer's (checked against the Tokenizer used directly); toHuggingFace
// writes tokenizer.json for a model with any tokenizer (a folder's, or the
// tokenizer.bin of a shipped or created model), and reading the folder back
// encodes and generates the same text; a malformed or mismatched
// tokenizer.json is an AttnscopeError naming it.
import { beforeAll, describe, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { folder } from './hf_helpers.js';
import { rejected } from './model_helpers.js';

beforeAll(() => attn.ready());

// 61 distinct characters: with <unk>, <s>, </s> the fixtures' vocabulary of 64.
const ALPHABET = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\';
const TEXTS = ['HELLO, WORLD!', 'A B  C\\ 42?', '', 'ZZZ@[#]'];

function charTokenizer() {
  const vocab = attn.buildVocabulary(ALPHABET);
  expect(vocab.vocabSize).toBe(64);
  return attn.Tokenizer.fromLlama2c(vocab.tokenizer(), { kind: 'char' });
}

describe('a folder with tokenizer.json', () => {
  test('encode, decode and generated text are the tokenizer\'s', async () => {
    const tok = charTokenizer();
    const m = await attn.Model.fromHuggingFace({ ...folder('llama_f32'), 'tokenizer.json': tok.toHuggingFace() });
    expect(m.config.tokenizer).toBe(tok.kind);
    for (const text of TEXTS) {
      expect(m.encode(text)).toEqual(tok.encode(text));
      expect(m.encode(text, { bos: false })).toEqual(tok.encode(text, { addSpecialTokens: false }));
      expect(m.decode(tok.encode(text))).toBe(tok.decode(tok.encode(text), { skipSpecialTokens: true }));
    }
    const r = m.generate('HELLO', { temperature: 0.9, seed: 4, maxNewTokens: 12, stopAtEos: false });
    expect(r.promptIds).toEqual(tok.encode('HELLO'));
    expect(r.text).toBe(tok.decode([...r.promptIds, ...r.ids], { skipSpecialTokens: true }).slice('HELLO'.length));
    let streamed = '';
    for await (const t of m.stream('HELLO', { temperature: 0.9, seed: 4, maxNewTokens: 12, stopAtEos: false })) streamed += t.text;
    expect(streamed).toBe(r.text);
    m.dispose();
  });

  test('a model\'s tokenizer goes out as tokenizer.json and comes back: the shipped chars model', async () => {
    const chars = await attn.Model.default('chars');
    const files = chars.toHuggingFace();
    expect(Object.keys(files).sort()).toEqual(['config.json', 'model.safetensors', 'tokenizer.json']);
    const back = await attn.Model.fromHuggingFace(files);
    for (const text of ['It is a truth universally acknowledged', 'Mr. Darcy — 日本 ☃', '']) {
      expect(back.encode(text)).toEqual(chars.encode(text));
    }
    const a = chars.generate('Elizabeth', { temperature: 0.8, seed: 2, maxNewTokens: 50 });
    const b = back.generate('Elizabeth', { temperature: 0.8, seed: 2, maxNewTokens: 50 });
    expect(b.ids).toEqual(a.ids);
    expect(b.text).toBe(a.text);
    // Written again from the folder: the same tokenizer.json.
    expect(back.toHuggingFace()['tokenizer.json']).toBe(files['tokenizer.json']);
    chars.dispose();
    back.dispose();
  });

  test('a created model with a byte-level tokenizer.bin writes one too', async () => {
    const vocab = attn.buildVocabulary('any text', { level: 'byte' });
    const m = attn.Model.create({ dim: 16, nLayers: 1, nHeads: 2, hiddenDim: 32, vocabSize: vocab.vocabSize, seqLen: 32 },
      { seed: 1, tokenizer: vocab.tokenizer(), tokenizerKind: vocab.tokenizerKind });
    const back = await attn.Model.fromHuggingFace(m.toHuggingFace());
    for (const text of ['héllo wörld', '日本語', '😀 x']) expect(back.encode(text)).toEqual(m.encode(text));
    m.dispose();
    back.dispose();
  });
});

describe('a bad tokenizer.json is refused by name, and nothing is loaded', () => {
  const cases = [
    ['not JSON', '{"model":', /^Model\.fromHuggingFace: tokenizer\.json is not valid JSON/],
    ['a model type attnscope does not read', '{"model": {"type": "WordPiece", "vocab": {}}}', /^Model\.fromHuggingFace: tokenizer\.json: .*WordPiece/],
    ['more tokens than the model', () => attn.Tokenizer.fromLlama2c(attn.buildVocabulary('abc', { level: 'byte' }).tokenizer()).toHuggingFace(),
      /tokenizer\.json has ids up to 258 but config\.json's vocab_size is 64/],
  ];
  for (const [what, json, message] of cases) {
    test(what, async () => {
      const e = await rejected(attn.Model.fromHuggingFace({ ...folder('gpt2_f32'), 'tokenizer.json': typeof json === 'function' ? json() : json }));
      expect(e).toBeInstanceOf(attn.AttnscopeError);
      expect(e.message).toMatch(message);
    });
  }
});
