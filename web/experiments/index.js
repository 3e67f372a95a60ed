// attnscope/experiments: what training reveals, as runs that work in Node,
// in a page and in a Worker. Each entry point is
//   run(options, { onProgress, signal, whilePaused }) → Promise<data>
// and an aborted signal rejects with an AttnscopeError named 'AbortError'
// whose `partial` holds the data so far. See docs/EXPERIMENTS.md.
export { runInContextRegression, IN_CONTEXT_DEFAULTS } from './in-context-regression.js';
export { ExperimentAborted } from './run-control.js';
export { ExperimentWorker } from './experiment-worker.js';
export { EXPERIMENTS } from './registry.js';
export { runGrokking, GROKKING_DEFAULTS } from './grokking.js';
export { runNormPlacement, NORM_PLACEMENT_DEFAULTS } from './norm-placement.js';
