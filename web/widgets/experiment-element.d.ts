// Types of experiment-element.js: what the live-experiment elements share
// (<attn-in-context>, <attn-grokking>, <attn-norm-placement>,
// <attn-scaling-sweep>, <attn-position-extrapolation>). Each declares its own
// settings and data beside its module.

/** Where a live experiment is: 'idle' before the first run. */
export type ExperimentState = 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed';

/** A committed reference run (web/experiments/reference/<name>.json), as `node scripts/experiment_reference.js` wrote it. */
export interface ExperimentReference {
  experiment: string;
  command: string;
  options: object;
  madeOn: object;
  data: unknown;
}

/** The members every live-experiment element has (its run in a Worker, the reference beside it). */
export declare class ExperimentElement extends HTMLElement {
  /** 'idle' before the first run, then 'running', 'paused', 'done', 'cancelled' or 'failed'. */
  readonly state: ExperimentState;
  /** The committed reference run ({experiment, command, options, madeOn, data}), once loaded (null before, or when it cannot be read). */
  readonly reference: ExperimentReference | null;
  /** Starts a run with the current settings (a run going is cancelled). */
  run(): Promise<void>;
  pause(): void;
  resume(): void;
  cancel(): void;
}
