// Types of <attn-scaling-sweep> (attn-scaling-sweep.js); index.d.ts re-exports them.
import type { ExperimentElement } from './experiment-element.js';

/**
 * `<attn-scaling-sweep>`: a live scaling sweep. Trains the five character-level
 * models of runScalingSweep (attnscope/experiments) in an ExperimentWorker
 * (Run, Pause/Resume, Cancel; progress bar) and draws, as each size finishes,
 * held-out loss against non-embedding parameters N and against compute
 * C = 6·N·D on log–log axes with the fitted power laws and their exponents;
 * the committed reference sweep is drawn beside it, labelled.
 *
 * Attributes: `steps` (per size, 25–2000, default 400), `seed`, `lang`.
 * Events: `settings-change` (detail {steps, seed}), `state-change` (detail
 * {state}), `sweep-progress` (detail {step, steps}), `run-end` (detail {data}), `reference-load`.
 * @example <attn-scaling-sweep steps="100"></attn-scaling-sweep>
 */
export declare class AttnScalingSweep extends ExperimentElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnScalingSweep;
  get settings(): { steps: number; seed: number };
  set settings(s: Partial<{ steps: number; seed: number }>);
  /** The live sweep so far: { options, step, steps, runs, fitParameters, frontier, fitCompute } (null before a run). */
  readonly data: unknown;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-scaling-sweep': AttnScalingSweep;
  }
}
