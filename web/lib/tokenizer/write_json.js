// Writing the parts back as a tokenizer.json, in Hugging Face's field order:
// added tokens by id, each component's checked JSON, the BPE model with its
// vocabulary by id and merges as [left, right] pairs by rank.
import { modelJson } from './read_model.js';

export function writeTokenizerJson({ model, normalizer, preTokenizer, postProcessor, decoder, added, truncation, padding }) {
  const addedTokens = [...added].sort((a, b) => a.id - b.id).map((t) => ({
    id: t.id,
    content: t.content,
    single_word: t.singleWord,
    lstrip: t.lstrip,
    rstrip: t.rstrip,
    normalized: t.normalized,
    special: t.special,
  }));
  return JSON.stringify({
    version: '1.0',
    truncation,
    padding,
    added_tokens: addedTokens,
    normalizer: normalizer?.json ?? null,
    pre_tokenizer: preTokenizer?.json ?? null,
    post_processor: postProcessor?.json ?? null,
    decoder: decoder?.json ?? null,
    model: modelJson(model),
  });
}
