// The Worker's side of ExperimentWorker: runs one experiment at a time from
// the registry, posts its progress, and obeys pause, resume and cancel
// (the run yields to this event loop every ~30 ms, so messages get through).
import '../lib/browser_setup.js'; // the wasm loader, for the experiments that train with the core
import { EXPERIMENTS } from './registry.js';

let current = null; // { id, controller, paused, resume }

function whilePaused() {
  if (!current?.paused) return undefined;
  return new Promise((resolve) => { current.resume = resolve; });
}

/** Structured-clone-safe copy of progress (drops functions, keeps data). */
const plain = (v) => JSON.parse(JSON.stringify(v));

self.onmessage = async ({ data: msg }) => {
  if (msg.type === 'pause' && current) current.paused = true;
  else if (msg.type === 'resume' && current) { current.paused = false; current.resume?.(); current.resume = null; }
  else if (msg.type === 'cancel' && current) { current.controller.abort(); current.paused = false; current.resume?.(); }
  else if (msg.type === 'run') {
    const run = EXPERIMENTS[msg.name];
    if (!run) { self.postMessage({ type: 'error', id: msg.id, name: 'AttnscopeError', message: `ExperimentWorker: no experiment named "${msg.name}" (known: ${Object.keys(EXPERIMENTS).join(', ')})` }); return; }
    if (current) current.controller.abort();
    const job = { id: msg.id, controller: new AbortController(), paused: false, resume: null };
    current = job;
    try {
      const result = await run(msg.options ?? {}, {
        signal: job.controller.signal,
        whilePaused,
        onProgress: (event) => self.postMessage({ type: 'progress', id: job.id, event: plain({ ...event, data: undefined }) }),
      });
      self.postMessage({ type: 'done', id: job.id, data: plain(result) });
    } catch (e) {
      self.postMessage({ type: 'error', id: job.id, name: e?.name ?? 'Error', message: String(e?.message ?? e), partial: e?.partial ? plain(e.partial) : undefined });
    } finally {
      if (current === job) current = null;
    }
  }
};
