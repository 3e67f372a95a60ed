// Every experiment by the name the Worker, the reference script and the
// pages use. Adding an experiment is one line here (and one export in index.js).
import { runInContextRegression } from './in-context-regression.js';
import { runScalingSweep } from './scaling-sweep.js';
import { runPositionExtrapolation } from './position-extrapolation.js';

export const EXPERIMENTS = {
  'in-context-regression': runInContextRegression,
  'scaling-sweep': runScalingSweep,
  'position-extrapolation': runPositionExtrapolation,
};
