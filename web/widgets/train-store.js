// What <attn-train> keeps in this browser's IndexedDB (database 'attnscope';
// never a server): a trained model handed to the Tiny models page (store
// 'trained-models', one key that models.html?open=trained reads), and the
// runs that survive a reload (store 'train-runs', train-persist.js). The
// database's one version and its stores are made here.
const DB = 'attnscope';
const VERSION = 2; // 1: trained-models; 2: + train-runs
const STORES = ['trained-models', 'train-runs'];
const KEY = 'latest';

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, VERSION);
    req.onupgradeneeded = () => {
      for (const name of STORES) if (!req.result.objectStoreNames.contains(name)) req.result.createObjectStore(name);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB is not available'));
  });
}

/** One transaction on `store`: fn(objectStore) returns a request, whose result this resolves to. */
export async function withStore(store, mode, fn) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(store, mode);
      const req = fn(tx.objectStore(store));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('the IndexedDB transaction was aborted'));
    });
  } finally {
    db.close();
  }
}

/** Stores { checkpoint, tokenizer, tokenizerKind, format, config, step } (bytes as Uint8Array). */
export function storeTrained(record) {
  return withStore('trained-models', 'readwrite', (s) => s.put({ ...record, savedAt: Date.now() }, KEY));
}

/** The stored record, or null. */
export async function loadTrained() {
  return (await withStore('trained-models', 'readonly', (s) => s.get(KEY))) ?? null;
}

/** Saves bytes as a file called `name` (an <a download> clicked inside `root`). */
export function downloadBytes(bytes, name, root) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  a.download = name;
  root.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
