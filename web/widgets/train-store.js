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

/**
 * Saves a folder of files ({ name: bytes | text }, made by makeFiles() once
 * the place is chosen): where the browser has the File System Access API
 * (Chromium), into a folder the reader picks (the picker opens first, while
 * the click still counts); elsewhere as one download per file, under the
 * folder's own names. Resolves to the names saved, or null when the reader
 * closed the picker.
 */
export async function saveFolder(makeFiles, root) {
  if (typeof globalThis.showDirectoryPicker === 'function') {
    let dir;
    try {
      dir = await globalThis.showDirectoryPicker({ id: 'attnscope-huggingface', mode: 'readwrite' });
    } catch (e) {
      if (e?.name === 'AbortError') return null;
      throw e;
    }
    const files = await makeFiles();
    for (const [name, data] of Object.entries(files)) {
      const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
      await writable.write(data);
      await writable.close();
    }
    return Object.keys(files);
  }
  const files = await makeFiles();
  for (const [name, data] of Object.entries(files)) downloadBytes(data, name, root);
  return Object.keys(files);
}
