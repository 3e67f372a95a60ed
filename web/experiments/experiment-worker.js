// Runs any experiment of the registry in a module Worker, off the main
// thread: run() resolves with the data (or rejects as the run itself would:
// an AbortError with `partial` after cancel()), onProgress gets each report,
// pause() and resume() hold it between steps.
import { AttnscopeError } from '../lib/errors.js';

export class ExperimentWorker {
  /** `url`: the worker module (default: worker.js beside this file). */
  constructor(url) {
    // The default spelled out as new Worker(new URL(…)): the form bundlers follow, so a build bundles worker.js and its imports.
    this.worker = url ? new Worker(url, { type: 'module' }) : new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.nextId = 1;
    this.pending = new Map();
    this.worker.onmessage = ({ data: msg }) => this.#receive(msg);
    this.worker.onerror = (event) => {
      for (const job of this.pending.values()) job.reject(new AttnscopeError(`ExperimentWorker: the worker failed (${event.message ?? 'no message'})`));
      this.pending.clear();
    };
  }

  /** Starts `name` (e.g. 'in-context-regression'); a run already going is cancelled. */
  run(name, options = {}, { onProgress, signal } = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      signal?.addEventListener('abort', () => this.cancel(), { once: true });
      this.worker.postMessage({ type: 'run', id, name, options });
    });
  }

  pause() { this.worker.postMessage({ type: 'pause' }); }
  resume() { this.worker.postMessage({ type: 'resume' }); }
  cancel() { this.worker.postMessage({ type: 'cancel' }); }
  terminate() {
    this.worker.terminate();
    for (const job of this.pending.values()) job.reject(Object.assign(new AttnscopeError('ExperimentWorker: terminated'), { name: 'AbortError' }));
    this.pending.clear();
  }

  #receive(msg) {
    const job = this.pending.get(msg.id);
    if (!job) return;
    if (msg.type === 'progress') { job.onProgress?.(msg.event); return; }
    this.pending.delete(msg.id);
    if (msg.type === 'done') job.resolve(msg.data);
    else job.reject(Object.assign(new AttnscopeError(msg.message), { name: msg.name, partial: msg.partial }));
  }
}
