// Every experiment by the name the Worker, the reference script and the
// pages use. Adding an experiment is one line here (and one export in index.js).
import { runInContextRegression } from './in-context-regression.js';
import { runGrokking } from './grokking.js';
import { runNormPlacement } from './norm-placement.js';

export const EXPERIMENTS = {
  'in-context-regression': runInContextRegression,
  grokking: runGrokking,
  'norm-placement': runNormPlacement,
};
