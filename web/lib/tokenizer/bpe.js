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

/** The largest token id accepted. */
export const MAX_TOKEN_ID = 2 ** 24 - 1;
const CACHE_SIZE = 10000; // Hugging Face's default word cache
const CACHE_MAX_LENGTH = 256;

export const byteToken = (b) => `<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`;

// A min-heap of merge candidates, each one number: rank * 2^26 + position,
// so that the smallest is the lowest rank, then the leftmost.
const POS = 2 ** 26;
class MergeQueue {
  constructor(capacity) {
    this.h = new Float64Array(Math.max(16, capacity));
    this.size = 0;
  }
  push(key) {
    if (this.size === this.h.length) {
      const bigger = new Float64Array(this.h.length * 2);
      bigger.set(this.h);
      this.h = bigger;
    }
    const h = this.h;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (h[parent] <= key) break;
      h[i] = h[parent];
      i = parent;
    }
    h[i] = key;
  }
  pop() {
    const h = this.h;
    const top = h[0];
    const last = h[--this.size];
    let i = 0;
    for (;;) {
      let m = 2 * i + 1;
      if (m >= this.size) break;
      if (m + 1 < this.size && h[m + 1] < h[m]) m++;
      if (h[m] >= last) break;
      h[i] = h[m];
      i = m;
    }
    h[i] = last;
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
    // rows[left] maps right -> the merge's rank (its index; the last one for a
    // pair listed twice); newIds[rank] is the token it makes.
    this.rows = [];
    this.newIds = new Int32Array(merges.length);
    this.mergeCount = merges.length;
    merges.forEach(([a, b, id], i) => {
      (this.rows[a] ??= new Map()).set(b, i);
      this.newIds[i] = id;
    });
    this.unkToken = unkToken;
    this.fuseUnk = fuseUnk;
    this.byteFallback = byteFallback;
    this.ignoreMerges = ignoreMerges;
    this.byteIds = byteFallback ? Array.from({ length: 256 }, (_, b) => vocab.get(byteToken(b))) : null;
    this.cache = new Map();
  }

  /** [left, right, newId] by rank, each pair once (what tokenizer.json's merges list). */
  mergesByRank() {
    const order = [];
    this.rows.forEach((row, a) => row.forEach((rank, b) => order.push([rank, a, b])));
    order.sort((x, y) => x[0] - y[0]);
    return order.map(([rank, a, b]) => [a, b, this.newIds[rank]]);
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

  /** The rank of merging (a, b), or -1. */
  #rank(a, b) {
    const r = this.rows[a]?.get(b);
    return r === undefined ? -1 : r;
  }

  #mergeAll(c) {
    const n = c.length;
    if (n < 2 || this.mergeCount === 0) return c;
    if (n >= POS) throw new AttnscopeError(`Tokenizer.encode: a piece of ${n} characters is longer than the ${POS} the BPE model handles; cut the text`);
    const prev = new Int32Array(n);
    const next = new Int32Array(n);
    const alive = new Uint8Array(n).fill(1);
    const queue = new MergeQueue(n);
    for (let i = 0; i < n; i++) {
      prev[i] = i - 1;
      next[i] = i + 1 < n ? i + 1 : -1;
      const r = i + 1 < n ? this.#rank(c[i], c[i + 1]) : -1;
      if (r >= 0) queue.push(r * POS + i);
    }
    while (queue.size) {
      const key = queue.pop();
      const rank = Math.floor(key / POS);
      const pos = key - rank * POS;
      if (!alive[pos] || next[pos] === -1) continue;
      const right = next[pos];
      if (this.#rank(c[pos], c[right]) !== rank) continue; // stale: a neighbour changed since it was queued
      const newId = this.newIds[rank];
      c[pos] = newId;
      alive[right] = 0;
      next[pos] = next[right];
      if (next[pos] !== -1) prev[next[pos]] = pos;
      if (prev[pos] !== -1) {
        const r = this.#rank(c[prev[pos]], newId);
        if (r >= 0) queue.push(r * POS + prev[pos]);
      }
      if (next[pos] !== -1) {
        const r = this.#rank(newId, c[next[pos]]);
        if (r >= 0) queue.push(r * POS + pos);
      }
    }
    const out = [];
    for (let i = 0; i !== -1; i = next[i]) out.push(c[i]);
    return out;
  }
}
