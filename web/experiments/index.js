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
export { runScalingSweep, SCALING_SWEEP_DEFAULTS } from './scaling-sweep.js';
export { runPositionExtrapolation, POSITION_EXTRAPOLATION_DEFAULTS, POSITION_SCHEMES, LEARNED_LIMIT_NOTE } from './position-extrapolation.js';
export { runKvHeadSharing, KV_HEAD_SHARING_DEFAULTS } from './kv-head-sharing.js';
export { runKvCacheCompression, KV_CACHE_COMPRESSION_DEFAULTS, KV_COMPRESSION_RULES } from './kv-cache-compression.js';
export { runMaskedVsCausal, MASKED_VS_CAUSAL_DEFAULTS, maskedVsCausalClaim } from './masked-vs-causal.js';
export { runInductionHeads, INDUCTION_HEADS_DEFAULTS, INDUCTION_THRESHOLD, inductionSummary } from './induction-heads.js';
