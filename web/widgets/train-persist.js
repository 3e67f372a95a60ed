// A run of <attn-train> that survives a reload: its settings (the attributes
// and, for a pasted text, the text), its last checkpoint (the weights and the
// optimiser state, TrainerWorker's onCheckpoint) and the curves and samples
// so far, in this browser's IndexedDB (train-store.js's store 'train-runs'),
// one record per page and element. The element writes it at every
// checkpoint, reads it when it connects and resumes from it; Reset and the
// end of a run delete it.
import { withStore } from './train-store.js';

const STORE = 'train-runs';

// One operation after another, in the order asked: a checkpoint stored just
// before the run ends must not land after the end's delete.
let queue = Promise.resolve();
function inTurn(operation) {
  const next = queue.then(operation, operation);
  queue = next.catch(() => {});
  return next;
}

/** The key of `element`'s record: its page's path and its id (or its place among the page's <attn-train>s). */
export function runKey(element) {
  const place = element.id || `attn-train-${[...document.querySelectorAll(element.localName)].indexOf(element)}`;
  return `${location.pathname}#${place}`;
}

/**
 * Stores { settings, checkpoint, progress, samples, state } under `key`
 * (typed arrays as they are: IndexedDB clones them).
 */
export function saveRun(key, record) {
  const stored = { ...record, savedAt: Date.now() };
  return inTurn(() => withStore(STORE, 'readwrite', (s) => s.put(stored, key)));
}

/** The record under `key`, or null (also when IndexedDB cannot be opened). */
export async function loadRun(key) {
  try {
    return (await inTurn(() => withStore(STORE, 'readonly', (s) => s.get(key)))) ?? null;
  } catch {
    return null;
  }
}

export function deleteRun(key) {
  return inTurn(() => withStore(STORE, 'readwrite', (s) => s.delete(key))).catch(() => {});
}
