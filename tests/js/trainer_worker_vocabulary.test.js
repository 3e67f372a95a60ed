// buildVocabulary: a text's character- or byte-level vocabulary and its
// tokenizer.bin. The reference is the core's own tokenizer: the bytes load
// with Model.fromLlama2c (kind 'char' or 'bpe') and the core's encode/decode
// give exactly the ids and text the JS builder gives.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import * as attn from '../../web/lib/node.js';
import { buildVocabulary } from '../../web/lib/ops/vocabulary.js';
import { MODELS_DIR, randomCheckpoint, thrown } from './model_helpers.js';

const AUSTEN = readFileSync(`${MODELS_DIR}corpus/pride_and_prejudice.txt`, 'utf8').slice(0, 20000);
const JAPANESE = '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。🐈 と émigré.';

/** A model of vocabulary V (random weights) holding the vocabulary's tokenizer. */
function coreTokenizer(vocab) {
  const ckpt = randomCheckpoint({ dim: 8, hidden: 16, layers: 1, heads: 2, kvHeads: 2, vocab: vocab.vocabSize, seq: 8 });
  return attn.Model.fromLlama2c(ckpt, vocab.tokenizer(), { tokenizerKind: vocab.tokenizerKind });
}

beforeAll(() => attn.ready());

describe('buildVocabulary', () => {
  for (const [name, text] of [['Austen', AUSTEN], ['Japanese with an emoji', JAPANESE]]) {
    for (const level of ['char', 'byte']) {
      test(`${level} level, ${name}: the core loads tokenizer.bin and encodes/decodes exactly as the builder`, () => {
        const vocab = buildVocabulary(text, { level });
        const model = coreTokenizer(vocab);
        try {
          const ids = vocab.encode(text);
          expect(Array.from(ids)).toEqual(model.encode(text, { bos: false }));
          expect(vocab.decode(ids)).toBe(text);
          expect(model.decode(Array.from(ids))).toBe(text);
          expect(model.config.vocabSize).toBe(vocab.vocabSize);
        } finally {
          model.dispose();
        }
      });
    }
  }

  test('char level: one token per distinct character, in code-point order, after <unk> <s> </s>', () => {
    const vocab = buildVocabulary('abba c!');
    expect(vocab.tokens).toEqual(['<unk>', '<s>', '</s>', ' ', '!', 'a', 'b', 'c']);
    expect(Array.from(vocab.encode('cab'))).toEqual([7, 5, 6]);
    expect(vocab.tokenizerKind).toBe('char');
    // Japanese: one id per character, not per byte.
    expect(buildVocabulary(JAPANESE).encode('吾輩は猫').length).toBe(4);
  });

  test('char level: maxVocab keeps the most frequent characters; the rest encode as <unk> (0)', () => {
    const vocab = buildVocabulary('aaaabbbcc d', { maxVocab: 6 });
    expect(vocab.tokens).toEqual(['<unk>', '<s>', '</s>', 'a', 'b', 'c']);
    expect(Array.from(vocab.encode('abcd '))).toEqual([3, 4, 5, 0, 0]);
    const model = coreTokenizer(vocab);
    expect(model.encode('abcd ', { bos: false })).toEqual([3, 4, 5, 0, 0]);
    model.dispose();
  });

  test('byte level: 259 tokens, UTF-8 bytes + 3, tokenizer kind bpe', () => {
    const vocab = buildVocabulary('猫', { level: 'byte' });
    expect(vocab.vocabSize).toBe(259);
    expect(vocab.tokenizerKind).toBe('bpe');
    expect(Array.from(vocab.encode('猫a'))).toEqual([0xe7 + 3, 0x8c + 3, 0xab + 3, 0x61 + 3]);
    expect(vocab.tokens[3 + 0x41]).toBe('<0x41>');
  });

  test('tokenizer.bin layout: max_token_length, then score 0, length, bytes per token', () => {
    const bytes = buildVocabulary('ab猫').tokenizer();
    const view = new DataView(bytes.buffer);
    expect(view.getInt32(0, true)).toBe(5); // '<unk>'
    const tokens = [];
    for (let at = 4; at < bytes.length;) {
      expect(view.getFloat32(at, true)).toBe(0);
      const n = view.getInt32(at + 4, true);
      tokens.push(new TextDecoder().decode(bytes.subarray(at + 8, at + 8 + n)));
      at += 8 + n;
    }
    expect(tokens).toEqual(['<unk>', '<s>', '</s>', 'a', 'b', '猫']);
  });

  test('a lone surrogate encodes as U+FFFD, as the core sees it', () => {
    const text = 'a\uD800b';
    const vocab = buildVocabulary(text);
    expect(vocab.tokens).toContain('\uFFFD');
    const model = coreTokenizer(vocab);
    expect(Array.from(vocab.encode(text))).toEqual(model.encode(text, { bos: false }));
    model.dispose();
  });

  test('bad input: AttnscopeError naming the argument', () => {
    const e = thrown(() => buildVocabulary(''));
    expect(e).toBeInstanceOf(attn.AttnscopeError);
    expect(e.message).toMatch(/text is empty/);
    expect(thrown(() => buildVocabulary(42))?.message).toMatch(/text must be a string/);
    expect(thrown(() => buildVocabulary('a', { level: 'word' }))?.message).toMatch(/opts\.level/);
    expect(thrown(() => buildVocabulary('a', { maxVocab: 3 }))?.message).toMatch(/opts\.maxVocab/);
    expect(thrown(() => buildVocabulary('a', { size: 3 }))?.message).toMatch(/opts\.size is not an option/);
    expect(thrown(() => buildVocabulary('ab').decode([9]))?.message).toMatch(/id 9 is outside the vocabulary 0\.\.4/);
    expect(() => buildVocabulary('a')).not.toThrow();
    expect(buildVocabulary('a').decode([1, 3, 2])).toBe('a');
  });
});
