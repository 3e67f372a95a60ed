// A learner's progress, kept only in their own browser: one localStorage
// entry per exercise, "attnscope.exercise.<key>" → {"attempts", "solved",
// "revealed", "hints"}. Nothing is sent anywhere. When storage is blocked
// (privacy settings, sandboxed frames) progress lives for the page only.

const PREFIX = 'attnscope.exercise.';
const EMPTY = Object.freeze({ attempts: 0, solved: false, revealed: false, hints: 0 });

/** The storage to use: localStorage when reachable, else an in-memory Map. */
function defaultStorage() {
  try {
    const s = globalThis.localStorage;
    if (s) { s.getItem(PREFIX); return s; }
  } catch { /* blocked */ }
  const m = new Map();
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k),
    key: (i) => [...m.keys()][i] ?? null, get length() { return m.size; },
  };
}

/**
 * A progress store over `storage` (a Storage-like object). Keys are exercise
 * ids, prefixed with the pack name for authors' packs ("my-lecture/my-id").
 */
export function createProgressStore(storage = defaultStorage()) {
  const read = (key) => {
    try {
      const v = JSON.parse(storage.getItem(PREFIX + key) ?? 'null');
      return v && typeof v === 'object' ? { ...EMPTY, ...v } : { ...EMPTY };
    } catch {
      return { ...EMPTY };
    }
  };
  const write = (key, v) => {
    try { storage.setItem(PREFIX + key, JSON.stringify(v)); } catch { /* full or blocked: keep going */ }
    return v;
  };
  return {
    /** {attempts, solved, revealed, hints} for `key` (zeros when unseen). */
    get: read,
    /** Counts one checked attempt; marks solved when it was correct. */
    record(key, { correct }) {
      const v = read(key);
      return write(key, { ...v, attempts: v.attempts + 1, solved: v.solved || !!correct });
    },
    /** Merges fields ({revealed: true}, {hints: 2}). */
    update: (key, patch) => write(key, { ...read(key), ...patch }),
    /** Forgets one exercise. */
    reset(key) { try { storage.removeItem(PREFIX + key); } catch { /* ignore */ } },
    /** Forgets every exercise (only attnscope's entries). */
    resetAll() {
      try {
        const keys = [];
        for (let i = 0; i < storage.length; i++) { const k = storage.key(i); if (k?.startsWith(PREFIX)) keys.push(k); }
        keys.forEach((k) => storage.removeItem(k));
      } catch { /* ignore */ }
    },
    /** Every stored key with its progress. */
    all() {
      const out = {};
      try {
        for (let i = 0; i < storage.length; i++) {
          const k = storage.key(i);
          if (k?.startsWith(PREFIX)) out[k.slice(PREFIX.length)] = read(k.slice(PREFIX.length));
        }
      } catch { /* ignore */ }
      return out;
    },
  };
}
