// The BPE model: a piece of text -> token ids, as Hugging Face tokenizers'
// BPE does it. The piece is split into characters (each looked up in the
// vocabulary; a missing one becomes its <0xHH> byte tokens with byte_fallback,
// else the unk token, fused with a neighbouring unk when fuse_unk, else it is
// dropped), then adjacent symbols are merged, always the pair of lowest merge
// rank first and the leftmost of equal ranks, until no pair is a merge. A heap
// keeps that O(n log n), which matters when a whole text is one piece (no
// pre-tokenizer, as in Llama 2's tokenizer.json).
import { AttnscopeError } from '../errors.js';
import { FILE } from './fields.js';

/** The largest token id accepted (pair keys a·2^24 + b stay exact in a double). */
export const MAX_TOKEN_ID = 2 ** 24 - 1;
const PAIR = 2 ** 24;
const CACHE_SIZE = 10000; // Hugging Face's default word cache
const CACHE_MAX_LENGTH = 256;

export const byteToken = (b) => `<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`;

// A min-heap of merge candidates ordered by (rank, position).
class MergeQueue {
  constructor() { this.items = []; }
  get size() { return this.items.length; }
  static less(a, b) { return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]); }
  push(item) {
    const h = this.items;
    h.push(item);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!MergeQueue.less(h[i], h[parent])) break;
      [h[i], h[parent]] = [h[parent], h[i]];
      i = parent;
    }
  }
  pop() {
    const h = this.items;
    const top = h[0];
    const last = h.pop();
    if (h.length) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && MergeQueue.less(h[l], h[m])) m = l;
        if (r < h.length && MergeQueue.less(h[r], h[m])) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
    }
    return top;
  }
}

export class Bpe {
  /**
   * vocab: Map token -> id; merges: [leftId, rightId, newId] in rank order
   * (a pair listed twice keeps its last rank, as Hugging Face does).
   */
  constructor({ vocab, merges, unkToken = null, fuseUnk = false, byteFallback = false, ignoreMerges = false }) {
    this.vocab = vocab;
    this.idToToken = [];
    for (const [t, id] of vocab) this.idToToken[id] = t;
    this.merges = merges;
    this.mergeOf = new Map(); // pair key -> rank * 2^24 + newId
    merges.forEach(([a, b, id], i) => this.mergeOf.set(a * PAIR + b, i * PAIR + id));
    this.unkToken = unkToken;
    this.fuseUnk = fuseUnk;
    this.byteFallback = byteFallback;
    this.ignoreMerges = ignoreMerges;
    this.byteIds = byteFallback ? Array.from({ length: 256 }, (_, b) => vocab.get(byteToken(b))) : null;
    this.cache = new Map();
  }

  /** [left, right, newId] by rank, each pair once (what tokenizer.json's merges list). */
  mergesByRank() {
    const order = [...this.mergeOf].map(([key, m], i) => [Math.floor(m / PAIR), i, Math.floor(key / PAIR), key % PAIR, m % PAIR]);
    order.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    return order.map(([, , a, b, id]) => [a, b, id]);
  }

  /** Ids of one piece (a non-empty string). */
  tokenize(piece) {
    if (this.ignoreMerges) {
      const id = this.vocab.get(piece);
      if (id !== undefined) return [id];
    }
    const hit = this.cache.get(piece);
    if (hit) return hit;
    const ids = this.#mergeAll(this.#symbols(piece));
    if (piece.length < CACHE_MAX_LENGTH) {
      if (this.cache.size >= CACHE_SIZE) this.cache.clear();
      this.cache.set(piece, ids);
    }
    return ids;
  }

  #unkId() {
    const id = this.vocab.get(this.unkToken);
    if (id === undefined) throw new AttnscopeError(`${FILE}: model.unk_token ${JSON.stringify(this.unkToken)} is not in the vocabulary, and the text has a character the vocabulary lacks`);
    return id;
  }

  // Hugging Face's order, quirk included: an unk waits until the next
  // character found in the vocabulary (or the end), so byte tokens that
  // follow it come first.
  #symbols(piece) {
    const out = [];
    let unk = -1; // a waiting unk token
    for (const c of piece) {
      const id = this.vocab.get(c);
      if (id !== undefined) {
        if (unk >= 0) out.push(unk);
        unk = -1;
        out.push(id);
        continue;
      }
      if (this.byteFallback) {
        const ids = Array.from(new TextEncoder().encode(c), (b) => this.byteIds[b]);
        if (ids.every((x) => x !== undefined)) {
          out.push(...ids);
          continue;
        }
      }
      if (this.unkToken === null) continue;
      if (unk >= 0 && !this.fuseUnk) out.push(unk);
      if (unk < 0 || !this.fuseUnk) unk = this.#unkId();
    }
    if (unk >= 0) out.push(unk);
    return out;
  }

  #mergeAll(c) {
    const n = c.length;
    if (n < 2 || this.mergeOf.size === 0) return c;
    const prev = new Int32Array(n);
    const next = new Int32Array(n);
    const alive = new Uint8Array(n).fill(1);
    const queue = new MergeQueue();
    for (let i = 0; i < n; i++) {
      prev[i] = i - 1;
      next[i] = i + 1 < n ? i + 1 : -1;
      if (i + 1 < n) {
        const m = this.mergeOf.get(c[i] * PAIR + c[i + 1]);
        if (m !== undefined) queue.push([Math.floor(m / PAIR), i, m % PAIR]);
      }
    }
    while (queue.size) {
      const [, pos, newId] = queue.pop();
      if (!alive[pos] || next[pos] === -1) continue;
      const right = next[pos];
      const m = this.mergeOf.get(c[pos] * PAIR + c[right]);
      if (m === undefined || m % PAIR !== newId) continue; // stale: a neighbour changed since it was queued
      c[pos] = newId;
      alive[right] = 0;
      next[pos] = next[right];
      if (next[pos] !== -1) prev[next[pos]] = pos;
      if (prev[pos] !== -1) {
        const left = this.mergeOf.get(c[prev[pos]] * PAIR + newId);
        if (left !== undefined) queue.push([Math.floor(left / PAIR), prev[pos], left % PAIR]);
      }
      if (next[pos] !== -1) {
        const after = this.mergeOf.get(newId * PAIR + c[next[pos]]);
        if (after !== undefined) queue.push([Math.floor(after / PAIR), pos, after % PAIR]);
      }
    }
    const out = [];
    for (let i = 0; i !== -1; i = next[i]) out.push(c[i]);
    return out;
  }
}
