// Types of <attn-norm-placement> (attn-norm-placement.js); index.d.ts re-exports them.
import type { ExperimentElement } from './experiment-element.js';

/**
 * `<attn-norm-placement>`: pre-LN against post-LN, live (runNormPlacement of
 * 'attnscope/experiments'). Trains the same deep stack four ways (pre/post-LN,
 * with/without warm-up) in a Worker, with Train, Pause/Resume and Cancel, and
 * draws each layer's gradient norm at a chosen step and the loss curves side
 * by side; the project's reference run is drawn dashed, labelled.
 *
 * ```html
 * <attn-norm-placement layers="8" at-step="0"></attn-norm-placement>
 * ```
 *
 * Attributes: `layers`, `learning-rate`, `warmup-steps`, `steps`, `seed` (the
 * run's options), `at-step` (the recorded step whose norms are drawn; 0 is the
 * initialisation), `lang`.
 *
 * Events: `settings-change`, `state-change` {state}, `run-end` {data},
 * `reference-load`.
 */
export declare class AttnNormPlacement extends ExperimentElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnNormPlacement;
  static readonly observedAttributes: string[];
  /** The run's options from the attributes. */
  settings: { layers: number; learningRate: number; warmupSteps: number; steps: number; seed: number };
  /** The recorded step whose gradient norms are drawn. */
  readonly atStep: number;
  /** The live run's data so far (NormPlacementData of 'attnscope/experiments'), or null. */
  readonly data: object | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-norm-placement': AttnNormPlacement;
  }
}
