// What every experiment shares: the (options, { onProgress, signal,
// whilePaused }) contract. An experiment calls `await control.checkpoint()`
// between steps: it throws ExperimentAborted once the signal is aborted,
// waits while paused, and yields to the event loop every ~30 ms so a Worker
// (or a page) can receive pause and cancel messages while it runs.
import { AttnscopeError } from '../lib/errors.js';
import { macrotask } from '../lib/ops/macrotask.js';
import { checkOptions } from '../lib/tensor.js';

const YIELD_MS = 30;
const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * The rejection of an aborted run: an AttnscopeError named 'AbortError'
 * whose `partial` holds the data gathered until the abort.
 */
export class ExperimentAborted extends AttnscopeError {
  constructor(fnName, partial) {
    super(`${fnName}: aborted`);
    this.name = 'AbortError';
    this.partial = partial;
  }
}

export function runControl(fnName, context) {
  const { onProgress, signal, whilePaused } = checkOptions(context, fnName, ['onProgress', 'signal', 'whilePaused']);
  let last = now();
  const started = last;
  let partial = () => undefined;
  const control = {
    /** Registers the function that gives the data so far (for an abort). */
    partialData(fn) { partial = fn; },
    progress(event) { onProgress?.(event); },
    elapsedMs: () => now() - started,
    async checkpoint() {
      if (now() - last >= YIELD_MS) {
        await macrotask();
        last = now();
      }
      if (whilePaused) await whilePaused();
      if (signal?.aborted) throw new ExperimentAborted(fnName, partial());
    },
  };
  if (signal?.aborted) throw new ExperimentAborted(fnName, undefined);
  return control;
}
