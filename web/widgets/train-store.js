// Hands a trained model from <attn-train> to the Tiny models page: the
// checkpoint and tokenizer bytes wait in this browser's IndexedDB (never a
// server) under one key, which models.html?open=trained reads.
const DB = 'attnscope';
const STORE = 'trained-models';
const KEY = 'latest';

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB is not available'));
  });
}

async function run(mode, fn) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** Stores { checkpoint, tokenizer, tokenizerKind, format, config, step } (bytes as Uint8Array). */
export function storeTrained(record) {
  return run('readwrite', (s) => s.put({ ...record, savedAt: Date.now() }, KEY));
}

/** The stored record, or null. */
export async function loadTrained() {
  return (await run('readonly', (s) => s.get(KEY))) ?? null;
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
