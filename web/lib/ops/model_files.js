// The default models shipped with the package in web/models/ (trained by
// scripts/train_default_models.py; web/models/models.json records how). Each
// URL is a literal `new URL('…', import.meta.url)` so that bundlers (Vite)
// see the files and emit them as assets; Node reads them from disk.
//
// Both tokenizers are run.c tokenizer.bin files with a character-level
// vocabulary, and the models were trained on run.c's encoding of the text
// (<s>, the dummy-prefix " ", then one token per character), so they load
// with the 'bpe' kind; tests/js/model.test.js checks this table against
// models.json (tests/js/model_q8.test.js the Q8_0 variant).
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
};

export const DEFAULT_MODEL_NAMES = Object.freeze(Object.keys(DEFAULT_MODELS));
