// Learning a byte-level BPE vocabulary from text: GPT-2's pre-tokenizer cuts
// the text into words (as byte characters), then the most frequent adjacent
// pair, weighted by word counts, is merged into a new token, again and again.
// The bookkeeping is Hugging Face's BpeTrainer's, so that the merges are the
// ones it learns (tests/js/tokenizer_train.test.js checks that): a max-heap of
// pairs ordered by count, then by the smaller pair of ids; an entry whose
// count went stale is re-queued; each entry carries the words it occurs in.
// Ids: the special tokens, then the 256 byte characters by code point, then
// merged tokens in the order learnt.
import { AttnscopeError } from '../errors.js';
import { checkInt, checkOptions } from '../tensor.js';
import { BYTE_TO_CHAR } from './byte_level.js';
import { typeName } from './fields.js';
import { buildPreTokenizer } from './pre_tokenizers.js';
import { wellFormed } from './text.js';

const PAIR = 2 ** 24;
const BYTE_LEVEL = { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true };

// Max-heap of { count, a, b, words }: larger count first, then smaller (a, b).
class PairQueue {
  constructor() { this.h = []; }
  static before(x, y) { return x.count > y.count || (x.count === y.count && (x.a < y.a || (x.a === y.a && x.b < y.b))); }
  push(e) {
    const h = this.h;
    h.push(e);
    for (let i = h.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (!PairQueue.before(h[i], h[p])) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }
  pop() {
    const h = this.h;
    const top = h[0];
    const last = h.pop();
    if (h.length) {
      h[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        let m = i;
        if (l < h.length && PairQueue.before(h[l], h[m])) m = l;
        if (l + 1 < h.length && PairQueue.before(h[l + 1], h[m])) m = l + 1;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
    }
    return top;
  }
}

/** Merges every (a, b) in word w (left to right) into id; reports pair count changes. */
function mergeWord(w, a, b, id, change) {
  for (let i = 0; i < w.length - 1; i++) {
    if (w[i] !== a || w[i + 1] !== b) continue;
    if (i > 0) {
      change(w[i - 1], a, -1);
      change(w[i - 1], id, 1);
    }
    w.splice(i, 2, id);
    if (i < w.length - 1) {
      change(b, w[i + 1], -1);
      change(id, w[i + 1], 1);
    }
  }
}

function checkTrainOptions(fnName, text, opts) {
  const o = checkOptions(opts, fnName, ['vocabSize', 'minFrequency', 'specialTokens', 'onProgress']);
  const texts = typeof text === 'string' ? [text] : text;
  if (!Array.isArray(texts) || texts.some((t) => typeof t !== 'string')) {
    throw new AttnscopeError(`${fnName}: text must be a string or an array of strings (got ${typeName(text)})`);
  }
  if (!texts.some((t) => t.length)) throw new AttnscopeError(`${fnName}: text is empty`);
  const specials = o.specialTokens ?? ['<|endoftext|>'];
  if (!Array.isArray(specials) || specials.some((s) => typeof s !== 'string' || s === '') || new Set(specials).size !== specials.length) {
    throw new AttnscopeError(`${fnName}: opts.specialTokens must be an array of distinct non-empty strings`);
  }
  if (o.vocabSize === undefined) throw new AttnscopeError(`${fnName}: opts.vocabSize is required (the number of tokens to end with)`);
  const vocabSize = checkInt(o.vocabSize, 'opts.vocabSize', { min: 256 + specials.length, max: 1 << 20 });
  const minFrequency = checkInt(o.minFrequency ?? 2, 'opts.minFrequency', { min: 0 });
  if (o.onProgress !== undefined && typeof o.onProgress !== 'function') throw new AttnscopeError(`${fnName}: opts.onProgress must be a function`);
  return { texts, specials, vocabSize, minFrequency, onProgress: o.onProgress };
}

/** A tokenizer.json object (GPT-2's components) for a BPE vocabulary learnt from text. */
export function trainBpeJson(fnName, text, opts) {
  const { texts, specials, vocabSize, minFrequency, onProgress } = checkTrainOptions(fnName, text, opts);
  const pre = buildPreTokenizer(BYTE_LEVEL, 'pre_tokenizer');
  const counts = new Map();
  for (const t of texts) {
    for (const { text: word } of pre.run([{ text: wellFormed(t), start0: 0 }])) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const tokens = [...specials, ...[...BYTE_TO_CHAR].sort((x, y) => x.charCodeAt(0) - y.charCodeAt(0))];
  const ids = new Map(tokens.map((t, i) => [t, i]));
  const words = [];
  const wordCounts = [];
  for (const [w, c] of counts) {
    words.push(Array.from(w, (ch) => ids.get(ch)));
    wordCounts.push(c);
  }
  const pairCounts = new Map();
  let where = new Map();
  const change = (wi) => (a, b, delta) => {
    const key = a * PAIR + b;
    pairCounts.set(key, (pairCounts.get(key) ?? 0) + delta * wordCounts[wi]);
    if (delta > 0) {
      if (!where.has(key)) where.set(key, new Set());
      where.get(key).add(wi);
    }
  };
  words.forEach((w, wi) => {
    const f = change(wi);
    for (let i = 0; i + 1 < w.length; i++) f(w[i], w[i + 1], 1);
  });
  const queue = new PairQueue();
  const flush = () => {
    for (const [key, ws] of where) {
      const count = pairCounts.get(key);
      if (count > 0) queue.push({ count, a: Math.floor(key / PAIR), b: key % PAIR, words: ws });
    }
    where = new Map();
  };
  flush();
  const merges = [];
  while (tokens.length < vocabSize && queue.h.length) {
    const top = queue.pop();
    const current = pairCounts.get(top.a * PAIR + top.b);
    if (top.count !== current) {
      queue.push({ ...top, count: current });
      continue;
    }
    if (top.count < 1 || minFrequency > top.count) break;
    const joined = tokens[top.a] + tokens[top.b];
    let id = ids.get(joined);
    if (id === undefined) {
      id = tokens.length;
      tokens.push(joined);
      ids.set(joined, id);
    }
    merges.push([tokens[top.a], tokens[top.b]]);
    for (const wi of top.words) mergeWord(words[wi], top.a, top.b, id, change(wi));
    flush();
    if (onProgress && merges.length % 100 === 0) onProgress({ merges: merges.length, vocabSize: tokens.length });
  }
  const vocab = Object.create(null);
  tokens.forEach((t, i) => { vocab[t] = i; });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: specials.map((content, id) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
    normalizer: null,
    pre_tokenizer: BYTE_LEVEL,
    post_processor: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: false, use_regex: true },
    decoder: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true },
    model: { type: 'BPE', dropout: null, unk_token: null, fuse_unk: false, byte_fallback: false, ignore_merges: false, vocab, merges },
  };
}
