// Every experiment by the name the Worker, the reference script and the
// pages use. Adding an experiment is one line here (and one export in index.js).
import { runInContextRegression } from './in-context-regression.js';
import { runScalingSweep } from './scaling-sweep.js';
import { runPositionExtrapolation } from './position-extrapolation.js';

export const EXPERIMENTS = {
  'in-context-regression': runInContextRegression,
  // Experiments that train a Model load the core's API on first use, so a
  // page that only imports the registry (an element's controls) stays light.
  grokking: (options, context) => import('./grokking.js').then((m) => m.runGrokking(options, context)),
  'norm-placement': (options, context) => import('./norm-placement.js').then((m) => m.runNormPlacement(options, context)),
  'scaling-sweep': runScalingSweep,
  'position-extrapolation': runPositionExtrapolation,
  'kv-head-sharing': (options, context) => import('./kv-head-sharing.js').then((m) => m.runKvHeadSharing(options, context)),
  'kv-cache-compression': (options, context) => import('./kv-cache-compression.js').then((m) => m.runKvCacheCompression(options, context)),
  'masked-vs-causal': (options, context) => import('./masked-vs-causal.js').then((m) => m.runMaskedVsCausal(options, context)),
  'induction-heads': (options, context) => import('./induction-heads.js').then((m) => m.runInductionHeads(options, context)),
};
