// The text <attn-train> learns: the shipped Austen novel (fetched once from
// next to the package) or the reader's own, and its vocabulary and token ids
// (attn.buildVocabulary), kept while neither the text nor the level changes
// (the novel takes ~0.1 s to tokenise). The last tenth is held out.
import { attn } from './attention-source.js';

const AUSTEN_URL = new URL('../models/corpus/pride_and_prejudice.txt', import.meta.url);
/** The share of the tokens held out (the end of the text). */
export const HELD_OUT = 0.1;
let austen = null;

/** The Austen text (one fetch per page). */
export function austenText() {
  austen ??= fetch(AUSTEN_URL).then((r) => {
    if (!r.ok) throw new Error(`${AUSTEN_URL.pathname}: HTTP ${r.status}`);
    return r.text();
  });
  return austen;
}

/** Tokens needed for rows of seqLen T in both the training and the held-out part. */
export const tokensNeeded = (T) => Math.ceil((T + 1) / HELD_OUT);

export class Tokenized {
  #last = null;

  /** { text, level, vocab, ids, cut } for this text and level; ids[0, cut) train, ids[cut, n) held out. */
  of(text, level) {
    const last = this.#last;
    if (last && last.text === text && last.level === level) return last;
    const vocab = attn.buildVocabulary(text, { level });
    const ids = vocab.encode(text);
    this.#last = { text, level, vocab, ids, cut: Math.floor(ids.length * (1 - HELD_OUT)) };
    return this.#last;
  }
}
