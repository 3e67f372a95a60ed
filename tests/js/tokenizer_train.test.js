// Tokenizer.trainBpe learns the merges Hugging Face's BpeTrainer learns (the
// Rust trainer through the npm `tokenizers` bindings, trained on the same
// lines), and the tokenizer it makes is a lossless byte-level BPE that
// Hugging Face reads back.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import * as attn from '../../web/lib/node.js';
import { austen, corpus, hfEncode, hfTokenizer } from './tokenizer_references.js';

const require = createRequire(import.meta.url);

/** The merges Hugging Face's default BpeTrainer learns from a file, read line by line. */
function hfMerges(text) {
  const HF = require('tokenizers');
  const dir = mkdtempSync(join(tmpdir(), 'attnscope-bpe-'));
  try {
    writeFileSync(join(dir, 'text.txt'), text);
    const hf = new HF.Tokenizer(HF.BPE.empty());
    hf.setPreTokenizer(HF.byteLevelPreTokenizer(false, true));
    hf.train([join(dir, 'text.txt')]);
    hf.save(join(dir, 'tokenizer.json'), false);
    return JSON.parse(readFileSync(join(dir, 'tokenizer.json'), 'utf8')).model.merges.map((m) => (Array.isArray(m) ? m.join(' ') : m));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Tokenizer.trainBpe', () => {
  test('learns the same merges, in the same order, as Hugging Face\'s BpeTrainer', () => {
    const text = austen().slice(100000, 200000);
    const reference = hfMerges(text);
    const lines = text.match(/[^\n]*\n|[^\n]+$/g); // as the reference reads a file
    const tok = attn.Tokenizer.trainBpe(lines, { vocabSize: 256 + 1500, minFrequency: 0, specialTokens: [] });
    const merges = JSON.parse(tok.toHuggingFace()).model.merges.map((m) => m.join(' '));
    expect(merges.length).toBe(1500);
    expect(reference.length).toBeGreaterThan(1500);
    expect(merges).toEqual(reference.slice(0, 1500));
  }, 60000);

  test('makes a lossless byte-level tokenizer that Hugging Face reads back to the same ids', async () => {
    const progress = [];
    const tok = attn.Tokenizer.trainBpe(austen().slice(0, 120000), { vocabSize: 600, onProgress: (p) => progress.push(p.merges) });
    expect(tok.kind).toBe('byte-level-bpe');
    expect(tok.vocabSize).toBe(600);
    expect(tok.specialTokens).toEqual({ eos: 0 });
    expect(tok.idToToken(0)).toBe('<|endoftext|>');
    expect(progress).toEqual([100, 200, 300]);
    const hf = hfTokenizer(tok.toHuggingFace());
    for (const { name, text } of corpus) {
      const ids = tok.encode(text);
      expect(tok.decode(ids), name).toBe(text);
      expect((await hfEncode(hf, text)).ids, name).toEqual(ids);
    }
    // Learnt pieces are used: common English words are single tokens.
    expect(tok.tokens(' the')).toEqual(['Ġthe']);
  }, 60000);

  test('minFrequency stops learning when no pair is frequent enough', () => {
    const tok = attn.Tokenizer.trainBpe('abab cdcd', { vocabSize: 1000, minFrequency: 3 });
    expect(tok.vocabSize).toBe(257);
    const once = attn.Tokenizer.trainBpe('abab abab abab', { vocabSize: 1000, minFrequency: 3 });
    expect(once.vocabSize).toBeGreaterThan(257);
  });

  test.each([
    [undefined, { vocabSize: 300 }, /text must be a string or an array of strings/],
    ['', { vocabSize: 300 }, /text is empty/],
    ['abc', {}, /opts.vocabSize is required/],
    ['abc', { vocabSize: 100 }, /opts.vocabSize/],
    ['abc', { vocabSize: 300, specialTokens: ['a', 'a'] }, /distinct non-empty strings/],
    ['abc', { vocabSize: 300, minFrequency: -1 }, /opts.minFrequency/],
    ['abc', { vocabSize: 300, onProgress: 5 }, /opts.onProgress must be a function/],
    ['abc', { vocabSize: 300, vocab: 5 }, /opts.vocab is not an option/],
  ])('%#: bad arguments throw AttnscopeError', (text, opts, message) => {
    expect(() => attn.Tokenizer.trainBpe(text, opts)).toThrow(attn.AttnscopeError);
    expect(() => attn.Tokenizer.trainBpe(text, opts)).toThrow(message);
  });
});
