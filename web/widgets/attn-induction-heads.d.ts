// Types of <attn-induction-heads> (attn-induction-heads.js); index.d.ts re-exports them.
import type { ExperimentElement } from './experiment-element.js';

/** The run options <attn-induction-heads> exposes (runInductionHeads in attnscope/experiments). */
export interface InductionHeadsSettings {
  steps: number;
  seed: number;
}

/**
 * `<attn-induction-heads>`: induction heads forming, live. Trains
 * runInductionHeads' two-layer attention-only model in an ExperimentWorker
 * (Run, Pause/Resume, Cancel; progress bar) and draws the held-out loss on
 * the first and on the repeated copy of each sequence, every head's
 * induction score over training with the 0.4 threshold, and the phase
 * change read from the curves (steepest fall, first induction head); the
 * committed reference run beside it, labelled.
 *
 * Attributes: `steps` (50–10000), `seed` (1–4000), `lang`.
 * Defining it also defines `<attn-line-chart>`.
 * Events: `settings-change` (detail InductionHeadsSettings), `state-change`,
 * `run-end` (detail {data}), `reference-load`.
 * @example <attn-induction-heads steps="1500" seed="1"></attn-induction-heads>
 */
export declare class AttnInductionHeads extends ExperimentElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnInductionHeads;
  get settings(): InductionHeadsSettings;
  set settings(s: Partial<InductionHeadsSettings>);
  /** The live run's data so far (null before a run). */
  readonly data: unknown;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-induction-heads': AttnInductionHeads;
  }
}
