// Types of <attn-position-extrapolation> (attn-position-extrapolation.js); index.d.ts re-exports them.
import type { ExperimentElement } from './experiment-element.js';

/**
 * `<attn-position-extrapolation>`: positions beyond the training length, live.
 * Trains the same tiny model once per position scheme (none, sinusoidal,
 * learned, RoPE, ALiBi; runPositionExtrapolation) on windows of L in an
 * ExperimentWorker (Run, Pause/Resume, Cancel) and draws held-out loss
 * against position up to 4·L, one curve per scheme, with L marked. Learned
 * positions stop at L (their table has L rows) and the element says so; the
 * committed reference run is drawn beside it, labelled.
 *
 * Attributes: `steps` (per scheme, 25–3000, default 300), `train-length`
 * (L, 8–64, a multiple of 4; default 32), `seed`, `lang`.
 * Events: `settings-change` (detail {steps, trainLength, seed}), `state-change`
 * (detail {state}), `run-end` (detail {data}), `reference-load`.
 * @example <attn-position-extrapolation steps="200" train-length="16"></attn-position-extrapolation>
 */
export declare class AttnPositionExtrapolation extends ExperimentElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnPositionExtrapolation;
  get settings(): { steps: number; trainLength: number; seed: number };
  set settings(s: Partial<{ steps: number; trainLength: number; seed: number }>);
  /** The live run so far: { options, step, steps, results } (null before a run). */
  readonly data: unknown;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-position-extrapolation': AttnPositionExtrapolation;
  }
}
