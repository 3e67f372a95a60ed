// The default models shipped with the package in web/models/ (trained by
// scripts/train_default_models.py; web/models/models.json records how). Each
// URL is a literal `new URL('…', import.meta.url)` so that bundlers (Vite)
// see the files and emit them as assets; Node reads them from disk.
//
// The character models' tokenizers are run.c tokenizer.bin files with a
// character-level vocabulary, and the models were trained on run.c's
// encoding of the text (<s>, the dummy-prefix " ", then one token per
// character), so they load with the 'bpe' kind; tests/js/model.test.js
// checks this table against models.json (tests/js/model_q8.test.js the Q8_0
// variant). The word model's tokenizer is a Hugging Face tokenizer.json
// (kind 'json', read with attn.Tokenizer; tests/js/word_model.test.js).
export const DEFAULT_MODELS = {
  chars: {
    checkpoint: new URL('../../models/chars.bin', import.meta.url),
    tokenizer: new URL('../../models/chars.tokenizer.bin', import.meta.url),
    tokenizerKind: 'bpe',
  },
  sort: {
    checkpoint: new URL('../../models/sort.bin', import.meta.url),
    tokenizer: new URL('../../models/sort.tokenizer.bin', import.meta.url),
    tokenizerKind: 'bpe',
  },
  // chars with its matrices in Q8_0 (scripts/quantize-model.js; 28% of the
  // bytes); models.json "variants" and docs/BENCHMARKS.md record its quality.
  'chars-q8': {
    checkpoint: new URL('../../models/chars-q8.bin', import.meta.url),
    tokenizer: new URL('../../models/chars.tokenizer.bin', import.meta.url),
    tokenizerKind: 'bpe',
  },
  // Words (byte-level BPE) of the same novel, Q8_0; made by scripts/word-model/
  // (models.json "words").
  words: {
    checkpoint: new URL('../../models/words-q8.bin', import.meta.url),
    tokenizer: new URL('../../models/words.tokenizer.json', import.meta.url),
    tokenizerKind: 'json',
  },
};

export const DEFAULT_MODEL_NAMES = Object.freeze(Object.keys(DEFAULT_MODELS));
